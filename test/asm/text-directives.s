// Text output (--filetype=asm, --show-encoding) prints the kernel directives
// as the target streamer received them, not the sections and symbols they
// stand for, so the text assembles back into the same object; the
// .simt.info metadata is not printed (the directives are the metadata).
// RUN: simt-as %s --filetype=asm -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: simt-as %s --show-encoding | FileCheck %s --check-prefix=VERBOSE
// RUN: simt-as %s -o %t.o
// RUN: simt-as %t.s -o %t.text.o
// RUN: cmp %t.o %t.text.o

.kernel scale
.param n, 4
.param x, 8
.param h, 2, 4
.shared 16 * 16
.local 16
.max_stack 32
loop:
MOV R1, c[0x0][n]
@P0 BRA loop
BRA 0x8
CAL helper
EXIT
.end_kernel

.func helper
.regs 3
RET
.end_func

// CHECK-NOT: .section
// CHECK-NOT: .simt.info
// CHECK:      {{^}}.kernel scale{{$}}
// CHECK-NEXT: {{^}}.param n, 4, 4{{$}}
// CHECK-NEXT: {{^}}.param x, 8, 8{{$}}
// CHECK-NEXT: {{^}}.param h, 2, 4{{$}}
// CHECK-NEXT: {{^}}.shared 256{{$}}
// CHECK-NEXT: {{^}}.local 16{{$}}
// CHECK-NEXT: {{^}}.max_stack 32{{$}}
// CHECK-NEXT: {{^}}loop:{{$}}
// CHECK-NEXT: {{^}}MOV R1, c[0x0][0x20]{{$}}
// CHECK-NEXT: {{^}}@P0 BRA loop{{$}}
// CHECK-NEXT: {{^}}BRA 0x8{{$}}
// CHECK-NEXT: {{^}}CAL helper{{$}}
// CHECK-NEXT: {{^}}EXIT{{$}}
// CHECK-NEXT: {{^}}.end_kernel{{$}}
// CHECK:      {{^}}.func helper{{$}}
// CHECK-NEXT: {{^}}.regs 3{{$}}
// CHECK-NEXT: {{^}}RET{{$}}
// CHECK-NEXT: {{^}}.end_func{{$}}
// CHECK-NOT: {{.}}

// VERBOSE:      .kernel scale {{ *}}// scale: section .text.scale
// VERBOSE:      .func helper {{ *}}// helper: section .text.helper

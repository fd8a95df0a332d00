// simt-objdump's options: -d with and without addresses and raw words,
// --kernels, --binary on a flat binary (simt-as --filetype=bin), and its
// errors (exit 1 for bad input, 2 for bad usage).
// RUN: simt-as %s -o %t.o
// RUN: simt-objdump -d %t.o | FileCheck %s --check-prefix=FULL
// RUN: simt-objdump --disassemble --no-show-raw-insn %t.o | FileCheck %s --check-prefix=NORAW
// RUN: simt-objdump -d --no-addresses %t.o | FileCheck %s --check-prefix=NOADDR
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o | FileCheck %s --check-prefix=TEXT
// RUN: simt-objdump -d --kernels %t.o | FileCheck %s --check-prefix=BOTH
// RUN: simt-as %s --filetype=bin -o %t.bin
// RUN: simt-objdump -d --binary %t.bin | FileCheck %s --check-prefix=BIN
// RUN: simt-objdump -d --binary --no-show-raw-insn --no-addresses %t.bin | FileCheck %s --check-prefix=BINTEXT
// RUN: not simt-objdump -d %t.bin 2>&1 | FileCheck %s --check-prefix=NOTELF
// RUN: not simt-objdump %t.o 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not simt-objdump --kernels --binary %t.bin 2>&1 | FileCheck %s --check-prefix=KBIN
// RUN: not simt-objdump -d %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: head -c 20 %t.bin > %t.short
// RUN: simt-objdump -d --binary %t.short | FileCheck %s --check-prefix=SHORT

.kernel opts
.param out, 8
.shared 64
.regs 5
S2R R0, SR_TID.X
@P1 IADD R4, R0, 0x10
top:
@!P0 BRA top
EXIT
.end_kernel

// FULL:      .kernel opts
// FULL-NEXT: .param out, 8, 8
// FULL-NEXT: .shared 64
// FULL-NEXT: .local 0
// FULL-NEXT: .max_stack 64
// FULL-NEXT: .regs 5
// FULL-NEXT:         /*0000*/ S2R R0, SR_TID.X /* 0x1300000000000007 */
// FULL-NEXT:         /*0008*/ @P1 IADD R4, R0, 0x10 /* 0x0100004000400041 */
// FULL-NEXT: top:
// FULL-NEXT:         /*0010*/ @!P0 BRA top /* 0x750000ffffff0008 */
// FULL-NEXT:         /*0018*/ EXIT /* 0x7b00000000000007 */
// FULL-NEXT: .end_kernel

// NORAW:      /*0000*/ S2R R0, SR_TID.X{{$}}
// NORAW-NEXT: /*0008*/ @P1 IADD R4, R0, 0x10{{$}}

// NOADDR:      {{^}}        S2R R0, SR_TID.X /* 0x1300000000000007 */
// NOADDR-NEXT: {{^}}        @P1 IADD R4, R0, 0x10 /* 0x0100004000400041 */

// TEXT:      {{^}}.kernel opts{{$}}
// TEXT:      {{^}}        S2R R0, SR_TID.X{{$}}
// TEXT-NEXT: {{^}}        @P1 IADD R4, R0, 0x10{{$}}
// TEXT-NEXT: {{^}}top:{{$}}
// TEXT-NEXT: {{^}}        @!P0 BRA top{{$}}
// TEXT-NEXT: {{^}}        EXIT{{$}}
// TEXT-NEXT: {{^}}.end_kernel{{$}}

// BOTH: opts 5 64 0 64 6 out@0x20:8/8
// BOTH: .kernel opts

// BIN:      /*0000*/ S2R R0, SR_TID.X /* 0x1300000000000007 */
// BIN-NEXT: /*0008*/ @P1 IADD R4, R0, 0x10 /* 0x0100004000400041 */
// BIN-NEXT: .L_10:
// BIN-NEXT: /*0010*/ @!P0 BRA .L_10 /* 0x750000ffffff0008 */
// BIN-NEXT: /*0018*/ EXIT /* 0x7b00000000000007 */
// BIN-NOT:  .kernel

// BINTEXT:      {{^}}        S2R R0, SR_TID.X{{$}}
// BINTEXT-NEXT: {{^}}        @P1 IADD R4, R0, 0x10{{$}}
// BINTEXT-NEXT: {{^}}.L_10:{{$}}

// NOTELF: simt-objdump: error: {{.*}}.bin: not an ELF file
// NOTHING: simt-objdump: error: nothing to do: give -d, --kernels or --ptx-registers
// KBIN: simt-objdump: error: --kernels needs an object, not --binary
// MISSING: simt-objdump: error: cannot read '{{.*}}.missing'

// SHORT:      /*0000*/ S2R R0, SR_TID.X
// SHORT-NEXT: /*0008*/ @P1 IADD R4, R0, 0x10
// SHORT-NEXT: .byte 0x08, 0x00, 0xff, 0xff

// Kernel directives (TOOLS.md) and LLVM MC's generic directives and
// expressions: .kernel/.end_kernel, .func/.end_func, .param (defining its
// offset in c[0x0]), .shared, .local, .max_stack, .regs; .set/.equ, .macro,
// .rept, .include with -I, -D, .p2align, .byte/.word/.quad in code, `;`
// separators and comments. The metadata is checked with --kernels.
// ROUNDTRIP-FLAGS: -I %S/Inputs -D SCALE=3
// RUN: simt-as %s -I %S/Inputs -D SCALE=3 --show-encoding | FileCheck %s
// RUN: simt-as %s -I %S/Inputs -D SCALE=3 -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: simt-objdump --kernels --block-size 1024 %t.o | FileCheck %s --check-prefix=BIG
// One-warp CTAs: warps, registers (12*32 and 21*32 of 32768) and shared
// memory (512 of 49152) would allow 48, 85 and 96; Fermi holds 8 CTAs per SM.
// RUN: simt-objdump --kernels --block-size 32 %t.o | FileCheck %s --check-prefix=SMALL
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o | FileCheck %s --check-prefix=TEXT

.include "defs.inc"
.set OFFSET, 0x20
.equ TWO, 2

.kernel saxpy
.param n, 4
.param a, 4
.param x, 8
.param y, 8
.shared BLOCK_BYTES * 2
.local 16
.max_stack 32
.regs 12
S2R R0, SR_TID.X
MOV R1, c[0x0][n]
MOV R2, c[0x0][a]
MOV R3, c[0x0][x+4]
LOAD_PARAM R4, y
IADD R5, R0, SCALE
IADD R6, R0, OFFSET+TWO*4
ISCADD R7, R0, c[0x0][y], TWO
LD R8, [R7+OFFSET-4]
IADD R9, R0, -(1 << 4)
SHL R10, R0, (3 + 1) & 7
MOV R11, (0 - 1) & 0xff
.rept 2
NOP
.endr
IADD R1, R1, R2 ; IADD R2, R2, R3 ; NOP /* a comment */ // another
.p2align 4
EXIT
.quad 0x6400000000000007
.word 0x00000007, 0x64000000
.end_kernel

// a device function: a CAL target in its own section
.func helper
.regs 2
RET
.end_func

// a second kernel: default metadata, registers counted from use
.kernel second
CAL helper
MOV R20, 0x1
EXIT
.end_kernel

// CHECK: S2R R0, SR_TID.X // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x13]
// CHECK: MOV R1, c[0x0][0x20] // encoding: [0x17,0x00,0x20,0x00,0x80,0x00,0x00,0x11]
// CHECK: MOV R2, c[0x0][0x24] // encoding: [0x27,0x00,0x24,0x00,0x80,0x00,0x00,0x11]
// CHECK: MOV R3, c[0x0][0x2c] // encoding: [0x37,0x00,0x2c,0x00,0x80,0x00,0x00,0x11]
// CHECK: MOV R4, c[0x0][0x30] // encoding: [0x47,0x00,0x30,0x00,0x80,0x00,0x00,0x11]
// CHECK: IADD R5, R0, 0x3 // encoding: [0x57,0x00,0x0c,0x00,0x40,0x00,0x00,0x01]
// CHECK: IADD R6, R0, 0x28 // encoding: [0x67,0x00,0xa0,0x00,0x40,0x00,0x00,0x01]
// CHECK: ISCADD R7, R0, c[0x0][0x30], 0x2 // encoding: [0x77,0x00,0x30,0x00,0x80,0x08,0x00,0x05]
// CHECK: LD R8, [R7+0x1c] // encoding: [0x87,0x1c,0x1c,0x00,0x00,0x00,0x00,0x50]
// CHECK: IADD R9, R0, -0x10 // encoding: [0x97,0x00,0xc0,0xff,0x7f,0x00,0x00,0x01]
// CHECK: SHL R10, R0, 0x4 // encoding: [0xa7,0x00,0x10,0x00,0x40,0x00,0x00,0x08]
// CHECK: MOV R11, 0xff // encoding: [0xb7,0x00,0xfc,0x03,0x40,0x00,0x00,0x11]
// CHECK: NOP // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x64]
// CHECK: NOP // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x64]
// CHECK: IADD R1, R1, R2 // encoding: [0x17,0x04,0x08,0x00,0x00,0x00,0x00,0x01]
// CHECK: IADD R2, R2, R3 // encoding: [0x27,0x08,0x0c,0x00,0x00,0x00,0x00,0x01]
// CHECK: NOP // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x64]
// CHECK: EXIT // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x7b]
// CHECK: RET // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x7a]
// CHECK: CAL helper // encoding: [0x07,0x00,A,A,A,0x00,0x00,0x72]
// CHECK: MOV R20, 0x1 // encoding: [0x47,0x01,0x04,0x00,0x40,0x00,0x00,0x11]
// CHECK: EXIT // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x7b]

// KERNELS:      kernel regs shared local max_stack CTA/SM params
// KERNELS-NEXT: saxpy 12 512 16 32 6 n@0x20:4/4, a@0x24:4/4, x@0x28:8/8, y@0x30:8/8
// KERNELS-NEXT: second 21 0 0 64 6
// KERNELS-NEXT: occupancy for blocks of 256 threads (8 warps); limits per SM: 48 warps, 32768 registers, 49152 bytes shared, 8 CTAs
// SMALL:      saxpy 12 512 16 32 8 n@
// SMALL-NEXT: second 21 0 0 64 8
// SMALL-NEXT: occupancy for blocks of 32 threads (1 warps); limits per SM: 48 warps, 32768 registers, 49152 bytes shared, 8 CTAs
// KERNELS-NOT:  helper

// BIG:      saxpy 12 512 16 32 1
// BIG:      occupancy for blocks of 1024 threads (32 warps)

// TEXT:      .kernel saxpy
// TEXT-NEXT: .param n, 4, 4
// TEXT-NEXT: .param a, 4, 4
// TEXT-NEXT: .param x, 8, 8
// TEXT-NEXT: .param y, 8, 8
// TEXT-NEXT: .shared 512
// TEXT-NEXT: .local 16
// TEXT-NEXT: .max_stack 32
// TEXT-NEXT: .regs 12
// TEXT-NEXT: S2R R0, SR_TID.X
// TEXT:      IADD R2, R2, R3
// TEXT-NEXT: NOP
// TEXT-NEXT: NOP
// TEXT-NEXT: EXIT
// TEXT-NEXT: NOP
// TEXT-NEXT: NOP
// TEXT-NEXT: .end_kernel
// TEXT-NEXT: .func helper
// TEXT-NEXT: .regs 2
// TEXT-NEXT: RET
// TEXT-NEXT: .end_func
// TEXT-NEXT: .kernel second
// TEXT-NEXT: .shared 0
// TEXT-NEXT: .local 0
// TEXT-NEXT: .max_stack 64
// TEXT-NEXT: .regs 21
// TEXT-NEXT: CAL helper
// TEXT-NEXT: MOV R20, 0x1
// TEXT-NEXT: EXIT
// TEXT-NEXT: .end_kernel

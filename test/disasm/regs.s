// A kernel's .regs bounds the registers its text may name: a word (written
// with .quad) that would use a register beyond .regs prints as that .quad,
// with the instruction in a comment, so that the text re-assembles to the
// same object.
// RUN: simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck %s
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o > %t.s
// RUN: simt-as %t.s -o %t2.o && cmp %t.o %t2.o

.kernel k
.regs 4
IADD R3, R2, R1
// IADD R4, R2, R1
.quad 0x0100000000040847
// DADD R2, R4, R6: the pair R6:R7
.quad 0x2800000000181027
// LD.128 R0, [R2]: the quad R0..R3 is fine
.quad 0x5000060000000807
EXIT
.end_kernel

// CHECK:      .regs 4
// CHECK-NEXT: /*0000*/ IADD R3, R2, R1 /* 0x0100000000040837 */
// CHECK-NEXT: /*0008*/ .quad 0x0100000000040847 // IADD R4, R2, R1: beyond .regs 4 /* 0x0100000000040847 */
// CHECK-NEXT: /*0010*/ .quad 0x2800000000181027 // DADD R2, R4, R6: beyond .regs 4 /* 0x2800000000181027 */
// CHECK-NEXT: /*0018*/ LD.128 R0, [R2] /* 0x5000060000000807 */
// CHECK-NEXT: /*0020*/ EXIT /* 0x7b00000000000007 */

// Operands of the sm_35 instructions that do not fit (ISA.md 9).
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:
.target sm_35
.kernel k
// SHFL's immediate c: bits 0..4 and 8..12 only.
// CHECK: [[@LINE+1]]:26: error: expected a register, or an immediate c whose bits 0..4 are the clamp lane and bits 8..12 the segment mask (0..0x1f1f)
SHFL.IDX PT, R1, R2, R3, 0x20
// CHECK: [[@LINE+1]]:26: error: expected a register, or an immediate c whose bits 0..4 are the clamp lane and bits 8..12 the segment mask (0..0x1f1f)
SHFL.IDX PT, R1, R2, R3, 0x2000
// CHECK: [[@LINE+1]]:26: error: expected a register, or an immediate c whose bits 0..4 are the clamp lane and bits 8..12 the segment mask (0..0x1f1f)
SHFL.IDX PT, R1, R2, R3, -1
// A mode is required.
// CHECK: [[@LINE+1]]:1: error: SHFL requires a shuffle mode modifier: one of IDX, UP, DOWN, BFLY
SHFL PT, R1, R2, R3, 0x1f
// CHECK: [[@LINE+1]]:9: error: duplicate modifier '.DOWN'
SHFL.UP.DOWN PT, R1, R2, R3, 0x1f
// Pd is a predicate.
// CHECK: [[@LINE+1]]:11: error: expected a predicate register P0..P6 or PT
SHFL.BFLY R0, R1, R2, 0x1, 0x1f
// SHF needs a direction.
// CHECK: [[@LINE+1]]:1: error: SHF requires a shift direction modifier: one of L, R
SHF R1, R2, 0x4, R3
// Only signed 64-bit MIN and MAX.
// CHECK: [[@LINE+1]]:10: error: invalid modifier
ATOM.ADD.S64 R2, [R4], R6
// CHECK: [[@LINE+1]]:14: error: expected an even register R0..R60 or RZ (a 64-bit pair)
ATOM.MIN.S64 R3, [R4], R6
.end_kernel

// The constant as the third source (IMAD Rd, Ra, Rb, c[bank][offset] and
// the FFMA, DFMA, ICMP, BFI, PRMT forms): what they refuse, with a caret
// on the operand.
// RUN: not simt-as %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

// two constants: the second source of the form is a register
// CHECK: [[@LINE+1]]:27: error: expected a register R0..R62 or RZ
IMAD R1, R2, c[0x0][0x0], c[0x0][0x20]
// IMAD's Rc takes no source modifier, so neither does its constant
// CHECK: [[@LINE+1]]:18: error: expected a register R0..R62 or RZ
IMAD R1, R2, R3, -c[0x0][0x20]
// CHECK: [[@LINE+1]]:17: error: expected a register R0..R62 or RZ
BFI R1, R2, R3, ~c[0x0][0x20]
// a constant's offset is a 4-aligned word of a bank 0..15
// CHECK: [[@LINE+1]]:24: error: constant offset must be a multiple of 4 in the range [0, 0xfffc]
IMAD R1, R2, R3, c[0x0][0x22]
// CHECK: [[@LINE+1]]:20: error: constant bank must be in the range [0, 15]
IMAD R1, R2, R3, c[0x10][0x20]
// CHECK: [[@LINE+1]]:18: error: expected a register R0..R62 or RZ
PRMT R1, R2, R3, c[0x0][R4+0x20]
// an immediate is no third source
// CHECK: [[@LINE+1]]:18: error: expected a register R0..R62 or RZ
IMAD R1, R2, R3, 0x20
// FFMA: - and |..| but no ~; the second source a register
// CHECK: [[@LINE+1]]:18: error: expected a register, optionally -R or |R| or -|R|
FFMA R1, R2, R3, ~c[0x2][0x4]
// CHECK: [[@LINE+1]]:19: error: expected a register, optionally -R or |R| or -|R|
FFMA R1, R2, 1.0, c[0x2][0x4]
// DFMA: the second source an even register
// CHECK: [[@LINE+1]]:14: error: expected an even register (optionally -R, |R|), a double immediate whose low 44 bits are zero, or c[bank][offset]
DFMA R2, R4, R5, c[0x2][0x8]
// ICMP's second source takes no modifier
// CHECK: [[@LINE+1]]:17: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
ICMP.LT R1, R2, -R3, c[0x2][0x0]

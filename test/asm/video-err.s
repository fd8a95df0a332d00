// Video instruction diagnostics: modifiers a mnemonic does not take, an
// immediate outside 16 bits, source modifiers, missing operands.
// RUN: not simt-as %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: [[@LINE+1]]:6: error: modifier '.W' is not valid for VADD
VADD.W R1, R2, R3, RZ
// CHECK: [[@LINE+1]]:6: error: modifier '.MX' is not valid for VSHL
VSHL.MX R1, R2, R3, RZ
// CHECK: [[@LINE+1]]:7: error: modifier '.W' is not valid for VMNMX
VMNMX.W R1, R2, R3, RZ
// CHECK: [[@LINE+1]]:10: error: duplicate modifier '.MIN'
VADD.ACC.MIN R1, R2, R3, R4
// CHECK: [[@LINE+1]]:6: error: modifier '.U64' is not valid for VADD
VADD.U64 R1, R2, R3, RZ
// CHECK: [[@LINE+1]]:14: error: expected a register with an optional .B0..B3, .H0 or .H1 selector, or an immediate 0..0xffff
VADD R1, R2, 0x10000, RZ
// CHECK: [[@LINE+1]]:14: error: expected a register with an optional .B0..B3, .H0 or .H1 selector, or an immediate 0..0xffff
VADD R1, R2, -0x1, RZ
// CHECK: [[@LINE+1]]:10: error: expected a register with an optional .B0..B3, .H0 or .H1 selector
VADD R1, -R2, R3, RZ
// CHECK: [[@LINE+1]]:14: error: expected a register with an optional .B0..B3, .H0 or .H1 selector, or an immediate 0..0xffff
VADD R1, R2, |R3|, RZ
// CHECK: [[@LINE+1]]:1: error: too few operands for VADD
VADD R1, R2, R3
// CHECK: [[@LINE+1]]:14: error: expected a register with an optional .B0..B3, .H0 or .H1 selector, or an immediate 0..0xffff
VADD R1, R2, c[0x0][0x0], RZ
// CHECK: [[@LINE+1]]:21: error: expected a register R0..R62 or RZ
VADD R1, R2.B1, R3, R4.B1

// Branch targets that are not instruction addresses.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

.kernel k
// CHECK: [[@LINE+1]]:5: error: branch target 0x4 is not an instruction address (a multiple of 8)
BRA 0x4
// CHECK: [[@LINE+1]]:5: error: branch target 0x9 is not an instruction address (a multiple of 8)
BRA 0x9
// CHECK: [[@LINE+1]]:5: error: branch target 0x3 is not an instruction address (a multiple of 8)
SSY 3
// CHECK: [[@LINE+1]]:5: error: expected a label or a code address
BRA 1.5
// CHECK: [[@LINE+1]]:5: error: expected a label or a code address
BRA R1
// CHECK: [[@LINE+1]]:5: error: expected a label or a code address
BRA c[0x0][0x0]
// CHECK: [[@LINE+1]]:5: error: unknown condition code test 'XX': expected one of F, LT, EQ, LE, GT, NE, GE, LO, LS, HI, HS, OFT, OFF, CFT, CFF, SFT, SFF, T
BRA CC.XX, k
.end_kernel

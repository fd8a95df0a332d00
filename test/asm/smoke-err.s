// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:
.kernel e
// CHECK: [[@LINE+1]]:9: error: unknown mnemonic 'FOO'
        FOO R1, R2
// CHECK: [[@LINE+1]]:14: error: unknown modifier '.XYZ' for IADD
        IADD.XYZ R1, R2, R3
// CHECK: [[@LINE+1]]:22: error: register R63 is out of range
        IADD R1, R2, R63
// CHECK: [[@LINE+1]]:26: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
        ISETP.LT P0, R1, 0x80000
// CHECK: [[@LINE+1]]:13: error: '.S' is not allowed on control-flow instructions
        BRA.S e
// CHECK: [[@LINE+1]]:9: error: ISETP requires a
        ISETP P0, R1, R2
.end_kernel

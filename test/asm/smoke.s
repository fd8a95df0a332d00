// A first pass over every instruction class; per-class files hold the detail.
// RUN: simt-as %s --show-encoding | FileCheck %s
// RUN: simt-as %s -o %t.o && simt-objdump -d --no-show-raw-insn --no-addresses %t.o > %t.s
// RUN: simt-as %t.s -o %t2.o && simt-objdump -d %t.o > %t.1 && simt-objdump -d %t2.o > %t.2 && diff %t.1 %t.2
.kernel smoke
.param n, 4
// CHECK: S2R R0, SR_TID.X // encoding: [0x07,0x00,0x00,0x00,0x00,0x00,0x00,0x13]
        S2R R0, SR_Tid_X
// CHECK: @P0 ISETP.LT.U32.AND P0, PT, R0, c[0x0][0x20], PT
  @P0   ISETP.AND.U32.LT P0, PT, R0, c[0x0][n], PT
// CHECK: @!P1 IADD R2, R3, -0x5
  @!P1  IADD R2, R3, -0x5
// CHECK: IADD32I R2, -R3, 0x12345678
        IADD R2, -R3, 0x12345678
// CHECK: FADD.FTZ R4, -|R5|, 1.5
        FADD.FTZ R4, -|R5|, 1.5
// CHECK: ISETP.GE.AND P0, PT, R1, R2, PT
        ISETP.GE P0, R1, R2
// CHECK: LD.E.64 R4, [R2+0x10]
        LD.64.E R4, [R2+0x10]
// CHECK: IADD R1, R2, -R3
        ISUB R1, R2, R3
// CHECK: NOP.S
        SYNC
// CHECK: POPC R1, R2, R2
        POPC R1, R2
// CHECK: BAR.RED.POPC RZ, RZ, PT
        BAR.RED.POPC RZ, RZ
// CHECK: ATOM.E.CAS R1, [R2], R3, R4
        ATOM.E.CAS R1, [R2], R3, R4
// CHECK: VSETP.LT.AND.S8.U16 P1, PT, R2.B1, R3.H0, !P2
        VSETP.LT.AND.S8.U16 P1, PT, R2.B1, R3.H0, !P2
// CHECK: I2F.F32.S32.RZ R1, R2
        I2F.S32.F32.RZ R1, R2
// CHECK: EXIT
        EXIT
.end_kernel

// Branches: uniform BRA (all or no participating threads: no token);
.kernel bra
.param out, 8
        S2R R0, SR_TID.X
        S2R R9, SR_LANEID
        ISCADD R20, R0, c[0x0][out], 0x2
        MOV R7, RZ
        MOV32I R22, 0x1
        LOP.AND R2, R9, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        LOP.AND R2, R9, 0x2
        ISETP.NE.AND P1, PT, R2, RZ, PT
        LOP.AND R2, R9, 0x4
        ISETP.NE.AND P2, PT, R2, RZ, PT
        SSY bra_pad1
        SSY bra_pad2
        ISETP.LT.U32.AND P3, PT, R9, 0x10, PT
        BRA b_1
        IADD R7, R7, 0x1
b_1:
  @!PT  BRA b_2
        IADD R7, R7, 0x2
b_2:
  @P3   BRA.U b_3
        IADD R7, R7, 0x4
b_3:
  @PT   BRA.U b_4
        IADD R7, R7, 0x8
b_4:    SSY b_6
  @P3   BRA b_5
  @P3   BRA.U b_5x
        IADD R7, R7, 0x10
        SYNC
b_5:
  @P3   BRA.U b_5x
        IADD R7, R7, 0x20
b_5x:   IADD R7, R7, 0x40
        SYNC
b_6:    IADD.CC RZ, R9, -0x8
        SSY b_8
        BRA CC.LT, b_7
        IADD R7, R7, 0x80
        SYNC
b_7:    IADD R7, R7, 0x100
        SYNC
b_8:    IADD.CC RZ, R9, -0x18
        SSY b_10
  @P0   BRA CC.GE, b_9
        IADD R7, R7, 0x200
        SYNC
b_9:    IADD R7, R7, 0x400
        SYNC
b_10:   BRA CC.T, b_11
        IADD R7, R7, 0x800
b_11:   BRA.U CC.LT, b_12
        IADD R7, R7, 0x1000
b_12:
  @P3   BRA.U CC.LT, b_13
        IADD R7, R7, 0x2000
b_13:   BRA CC.F, b_14
        IADD R7, R7, 0x4000
b_14:   NOP
        SYNC
bra_pad2:
        SYNC
bra_pad1:
        ST [R20], R7
        EXIT
.end_kernel

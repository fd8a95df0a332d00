// Nested SSY/SYNC three levels deep with a divergent BRA at each level;
.kernel ssy
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
        SSY ssy_pad1
        SSY ssy_pad2
        SSY s_l1end
  @P0   BRA s_l1odd
        IADD R7, R7, 0x1
        SSY s_l2end
  @P1   BRA s_l2b
        IADD R7, R7, 0x10
        SSY s_l3end
  @P2   BRA s_l3b
        IADD R7, R7, 0x100
        SYNC
s_l3b:  IADD R7, R7, 0x200
        SYNC
s_l3end:
        IADD R7, R7, 0x1000
        SYNC
s_l2b:  IADD R7, R7, 0x20
        SYNC
s_l2end:
        IADD R7, R7, 0x2000
        SYNC
s_l1odd:
  @P1   IADD.S R7, R7, 0x4
        IADD R7, R7, 0x8
        NOP.S
s_l1end:
        IADD R7, R7, 0x10000
        SYNC
ssy_pad2:
        SYNC
ssy_pad1:
        ST [R20], R7
        EXIT
.end_kernel

// Recursion to a per-lane depth d = lane % 13 (up to 12): each level
.kernel recursion
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
        SSY recursion_pad1
        SSY recursion_pad2
        MOV32I R6, 0x4ec4ec4f
        IMUL.U32.HI R6, R9, R6
        SHR.U32 R6, R6, 0x2
        IMAD R5, R6, -0xd, R9
        CAL r_f
        BRA r_out
r_f:    ISETP.EQ.AND P4, PT, R5, RZ, PT
  @P4   RET
        IADD R5, R5, -0x1
        IADD R7, R7, 0x1
        CAL r_f
        IADD R7, R7, 0x100
        RET
r_out:  NOP
        SYNC
recursion_pad2:
        SYNC
recursion_pad1:
        ST [R20], R7
        EXIT
.end_kernel

// Stack spills live in the warp's local memory after the per-thread
.kernel spill_local
.param out, 8
.local 64
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
        SSY spill_local_pad1
        SSY spill_local_pad2
        MOV R1, c[0x1][0x100]
        MOV R6, RZ
sl_w:   ISCADD R8, R0, R6, 0x8
        ISCADD R10, R6, RZ, 0x2
        STL [R10], R8
        IADD R6, R6, 0x1
        ISETP.LT.U32.AND P4, PT, R6, 0x10, PT
  @P4   BRA sl_w
        MOV32I R6, 0x4ec4ec4f
        IMUL.U32.HI R6, R9, R6
        SHR.U32 R6, R6, 0x2
        IMAD R5, R6, -0xd, R9
        CAL sl_f
        MOV R6, RZ
sl_r:   ISCADD R8, R0, R6, 0x8
        ISCADD R10, R6, RZ, 0x2
        LDL R11, [R10]
        ISETP.EQ.AND P4, PT, R11, R8, PT
  @P4   IADD R7, R7, 0x10000
        IADD R6, R6, 0x1
        ISETP.LT.U32.AND P4, PT, R6, 0x10, PT
  @P4   BRA sl_r
        BRA sl_out
sl_f:   ISETP.EQ.AND P4, PT, R5, RZ, PT
  @P4   RET
        IADD R5, R5, -0x1
        IADD R7, R7, 0x1
        STL [R1-0x4], R7
        CAL sl_f
        LDL R12, [R1-0x4]
        IADD R7, R12, 0x100
        RET
sl_out: NOP
        SYNC
spill_local_pad2:
        SYNC
spill_local_pad1:
        ST [R20], R7
        EXIT
.end_kernel

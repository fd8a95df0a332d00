// Mixed nesting: a PBK loop (2 or 3 trips per lane) whose body CALs a
.kernel mixed
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
        SSY mixed_pad1
        SSY mixed_pad2
        LOP.AND R12, R9, 0x1
        IADD R12, R12, 0x2
        LOP.AND R2, R9, 0x3
        ISETP.EQ.AND P3, PT, R2, 0x3, PT
        MOV R8, RZ
        PBK m_end
m_loop: IADD R8, R8, 0x1
        CAL m_body
        ISETP.GE.U32.AND P4, PT, R8, R12, PT
  @P4   BRK
        BRA m_loop
m_body: SSY m_j
  @P0   BRA m_x
        IADD R7, R7, 0x1
        SYNC
m_x:    IADD R7, R7, 0x1000
  @P3   RET
        IADD R7, R7, 0x10
        SYNC
m_j:    IADD R7, R7, 0x100
        RET
m_end:  NOP
        SYNC
mixed_pad2:
        SYNC
mixed_pad1:
        ST [R20], R7
        EXIT
.end_kernel

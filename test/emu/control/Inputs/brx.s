// BRX to four targets (lane % 4): lanes of the lowest target run first,
.kernel brx
.param out, 8
.param ctr, 8
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
        MOV R10, c[0x0][ctr]
        SSY brx_pad1
        SSY brx_pad2
        LOP.AND R2, R9, 0x3
        SHL R2, R2, 0x5
        SSY x_j1
        BRX R2
x_t0:   ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x1
        SYNC
        NOP
x_t1:   ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x10
        SYNC
        NOP
x_t2:   ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x100
        SYNC
        NOP
x_t3:   ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x1000
        SYNC
x_j1:   ST [R20+0x80], R8
        ISETP.LT.U32.AND P5, PT, R9, 0x1c, PT
        SSY x_j2
  @P5   BRX R2+0x20
        IADD R7, R7, 0x10000
        SYNC
        NOP
        NOP
        IADD R7, R7, 0x20000
        SYNC
        NOP
        NOP
        IADD R7, R7, 0x30000
        SYNC
        NOP
        NOP
        IADD R7, R7, 0x40000
        SYNC
        NOP
        NOP
        IADD R7, R7, 0x50000
        SYNC
x_j2:   LOP.AND R2, R9, 0x3
        SHL R2, R2, 0x4
        ISETP.EQ.AND P6, PT, R2, 0x30, PT
  @P6   MOV R2, RZ
        IADD R2, R2, 0x1f0
        SSY x_j3
        JMX R2
x_m0:   IADD R7, R7, 0x100000
        SYNC
x_m1:   IADD R7, R7, 0x200000
        SYNC
x_m2:   IADD R7, R7, 0x300000
        SYNC
x_j3:   SSY x_j4
  @P0   JMP x_jo
        ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x1000000
        SYNC
x_jo:   ATOM.ADD R8, [R10], R22
        IADD R7, R7, 0x2000000
        SYNC
x_j4:   ST [R20+0x100], R8
        SYNC
brx_pad2:
        SYNC
brx_pad1:
        ST [R20], R7
        EXIT
.end_kernel

// PBK/BRK loops with per-lane trip counts (lane % 4 + 1): BRK out of a
.kernel brk
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
        SSY brk_pad1
        SSY brk_pad2
        LOP.AND R12, R9, 0x3
        IADD R12, R12, 0x1
        MOV R8, RZ
        PBK k_end
k_loop: IADD R8, R8, 0x1
        ISETP.GE.U32.AND P4, PT, R8, R12, PT
        SSY k_inner
  @P4   BRA k_brk
        IADD R7, R7, 0x10
        SYNC
k_brk:  BRK
k_inner:
        BRA k_loop
k_end:  IADD R7, R7, R8
        MOV R8, RZ
        PBK k2_end
k2_loop:
        IADD R8, R8, 0x1
        ISETP.GE.U32.AND P4, PT, R8, R12, PT
  @P4   BRK
        IADD R7, R7, 0x100
        BRA k2_loop
k2_end: IADD R7, R7, 0x1000
        SYNC
brk_pad2:
        SYNC
brk_pad1:
        ST [R20], R7
        EXIT
.end_kernel

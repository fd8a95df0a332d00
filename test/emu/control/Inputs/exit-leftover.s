// EXIT of every thread while tokens are left (two pads, PBK, SSY): "the
.kernel exit_leftover
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
        SSY exit_leftover_pad1
        SSY exit_leftover_pad2
        ISETP.EQ.AND P4, PT, R9, 0x4, PT
        PBK e2_brk
        SSY e2_sync
  @P4   EXIT
        ST [R20], R9
        EXIT
e2_sync:
        NOP
e2_brk: NOP
        SYNC
exit_leftover_pad2:
        SYNC
exit_leftover_pad1:
        ST [R20], R7
        EXIT
.end_kernel

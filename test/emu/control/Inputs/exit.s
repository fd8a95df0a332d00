// EXIT inside divergence with block=40 (warp 1 has 8 lanes): odd lanes
.kernel exit
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
        SSY exit_pad1
        SSY exit_pad2
        SSY e_j
  @P0   BRA e_odd
  @P1   ST [R20], R22
  @P1   EXIT
        IADD R7, R7, 0x1
        SYNC
e_odd:  MOV R23, 0x2
        ST [R20], R23
        EXIT
e_j:    IADD R7, R7, 0x10
        ST [R20+0x100], R7
        MOV R7, 0x11
        SYNC
exit_pad2:
        SYNC
exit_pad1:
        ST [R20], R7
        EXIT
.end_kernel

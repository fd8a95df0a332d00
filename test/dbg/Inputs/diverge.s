// out[tid] = (tid odd ? 200 : 100) + tid, then reconverged code adds nothing.
.kernel diverge
.param out, 8
        S2R R0, SR_TID.X
        LOP.AND R1, R0, 0x1
        ISETP.NE.AND P0, PT, R1, RZ, PT
        SSY join
  @P0   BRA odd
        MOV R2, 0x64
        SYNC
odd:    MOV R2, 0xc8
        SYNC
join:   IADD R2, R2, R0
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel

// sm_35's warp shuffles and read-only loads, counted by ../warp-ops.test:
// each warp loads one word through the read-only path (LDG) and exchanges
// it twice across lanes (SHFL.BFLY), then stores it.
.target sm_35
.kernel exchange
.param in, 8
.param out, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R2, R1, c[0x0][in]
        LDG R3, [R2]
        SHFL.BFLY PT, R3, R3, 0x1, 0x1f
        SHFL.BFLY PT, R3, R3, 0x2, 0x1f
        IADD R2, R1, c[0x0][out]
        ST [R2], R3
        EXIT
.end_kernel

// const: out[tid] = c[0x2][0x0] + tid.
.kernel readc
.param out, 8
        S2R R0, SR_TID.X
        IADD R2, R0, c[0x2][0x0]
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel

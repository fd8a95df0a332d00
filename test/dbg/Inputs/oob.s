.kernel oob
.param out, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R0
        EXIT
.end_kernel

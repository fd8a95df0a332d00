// Generated lane harness: FLO.SH and FLO.U32.SH (shift amount 31 - index) on inputs with a
.kernel flo_sh
.param out, 8
.param out64, 8
.param a, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// FLO.U32.SH R7, R4
        FLO.U32.SH R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// FLO.SH R7, R4
        FLO.SH R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
        EXIT
.end_kernel

// Generated lane harness: FMNMX: a true predicate selects the minimum, a false one the maximum;
.kernel fmnmx
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// FMNMX R7, R4, R5, PT (min)
        FMNMX R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX R7, R4, R5, !PT (max)
        FMNMX R7, R4, R5, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX R7, R4, R5, PT as raw bits
        FMNMX R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX R7, R4, R5, P0 (odd lanes min)
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        FMNMX R7, R4, R5, P0
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX R7, -R4, |R5|, !P0
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        FMNMX R7, -R4, |R5|, !P0
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX R7, R4, -0.5, PT
        FMNMX R7, R4, -0.5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FMNMX.FTZ R7, R4, R5, !PT
        FMNMX.FTZ R7, R4, R5, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

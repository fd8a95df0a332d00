// Generated lane harness: DSETP: all 16 comparisons on register pairs over +-0, +-1, +-inf,
.kernel dsetp
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R3, c[0x0][a]
        LD.64 R8, [R2]
        IADD R2, R3, c[0x0][b]
        LD.64 R10, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
// DSETP.F.AND P0, P1, R8, R10, PT
        DSETP.F.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.LT.AND P0, P1, R8, R10, PT
        DSETP.LT.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.EQ.AND P0, P1, R8, R10, PT
        DSETP.EQ.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.LE.AND P0, P1, R8, R10, PT
        DSETP.LE.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.GT.AND P0, P1, R8, R10, PT
        DSETP.GT.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.NE.AND P0, P1, R8, R10, PT
        DSETP.NE.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.GE.AND P0, P1, R8, R10, PT
        DSETP.GE.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.NUM.AND P0, P1, R8, R10, PT
        DSETP.NUM.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.NAN.AND P0, P1, R8, R10, PT
        DSETP.NAN.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.LTU.AND P0, P1, R8, R10, PT
        DSETP.LTU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.EQU.AND P0, P1, R8, R10, PT
        DSETP.EQU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.LEU.AND P0, P1, R8, R10, PT
        DSETP.LEU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.GTU.AND P0, P1, R8, R10, PT
        DSETP.GTU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.NEU.AND P0, P1, R8, R10, PT
        DSETP.NEU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.GEU.AND P0, P1, R8, R10, PT
        DSETP.GEU.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.T.AND P0, P1, R8, R10, PT
        DSETP.T.AND P0, P1, R8, R10, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.LT.OR P0, P1, -R8, |R10|, !P2
        DSETP.LT.OR P0, P1, -R8, |R10|, !P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSETP.GE.XOR P0, P1, R8, 1.5, P2
        DSETP.GE.XOR P0, P1, R8, 1.5, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// DSET.EQ.AND R7, R8, R10, PT
        DSET.EQ.AND R7, R8, R10, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// DSET.NEU.OR.BF R7, -R8, |R10|, P2
        DSET.NEU.OR.BF R7, -R8, |R10|, P2
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

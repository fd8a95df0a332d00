// Generated lane harness: FSETP: all 16 comparisons over +-0, +-1, +-inf, NaNs, denormals: the
.kernel fsetp
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
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
// FSETP.F.AND P0, P1, R4, R5, PT
        FSETP.F.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.LT.AND P0, P1, R4, R5, PT
        FSETP.LT.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.EQ.AND P0, P1, R4, R5, PT
        FSETP.EQ.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.LE.AND P0, P1, R4, R5, PT
        FSETP.LE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GT.AND P0, P1, R4, R5, PT
        FSETP.GT.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.NE.AND P0, P1, R4, R5, PT
        FSETP.NE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GE.AND P0, P1, R4, R5, PT
        FSETP.GE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.NUM.AND P0, P1, R4, R5, PT
        FSETP.NUM.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.NAN.AND P0, P1, R4, R5, PT
        FSETP.NAN.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.LTU.AND P0, P1, R4, R5, PT
        FSETP.LTU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.EQU.AND P0, P1, R4, R5, PT
        FSETP.EQU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.LEU.AND P0, P1, R4, R5, PT
        FSETP.LEU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GTU.AND P0, P1, R4, R5, PT
        FSETP.GTU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.NEU.AND P0, P1, R4, R5, PT
        FSETP.NEU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GEU.AND P0, P1, R4, R5, PT
        FSETP.GEU.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.T.AND P0, P1, R4, R5, PT
        FSETP.T.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.EQ.FTZ.AND P0, P1, R4, R5, PT
        FSETP.EQ.FTZ.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.LT.FTZ.OR P0, P1, R4, R5, P2
        FSETP.LT.FTZ.OR P0, P1, R4, R5, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GT.XOR P0, P1, -R4, |R5|, !P2
        FSETP.GT.XOR P0, P1, -R4, |R5|, !P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.NEU.AND P0, P1, -|R4|, 1.0, PT
        FSETP.NEU.AND P0, P1, -|R4|, 1.0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSETP.GEU P0, R4, -1.0 (short form; P1 cleared first)
        ISETP.F.AND P1, PT, RZ, RZ, PT
        FSETP.GEU P0, R4, -1.0
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// FSET.GT.AND R7, R4, R5, PT
        FSET.GT.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FSET.LTU.OR.BF R7, R4, R5, P2
        FSET.LTU.OR.BF R7, R4, R5, P2
        ST [R20], R7
        IADD R20, R20, 0x80
// FSET.NAN.AND.BF R7, R4, 2.0, PT
        FSET.NAN.AND.BF R7, R4, 2.0, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// FSET.EQ.FTZ.AND R7, -R4, |R5|, PT
        FSET.EQ.FTZ.AND R7, -R4, |R5|, PT
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// Generated lane harness: ISET: the comparison combined with a predicate as 0xffffffff/0, or
.kernel iset
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
.param c, 8
.param d, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R2, R1, c[0x0][c]
        LD R6, [R2]
        IADD R2, R1, c[0x0][d]
        LD R8, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
// ISET.F.AND R7, R4, R5, PT
        ISET.F.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.LT.AND R7, R4, R5, PT
        ISET.LT.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.EQ.AND R7, R4, R5, PT
        ISET.EQ.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.LE.AND R7, R4, R5, PT
        ISET.LE.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.GT.AND R7, R4, R5, PT
        ISET.GT.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.NE.AND R7, R4, R5, PT
        ISET.NE.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.GE.AND R7, R4, R5, PT
        ISET.GE.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.T.AND R7, R4, R5, PT
        ISET.T.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.LT.U32.AND R7, R4, R5, PT
        ISET.LT.U32.AND R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.NE.AND.BF R7, R4, R5, P2 (1.0 or 0.0)
        ISET.NE.AND.BF R7, R4, R5, P2
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.GE.OR R7, R4, 0x1, !P2
        ISET.GE.OR R7, R4, 0x1, !P2
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.EQ.XOR.BF R7, R4, R5, P2
        ISET.EQ.XOR.BF R7, R4, R5, P2
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags (ZF | SF << 1) of ISET.GT.AND.CC R7, R4, R5, PT
        ISET.GT.AND.CC R7, R4, R5, PT
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
//   flags of ISET.GT.AND.BF.CC R7, R4, R5, PT
        ISET.GT.AND.BF.CC R7, R4, R5, PT
        CSETP.EQ.AND P0, PT, CC, PT
        CSETP.SFT.AND P1, PT, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISET.LT.X.AND R7, R5, R8, PT after IADD.CC RZ, R4, -R6 (64-bit)
        IADD.CC RZ, R4, -R6
        ISET.LT.X.AND R7, R5, R8, PT
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

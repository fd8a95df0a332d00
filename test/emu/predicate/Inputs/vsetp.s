// Generated lane harness: VSETP/VSET: a byte (.B0-.B3), half (.H0/.H1) or word of each source,
.kernel vsetp
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
// VSETP.LT.AND.U32.U32 P0, P1, R4, R5, PT
        VSETP.LT.AND.U32.U32 P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.S32.S32 P0, P1, R4, R5, PT
        VSETP.LT.AND.S32.S32 P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.U32.S32 P0, P1, R4, R5, PT
        VSETP.LT.AND.U32.S32 P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.GT.AND.S32.U32 P0, P1, R4, R5, PT
        VSETP.GT.AND.S32.U32 P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.EQ.AND.U8.U8 P0, P1, R4.B0, R5.B0, PT
        VSETP.EQ.AND.U8.U8 P0, P1, R4.B0, R5.B0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.U8.U8 P0, P1, R4.B0, R5.B1, PT
        VSETP.LT.AND.U8.U8 P0, P1, R4.B0, R5.B1, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.S8.S8 P0, P1, R4.B2, R5.B3, PT
        VSETP.LT.AND.S8.S8 P0, P1, R4.B2, R5.B3, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.GE.AND.S8.U8 P0, P1, R4.B3, R5.B0, PT
        VSETP.GE.AND.S8.U8 P0, P1, R4.B3, R5.B0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LE.AND.U16.U16 P0, P1, R4.H0, R5.H1, PT
        VSETP.LE.AND.U16.U16 P0, P1, R4.H0, R5.H1, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.S16.S16 P0, P1, R4.H1, R5.H0, PT
        VSETP.LT.AND.S16.S16 P0, P1, R4.H1, R5.H0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.NE.AND.S16.U16 P0, P1, R4.H0, R5.H0, PT
        VSETP.NE.AND.S16.U16 P0, P1, R4.H0, R5.H0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.GT.AND.U8.S16 P0, P1, R4.B1, R5.H1, PT
        VSETP.GT.AND.U8.S16 P0, P1, R4.B1, R5.H1, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND.S32.U8 P0, P1, R4, R5.B2, PT
        VSETP.LT.AND.S32.U8 P0, P1, R4, R5.B2, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.GE.AND.U16.S32 P0, P1, R4.H1, R5, PT
        VSETP.GE.AND.U16.S32 P0, P1, R4.H1, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.F.AND.S8.S8 P0, P1, R4.B0, R5.B0, PT
        VSETP.F.AND.S8.S8 P0, P1, R4.B0, R5.B0, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.T.AND.U32.U32 P0, P1, R4, R5, PT
        VSETP.T.AND.U32.U32 P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.LT.AND P0, P1, R4, R5, PT (default U32.U32)
        VSETP.LT.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.EQ.OR.U8.U8 P0, P1, R4.B3, R5.B0, P2
        VSETP.EQ.OR.U8.U8 P0, P1, R4.B3, R5.B0, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSETP.GT.XOR.S16.S16 P0, P1, R4.H1, R5.H1, !P2
        VSETP.GT.XOR.S16.S16 P0, P1, R4.H1, R5.H1, !P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// VSET.NE.AND.U16.U16 R7, R4.H1, R5.H0, PT
        VSET.NE.AND.U16.U16 R7, R4.H1, R5.H0, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// VSET.LT.OR.S8.U32.BF R7, R4.B0, R5, !P2
        VSET.LT.OR.S8.U32.BF R7, R4.B0, R5, !P2
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

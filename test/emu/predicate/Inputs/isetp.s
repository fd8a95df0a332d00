// Generated lane harness: ISETP: every comparison, signed and .U32, AND/OR/XOR with a negated
.kernel isetp
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
// ISETP.F.AND P0, P1, R4, R5, PT
        ISETP.F.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LT.AND P0, P1, R4, R5, PT
        ISETP.LT.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.EQ.AND P0, P1, R4, R5, PT
        ISETP.EQ.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LE.AND P0, P1, R4, R5, PT
        ISETP.LE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GT.AND P0, P1, R4, R5, PT
        ISETP.GT.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.NE.AND P0, P1, R4, R5, PT
        ISETP.NE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GE.AND P0, P1, R4, R5, PT
        ISETP.GE.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.T.AND P0, P1, R4, R5, PT
        ISETP.T.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.F.U32.AND P0, P1, R4, R5, PT
        ISETP.F.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LT.U32.AND P0, P1, R4, R5, PT
        ISETP.LT.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.EQ.U32.AND P0, P1, R4, R5, PT
        ISETP.EQ.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LE.U32.AND P0, P1, R4, R5, PT
        ISETP.LE.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GT.U32.AND P0, P1, R4, R5, PT
        ISETP.GT.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.NE.U32.AND P0, P1, R4, R5, PT
        ISETP.NE.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GE.U32.AND P0, P1, R4, R5, PT
        ISETP.GE.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.T.U32.AND P0, P1, R4, R5, PT
        ISETP.T.U32.AND P0, P1, R4, R5, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LT.OR P0, P1, R4, R5, P2
        ISETP.LT.OR P0, P1, R4, R5, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GE.U32.XOR P0, P1, R4, R5, !P2
        ISETP.GE.U32.XOR P0, P1, R4, R5, !P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.NE.AND P0, P1, R4, R5, P2
        ISETP.NE.AND P0, P1, R4, R5, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.EQ.AND P0, PT, R4, 0x1, PT then P1 = 0 (PT destination discarded)
        ISETP.EQ.AND P1, PT, RZ, 0x1, PT
        ISETP.EQ.AND P0, PT, R4, 0x1, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.GT.AND P0, P1, R4, -0x1, PT
        ISETP.GT.AND P0, P1, R4, -0x1, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LE.U32.AND P0, P1, R4, c[0x0][0x0], PT (32)
        ISETP.LE.U32.AND P0, P1, R4, c[0x0][0x0], PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// ISETP.LT P0, R4, R5 (short form) into P0; P1 cleared first
        ISETP.F.AND P1, PT, RZ, RZ, PT
        ISETP.LT P0, R4, R5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// guard false: @!PT ISETP leaves P0, P1 of ISETP.EQ.AND P0, P1, R4, R4, PT
        ISETP.EQ.AND P0, P1, R4, R4, PT
        @!PT ISETP.NE.AND P0, P1, R4, R4, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.LT.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.LT.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.EQ.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.EQ.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.LE.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.LE.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.GT.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.GT.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.NE.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.NE.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit signed: IADD.CC RZ, R4, -R6; ISETP.GE.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.GE.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit unsigned: IADD.CC RZ, R4, -R6; ISETP.LT.U32.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.LT.U32.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit unsigned: IADD.CC RZ, R4, -R6; ISETP.LE.U32.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.LE.U32.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit unsigned: IADD.CC RZ, R4, -R6; ISETP.GT.U32.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.GT.U32.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// 64-bit unsigned: IADD.CC RZ, R4, -R6; ISETP.GE.U32.X.AND P0, P1, R5, R8, PT
        IADD.CC RZ, R4, -R6
        ISETP.GE.U32.X.AND P0, P1, R5, R8, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

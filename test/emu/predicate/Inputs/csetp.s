// Generated lane harness: CSETP/CSET: every CC test (ISA.md 3.1) on the flags of
.kernel csetp
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
// CSETP.F.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.F.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.LT.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.LT.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.EQ.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.EQ.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.LE.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.LE.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.GT.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.GT.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.NE.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.NE.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.GE.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.GE.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.LO.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.LO.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.LS.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.LS.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.HI.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.HI.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.HS.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.HS.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.OFT.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.OFT.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.OFF.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.OFF.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.CFT.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.CFT.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.CFF.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.CFF.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.SFT.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.SFT.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.SFF.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.SFF.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.T.AND P0, P1, CC, PT after IADD.CC RZ, R4, -R5
        IADD.CC RZ, R4, -R5
        CSETP.T.AND P0, P1, CC, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.SFF.OR P0, P1, CC, !P2
        IADD.CC RZ, R4, -R5
        CSETP.SFF.OR P0, P1, CC, !P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.NE.XOR P0, P1, CC, P2
        IADD.CC RZ, R4, -R5
        CSETP.NE.XOR P0, P1, CC, P2
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSETP.LO P0, CC (short form)
        IADD.CC RZ, R4, -R5
        ISETP.F.AND P1, PT, RZ, RZ, PT
        CSETP.LO P0, CC
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// CSET.GT.AND R7, CC, PT
        IADD.CC RZ, R4, -R5
        CSET.GT.AND R7, CC, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// CSET.HI.XOR.BF R7, CC, P2
        IADD.CC RZ, R4, -R5
        CSET.HI.XOR.BF R7, CC, P2
        ST [R20], R7
        IADD R20, R20, 0x80
// CSET.LS.OR R7, CC, !P2
        IADD.CC RZ, R4, -R5
        CSET.LS.OR R7, CC, !P2
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

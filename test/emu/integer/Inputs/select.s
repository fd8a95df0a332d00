// Generated lane harness: ICMP (every comparison, signed and .U32, against zero), SEL and IMNMX
.kernel select
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
.param c, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R2, R1, c[0x0][c]
        LD R6, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// ICMP.F R7, R5, R6, R4: R4 F 0 ? R5 : R6
        ICMP.F R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.LT R7, R5, R6, R4: R4 LT 0 ? R5 : R6
        ICMP.LT R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.EQ R7, R5, R6, R4: R4 EQ 0 ? R5 : R6
        ICMP.EQ R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.LE R7, R5, R6, R4: R4 LE 0 ? R5 : R6
        ICMP.LE R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.GT R7, R5, R6, R4: R4 GT 0 ? R5 : R6
        ICMP.GT R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.NE R7, R5, R6, R4: R4 NE 0 ? R5 : R6
        ICMP.NE R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.GE R7, R5, R6, R4: R4 GE 0 ? R5 : R6
        ICMP.GE R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.T R7, R5, R6, R4: R4 T 0 ? R5 : R6
        ICMP.T R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.LT.U32 R7, R5, R6, R4
        ICMP.LT.U32 R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.LE.U32 R7, R5, R6, R4
        ICMP.LE.U32 R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.GT.U32 R7, R5, R6, R4
        ICMP.GT.U32 R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.GE.U32 R7, R5, R6, R4
        ICMP.GE.U32 R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.NE.U32 R7, R5, R6, R4
        ICMP.NE.U32 R7, R5, R6, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.EQ R7, R5, 0x77, RZ
        ICMP.EQ R7, R5, 0x77, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// ICMP.NE R7, R5, 0x77, RZ
        ICMP.NE R7, R5, 0x77, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// SEL R7, R4, R5, P0 (P0 = odd lane)
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        SEL R7, R4, R5, P0
        ST [R20], R7
        IADD R20, R20, 0x80
// SEL R7, R4, R5, !P0
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        SEL R7, R4, R5, !P0
        ST [R20], R7
        IADD R20, R20, 0x80
// SEL R7, R4, 0x1, PT
        SEL R7, R4, 0x1, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// SEL R7, R4, 0x1, !PT
        SEL R7, R4, 0x1, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// SEL R7, R4, c[0x0][0x0], !PT
        SEL R7, R4, c[0x0][0x0], !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX R7, R4, R5, PT (signed min)
        IMNMX R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX R7, R4, R5, !PT (signed max)
        IMNMX R7, R4, R5, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX.U32 R7, R4, R5, PT (unsigned min)
        IMNMX.U32 R7, R4, R5, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX.U32 R7, R4, R5, !PT (unsigned max)
        IMNMX.U32 R7, R4, R5, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX.U32 R7, R4, 0x1f, PT (clamp to 31)
        IMNMX.U32 R7, R4, 0x1f, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX R7, R4, -0x1, !PT (max with -1)
        IMNMX R7, R4, -0x1, !PT
        ST [R20], R7
        IADD R20, R20, 0x80
// IMNMX R7, R4, R5, P0 (odd lanes min, even lanes max)
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        IMNMX R7, R4, R5, P0
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

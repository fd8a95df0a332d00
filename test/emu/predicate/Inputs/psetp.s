// Generated lane harness: PSETP/PSET: Pu = (Pp' bop0 Pq') bop1 Pr', Pv = ((!Pp') bop0 Pq') bop1 Pr'
.kernel psetp
.param out, 8
.param out64, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        SHL R2, R0, 0x3
        R2P PR, R2, 0x38
// PSETP.AND.AND P0, P1, P3, P4, P5
        PSETP.AND.AND P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.AND.OR P0, P1, P3, P4, P5
        PSETP.AND.OR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.AND.XOR P0, P1, P3, P4, P5
        PSETP.AND.XOR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.OR.AND P0, P1, P3, P4, P5
        PSETP.OR.AND P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.OR.OR P0, P1, P3, P4, P5
        PSETP.OR.OR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.OR.XOR P0, P1, P3, P4, P5
        PSETP.OR.XOR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.XOR.AND P0, P1, P3, P4, P5
        PSETP.XOR.AND P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.XOR.OR P0, P1, P3, P4, P5
        PSETP.XOR.OR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.XOR.XOR P0, P1, P3, P4, P5
        PSETP.XOR.XOR P0, P1, P3, P4, P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.AND.OR P0, P1, !P3, !P4, !P5
        PSETP.AND.OR P0, P1, !P3, !P4, !P5
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.XOR.AND P0, P1, P3, PT, !PT (Pu = 0, Pv = 0)
        PSETP.XOR.AND P0, P1, P3, PT, !PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.OR.AND P0, P1, P3, !PT, PT (P0 = P3, P1 = !P3)
        PSETP.OR.AND P0, P1, P3, !PT, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// PSETP.AND.AND PT, P1, P3, P4, PT (Pu discarded)
        PSETP.AND.AND P0, P1, PT, PT, PT
        PSETP.AND.AND PT, P1, P3, P4, PT
        P2R R7, PR, RZ, 0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// source == destination: PSETP.XOR.AND P3, P4, P3, P4, PT then P2R of P3, P4
        PSETP.XOR.AND P3, P4, P3, P4, PT
        P2R R7, PR, RZ, 0x18
        SHR.U32 R7, R7, 0x3
        R2P PR, R2, 0x38
        ST [R20], R7
        IADD R20, R20, 0x80
// PSET.AND.AND R7, P3, !P4, P5
        PSET.AND.AND R7, P3, !P4, P5
        ST [R20], R7
        IADD R20, R20, 0x80
// PSET.OR.XOR R7, P3, !P4, P5
        PSET.OR.XOR R7, P3, !P4, P5
        ST [R20], R7
        IADD R20, R20, 0x80
// PSET.XOR.OR R7, P3, !P4, P5
        PSET.XOR.OR R7, P3, !P4, P5
        ST [R20], R7
        IADD R20, R20, 0x80
// PSET.OR.AND.BF R7, P3, P4, !P5
        PSET.OR.AND.BF R7, P3, P4, !P5
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// Generated lane harness: P2R/R2P: the 7-bit mask selects predicates (bit i = Pi), other bits
.kernel p2r
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
// R2P PR, R4, 0x7f; read back with SEL
        R2P PR, RZ, 0x7f
        MOV32I R22, 0x1
        R2P PR, R4, 0x7f
        MOV R7, RZ
        SEL R23, R22, RZ, P0
        SHL R23, R23, 0x0
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P1
        SHL R23, R23, 0x1
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P2
        SHL R23, R23, 0x2
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P3
        SHL R23, R23, 0x3
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P4
        SHL R23, R23, 0x4
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P5
        SHL R23, R23, 0x5
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P6
        SHL R23, R23, 0x6
        LOP.OR R7, R7, R23
        ST [R20], R7
        IADD R20, R20, 0x80
// R2P PR, R4, 0x7f; P2R R7, PR, RZ, 0x7f
        R2P PR, RZ, 0x7f
        R2P PR, R4, 0x7f
        P2R R7, PR, RZ, 0x7f
        ST [R20], R7
        IADD R20, R20, 0x80
// R2P PR, R4, 0x15 (P0, P2, P4 only; others stay from R2P PR, R5, 0x7f)
        R2P PR, R5, 0x7f
        R2P PR, R4, 0x15
        P2R R7, PR, RZ, 0x7f
        ST [R20], R7
        IADD R20, R20, 0x80
// R2P.H1 PR, R4, 0x7f; read back with SEL
        R2P PR, RZ, 0x7f
        MOV32I R22, 0x1
        R2P.H1 PR, R4, 0x7f
        MOV R7, RZ
        SEL R23, R22, RZ, P0
        SHL R23, R23, 0x0
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P1
        SHL R23, R23, 0x1
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P2
        SHL R23, R23, 0x2
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P3
        SHL R23, R23, 0x3
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P4
        SHL R23, R23, 0x4
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P5
        SHL R23, R23, 0x5
        LOP.OR R7, R7, R23
        SEL R23, R22, RZ, P6
        SHL R23, R23, 0x6
        LOP.OR R7, R7, R23
        ST [R20], R7
        IADD R20, R20, 0x80
// P2R R7, PR, R5, 0x2a (other bits from R5) after R2P PR, R4, 0x7f
        R2P PR, R4, 0x7f
        P2R R7, PR, R5, 0x2a
        ST [R20], R7
        IADD R20, R20, 0x80
// P2R.H1 R7, PR, R5, 0x7f after R2P PR, R4, 0x7f
        R2P PR, R4, 0x7f
        P2R.H1 R7, PR, R5, 0x7f
        ST [R20], R7
        IADD R20, R20, 0x80
// P2R R7, PR, R4, 0x0 (copies R4)
        P2R R7, PR, R4, 0x0
        ST [R20], R7
        IADD R20, R20, 0x80
// PT stays true: R2P PR, RZ, 0x7f; SEL R7, R22, RZ, PT
        R2P PR, RZ, 0x7f
        MOV32I R22, 0x1
        SEL R7, R22, RZ, PT
        ST [R20], R7
        IADD R20, R20, 0x80
// source == destination: MOV R7, R4; R2P PR, R7, 0x7f; P2R R7, PR, R7, 0x7f
        MOV R7, R4
        R2P PR, R7, 0x7f
        P2R R7, PR, R7, 0x7f
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

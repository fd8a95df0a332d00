// Generated lane harness: LOP/LOP32I (every op, inverted operands), SHL/SHR (counts 0..255,
.kernel logic
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
// LOP.AND R7, R4, R5
        LOP.AND R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.OR R7, R4, R5
        LOP.OR R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.XOR R7, R4, R5
        LOP.XOR R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.PASS_B R7, R4, R5
        LOP.PASS_B R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.AND R7, ~R4, R5
        LOP.AND R7, ~R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.OR R7, R4, ~R5
        LOP.OR R7, R4, ~R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.XOR R7, ~R4, ~R5
        LOP.XOR R7, ~R4, ~R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.PASS_B R7, RZ, ~R5 (NOT)
        LOP.PASS_B R7, RZ, ~R5
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.AND R7, R4, 0x7ffff
        LOP.AND R7, R4, 0x7ffff
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.AND R7, R4, -0x80000 (sign-extended 20-bit immediate)
        LOP.AND R7, R4, -0x80000
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP.XOR R7, R7, R7 after MOV R7, R4 (source == destination)
        MOV R7, R4
        LOP.XOR R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP32I.AND R7, R4, 0xf0f0f0f0
        LOP32I.AND R7, R4, 0xf0f0f0f0
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP32I.OR R7, R4, 0x80000000
        LOP32I.OR R7, R4, 0x80000000
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP32I.XOR R7, ~R4, 0x12345678
        LOP32I.XOR R7, ~R4, 0x12345678
        ST [R20], R7
        IADD R20, R20, 0x80
// LOP32I.PASS_B R7, R4, 0xcafef00d
        LOP32I.PASS_B R7, R4, 0xcafef00d
        ST [R20], R7
        IADD R20, R20, 0x80
// SHL R7, R4, R6
        SHL R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHL.W R7, R4, R6
        SHL.W R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHL R7, R4, 0x1f
        SHL R7, R4, 0x1f
        ST [R20], R7
        IADD R20, R20, 0x80
// SHL R7, R4, 0x20
        SHL R7, R4, 0x20
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR R7, R4, R6 (arithmetic)
        SHR R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR.U32 R7, R4, R6
        SHR.U32 R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR.W R7, R4, R6
        SHR.W R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR.U32.W R7, R4, R6
        SHR.U32.W R7, R4, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR R7, R4, 0x21 (sign)
        SHR R7, R4, 0x21
        ST [R20], R7
        IADD R20, R20, 0x80
// SHR.U32 R7, R4, 0x1
        SHR.U32 R7, R4, 0x1
        ST [R20], R7
        IADD R20, R20, 0x80
// SHL source == destination: MOV R7, R6; SHL R7, R7, R7
        MOV R7, R6
        SHL R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, R4, R5
        POPC R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, ~R4, R5
        POPC R7, ~R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, R4, ~R5
        POPC R7, R4, ~R5
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, R4 (alias of POPC R7, R4, R4)
        POPC R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, R4, 0xff
        POPC R7, R4, 0xff
        ST [R20], R7
        IADD R20, R20, 0x80
// POPC R7, RZ, R4
        POPC R7, RZ, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// FLO.U32 R7, R4 (0xffffffff when no bit is set)
        FLO.U32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// FLO R7, R4 (signed: highest bit that differs from the sign)
        FLO R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// FLO.U32 R7, ~R4
        FLO.U32 R7, ~R4
        ST [R20], R7
        IADD R20, R20, 0x80
// FLO.U32 R7, 0x100
        FLO.U32 R7, 0x100
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// Generated lane harness: Integer add/multiply family over edge values (0, 1, -1, INT_MIN,
.kernel arith
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
// IADD R7, R4, R5
        IADD R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, R4, -R5
        IADD R7, R4, -R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, -R4, R5
        IADD R7, -R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, -R4, -R5
        IADD R7, -R4, -R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD.SAT R7, R4, R5 (clamps to the signed range)
        IADD.SAT R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD.SAT R7, R4, -R5
        IADD.SAT R7, R4, -R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, R4, 0x7ffff
        IADD R7, R4, 0x7ffff
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, R4, -0x80000
        IADD R7, R4, -0x80000
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, R4, c[0x0][0x0] (ntid.x = 32)
        IADD R7, R4, c[0x0][0x0]
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, R4, RZ
        IADD R7, R4, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD R7, RZ, -R4
        IADD R7, RZ, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD RZ, R4, R5 discards; MOV R7, RZ reads 0
        IADD RZ, R4, R5
        MOV R7, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// source == destination: MOV R7, R4; IADD R7, R7, R7
        MOV R7, R4
        IADD R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// source == destination: MOV R7, R5; IADD R7, R4, -R7
        MOV R7, R5
        IADD R7, R4, -R7
        ST [R20], R7
        IADD R20, R20, 0x80
// ISUB R7, R4, R5 (alias of IADD R7, R4, -R5)
        ISUB R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// INEG R7, R4 (alias of IADD R7, RZ, -R4)
        INEG R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD32I R7, R4, 0x12345678
        IADD32I R7, R4, 0x12345678
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD32I R7, -R4, 0x80000000
        IADD32I R7, -R4, 0x80000000
        ST [R20], R7
        IADD R20, R20, 0x80
// IADD32I R7, R4, -0x1
        IADD32I R7, R4, -0x1
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL R7, R4, R5 (low word)
        IMUL R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.U32 R7, R4, R5 (low word, same as signed)
        IMUL.U32 R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.HI R7, R4, R5 (signed x signed)
        IMUL.HI R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.U32.HI R7, R4, R5 (unsigned x unsigned)
        IMUL.U32.HI R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.U32.S32.HI R7, R4, R5 (unsigned Ra x signed Sb)
        IMUL.U32.S32.HI R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.S32.U32.HI R7, R4, R5 (signed Ra x unsigned Sb)
        IMUL.S32.U32.HI R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL R7, R4, -0x3
        IMUL R7, R4, -0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// IMUL.HI R7, R4, -0x3
        IMUL.HI R7, R4, -0x3
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD R7, R4, R5, R6
        IMAD R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD R7, R4, 0x10, R5
        IMAD R7, R4, 0x10, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD.HI R7, R4, R5, R6 (high word of the signed product, plus Rc)
        IMAD.HI R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD.U32.HI R7, R4, R5, R6
        IMAD.U32.HI R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// IMAD source == destination: MOV R7, R6; IMAD R7, R7, R7, R7
        MOV R7, R6
        IMAD R7, R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// ISCADD R7, R4, R5, 0x0
        ISCADD R7, R4, R5, 0x0
        ST [R20], R7
        IADD R20, R20, 0x80
// ISCADD R7, R4, R5, 0x5
        ISCADD R7, R4, R5, 0x5
        ST [R20], R7
        IADD R20, R20, 0x80
// ISCADD R7, R4, R5, 0x1f
        ISCADD R7, R4, R5, 0x1f
        ST [R20], R7
        IADD R20, R20, 0x80
// ISCADD R7, -R4, R5, 0x2
        ISCADD R7, -R4, R5, 0x2
        ST [R20], R7
        IADD R20, R20, 0x80
// ISCADD R7, R4, 0x100, 0x2
        ISCADD R7, R4, 0x100, 0x2
        ST [R20], R7
        IADD R20, R20, 0x80
// IABS R7, R4 (IABS of INT_MIN is INT_MIN)
        IABS R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// IABS R7, -0x5
        IABS R7, -0x5
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV R7, R5
        MOV R7, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV R7, -0x80000
        MOV R7, -0x80000
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV R7, 0x7ffff
        MOV R7, 0x7ffff
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV R7, c[0x0][0x4] (ntid.y = 1)
        MOV R7, c[0x0][0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV32I R7, 0xdeadbeef
        MOV32I R7, 0xdeadbeef
        ST [R20], R7
        IADD R20, R20, 0x80
// MOV32I R7, -0x1
        MOV32I R7, -0x1
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

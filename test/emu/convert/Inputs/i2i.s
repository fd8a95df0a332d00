// Generated lane harness: I2I between integer types: sub-word sources take the low bits and
.kernel i2i
.param out, 8
.param out64, 8
.param a, 8
.param w, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R3, c[0x0][w]
        LD.64 R8, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// I2I.S32.S8 R7, R4
        I2I.S32.S8 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U32.U8 R7, R4
        I2I.U32.U8 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.S16 R7, R4
        I2I.S32.S16 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U32.U16 R7, R4
        I2I.U32.U16 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U16.S32 R7, R4
        I2I.U16.S32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S8.S32 R7, R4
        I2I.S8.S32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U8.S32 R7, R4
        I2I.U8.S32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S16.U32 R7, R4
        I2I.S16.U32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S8.S32.SAT R7, R4
        I2I.S8.S32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U8.S32.SAT R7, R4
        I2I.U8.S32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S16.S32.SAT R7, R4
        I2I.S16.S32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U16.S32.SAT R7, R4
        I2I.U16.S32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U32.S32.SAT R7, R4
        I2I.U32.S32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.U32.SAT R7, R4
        I2I.S32.U32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S8.U32.SAT R7, R4
        I2I.S8.U32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U8.S8.SAT R7, R4
        I2I.U8.S8.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S16.S8 R7, R4
        I2I.S16.S8 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.S32 R7, R4
        I2I.S32.S32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.S32 R7, -R4 (INT_MIN lane unchecked)
        I2I.S32.S32 R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S16.S8 R7, -R4
        I2I.S16.S8 R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U8.U16.SAT R7, |R4|
        I2I.U8.U16.SAT R7, |R4|
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U16.S16 R7, 0x7fff
        I2I.U16.S16 R7, 0x7fff
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.S64 R7, R8 (low word)
        I2I.S32.S64 R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S32.S64.SAT R7, R8
        I2I.S32.S64.SAT R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.U32.U64.SAT R7, R8
        I2I.U32.U64.SAT R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2I.S64.S32 R14, R4
        I2I.S64.S32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2I.U64.U32 R14, R4
        I2I.U64.U32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2I.S64.S16 R14, R4
        I2I.S64.S16 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2I.U64.S64.SAT R14, R8
        I2I.U64.S64.SAT R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2I.S64.U64.SAT R14, R8
        I2I.S64.U64.SAT R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
        EXIT
.end_kernel

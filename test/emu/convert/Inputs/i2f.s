// Generated lane harness: I2F from every integer source type (sub-word sources take the low
.kernel i2f
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
// I2F.F32.S32 R7, R4
        I2F.F32.S32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32.RZ R7, R4
        I2F.F32.S32.RZ R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32.RM R7, R4
        I2F.F32.S32.RM R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32.RP R7, R4
        I2F.F32.S32.RP R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.U32 R7, R4
        I2F.F32.U32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.U32.RZ R7, R4
        I2F.F32.U32.RZ R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.U8 R7, R4
        I2F.F32.U8 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S8 R7, R4
        I2F.F32.S8 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.U16 R7, R4
        I2F.F32.U16 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S16 R7, R4
        I2F.F32.S16 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32 R7, -R4 (INT_MIN lane unchecked)
        I2F.F32.S32 R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32 R7, |R4| (INT_MIN lane unchecked)
        I2F.F32.S32 R7, |R4|
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32 R7, 0x10
        I2F.F32.S32 R7, 0x10
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32 R7, -0x1
        I2F.F32.S32 R7, -0x1
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S32 R7, R7 after MOV R7, R4 (source == destination)
        MOV R7, R4
        I2F.F32.S32 R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S64 R7, R8
        I2F.F32.S64 R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S64.RZ R7, R8
        I2F.F32.S64.RZ R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S64.RM R7, R8
        I2F.F32.S64.RM R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.S64.RP R7, R8
        I2F.F32.S64.RP R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F32.U64 R7, R8
        I2F.F32.U64 R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// I2F.F64.S32 R14, R4
        I2F.F64.S32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.U32 R14, R4
        I2F.F64.U32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.S16 R14, R4
        I2F.F64.S16 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.S64 R14, R8
        I2F.F64.S64 R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.S64.RZ R14, R8
        I2F.F64.S64.RZ R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.S64.RM R14, R8
        I2F.F64.S64.RM R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.S64.RP R14, R8
        I2F.F64.S64.RP R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.U64 R14, R8
        I2F.F64.U64 R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// I2F.F64.U64.RP R14, R8
        I2F.F64.U64.RP R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
        EXIT
.end_kernel

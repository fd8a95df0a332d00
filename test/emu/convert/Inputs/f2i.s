// Generated lane harness: F2I to every integer type with .TRUNC (default), .FLOOR, .CEIL,
.kernel f2i
.param out, 8
.param out64, 8
.param f, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][f]
        LD R4, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        F2F.F64.F32 R8, R4
// F2I.S32.F32 R7, R4
        F2I.S32.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.FLOOR R7, R4
        F2I.S32.F32.FLOOR R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.CEIL R7, R4
        F2I.S32.F32.CEIL R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.ROUND R7, R4
        F2I.S32.F32.ROUND R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U32.F32 R7, R4
        F2I.U32.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U32.F32.FLOOR R7, R4
        F2I.U32.F32.FLOOR R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U32.F32.CEIL R7, R4
        F2I.U32.F32.CEIL R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U32.F32.ROUND R7, R4
        F2I.U32.F32.ROUND R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U8.F32 R7, R4
        F2I.U8.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S8.F32 R7, R4
        F2I.S8.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U16.F32 R7, R4
        F2I.U16.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S16.F32 R7, R4
        F2I.S16.F32 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.CEIL.FTZ R7, R4
        F2I.S32.F32.FTZ.CEIL R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.FLOOR.FTZ R7, R4
        F2I.S32.F32.FTZ.FLOOR R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32 R7, -R4
        F2I.S32.F32 R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32.FLOOR R7, |R4|
        F2I.S32.F32.FLOOR R7, |R4|
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F32 R7, R7 after MOV R7, R4 (source == destination)
        MOV R7, R4
        F2I.S32.F32 R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S32.F64.ROUND R7, R8 (after F2F.F64.F32 R8, R4)
        F2I.S32.F64.ROUND R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.U32.F64.CEIL R7, R8
        F2I.U32.F64.CEIL R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2I.S64.F32 R14, R4
        F2I.S64.F32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// F2I.U64.F32.CEIL R14, R4
        F2I.U64.F32.CEIL R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// F2I.S64.F64.FLOOR R14, R8
        F2I.S64.F64.FLOOR R14, R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// F2I.U64.F64 R14, -R8
        F2I.U64.F64 R14, -R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
        EXIT
.end_kernel

// Generated lane harness: F2F: F64 to F32 in every rounding mode (overflow to inf or the
.kernel f2f
.param out, 8
.param out64, 8
.param d, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R3, c[0x0][d]
        LD.64 R8, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
        F2F.F32.F64 R4, R8
// F2F.F32.F64 R7, R8
        F2F.F32.F64 R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.RZ R7, R8
        F2F.F32.F64.RZ R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.RM R7, R8
        F2F.F32.F64.RM R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.RP R7, R8
        F2F.F32.F64.RP R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64 R7, R8 as raw bits (canonical NaN)
        F2F.F32.F64 R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.FTZ R7, R8
        F2F.F32.F64.FTZ R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.SAT R7, R8
        F2F.F32.F64.SAT R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F64.RM R7, -|R8|
        F2F.F32.F64.RM R7, -|R8|
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F64.F32 R14, R4 (R4 = F2F.F32.F64 R8)
        F2F.F64.F32 R14, R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// F2F.F64.F32.FTZ R14, -R4
        F2F.F64.F32.FTZ R14, -R4
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// F2F.F32.F32 R7, -R4
        F2F.F32.F32 R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F32.SAT R7, R4
        F2F.F32.F32.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F32.F32.FTZ R7, |R4|
        F2F.F32.F32.FTZ R7, |R4|
        ST [R20], R7
        IADD R20, R20, 0x80
// F2F.F64.F64 R14, -R8
        F2F.F64.F64 R14, -R8
        ST.64 [R21], R14
        IADD R21, R21, 0x100
        EXIT
.end_kernel

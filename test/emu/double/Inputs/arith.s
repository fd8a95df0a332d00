// Generated lane harness: DADD, DMUL, DFMA on register pairs over edge values (+-0, +-1,
.kernel arith
.param out, 8
.param out64, 8
.param a, 8
.param b, 8
.param c, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R3, c[0x0][a]
        LD.64 R8, [R2]
        IADD R2, R3, c[0x0][b]
        LD.64 R10, [R2]
        IADD R2, R3, c[0x0][c]
        LD.64 R12, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// DADD R14, R8, R10
        DADD R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD.RZ R14, R8, R10
        DADD.RZ R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD.RM R14, R8, R10
        DADD.RM R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD.RP R14, R8, R10
        DADD.RP R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD R14, -R8, |R10|
        DADD R14, -R8, |R10|
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD R14, -|R8|, -|R10|
        DADD R14, -|R8|, -|R10|
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD R14, R8, -2.5
        DADD R14, R8, -2.5
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD R14, R8, c[0x2][0x8] (-0.75)
        DADD R14, R8, c[0x2][0x8]
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD R14, R8, RZ (RZ reads as +0.0)
        DADD R14, R8, RZ
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DADD source == destination: MOV R14, R8; MOV R15, R9; DADD R14, R14, R14
        MOV R14, R8
        MOV R15, R9
        DADD R14, R14, R14
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL R14, R8, R10
        DMUL R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL.RZ R14, R8, R10
        DMUL.RZ R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL.RM R14, R8, R10
        DMUL.RM R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL.RP R14, R8, R10
        DMUL.RP R14, R8, R10
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL R14, -R8, |R10|
        DMUL R14, -R8, |R10|
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMUL R14, R8, 1.5
        DMUL R14, R8, 1.5
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA R14, R8, R10, R12
        DFMA R14, R8, R10, R12
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA.RZ R14, R8, R10, R12
        DFMA.RZ R14, R8, R10, R12
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA.RM R14, R8, R10, R12
        DFMA.RM R14, R8, R10, R12
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA.RP R14, R8, R10, R12
        DFMA.RP R14, R8, R10, R12
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA R14, -R8, R10, -|R12|
        DFMA R14, -R8, R10, -|R12|
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA R14, R8, 2.0, R12
        DFMA R14, R8, 2.0, R12
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DFMA source == destination: MOV R14, R12; MOV R15, R13; DFMA R14, R14, R14, R14
        MOV R14, R12
        MOV R15, R13
        DFMA R14, R14, R14, R14
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMNMX R14, R8, R10, PT (min; NaN loses; -0 vs +0 unchecked)
        DMNMX R14, R8, R10, PT
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMNMX R14, R8, R10, !PT (max)
        DMNMX R14, R8, R10, !PT
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMNMX R14, R8, R10, PT as raw bits (a NaN operand returns the other operand)
        DMNMX R14, R8, R10, PT
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMNMX R14, -R8, |R10|, P0 (odd lanes min)
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        DMNMX R14, -R8, |R10|, P0
        ST.64 [R21], R14
        IADD R21, R21, 0x100
// DMNMX R14, R8, -0.5, PT
        DMNMX R14, R8, -0.5, PT
        ST.64 [R21], R14
        IADD R21, R21, 0x100
        EXIT
.end_kernel

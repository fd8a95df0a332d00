// Generated lane harness: FADD, FMUL, FFMA over edge values (+-0, +-1, denormals, smallest
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
// FADD R7, R4, R5
        FADD R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD.RZ R7, R4, R5
        FADD.RZ R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD.RM R7, R4, R5
        FADD.RM R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD.RP R7, R4, R5
        FADD.RP R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, R4, R5 as raw bits (canonical NaN)
        FADD R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD.FTZ R7, R4, R5
        FADD.FTZ R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD.SAT R7, R4, R5
        FADD.SAT R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, -R4, R5
        FADD R7, -R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, |R4|, -|R5|
        FADD R7, |R4|, -|R5|
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, -|R4|, -R5
        FADD R7, -|R4|, -R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, R4, 1.5
        FADD R7, R4, 1.5
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, R4, -0.0
        FADD R7, R4, -0.0
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, R4, c[0x2][0x0] (2.5)
        FADD R7, R4, c[0x2][0x0]
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD R7, RZ, -R4 (0 - a)
        FADD R7, RZ, -R4
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD source == destination: MOV R7, R4; FADD R7, R7, R7
        MOV R7, R4
        FADD R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL R7, R4, R5
        FMUL R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL.RZ R7, R4, R5
        FMUL.RZ R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL.RM R7, R4, R5
        FMUL.RM R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL.RP R7, R4, R5
        FMUL.RP R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL R7, R4, R5 as raw bits
        FMUL R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL.FTZ R7, R4, R5
        FMUL.FTZ R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL.SAT R7, R4, R5
        FMUL.SAT R7, R4, R5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL R7, -R4, |R5|
        FMUL R7, -R4, |R5|
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL R7, R4, 0.5
        FMUL R7, R4, 0.5
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL R7, |R4|, -2.0
        FMUL R7, |R4|, -2.0
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA R7, R4, R5, R6 (one rounding)
        FFMA R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA.RZ R7, R4, R5, R6 (one rounding)
        FFMA.RZ R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA.RM R7, R4, R5, R6 (one rounding)
        FFMA.RM R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA.RP R7, R4, R5, R6 (one rounding)
        FFMA.RP R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA R7, R4, R5, R6 as raw bits
        FFMA R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA.FTZ R7, R4, R5, R6
        FFMA.FTZ R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA.SAT R7, R4, R5, R6
        FFMA.SAT R7, R4, R5, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA R7, -R4, R5, -R6
        FFMA R7, -R4, R5, -R6
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA R7, |R4|, 2.0, -|R6|
        FFMA R7, |R4|, 2.0, -|R6|
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA R7, R4, R5, RZ
        FFMA R7, R4, R5, RZ
        ST [R20], R7
        IADD R20, R20, 0x80
// FFMA source == destination: MOV R7, R6; FFMA R7, R7, R7, R7
        MOV R7, R6
        FFMA R7, R7, R7, R7
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD32I R7, R4, 1.1
        FADD32I R7, R4, 1.1
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD32I.FTZ R7, -R4, 1e-45 (the denormal immediate is flushed too)
        FADD32I.FTZ R7, -R4, 1e-45
        ST [R20], R7
        IADD R20, R20, 0x80
// FADD32I R7, R4, 1e-45
        FADD32I R7, R4, 1e-45
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL32I R7, R4, 0.1
        FMUL32I R7, R4, 0.1
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL32I.SAT R7, R4, 1.1
        FMUL32I.SAT R7, R4, 1.1
        ST [R20], R7
        IADD R20, R20, 0x80
// FMUL32I.FTZ R7, R4, 3.0e-5
        FMUL32I.FTZ R7, R4, 3.0e-5
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// Generated lane harness: MUFU on inputs whose results are exact or special: +-0, +-inf, NaN,
.kernel mufu_special
.param out, 8
.param out64, 8
.param a, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R20, R1, c[0x0][out]
        IADD R21, R3, c[0x0][out64]
// MUFU.RCP R7, R4
        MUFU.RCP R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.RSQ R7, R4
        MUFU.RSQ R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.SQRT R7, R4
        MUFU.SQRT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.EX2 R7, R4
        MUFU.EX2 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.LG2 R7, R4
        MUFU.LG2 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.SIN R7, R4
        MUFU.SIN R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.COS R7, R4
        MUFU.COS R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.RCP R7, R4 as raw bits (canonical NaN)
        MUFU.RCP R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.SQRT R7, R4 as raw bits
        MUFU.SQRT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.RCP R7, -R4
        MUFU.RCP R7, -R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.SQRT R7, |R4|
        MUFU.SQRT R7, |R4|
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.RCP.SAT R7, R4
        MUFU.RCP.SAT R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.EX2 R7, R7 after MOV R7, R4 (source == destination)
        MOV R7, R4
        MUFU.EX2 R7, R7
        ST [R20], R7
        IADD R20, R20, 0x40
        EXIT
.end_kernel

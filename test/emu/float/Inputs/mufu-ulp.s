// Generated lane harness: MUFU.RCP/RSQ/SQRT/EX2/LG2/SIN/COS are within 2 ulp of the correctly
.kernel mufu_ulp
.param out, 8
.param out64, 8
.param a, 8
.param s, 8
.param e, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R2, R1, c[0x0][a]
        LD R4, [R2]
        IADD R2, R1, c[0x0][s]
        LD R5, [R2]
        IADD R2, R1, c[0x0][e]
        LD R6, [R2]
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
// MUFU.LG2 R7, R4
        MUFU.LG2 R7, R4
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.EX2 R7, R6
        MUFU.EX2 R7, R6
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.SIN R7, R5
        MUFU.SIN R7, R5
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.COS R7, R5
        MUFU.COS R7, R5
        ST [R20], R7
        IADD R20, R20, 0x40
// MUFU.RCP R7, -|R5|
        MUFU.RCP R7, -|R5|
        ST [R20], R7
        IADD R20, R20, 0x40
        EXIT
.end_kernel

// sm_35's memory instructions: LDG (the read-only global load) of 32 and
// 64 bits, with a 64-bit .E address; ATOM.MIN/.MAX.S64 (signed 64-bit) with
// all 32 lanes on one doubleword, lanes in ascending order, each receiving
// the value it replaced.
.target sm_35
.kernel kepler_mem
.param out, 8
.param src, 8
.param cells, 8
.param b, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        SHL R3, R0, 0x3
        IADD R20, R3, c[0x0][out]
        MOV R10, c[0x0][src]
        MOV R11, c[0x0][src+0x4]
        IADD R2, R3, c[0x0][b]
        LD.64 R4, [R2]
        MOV R12, c[0x0][cells]
// LDG R7, [src + 4t]
        IADD R2, R1, R10
        LDG R6, [R2]
        MOV R7, RZ
        ST.64 [R20], R6
        IADD R20, R20, 0x100
// LDG.64 R6, [src + 8t + 0x8]
        IADD R2, R3, R10
        LDG.64 R6, [R2+0x8]
        ST.64 [R20], R6
        IADD R20, R20, 0x100
// LDG.E.64 R6, [R10:R11 + 8t] (a 64-bit address)
        IADD R8.CC, R10, R3
        IADD.X R9, R11, RZ
        LDG.E.64 R6, [R8]
        ST.64 [R20], R6
        IADD R20, R20, 0x100
// ATOM.MIN.S64 R6, [cells], R4
        ATOM.MIN.S64 R6, [R12], R4
        ST.64 [R20], R6
        IADD R20, R20, 0x100
// ATOM.E.MAX.S64 R6, [cells + 8] (64-bit address), R4
        MOV R8, c[0x0][cells]
        MOV R9, c[0x0][cells+0x4]
        ATOM.E.MAX.S64 R6, [R8+0x8], R4
        ST.64 [R20], R6
        IADD R20, R20, 0x100
// @P0 ATOM.MAX.S64 (odd lanes only) on cells + 16
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        MOV R6, RZ
        MOV R7, RZ
        @P0 ATOM.MAX.S64 R6, [R12+0x10], R4
        ST.64 [R20], R6
        EXIT
.end_kernel

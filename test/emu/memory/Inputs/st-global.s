// Global stores of every width into 64-byte regions per thread (dst + 64t):
// only the addressed bytes change.
.kernel st_global
.param dst, 8
        S2R R0, SR_TID.X
        MOV R10, c[0x0][dst]
        MOV R11, c[0x0][dst+0x4]
        ISCADD R2, R0, R10, 0x6
        MOV32I R4, 0x11223300
        LOP.OR R4, R4, R0
        ST.U8 [R2+0x1], R4
        MOV32I R5, -0x80
        LOP.OR R5, R5, R0
        ST.S8 [R2+0x2], R5
        MOV32I R6, 0xdead0000
        IADD R6, R6, R0
        ST.U16 [R2+0x6], R6
        ST.S16 [R2+0x8], R5
        ST [R2+0xc], R0
        MOV32I R14, 0xcafe0000
        IADD R14, R14, R0
        MOV32I R15, 0x5a5a0000
        IADD R15, R15, R0
        ST.64 [R2+0x10], R14
        IADD R24, R0, 0x100
        IADD R25, R0, 0x200
        IADD R26, R0, 0x300
        IADD R27, R0, 0x400
        IADD R3, R2, 0x40
        ST.128 [R3-0x20], R24
        ISCADD R8, R0, RZ, 0x6
        IADD.CC R12, R10, R8
        IADD.X R13, R11, RZ
        MOV32I R7, 0x7e7e7e7e
        ST.E [R12+0x30], R7
        ST.E.U8 [R12+0x35], R0
        ST.E.64 [R12+0x38], R14
        ST [R2+0x3c], RZ
        EXIT
.end_kernel

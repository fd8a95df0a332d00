// Global loads of every width, register and immediate offsets, 64-bit .E
// addresses from a register pair, LDU with a uniform address, guarded loads.
.kernel ld_global
.param out, 8
.param src, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R10, c[0x0][src]
        MOV R11, c[0x0][src+0x4]
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
// LD.U8 R7, [src + t]
        IADD R2, R10, R0
        LD.U8 R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.S8 R7, [src + t]
        LD.S8 R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.U16 R7, [src + 2t]
        ISCADD R2, R0, R10, 0x1
        LD.U16 R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.S16 R7, [src + 2t]
        LD.S16 R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD R7, [src + 4t]
        ISCADD R2, R0, R10, 0x2
        LD R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.32 R7, [R2+0x4] (src + 4t + 4)
        LD.32 R7, [R2+0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD R7, [R3-0x8] with R3 = src + 4t + 0x10
        IADD R3, R2, 0x10
        LD R7, [R3-0x8]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD R7, [R3+-0x10] (listing spelling)
        LD R7, [R3+-0x10]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.64 R14, [src + 8t]
        ISCADD R2, R0, R10, 0x3
        LD.64 R14, [R2]
        ST [R20], R14
        IADD R20, R20, 0x80
        ST [R20], R15
        IADD R20, R20, 0x80
// LD.128 R24, [src + 16t]
        ISCADD R2, R0, R10, 0x4
        LD.128 R24, [R2]
        ST [R20], R24
        IADD R20, R20, 0x80
        ST [R20], R25
        IADD R20, R20, 0x80
        ST [R20], R26
        IADD R20, R20, 0x80
        ST [R20], R27
        IADD R20, R20, 0x80
// LD.E R7, [R12] with R12:R13 = src + 4t (64-bit add)
        IADD.CC R12, R10, R1
        IADD.X R13, R11, RZ
        LD.E R7, [R12]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.E.64 R14, [R12+0x8] with R12:R13 = src + 8t
        ISCADD R2, R0, RZ, 0x3
        IADD.CC R12, R10, R2
        IADD.X R13, R11, RZ
        LD.E.64 R14, [R12+0x8]
        ST [R20], R14
        IADD R20, R20, 0x80
        ST [R20], R15
        IADD R20, R20, 0x80
// LD.E.U8 R7, [R12+0x3]
        LD.E.U8 R7, [R12+0x3]
        ST [R20], R7
        IADD R20, R20, 0x80
// LDU R7, [R10+0x4] (uniform)
        LDU R7, [R10+0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// LDU.E.64 R14, [R10+0x10] (uniform, pair address)
        LDU.E.64 R14, [R10+0x10]
        ST [R20], R14
        IADD R20, R20, 0x80
        ST [R20], R15
        IADD R20, R20, 0x80
// LDU.S16 R7, [R10+0x1e]
        LDU.S16 R7, [R10+0x1e]
        ST [R20], R7
        IADD R20, R20, 0x80
// @P0 LD R7, [src + 4t] (odd lanes; even lanes keep 0xdeadbeef)
        MOV32I R7, 0xdeadbeef
        ISCADD R2, R0, R10, 0x2
        @P0 LD R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD R7, [R7] after MOV R7, R2 (address register == destination)
        MOV R7, R2
        LD R7, [R7]
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

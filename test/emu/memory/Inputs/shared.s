// Shared memory: static (.shared) and dynamic (launch shared=) parts,
// LDS/STS of every width, [imm] absolute addresses, exchange between
// lanes of one warp and, across warps, after BAR.SYNC.
.kernel shared_mem
.param out, 8
.shared 256
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R21, c[0x0][0x0]
        SHL R21, R21, 0x2
// STS [4t], t*3+1; neighbour (t+1) % 64 reads it after the barrier
        IMAD R4, R0, 0x3, R0
        IADD R4, R4, 0x1
        STS [R1], R4
        BAR.SYNC 0x0
        IADD R5, R0, 0x1
        LOP.AND R5, R5, 0x3f
        SHL R5, R5, 0x2
        LDS R7, [R5]
        ST [R20], R7
        IADD R20, R20, R21
// sub-word: lane t stores byte t into byte t of [0x100..0x13f] (the dynamic part)
        STS.U8 [R0+0x100], R0
        BAR.SYNC 0x1
        LDS.S8 R7, [R0+0x100]
        ST [R20], R7
        IADD R20, R20, R21
        LDS.U16 R7, [0x102]
        ST [R20], R7
        IADD R20, R20, R21
        LDS.S16 R7, [0x13e]
        ST [R20], R7
        IADD R20, R20, R21
        LDS.U8 R7, [R0+0xff]
        ST [R20], R7
        IADD R20, R20, R21
// .64 and .128 of words written above: [8k] and [16k] for k = t % 16
        LOP.AND R6, R0, 0xf
        SHL R8, R6, 0x3
        LDS.64 R14, [R8]
        ST [R20], R14
        IADD R20, R20, R21
        ST [R20], R15
        IADD R20, R20, R21
        SHL R8, R6, 0x4
        LDS.128 R24, [R8]
        ST [R20], R27
        IADD R20, R20, R21
// STS.64 / STS.128 then read back as words
        BAR.SYNC 0x2
        MOV32I R14, 0xf00d0000
        IADD R14, R14, R0
        LOP32I.XOR R15, R14, 0xffffffff
        ISCADD R8, R0, 0x140, 0x3
        STS.64 [R8], R14
        BAR.SYNC 0x3
        LDS R7, [R8+0x4]
        ST [R20], R7
        IADD R20, R20, R21
// uninitialised shared memory (ISA.md 2: zero-filled, or --fill-uninit)
        LDS R7, [R1+0x340]
        ST [R20], R7
        IADD R20, R20, R21
// c[0x0][0x18] is the dynamic shared size
        MOV R7, c[0x0][0x18]
        ST [R20], R7
        EXIT
.end_kernel

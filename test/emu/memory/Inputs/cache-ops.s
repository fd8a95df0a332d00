// Cache operators on global and local loads and stores change no result:
// each block's value is the one the plain form gives (test/emu/memory/cache-ops.simt).
.kernel cache_ops
.param out, 8
.param src, 8
.local 64
        S2R R0, SR_TID.X
        SHL R8, R0, 0x2
        IADD R20, R8, c[0x0][out]
        IADD R2, R8, c[0x0][src]          // src + 4t
        ISCADD R3, R0, c[0x0][src], 0x3   // src + 8t
        IADD.CC R12, R8, c[0x0][src]      // R12:R13 = 64-bit src + 4t
        IADD.X R13, RZ, c[0x0][src+0x4]
        LD R6, [R2]                       // src[t], plain
        SHL R24, R0, 0x3
        IADD.CC R24, R24, c[0x0][src]     // R24:R25 = 64-bit src + 8t
        IADD.X R25, RZ, c[0x0][src+0x4]
        IMAD R5, R0, 0x3, RZ              // 3t
        MOV R1, c[0x1][0x100]
// LD.CA R7, [R2] (src[t])
        LD.CA R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.CG R7, [R2] (src[t])
        LD.CG R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.CS R7, [R2] (src[t])
        LD.CS R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.LU R7, [R2] (src[t])
        LD.LU R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.CV R7, [R2] (src[t])
        LD.CV R7, [R2]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.CG.64 R14, [R3]: low word (src[2t])
        LD.CG.64 R14, [R3]
        MOV R7, R14
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.LU.64 R14, [R3]: high word (src[2t+1])
        LD.LU.64 R14, [R3]
        MOV R7, R15
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.E.CS R7, [R12] (64-bit address of src[t])
        LD.E.CS R7, [R12]
        ST [R20], R7
        IADD R20, R20, 0x80
// LD.E.CV.64 R14, [R24] (64-bit address of src[2t]): high word (src[2t+1])
        LD.E.CV.64 R14, [R24]
        MOV R7, R15
        ST [R20], R7
        IADD R20, R20, 0x80
// ST.WB [R20], R7 with R7 = src[t] + 1
        IADD R7, R6, 1
        ST.WB [R20], R7
        IADD R20, R20, 0x80
// ST.CG [R20], R7 with R7 = src[t] + 2
        IADD R7, R6, 2
        ST.CG [R20], R7
        IADD R20, R20, 0x80
// ST.CS [R20], R7 with R7 = src[t] + 3
        IADD R7, R6, 3
        ST.CS [R20], R7
        IADD R20, R20, 0x80
// ST.WT [R20], R7 with R7 = src[t] + 4
        IADD R7, R6, 4
        ST.WT [R20], R7
        IADD R20, R20, 0x80
// ST.E.WT [R22], R7 (64-bit address) with R7 = src[t] ^ 0x5a
        MOV R22, R20                      // R22:R23 = 64-bit R20
        MOV R23, c[0x0][out+0x4]
        LOP.XOR R7, R6, 0x5a
        ST.E.WT [R22], R7
        IADD R20, R20, 0x80
// STL.WB [R1-0x4], R4 then LDL.CA R7, [R1-0x4] (3t + 0)
        IADD R4, R5, 0
        STL.WB [R1-0x4], R4
        LDL.CA R7, [R1-0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// STL.CG [R1-0x4], R4 then LDL.LU R7, [R1-0x4] (3t + 1)
        IADD R4, R5, 1
        STL.CG [R1-0x4], R4
        LDL.LU R7, [R1-0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// STL.CS [R1-0x4], R4 then LDL.CV R7, [R1-0x4] (3t + 2)
        IADD R4, R5, 2
        STL.CS [R1-0x4], R4
        LDL.CV R7, [R1-0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// STL.WT [R1-0x4], R4 then LDL.CS R7, [R1-0x4] (3t + 3)
        IADD R4, R5, 3
        STL.WT [R1-0x4], R4
        LDL.CS R7, [R1-0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
// STL.CG.64 [R1-0x10], R14 then LDL.LU.64 R16, [R1-0x10]: high word (src[t] + 7)
        MOV R14, R6
        IADD R15, R6, 0x7
        STL.CG.64 [R1-0x10], R14
        LDL.LU.64 R16, [R1-0x10]
        MOV R7, R17
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// Whole warps (every lane taking part) on the two address patterns the
// emulator recognises on the base registers (emu/sem/Memory.cpp,
// warpPattern): consecutive elements, and one address for every lane
// (a broadcast), in global memory through 32-bit and .E pair addresses and
// in shared memory. out: 64-word blocks per check.
.kernel warp_patterns
.param src, 8
.param out, 8
.regs 24
        S2R R0, SR_TID.X
        MOV R10, c[0x0][src]
        MOV R11, c[0x0][src+0x4]
        MOV R12, c[0x0][out]
        MOV R13, c[0x0][out+0x4]
        // 1. a broadcast load (src[5], every lane), stored consecutively
        LD R1, [R10+0x14]
        ISCADD R2, R0, R12, 0x2
        ST [R2], R1
        // 2. the same through the .E pair, with the sign-extended byte 0x80
        //    of src[6]
        LD.E.S8 R3, [R10+0x18]
        ST [R2+0x100], R3
        // 3. a broadcast store: every lane stores its tid to out[128]; the
        //    highest lane's store is the last
        ST [R12+0x200], R0
        // 4. a broadcast .64 store of (tid, tid + 100) to out[130..131]
        IADD R5, R0, 0x64
        MOV R4, R0
        ST.64 [R12+0x208], R4
        // 5. consecutive .64 loads of src pairs through .E, stored swapped
        //    at out[192 + 2t]: (src[2t + 1], src[2t])
        ISCADD R6, R0, R10, 0x3
        MOV R7, R11
        LD.E.64 R8, [R6]
        ISCADD R14, R0, R12, 0x3
        ST [R14+0x300], R9
        ST [R14+0x304], R8
        // 6. shared: every lane stores tid + 7 at sh[4], then a broadcast
        //    load of it to out[256 + t]
        IADD R15, R0, 0x7
        STS [0x4], R15
        BAR.SYNC 0x0
        LDS R16, [0x4]
        ST [R2+0x400], R16
        // 7. runs of 16 lanes (a 16-wide 2-D block's two rows): lane t
        //    loads src[j + 1] through .E with an offset, j = (t & 15) +
        //    32 (t >> 4), and stores it at out[320 + j]
        LOP.AND R17, R0, 0xf
        SHR.U32 R18, R0, 0x4
        ISCADD R17, R18, R17, 0x5
        ISCADD R20, R17, R10, 0x2
        MOV R21, R11
        LD.E R23, [R20+0x4]
        ISCADD R22, R17, R12, 0x2
        ST [R22+0x500], R23
        // 8. runs of 8 lanes on the same 8 words: lane t stores t at
        //    out[384 + (t & 7)]; the last run (lanes 24..31) is the last
        LOP.AND R17, R0, 0x7
        ISCADD R22, R17, R12, 0x2
        ST [R22+0x600], R0
        EXIT
.end_kernel

// A broadcast load of a misaligned address faults as any other.
.kernel misaligned_broadcast
.param src, 8
        S2R R0, SR_TID.X
        MOV R10, c[0x0][src]
        LD R1, [R10+0x2]
        EXIT
.end_kernel

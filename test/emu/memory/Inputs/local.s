// Local memory: per-thread windows at the same addresses; R1 = c[0x1][0x100].
.kernel local_mem
.param out, 8
.local 64
        S2R R0, SR_TID.X
        SHL R2, R0, 0x2
        IADD R20, R2, c[0x0][out]
        MOV R1, c[0x1][0x100]
        MOV R7, R1
        ST [R20], R7
        IADD R20, R20, 0x80
        IMAD R4, R0, 0x5, R0
        STL [R1-0x4], R4
        STL [0x0], R0
        MOV32I R14, 0xabcd0000
        IADD R14, R14, R0
        MOV R15, R4
        STL.64 [0x8], R14
        MOV32I R5, -0x1
        STL.U8 [0x11], R5
        STL.S16 [0x16], R5
        IADD R24, R0, 0x1
        IADD R25, R0, 0x2
        IADD R26, R0, 0x3
        IADD R27, R0, 0x4
        STL.128 [R1-0x20], R24
        LDL R7, [R1-0x4]
        ST [R20], R7
        IADD R20, R20, 0x80
        LDL R7, [RZ]
        ST [R20], R7
        IADD R20, R20, 0x80
        LDL.64 R14, [0x8]
        ST [R20], R14
        IADD R20, R20, 0x80
        ST [R20], R15
        IADD R20, R20, 0x80
        LDL R7, [0x10]
        ST [R20], R7
        IADD R20, R20, 0x80
        LDL.S8 R7, [0x11]
        ST [R20], R7
        IADD R20, R20, 0x80
        LDL.U16 R7, [0x16]
        ST [R20], R7
        IADD R20, R20, 0x80
        LDL.128 R24, [0x20]
        ST [R20], R24
        IADD R20, R20, 0x80
        ST [R20], R27
        IADD R20, R20, 0x80
        LDL R7, [0x18]
        ST [R20], R7
        EXIT
.end_kernel

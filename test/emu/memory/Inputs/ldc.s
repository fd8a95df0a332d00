// LDC with per-thread offsets into a user bank, the launch block (bank 0)
// and the runtime bank 1; c[][] operands of ALU instructions.
.kernel ldc
.param out, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        LDC R7, c[0x2][R1]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC R7, c[0x2][R1+0x4]
        ST [R20], R7
        IADD R20, R20, 0x40
        IADD R3, R1, 0x10
        LDC R7, c[0x2][R3-0x10]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC.U8 R7, c[0x2][R0+0x40]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC.S8 R7, c[0x2][R0+0x40]
        ST [R20], R7
        IADD R20, R20, 0x40
        SHL R3, R0, 0x1
        LDC.U16 R7, c[0x2][R3+0x40]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC.S16 R7, c[0x2][R3+0x40]
        ST [R20], R7
        IADD R20, R20, 0x40
        SHL R3, R0, 0x3
        LDC.64 R14, c[0x2][R3]
        ST [R20], R15
        IADD R20, R20, 0x40
        SHL R3, R0, 0x4
        LOP.AND R3, R3, 0x30
        LDC.128 R24, c[0x2][R3]
        ST [R20], R26
        IADD R20, R20, 0x40
        LOP.AND R3, R1, 0xf
        LDC R7, c[0x0][R3]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC R7, c[0x1][RZ+0x100]
        ST [R20], R7
        IADD R20, R20, 0x40
        IADD R7, R0, c[0x2][0x8]
        ST [R20], R7
        IADD R20, R20, 0x40
        LDC R7, c[0x3][R1]
        ST [R20], R7
        EXIT
.end_kernel

// Reads c[0x2][0x0] into out[0]: which constants version did the launch bind?
.kernel ldc_version
.param out, 8
        MOV R2, c[0x0][out]
        MOV R7, c[0x2][0x0]
        LDC R8, c[0x2][RZ+0x4]
        IADD R7, R7, R8
        ST [R2], R7
        EXIT
.end_kernel

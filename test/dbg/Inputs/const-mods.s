// const-mods: constant operands with source modifiers and a video
// instruction, as the debugger prints and steps them.
.kernel cmods
.param out, 8
        S2R R0, SR_TID.X
        IADD R2, R0, -c[0x2][0x0]
        FADD R4, RZ, |c[0x2][0x4]|
        VADD.UD.U32.U8.ACC R5, R0, R0.B0, R2
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel

// RED (no result), 64-bit atomics on pairs, atomics on distinct words.
.kernel red
.param cells, 8
.param cells64, 8
.param priv, 8
.param out, 8
.param b, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        MOV R10, c[0x0][cells]
        MOV R11, c[0x0][cells+0x4]
        RED.ADD [R10], R5
        RED.MIN [R10+0x4], R5
        RED.MAX [R10+0x8], R5
        RED.INC [R10+0xc], R0
        RED.DEC [R10+0x10], R0
        RED.AND [R10+0x14], R5
        RED.OR [R10+0x18], R5
        RED.XOR [R10+0x1c], R5
        RED.E.MIN.S32 [R10+0x20], R5
        RED.MAX.S32 [R10+0x24], R5
        MOV R12, c[0x0][cells64]
        MOV R13, c[0x0][cells64+0x4]
// 64-bit: R14:R15 = {b, t}
        MOV R14, R5
        MOV R15, R0
        RED.E.ADD.U64 [R12], R14
        ATOM.ADD.U64 R24, [R12+0x8], R14
        ATOM.MAX.U64 R26, [R12+0x10], R14
        ATOM.E.EXCH.U64 R28, [R12+0x18], R14
        MOV R16, RZ
        MOV R17, RZ
        ATOM.E.CAS.U64 R30, [R12+0x20], R16, R14
        IADD R18, R1, c[0x0][out]
        ST [R18], R24
        ST [R18+0x80], R25
        ST [R18+0x100], R27
        ST [R18+0x180], R29
        ST [R18+0x200], R30
        ST [R18+0x280], R31
// distinct words: lane t adds t to priv[t]; each old value is the initial one
        IADD R2, R1, c[0x0][priv]
        ATOM.ADD R7, [R2], R0
        ST [R18+0x300], R7
        EXIT
.end_kernel

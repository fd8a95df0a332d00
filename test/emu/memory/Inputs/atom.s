// Every lane applies one atomic to the same word: lanes in ascending order,
// each receiving the value it replaced. Word k of `cells` serves case k.
.kernel atom
.param out, 8
.param cells, 8
.param b, 8
.param c, 8
.param cb, 8
.param fb, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        IADD R2, R1, c[0x0][b]
        LD R5, [R2]
        IADD R2, R1, c[0x0][c]
        LD R6, [R2]
        IADD R2, R1, c[0x0][cb]
        LD R22, [R2]
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        MOV32I R9, 0x6
        MOV R10, c[0x0][cells]
        MOV R11, c[0x0][cells+0x4]
// ATOM.ADD R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x0
        ATOM.ADD R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.MIN R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x4
        ATOM.MIN R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.MAX R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x8
        ATOM.MAX R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.INC R7, [R12], R5
        MOV32I R9, 0x6
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0xc
        ATOM.INC R7, [R12], R9
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.DEC R7, [R12], R5
        MOV32I R9, 0x9
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x10
        ATOM.DEC R7, [R12], R9
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.AND R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x14
        ATOM.AND R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.OR R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x18
        ATOM.OR R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.XOR R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x1c
        ATOM.XOR R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.EXCH R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x20
        ATOM.EXCH R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.CAS R7, [R12], R5, R6
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x24
        ATOM.CAS R7, [R12], R22, R6
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.MIN.S32 R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x28
        ATOM.MIN.S32 R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.MAX.S32 R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x2c
        ATOM.MAX.S32 R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.ADD.S32 R7, [R12], R5
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x30
        ATOM.ADD.S32 R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.ADD.F32 R7, [R12], R5 (floats, RN, lane order)
        IADD R2, R1, c[0x0][fb]
        LD R23, [R2]
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x34
        ATOM.ADD.F32 R7, [R12], R23
        ST [R20], R7
        IADD R20, R20, 0x80
// @P0 ATOM.ADD R7, [R12], R5 (odd lanes only)
        MOV32I R7, 0xeeeeeeee
        IADD R12, R10, 0x38
        @P0 ATOM.ADD R7, [R12], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.E.ADD R7, [R16], R5 (64-bit address)
        MOV32I R7, 0xeeeeeeee
        IADD.CC R16, R10, 0x3c
        IADD.X R17, R11, RZ
        ATOM.E.ADD R7, [R16], R5
        ST [R20], R7
        IADD R20, R20, 0x80
// ATOM.E.CAS R7, [R16], R5, R6
        MOV32I R7, 0xeeeeeeee
        IADD.CC R16, R10, 0x40
        IADD.X R17, R11, RZ
        ATOM.E.CAS R7, [R16], R22, R6
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

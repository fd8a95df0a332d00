// wide: one double-precision instruction whose Sb is a 64-bit constant
// operand, c[0x2][0x10] (the words at 0x10 and 0x14, both in line 0).
// out[0] = 0.0 + c[0x2][0x10].
.kernel wide
.param out, 8
        MOV R8, RZ
        MOV R9, RZ
        DADD R8, R8, c[0x2][0x10]
        MOV R6, c[0x0][out]
        ST.64 [R6], R8
        EXIT
.end_kernel

// A thread stores 100 to a doubleword, then takes the signed 64-bit minimum
// of it and 7 (sm_35's ATOM.MIN.S64): the atomic reads the stored 100.
.target sm_35
.kernel atom_after_store
.param cell, 8
.param old, 8
        MOV R12, c[0x0][cell]
        MOV R4, 0x64
        MOV R5, RZ
        ST.64 [R12], R4
        MOV R4, 0x7
        ATOM.MIN.S64 R6, [R12], R4
        MOV R13, c[0x0][old]
        ST.64 [R13], R6
        EXIT
.end_kernel

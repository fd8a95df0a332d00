// calls.cu by hand (see there), with its line table: `.file`/`.loc` as
// clang's PTX has them. Lanes 0-15 return early from classify; the CALL
// token keeps them until lanes 16-31 return too. The tests replace @DIR@
// by this directory, where the debugger finds calls.cu.
.file 1 "@DIR@/calls.cu"
.kernel calls
.param out, 8
        .loc 1 11 11
        S2R R0, SR_TID.X
        .loc 1 12 11
        MOV R5, RZ
        CAL classify
        .loc 1 13 3
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R5
        .loc 1 14 1
        EXIT
.end_kernel

.func classify
        .loc 1 5 7
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT
        .loc 1 6 5
  @P0   MOV R5, 0x1
  @P0   RET
        .loc 1 7 3
        MOV R5, 0x2
        RET
.end_func

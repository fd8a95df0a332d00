// call: lanes 0-15 return early from `func`; the CALL token keeps them
// until lanes 16-31 return too.
.kernel call
.param out, 8
        S2R R0, SR_TID.X
        MOV R5, RZ
        CAL func
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R5
        EXIT
.end_kernel

.func func
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT
  @P0   MOV R5, 0x1
  @P0   RET                              // lanes 0-15 return now
        MOV R5, 0x2
        RET
.end_func

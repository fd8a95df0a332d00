// exit: lanes 0-15 take `low`; on the other side lanes 24-31 exit, so the
// SYNC token reconverges only the lanes that are left.
.kernel early
.param out, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT
        SSY join
  @P0   BRA low
        ISETP.GE.U32.AND P1, PT, R0, 0x18, PT
  @P1   EXIT                             // lanes 24-31 finish here
        MOV R2, 0x2
        SYNC
low:    MOV R2, 0x1
        SYNC
join:   ST [R3], R2
        EXIT
.end_kernel

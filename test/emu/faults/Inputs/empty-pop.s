// Warp 1 of CTA 1 executes SYNC with no token on the stack.
.kernel pop_sync
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R1, 0x1, PT
  @P0   BRA ps_w
        EXIT
ps_w:   ISETP.GE.U32.AND P1, PT, R0, 0x20, PT
  @!P1  EXIT
        SYNC
        EXIT
.end_kernel

// RET without CAL by lanes 0..3; the other lanes exit: lanes 0..3 are live
// with no token left when the active mask empties at the EXIT.
.kernel pop_ret
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.LT.U32.AND P0, PT, R9, 0x4, PT
  @P0   RET
        EXIT
.end_kernel

// BRK without PBK.
.kernel pop_brk
.param out, 8
        BRK
        EXIT
.end_kernel

// CTA (1,0,0): warp 0 waits at barrier 1, warp 1 at barrier 2: neither can
// open. CTA 0 takes the common barrier 0 and finishes.
.kernel dead
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P2, PT, R1, 0x1, PT
  @!P2  BAR.SYNC 0x0
  @!P2  EXIT
        ISETP.LT.U32.AND P0, PT, R0, 0x20, PT
  @P0   BAR.SYNC 0x1
  @!P0  BAR.SYNC 0x2
        EXIT
.end_kernel

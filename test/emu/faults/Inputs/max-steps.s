// Warp 1 of CTA 0 spins forever; everything else exits.
.kernel spin
.param out, 8
        S2R R0, SR_TID.X
        ISETP.LT.U32.AND P0, PT, R0, 0x20, PT
  @P0   EXIT
spin_l: BRA spin_l
.end_kernel

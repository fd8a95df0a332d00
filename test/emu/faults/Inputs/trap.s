// Lanes 29..31 of the CTA at (0,1) trap.
.kernel trap
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.Y
        ISETP.GT.U32.AND P0, PT, R0, 0x1c, PT
        ISETP.EQ.AND P0, PT, R1, 0x1, P0
        BPT.DRAIN 0x1
  @P0   BPT.TRAP 0x1234
        EXIT
.end_kernel

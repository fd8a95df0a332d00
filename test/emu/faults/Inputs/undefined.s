// Lanes 8..15 of warp 1 in CTA 1 branch to a word that encodes no instruction.
.kernel undef
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.GE.U32.AND P0, PT, R2, 0x68, PT
        ISETP.LT.U32.AND P0, PT, R2, 0x70, P0
  @P0   BRA bad
        EXIT
bad:    NOP
        .quad 0xffffffffffffffff
        EXIT
.end_kernel

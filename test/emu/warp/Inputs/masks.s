// Active-mask patterns with block=40 (warp 1 has lanes 0..7 only):
// full warp, one lane, alternating lanes, never, always. out holds exactly
// 40 words per row, so a store by a missing lane 8..31 of warp 1 faults.
.kernel masks
.param out, 8
        S2R R0, SR_TID.X
        S2R R9, SR_LANEID
        ISCADD R20, R0, c[0x0][out], 0x2
        LOP.AND R2, R9, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
        ISETP.EQ.AND P5, PT, R9, 0x5, PT
        MOV32I R7, 0xeeeeeeee
        IADD R8, R0, 0x100
        ST [R20], R8
  @P5   IADD R7, R0, 0x200
        ST [R20+0xa0], R7
  @P2   IADD R7, R0, 0x300
        ST [R20+0x140], R7
  @!P2  IADD R7, R0, 0x400
        ST [R20+0x1e0], R7
  @!PT  MOV R7, RZ
        ST [R20+0x280], R7
  @PT   MOV R7, R9
        ST [R20+0x320], R7
  @P2   ST [R20+0x3c0], R0
  @!P5  EXIT
        MOV R7, 0x55
        ST [R20+0x460], R7
        EXIT
.end_kernel

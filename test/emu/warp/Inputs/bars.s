// Three warps exchange through shared memory across BAR.SYNC; BAR.RED
// reductions over the CTA; a register barrier id; MEMBAR, NOP, BPT.DRAIN.
.kernel bars
.param out, 8
.shared 1024
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        IMAD R4, R0, 0x7, R0
        STS [R1], R4
        MEMBAR.CTA
        BAR.SYNC 0x0
        IADD R5, R0, 0x20
        ISETP.GE.U32.AND P0, PT, R5, 0x60, PT
   @P0  IADD R5, R5, -0x60
        SHL R5, R5, 0x2
        LDS R7, [R5]
        ST [R20], R7
        IADD R20, R20, 0x180
// P1 = tid % 3 == 0 (32 threads), P2 = tid < 95, P3 = tid == 50
        MOV32I R6, 0xaaaaaaab
        IMUL.U32.HI R6, R0, R6
        SHR.U32 R6, R6, 0x1
        IMAD R6, R6, -0x3, R0
        ISETP.EQ.AND P1, PT, R6, RZ, PT
        ISETP.LT.U32.AND P2, PT, R0, 0x5f, PT
        ISETP.EQ.AND P3, PT, R0, 0x32, PT
        BAR.RED.POPC R7, 0x1, P1
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.POPC R7, 0x2, !P1
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.AND R7, 0x3, P2
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.AND R7, 0x4
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.OR R7, 0x5, P3
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.OR R7, 0x6, !PT
        ST [R20], R7
        IADD R20, R20, 0x180
        MOV R8, 0xf
        BAR.RED.POPC R7, R8
        ST [R20], R7
        IADD R20, R20, 0x180
// a register id for BAR.SYNC; then STS by warp 2 is seen by warp 0
        MOV32I R9, 0x12345
        STS [R1+0x180], R9
        MEMBAR.GL
        NOP
        BPT.DRAIN 0x7
        MOV R8, 0x7
        BAR.SYNC R8
        LDS R7, [0x2fc]
        ST [R20], R7
        IADD R20, R20, 0x180
        BAR.RED.POPC RZ, RZ
        MOV R7, R9
        ST [R20], R7
        EXIT
.end_kernel

// Warp 2 exits before the barriers: they open with the two warps left.
// Warp 0 diverges and reaches BAR.SYNC 1 on two paths (two arrivals, as on
// Fermi); warp 1 arrives twice on one path.
.kernel bars_exit
.param out, 8
.shared 512
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        ISETP.GE.U32.AND P0, PT, R0, 0x40, PT
   @P0  EXIT
        STS [R1], R0
        BAR.SYNC 0x0
        LDS R7, [R1]
        LOP.XOR R5, R1, 0x80
        LDS R7, [R5]
        ST [R20], R7
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT
   @P1  BRA bx_w1
        LOP.AND R2, R0, 0x1
        ISETP.NE.AND P2, PT, R2, RZ, PT
        SSY bx_join
   @P2  BRA bx_odd
        STS [R1+0x100], R0
        BAR.SYNC 0x1
        SYNC
bx_odd: STS [R1+0x100], R0
        BAR.SYNC 0x1
        SYNC
bx_join:
        EXIT
bx_w1:  BAR.SYNC 0x1
        BAR.SYNC 0x1
        IADD R5, R1, -0x80
        LDS R7, [R5+0x100]
        ST [R20+0x100], R7
        EXIT
.end_kernel

// A barrier whose guard is false for every thread of a warp is no arrival:
// warp 1 skips @!P0 BAR.SYNC 0, spins, stores 0x2222, then arrives; warp 0
// must not leave BAR.SYNC 0 before that.
.kernel bars_guard
.param out, 8
.shared 16
        S2R R0, SR_TID.X
        ISCADD R20, R0, c[0x0][out], 0x2
        ISETP.GE.U32.AND P0, PT, R0, 0x20, PT
  @!P0  BRA bg_w0
  @!P0  BAR.SYNC 0x0
        MOV R6, RZ
bg_spin:
        IADD R6, R6, 0x1
        ISETP.LT.U32.AND P1, PT, R6, 0x40, PT
  @P1   BRA bg_spin
        MOV32I R5, 0x2222
        STS [0x0], R5
        BAR.SYNC 0x0
        EXIT
bg_w0:  BAR.SYNC 0x0
        LDS R7, [0x0]
        ST [R20], R7
        EXIT
.end_kernel

// Recursion: every call pushes a CALL token; lanes 0..15 of warp 1 recurse
// without end after diverging (SSY, DIV pushed first).
.kernel ovf
.param out, 8
        S2R R0, SR_TID.X
        ISETP.LT.U32.AND P0, PT, R0, 0x20, PT
        ISETP.GE.U32.OR P0, PT, R0, 0x30, P0
        SSY ovf_j
  @P0   BRA ovf_j
        CAL ovf_f
ovf_j:  EXIT
ovf_f:  CAL ovf_f
        RET
.end_kernel

// .max_stack 3: the fourth SSY overflows.
.kernel ovf_dir
.param out, 8
.max_stack 3
        SSY d_1
        SSY d_1
        SSY d_1
        SSY d_1
d_1:    EXIT
.end_kernel

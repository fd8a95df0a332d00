// vecadd1pe: c[i] = a[i] + b[i] (f32) with one thread per element, as CUDA
// kernels are written: n / 256 CTAs of 256 threads, each thread loads two
// words, adds and stores one, and exits. 14 instructions per element; what
// matters here is what a CTA costs to start and retire.
// simt-bench's native twin is vecaddNative() in simt-bench.cpp.
.kernel vecadd1pe
.param a, 8
.param b, 8
.param c, 8
.param n, 4
.regs 9
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // i = ctaid * ntid + tid
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        ISCADD R4, R0, c[0x0][a], 0x2    // &a[i]
        ISCADD R5, R0, c[0x0][b], 0x2    // &b[i]
        ISCADD R6, R0, c[0x0][c], 0x2    // &c[i]
        LD R7, [R4]
        LD R8, [R5]
        FADD R7, R7, R8
        ST [R6], R7
        EXIT
.end_kernel

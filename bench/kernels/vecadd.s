// vecadd: memory-bound streaming c[i] = a[i] + b[i] (f32) over n elements,
// grid-stride loop (each thread handles n / (nctaid * ntid) elements).
// Per element: 3 ISCADD, 2 LD, FADD, ST, IADD, ISETP, BRA = 10 instructions,
// 12 bytes moved; 32-bit addresses (the buffers lie below 4 GiB).
// simt-bench's native twin is vecaddNative() in simt-bench.cpp.
.kernel vecadd
.param a, 8
.param b, 8
.param c, 8
.param n, 4
.regs 12
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // i = ctaid * ntid + tid
        IMUL R3, R1, c[0x0][0xc]         // stride = ntid * nctaid
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
loop:   ISCADD R4, R0, c[0x0][a], 0x2    // &a[i]
        ISCADD R5, R0, c[0x0][b], 0x2    // &b[i]
        ISCADD R6, R0, c[0x0][c], 0x2    // &c[i]
        LD R7, [R4]
        LD R8, [R5]
        FADD R7, R7, R8
        ST [R6], R7
        IADD R0, R0, R3                  // i += stride
        ISETP.LT.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   BRA loop
        EXIT
.end_kernel

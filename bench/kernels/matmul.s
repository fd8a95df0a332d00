// matmul: C = A x B for n x n f32 matrices, one thread per element of C on
// a 2-D grid of CTAs of 32 x 8 threads (a warp computes 32 neighbouring
// elements of one row): n * n / 256 CTAs. Each thread runs n iterations of
// LD A[row][k] (the same word in every lane), LD B[k][col] (coalesced),
// FFMA and 5 loop instructions (8 per k).
// simt-bench's native twin is matmulNative() in simt-bench.cpp.
.kernel matmul
.param a, 8
.param b, 8
.param c, 8
.param n, 4
.regs 12
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // col
        S2R R3, SR_CTAID.Y
        S2R R1, SR_NTID.Y
        S2R R2, SR_TID.Y
        IMAD R3, R3, R1, R2              // row
        MOV R1, c[0x0][n]
        IMUL R4, R3, R1                  // row * n
        ISCADD R4, R4, c[0x0][a], 0x2    // &A[row][0]
        ISCADD R5, R0, c[0x0][b], 0x2    // &B[0][col]
        SHL R6, R1, 0x2                  // a row of B in bytes
        MOV R7, RZ                       // acc = 0
        MOV R8, R1                       // k = n
loop:   LD R9, [R4]
        LD R10, [R5]
        FFMA R7, R9, R10, R7             // acc += A[row][k] * B[k][col]
        IADD R4, R4, 0x4
        IADD R5, R5, R6
        IADD R8, R8, -0x1
        ISETP.NE.AND P0, PT, R8, RZ, PT
  @P0   BRA loop
        IMAD R11, R3, R1, R0             // row * n + col
        ISCADD R11, R11, c[0x0][c], 0x2
        ST [R11], R7
        EXIT
.end_kernel

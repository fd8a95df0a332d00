// saxpy: y[i] = a * x[i] + y[i] for i < n, in single precision, one thread
// per element; bias: y[i] = y[i] + c[0x2][0x0], a constant the host sets
// with a run script's `const` command. docs/run-scripts.md and docs/ISA.md
// use both as their worked example.
.kernel saxpy
.param x, 8
.param y, 8
.param a, 4
.param n, 4
        S2R R0, SR_CTAID.X
        S2R R1, SR_TID.X
        IMAD R0, R0, c[0x0][0x0], R1          // i = ctaid.x * ntid.x + tid.x
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT                                  // threads past n
        ISCADD R2, R0, c[0x0][x], 0x2         // &x[i] (32-bit addresses)
        ISCADD R3, R0, c[0x0][y], 0x2         // &y[i]
        LD R4, [R2]
        LD R5, [R3]
        FFMA R5, R4, c[0x0][a], R5            // a * x[i] + y[i]
        ST [R3], R5
        EXIT
.end_kernel

.kernel bias
.param y, 8
.param n, 4
        S2R R0, SR_CTAID.X
        S2R R1, SR_TID.X
        IMAD R0, R0, c[0x0][0x0], R1
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        ISCADD R3, R0, c[0x0][y], 0x2
        LD R5, [R3]
        FADD R5, R5, c[0x2][0x0]              // the bias: user constant bank 2
        ST [R3], R5
        EXIT
.end_kernel

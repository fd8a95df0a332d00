// vecadd: c[i] = a[i] + b[i] for i < n, one thread per element.
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
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        SHL R3, R0, 0x2                  // byte offset
        IADD R4, R3, c[0x0][a]           // &a[i] (32-bit addresses)
        IADD R5, R3, c[0x0][b]
        IADD R6, R3, c[0x0][c]
        LD R7, [R4]
        LD R8, [R5]
        IADD R9, R7, R8
        ST [R6], R9
        EXIT
.end_kernel

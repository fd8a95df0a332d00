// histogram: a 32-bin histogram of 32-bit data with global atomics.
//
// Thread i (i < n) takes bin = data[i] >> 27 (the top 5 bits) and does
// ATOM.ADD on hist[bin]; atomics from the lanes of one instruction apply in
// ascending lane order and those of different warps and SMs one at a time,
// so no increment is lost however the warps interleave. ATOM returns the old
// count; RED.ADD (no result) adds the same 1 to a grand total, which must
// equal n.
.kernel histogram
.param data, 8
.param hist, 8
.param total, 8
.param n, 4
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // i
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        ISCADD R3, R0, c[0x0][data], 0x2
        LD R4, [R3]
        SHR.U32 R5, R4, 0x1b             // bin = x >> 27
        ISCADD R6, R5, c[0x0][hist], 0x2 // &hist[bin]
        MOV R7, 0x1
        ATOM.ADD R8, [R6], R7            // R8 = old count (unused)
        MOV R9, c[0x0][total]
        RED.ADD [R9], R7
        EXIT
.end_kernel

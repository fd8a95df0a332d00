// reduce: per-CTA sum of a vector with a shared-memory tree reduction.
//
// Each thread loads one element (0 past the end of the vector) into shared
// memory; then log2(ntid) rounds halve the number of active adders: in the
// round with stride s, threads tid < s add sdata[tid + s] into sdata[tid].
// BAR.SYNC 0 separates the rounds so that every warp of the CTA sees the
// partial sums of the previous round (warps run independently otherwise).
// The "if (tid < s)" is if-converted with a guard, so the loop itself is
// uniform: every warp reaches every barrier. Thread 0 writes out[ctaid].
// ntid must be a power of two, at most 1024 (shared: 4 bytes per thread).
.kernel reduce
.param in, 8
.param out, 8
.param n, 4
.shared 4096
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R2, SR_NTID.X
        IMAD R3, R1, R2, R0              // i = ctaid * ntid + tid
        ISETP.LT.U32.AND P0, PT, R3, c[0x0][n], PT
        MOV R4, RZ
        ISCADD R5, R3, c[0x0][in], 0x2   // &in[i]
  @P0   LD R4, [R5]                      // x = i < n ? in[i] : 0
        SHL R6, R0, 0x2                  // &sdata[tid]
        STS [R6], R4
        BAR.SYNC 0x0
        SHR.U32 R7, R2, 0x1              // s = ntid / 2
loop:   ISETP.LT.U32.AND P1, PT, R0, R7, PT   // tid < s ?
        ISCADD R8, R7, R6, 0x2           // &sdata[tid + s]
  @P1   LDS R9, [R8]
  @P1   LDS R10, [R6]
  @P1   IADD R10, R10, R9
  @P1   STS [R6], R10
        BAR.SYNC 0x0
        SHR.U32 R7, R7, 0x1              // s /= 2 (uniform across the CTA)
        ISETP.NE.AND P2, PT, R7, RZ, PT
  @P2   BRA loop                         // never divergent: s is uniform
        ISETP.NE.AND P3, PT, R0, RZ, PT
  @P3   EXIT
        LDS R11, [RZ]
        ISCADD R12, R1, c[0x0][out], 0x2
        ST [R12], R11
        EXIT
.end_kernel

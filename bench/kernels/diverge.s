// diverge: divergence-heavy. Each thread steps a 32-bit LCG seeded from
// in[t]; every iteration branches on bit 31 of the state, then (nested) on
// bit 30, so a warp splits four ways, data-dependently, with SSY/BRA/SYNC
// reconvergence at both levels (one SSY per level, 2-3 DIV/SYNC pops each).
// The four leaves update the accumulators differently; out[t] = acc ^ acc2.
// simt-bench's native twin is divergeNative() in simt-bench.cpp.
.kernel diverge
.param in, 8
.param out, 8
.param iters, 4
.regs 16
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // t
        ISCADD R12, R0, c[0x0][in], 0x2
        LD R2, [R12]                     // x = in[t]
        MOV R5, R0                       // acc = t
        MOV R6, RZ                       // acc2 = 0
        MOV32I R10, 0x19660d             // LCG multiplier 1664525
        MOV32I R11, 0x3c6ef35f           // LCG increment 1013904223
        MOV R14, c[0x0][iters]
loop:   IMAD R2, R2, R10, R11            // x = x * 1664525 + 1013904223
        LOP.AND R4, R2, 0x40000000
        ISETP.NE.AND P1, PT, R4, RZ, PT  // P1 = bit 30
        ISETP.LT.AND P0, PT, R2, RZ, PT  // P0 = bit 31
        SSY join0
  @P0   BRA hi
        SSY join1                        // bit 31 clear
  @P1   BRA lo1
        IADD R5, R5, R2                  // 00: acc += x
        SYNC
lo1:    LOP.XOR R5, R5, R2               // 01: acc ^= x
        IADD R6, R6, 0x1                 //     acc2 += 1
        SYNC
join1:  SHL R7, R5, 0x1                  // 0?: acc = (acc << 1) + acc2
        IADD R5, R7, R6
        SYNC
hi:     SSY join2                        // bit 31 set
  @P1   BRA hi1
        IMAD R5, R5, 0x3, R2             // 10: acc = acc * 3 + x
        SYNC
hi1:    LOP.AND R7, R2, 0xff             // 11: acc2 += x & 0xff
        IADD R6, R6, R7
        SYNC
join2:  LOP.XOR R5, R5, 0x5555           // 1?: acc ^= 0x5555
        SYNC
join0:  IADD R14, R14, -0x1
        ISETP.NE.AND P2, PT, R14, RZ, PT
  @P2   BRA loop
        LOP.XOR R5, R5, R6
        ISCADD R12, R0, c[0x0][out], 0x2
        ST [R12], R5
        EXIT
.end_kernel

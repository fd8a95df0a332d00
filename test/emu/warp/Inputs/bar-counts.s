// Barriers of a thread count (ISA.md 4): in a CTA of three warps, warp 0
// (producer) and warp 1 (consumer) hand data over through shared memory on
// barriers of 64 threads, warp 0 arriving at barrier 1 with BAR.ARV (it
// goes on) and waiting at barrier 3 (a count in a register) for what warp 1
// wrote after it; warp 2 never reaches barriers 1 and 3 and passes barrier
// 2 of 32 threads, its own, alone. Barriers of every warp of the CTA would
// never open here.
.kernel bar_counts
.param out, 8
.shared 256
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        SHR.U32 R2, R0, 0x5
        ISETP.EQ.AND P1, PT, R2, 0x1, PT
        ISETP.EQ.AND P2, PT, R2, 0x2, PT
   @P2  BRA BYSTANDER
   @P1  BRA CONSUMER
// warp 0: shared[tid] = 3 tid + 1; out[tid] = what warp 1 wrote for it
        IMUL R4, R0, 0x3
        IADD R4, R4, 0x1
        STS [R1], R4
        BAR.ARV 0x1, 0x40
        MOV R5, 0x40
        BAR.SYNC 0x3, R5
        LDS R7, [R1+0x80]
        ST [R20], R7
        EXIT
// warp 1: reads warp 0's value, writes it + 0x1000 to shared[tid]
CONSUMER:
        BAR.SYNC 0x1, 0x40
        LDS R7, [R1-0x80]
        IADD R8, R7, 0x1000
        STS [R1], R8
        MOV R5, 0x40
        BAR.ARV 0x3, R5
        ST [R20], R7
        EXIT
BYSTANDER:
        BAR.SYNC 0x2, 0x20
        MOV32I R7, 0x5555
        ST [R20], R7
        EXIT
.end_kernel

// A thread count that is not a multiple of 32 from 32 to 1024 (48, in a
// register), one above the CTA's threads (128 of 64), and arrivals at one
// barrier for two counts (64, then the whole CTA): each faults the warp.
.kernel bad_count
        MOV R5, 0x30
        BAR.SYNC 0x1, R5
        EXIT
.end_kernel

.kernel over_cta
        BAR.ARV 0x2, 0x80
        EXIT
.end_kernel

.kernel two_counts
        S2R R0, SR_TID.X
        ISETP.LT.U32.AND P0, PT, R0, 0x20, PT
   @P0  BAR.SYNC 0x4, 0x40
  @!P0  BAR.SYNC 0x4
        EXIT
.end_kernel

// BAR.ARV goes on: warp 0 arrives at barrier 1 and waits at barrier 2,
// warp 1 waits at barrier 2 and then arrives at barrier 1. Were BAR.ARV to
// wait, each warp would wait for the other (a deadlock).
.kernel arv_goes_on
.param out, 8
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        ISETP.LT.U32.AND P0, PT, R0, 0x20, PT
   @P0  BAR.ARV 0x1, 0x40
        BAR.SYNC 0x2, 0x40
  @!P0  BAR.ARV 0x1, 0x40
        MOV32I R7, 0x600d
        ST [R20], R7
        EXIT
.end_kernel

// A warp that exits does not lower a barrier's thread count: warp 2 exits,
// warps 0 and 1 wait at barrier 1 of 96 threads, which cannot open.
.kernel count_after_exit
        S2R R0, SR_TID.X
        ISETP.GE.U32.AND P0, PT, R0, 0x40, PT
   @P0  EXIT
        BAR.SYNC 0x1, 0x60
        EXIT
.end_kernel

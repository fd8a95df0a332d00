// Kernels whose barrier waits, lock retries and atomics are worked out by
// hand in ../events.test.

// Four warps (128 threads) meet at two barriers in a row and leave.
.kernel bars
        BAR.SYNC 0x0
        BAR.SYNC 0x0
        EXIT
.end_kernel

// Every thread of two warps (64 threads) asks for the lock of one word;
// the one that gets it adds 1 and releases it; then one atomic add each.
.kernel lock
.param word, 8
.param count, 8
        MOV R4, c[0x0][word]
        MOV R5, c[0x0][count]
        LDLK P0, R6, [R4]
  @P0   IADD R6, R6, 0x1
  @P0   STUL [R4], R6
        RED.ADD [R5], R4
        EXIT
.end_kernel

// Each thread adds two user constants, c[0x2][0x0] (which the host
// wrote) and c[0x2][0x100] (which it did not: 0), and stores the sum.
.kernel constread
.param out, 8
        S2R R0, SR_TID.X
        SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        MOV R2, c[0x2][0x0]
        IADD R2, R2, c[0x2][0x100]
        ST [R3], R2
        EXIT
.end_kernel

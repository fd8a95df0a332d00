// spinlock: a global counter protected by an LDLK/STUL spinlock.
//
// Every thread of the grid enters the critical section once:
//
//     do {
//         old = LDLK(&counter, &got);   // load the word and try to take its lock
//         if (got) {                    // critical section
//             sum += i;                 // plain LD/ST, safe under the lock
//             STUL(&counter, old + 1);  // store and release
//         }
//     } while (!got);
//
// The retry loop is written so that a warp never waits on itself: the lock
// winner's critical section is guarded (@P0) in the same instruction stream
// as the losers' retry, and winners leave with BRK. (Had the losers branched
// back while the winner waited on a divergence token, the losers would spin
// forever on a lock their own warp holds.) Only one lane of a warp can win an
// LDLK (the lowest asking lane), so a warp needs at least 32 trips, and warps
// on different SMs contend for the same lock.
.kernel spinlock
.param counter, 8
.param sum, 8
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // i
        MOV R4, c[0x0][counter]          // &counter (the lock word)
        MOV R5, c[0x0][sum]              // &sum
        PBK done
retry:  LDLK P0, R6, [R4]                // R6 = counter; P0 = lock taken
  @P0   LD R7, [R5]
  @P0   IADD R7, R7, R0
  @P0   ST [R5], R7                      // sum += i
  @P0   IADD R6, R6, 0x1
  @P0   MEMBAR.GL                        // the sum is visible before the release
  @P0   STUL [R4], R6                    // counter + 1, release the lock
  @P0   BRK                              // done: leave the retry loop
        BRA retry                        // the others try again
done:   EXIT
.end_kernel

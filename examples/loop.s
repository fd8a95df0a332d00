// loop: a data-dependent loop with PBK/BRK and an early EXIT inside it.
//
// Each thread runs the Collatz iteration from n = in[i]:
//
//     steps = 0; peak = 0;
//     loop {                                // PBK done
//         if (n == 1) break;                // @P BRK: leave the loop
//         peak = max(peak, n);
//         if (n > limit) {                  // escaped: give up early
//             out[i] = 0xffffffff; peak[i] = n; exit;     // @P EXIT
//         }
//         n = (n odd) ? 3n + 1 : n / 2;     // if-converted with SEL
//         steps++;
//     }
//     done: out[i] = steps; peak[i] = peak;
//
// Trip counts differ per lane, so lanes leave the loop one by one: BRK parks
// them until the BRK token (pushed by PBK with the loop's mask) is popped at
// "done" once no lane is left in the loop; lanes that EXIT inside the loop
// finish there and are dropped from that token. The back edge is taken by
// every lane still active, so it never diverges.
.kernel loop
.param in, 8
.param out, 8
.param peak, 8
.param n, 4
.param limit, 4
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // i
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        SHL R9, R0, 0x2
        IADD R3, R9, c[0x0][in]
        LD R4, [R3]                      // n
        MOV R5, RZ                       // steps
        MOV R6, RZ                       // peak value seen
        PBK done
top:    ISETP.EQ.U32.AND P1, PT, R4, 0x1, PT
  @P1   BRK                              // finished: leave the loop
        IMNMX.U32 R6, R6, R4, !PT        // peak = max(peak, n): a false predicate selects the maximum
        ISETP.GT.U32.AND P2, PT, R4, c[0x0][limit], PT
  @P2   MOV32I R7, 0xffffffff
  @P2   IADD R3, R9, c[0x0][out]
  @P2   ST [R3], R7
  @P2   IADD R3, R9, c[0x0][peak]
  @P2   ST [R3], R4
  @P2   EXIT                             // early exit inside the loop
        LOP.AND R7, R4, 0x1
        ISETP.NE.AND P3, PT, R7, RZ, PT  // n odd?
        ISCADD R8, R4, R4, 0x1           // 3n = (n << 1) + n
        IADD R8, R8, 0x1                 // 3n + 1
        SHR.U32 R7, R4, 0x1
        SEL R4, R8, R7, P3               // n = odd ? 3n + 1 : n / 2
        IADD R5, R5, 0x1
        BRA top
done:   IADD R3, R9, c[0x0][out]
        ST [R3], R5
        IADD R3, R9, c[0x0][peak]
        ST [R3], R6
        EXIT
.end_kernel

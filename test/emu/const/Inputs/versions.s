// Kernels of the version-isolation tests.
//
// reader: a long-running grid that re-reads two user constants in a loop and
// records what it read.
//
// One thread. Every iteration reads A = c[0x2][0x0] (a constant operand) and
// B = c[0x2][off] (LDC at the launch argument `off`, normally on another
// line); the first 16 iterations record the pair into out[2i], out[2i+1].
// The loop runs at least 17 times and then until flags[k] != 0, which a grid
// launched later sets: so this grid is still running, and still reading,
// when the later grid (bound to a newer constants version) has run. Then it
// releases the grid launched before it (flags[k-1] = 1 when k > 0) and
// writes
//   out[32] = OR over every iteration of (A ^ first A) | (B ^ first B):
//             0 when the grid saw one constants version from start to end,
//   out[33], out[34] = A and B as read by the last iteration.
.kernel reader
.param out, 8
.param flags, 8
.param k, 4
.param off, 4
        MOV R0, RZ                      // i
        MOV R13, c[0x0][off]
        MOV R1, c[0x2][0x0]             // first A
        LDC R2, c[0x2][R13]             // first B
        MOV R3, RZ                      // differences seen
        MOV R10, c[0x0][out]
        MOV R11, c[0x0][k]
        ISCADD R12, R11, c[0x0][flags], 0x2   // &flags[k]
loop:   MOV R4, c[0x2][0x0]
        LDC R5, c[0x2][R13]
        LOP.XOR R6, R4, R1
        LOP.OR R3, R3, R6
        LOP.XOR R6, R5, R2
        LOP.OR R3, R3, R6
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT
  @P0   ISCADD R7, R0, R10, 0x3         // &out[2i]
  @P0   ST [R7], R4
  @P0   ST [R7+0x4], R5
        IADD R0, R0, 0x1
        LD R8, [R12]
        ISETP.EQ.OR P1, PT, R8, RZ, P0  // again while flags[k] == 0 or i <= 16
  @P1   BRA loop
        ISETP.NE.AND P2, PT, R11, RZ, PT
        MOV R9, 0x1
  @P2   ST [R12-0x4], R9                // flags[k-1] = 1
        ST [R10+0x80], R3
        ST [R10+0x84], R4
        ST [R10+0x88], R5
        EXIT
.end_kernel

// spin: holds its SM (and its constants version) without reading constants
// until the host writes stop[0] != 0.
.kernel spin
.param stop, 8
        MOV R1, c[0x0][stop]
wait:   LD R2, [R1]
        ISETP.EQ.AND P0, PT, R2, RZ, PT
  @P0   BRA wait
        EXIT
.end_kernel

// late: waits (without reading constants) until the host writes
// gate[0] != 0, then reads A = c[0x2][0x0], B = c[0x2][off] and
// C = c[0x2][2*off] 16 times, in that order (48 accesses), recording them in
// out[3i], out[3i+1], out[3i+2]. Launched before constant commands and
// opened after them, it reads an old version at a known point with a known
// access sequence.
.kernel late
.param out, 8
.param gate, 8
.param off, 4
        MOV R1, c[0x0][gate]
closed: LD R2, [R1]
        ISETP.EQ.AND P0, PT, R2, RZ, PT
  @P0   BRA closed
        MOV R13, c[0x0][off]
        SHL R14, R13, 0x1
        MOV R10, c[0x0][out]
        MOV R0, RZ
again:  MOV R4, c[0x2][0x0]
        LDC R5, c[0x2][R13]
        LDC R6, c[0x2][R14]
        ST [R10], R4
        ST [R10+0x4], R5
        ST [R10+0x8], R6
        IADD R10, R10, 0xc
        IADD R0, R0, 0x1
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT
  @P0   BRA again
        EXIT
.end_kernel

// Kernels for jit-branches.test: compiled rounds that go through branches
// (docs/jit.md, "When it runs").

// A loop whose body has an if/else on a bit of the data (a divergent
// branch inside SSY/SYNC) and ends with a uniform back edge.
.kernel braloop
.param out, 8
.param iters, 4
.regs 16
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // t
        MOV R3, R0                       // a = t
        LOP.XOR R4, R0, 0x9e37           // b = t ^ 0x9e37
        MOV R5, 0x3
        MOV R7, RZ                       // acc = 0
        MOV R14, c[0x0][iters]
loop:   IMAD R3, R3, R5, R4              // a = a * 3 + b
        LOP.XOR R4, R4, R3               // b ^= a
        LOP.AND R6, R3, 0x10
        ISETP.NE.AND P1, PT, R6, RZ, PT  // bit 4 of a
        SSY join
  @P1   BRA odd
        IADD R4, R4, 0x11                // clear: b += 17
        SHR.U32 R3, R3, 0x1              //        a >>= 1
        SYNC
odd:    IADD R3, R3, R4                  // set:   a += b
        LOP.XOR R4, R4, 0x5a             //        b ^= 0x5a
        SYNC
join:   IADD R7, R7, R3                  // acc += a
        IADD R14, R14, -0x1
        ISETP.NE.AND P0, PT, R14, RZ, PT
  @P0   BRA loop
        ISCADD R15, R0, c[0x0][out], 0x3
        ST [R15], R7                     // out[2t] = acc, out[2t + 1] = b
        ST [R15+0x4], R4
        EXIT
.end_kernel

// Each pass splits the active lanes on one more bit of the lane number and
// never reconverges: the branch pushes a token every time until the fourth
// push finds the stack full (.max_stack 3).
.kernel pushy
.param out, 8
.max_stack 3
        S2R R0, SR_TID.X
        MOV R1, 0x1                      // the bit
        MOV R14, 0x8
loop2:  LOP.AND R2, R0, R1
        ISETP.NE.AND P1, PT, R2, RZ, PT  // the lane has the bit
        SHL R1, R1, 0x1
        IADD R14, R14, -0x1
  @P1   BRA next
next:   ISETP.NE.AND P0, PT, R14, RZ, PT
  @P0   BRA loop2
        EXIT
.end_kernel

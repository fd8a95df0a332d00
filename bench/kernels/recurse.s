// recurse: deep CAL/RET recursion. Each thread calls rec(depth) `iters`
// times; rec(n) saves n in a local-memory frame, calls rec(n - 1), restores
// n and folds it into the accumulator: acc = acc * 3 + n (post-order), so a
// call chain is depth + 1 CALL tokens deep. With the default stack cache (8
// entries per warp) every descent spills and every ascent restores thread
// sets. Converged: all lanes recurse together.
// simt-bench's native twin is recNative() in simt-bench.cpp.
.kernel recurse
.param out, 8
.param depth, 4
.param iters, 4
.local 256
.max_stack 64
.regs 12
        S2R R0, SR_CTAID.X
        S2R R4, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R4, R2              // t
        MOV R1, c[0x1][0x100]            // local stack pointer (top of the window)
        MOV R3, R0                       // acc = t
        MOV R5, c[0x0][iters]
loop:   MOV R2, c[0x0][depth]
        CAL rec
        IADD R5, R5, -0x1
        ISETP.NE.AND P0, PT, R5, RZ, PT
  @P0   BRA loop
        ISCADD R6, R0, c[0x0][out], 0x2
        ST [R6], R3
        EXIT
.end_kernel

// rec(n in R2): if n == 0 return; push n; rec(n - 1); pop n; acc = acc*3 + n
.func rec
.regs 12
        ISETP.EQ.AND P0, PT, R2, RZ, PT
  @P0   RET
        IADD R1, R1, -0x4
        STL [R1], R2
        IADD R2, R2, -0x1
        CAL rec
        LDL R2, [R1]
        IADD R1, R1, 0x4
        IMAD R3, R3, 0x3, R2
        RET
.end_func

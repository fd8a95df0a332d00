// recursion: recursive CAL/RET, deep enough to spill the SIMT stack cache.
//
//     fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
//
// computed recursively per thread, n = in[i] (different per lane, so calls
// and returns diverge: a lane whose n hits the base case returns and waits on
// the CALL token until the lanes still inside that call return too).
// Software stack in local memory, Fermi ABI: R1 = c[0x1][0x100] is the initial
// stack pointer (the top of the thread's local window, `.local` bytes); each
// frame holds n and fib(n - 1) (8 bytes) and is reached with LDL/STL.
// Every CAL pushes a CALL token on the warp's SIMT stack; a recursion depth of
// up to 19 exceeds the default 8-entry stack cache (two thread sets of 4), so
// the oldest set spills to the warp's stack spill storage on the way down and
// is restored on the way back up (stats: spills, restores).
.kernel recursion
.param in, 8
.param out, 8
.param n, 4
.local 256
        S2R R0, SR_CTAID.X
        S2R R2, SR_NTID.X
        S2R R3, SR_TID.X
        IMAD R0, R0, R2, R3              // i
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   EXIT
        MOV R1, c[0x1][0x100]            // stack pointer
        SHL R9, R0, 0x2
        IADD R3, R9, c[0x0][in]
        LD R4, [R3]                      // argument n in R4
        CAL fib                          // result in R5
        IADD R3, R9, c[0x0][out]
        ST [R3], R5
        EXIT
.end_kernel

// fib: R4 = n (clobbered), returns R5 = fib(n); uses R6; R1 is the stack.
.func fib
        ISETP.LT.AND P0, PT, R4, 0x2, PT
  @P0   MOV R5, R4
  @P0   RET                              // base case: these lanes return now
        IADD R1, R1, -0x8                // push a frame
        STL [R1], R4                     // save n
        IADD R4, R4, -0x1
        CAL fib                          // fib(n - 1)
        STL [R1+0x4], R5                 // save fib(n - 1)
        LDL R4, [R1]
        IADD R4, R4, -0x2
        CAL fib                          // fib(n - 2)
        LDL R6, [R1+0x4]
        IADD R5, R5, R6
        IADD R1, R1, 0x8                 // pop the frame
        RET
.end_func

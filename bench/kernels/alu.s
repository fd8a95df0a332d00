// alu: ALU-bound, converged. Each thread runs `iters` iterations of 16
// register operations (4 x IMAD, IADD, LOP.XOR, FFMA over two integer chains
// and four contracting float accumulators) plus 3 loop-control instructions
// (19 per iteration), then stores 4 words. No memory access in the loop and
// no divergence: every lane of every warp executes every instruction.
// simt-bench's native twin is aluNative() in simt-bench.cpp.
.kernel alu
.param out, 8
.param iters, 4
.regs 16
        S2R R0, SR_CTAID.X
        S2R R1, SR_NTID.X
        S2R R2, SR_TID.X
        IMAD R0, R0, R1, R2              // t = ctaid * ntid + tid
        MOV R3, R0                       // a = t
        IADD R4, R0, 0x1234              // b = t + 0x1234
        LOP.XOR R5, R0, 0x5a5a           // c = t ^ 0x5a5a
        IADD R8, R0, 0x77                // d = t + 0x77
        LOP.XOR R9, R0, 0x3c3           // e = t ^ 0x3c3
        MOV R10, 0x9                     // g = 9
        I2F.F32.U32 R6, R0               // f = float(t)
        MOV32I R7, 0x3f800000            // one = 1.0
        MOV R11, RZ                      // h = 0
        MOV R12, RZ                      // k = 0
        MOV R13, RZ                      // m = 0
        MOV R14, c[0x0][iters]
loop:   IMAD R3, R3, R4, R5              // a = a * b + c
        IADD R4, R4, R3                  // b += a
        LOP.XOR R5, R5, R4               // c ^= b
        FFMA R6, R6, 0.5, R7             // f = f * 0.5 + 1
        IMAD R8, R8, R9, R10             // d = d * e + g
        IADD R9, R9, R8                  // e += d
        LOP.XOR R10, R10, R9             // g ^= e
        FFMA R11, R11, 0.75, R6          // h = h * 0.75 + f
        IMAD R3, R3, 0x3, R8             // a = a * 3 + d
        IADD R4, R4, R10                 // b += g
        LOP.XOR R10, R10, R3             // g ^= a
        FFMA R12, R12, 0.25, R11         // k = k * 0.25 + h
        IMAD R8, R8, 0x5, R3             // d = d * 5 + a
        IADD R9, R9, R5                  // e += c
        LOP.XOR R5, R5, R8               // c ^= d
        FFMA R13, R13, 0.5, R12          // m = m * 0.5 + k
        IADD R14, R14, -0x1
        ISETP.NE.AND P0, PT, R14, RZ, PT
  @P0   BRA loop
        LOP.XOR R3, R3, R4               // out[4t..4t+3] = a^b^c^d^e^g, f, h, m
        LOP.XOR R3, R3, R5
        LOP.XOR R3, R3, R8
        LOP.XOR R3, R3, R9
        LOP.XOR R3, R3, R10
        ISCADD R15, R0, c[0x0][out], 0x4
        ST [R15], R3
        ST [R15+0x4], R6
        ST [R15+0x8], R11
        ST [R15+0xc], R13
        EXIT
never:  EXIT                             // never reached: simt-bench's breakpoint
.end_kernel

// ifconv: the nested if-then-else of the predicated-execution patent, if-converted
// (no branches at all):
//
//     if (a < b)      r = 2*a + b;        // block A
//     else if (c > d) r = c - d;          // block B
//     else            r = 3*(c + d);      // block C
//
// Three equivalent if-conversions, each written to its own output:
//  out:   the patent's guards from one ISETP pair: P1 = a < b, then
//         ISETP.GT.AND P2, P3, c, d, !P1 gives P2 = !P1 & (c > d) and
//         P3 = !P1 & !(c > d) in one instruction; blocks A, B, C run guarded
//         by @P1, @P2, @P3.
//  which: the same guards from PSETP: P4 = c > d, then
//         PSETP.AND.AND P5, P6, P4, !P1, PT gives P5 = P4 & !P1 and
//         P6 = !P4 & !P1; guarded MOVs record which block ran (1, 2, 3).
//  sel:   all three candidates computed unconditionally, then two SELs
//         choose: r = P1 ? A : (P4 ? B : C).
// Signed 32-bit data, one thread per element, i < n.
.kernel ifconv
.param a, 8
.param b, 8
.param c, 8
.param d, 8
.param out, 8
.param which, 8
.param sel, 8
.param n, 4
        S2R R10, SR_CTAID.X
        S2R R11, SR_NTID.X
        S2R R12, SR_TID.X
        IMAD R10, R10, R11, R12          // i
        ISETP.GE.U32.AND P0, PT, R10, c[0x0][n], PT
  @P0   EXIT
        SHL R11, R10, 0x2
        IADD R12, R11, c[0x0][a]
        LD R0, [R12]                     // a
        IADD R12, R11, c[0x0][b]
        LD R1, [R12]                     // b
        IADD R12, R11, c[0x0][c]
        LD R2, [R12]                     // c
        IADD R12, R11, c[0x0][d]
        LD R3, [R12]                     // d

        // --- variant 1: the patent's ISETP with two destinations ---
        ISETP.LT.AND P1, PT, R0, R1, PT          // P1 = a < b
        ISETP.GT.AND P2, P3, R2, R3, !P1         // P2 = !P1 & c > d, P3 = !P1 & !(c > d)
  @P1   IMAD R4, R0, 0x2, R1                     // A: 2a + b
  @P2   IADD R4, R2, -R3                         // B: c - d
  @P3   IADD R4, R2, R3                          // C: 3(c + d), two guarded instructions
  @P3   IMUL R4, R4, 0x3
        IADD R12, R11, c[0x0][out]
        ST [R12], R4

        // --- variant 2: the guard pair from PSETP ---
        ISETP.GT.AND P4, PT, R2, R3, PT          // P4 = c > d
        PSETP.AND.AND P5, P6, P4, !P1, PT        // P5 = P4 & !P1, P6 = !P4 & !P1
  @P1   MOV R5, 0x1
  @P5   MOV R5, 0x2
  @P6   MOV R5, 0x3
        IADD R12, R11, c[0x0][which]
        ST [R12], R5

        // --- variant 3: compute everything, select with SEL ---
        IMAD R6, R0, 0x2, R1                     // A
        IADD R7, R2, -R3                         // B
        IADD R8, R2, R3
        IMUL R8, R8, 0x3                         // C
        SEL R7, R7, R8, P4                       // c > d ? B : C
        SEL R6, R6, R7, P1                       // a < b ? A : that
        IADD R12, R11, c[0x0][sel]
        ST [R12], R6
        EXIT
.end_kernel

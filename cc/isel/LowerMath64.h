//===-- LowerMath64.h - Sequences for 64-bit integers and doubles ---------===//
//
// The 64-bit PTX operations the ISA has no single instruction for, expanded
// into SIMT instructions on register pairs: shifts by a register, the high
// word of 64-bit products, 64-bit integer division and remainder, f64
// rounding to an integer, and correctly rounded div.rn/rcp.rn/sqrt.rn.f64
// (DFMA refinement of a MUFU estimate). The algorithms and their error
// arguments are in LowerMath64.cpp; test/unit/CcMathTest.cpp runs the
// sequences in the emulator against the host on random and edge inputs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/isel/LowerMath.h"

namespace simt::cc {

/// A 64-bit integer operand as two 32-bit words (registers).
struct Words64 {
  MOperand Lo, Hi;
};

/// D = A << N or A >> N (N a 32-bit register, counts of 64 or more give 0,
/// or the sign for a signed right shift, as PTX clamps them).
void lowerShift64(MathSink &S, MOperand D, Words64 A, MOperand N, bool Left, bool Signed);
/// D = -A, or |A| (signed; |INT64_MIN| is INT64_MIN, as PTX's abs wraps).
void lowerNegAbs64(MathSink &S, MOperand D, Words64 A, bool Abs);
/// D = min(A, B) or max(A, B), signed or unsigned.
void lowerMinMax64(MathSink &S, MOperand D, Words64 A, Words64 B, bool Signed, bool Max);
/// D = the low 64 bits of A * B + C (mad.lo.s64/u64).
void lowerMadLo64(MathSink &S, MOperand D, Words64 A, Words64 B, Words64 C);
/// D = the high 64 bits of the 128-bit product A * B.
void lowerMulHi64(MathSink &S, MOperand D, Words64 A, Words64 B, bool Signed);
/// D = N / Dv or N % Dv, 64-bit; exact. Division by zero gives all ones
/// (-1) and the remainder N, as the 32-bit forms do.
void lowerIntDivRem64(MathSink &S, MOperand D, Words64 N, Words64 Dv, bool Signed,
                      bool Remainder);
/// D = X (a double in a pair) rounded to an integer-valued double by F2I
/// rounding Rnd (TRUNC, ROUND, FLOOR, CEIL): cvt.rzi/rni/rmi/rpi.f64.f64.
void lowerRoundToInt64(MathSink &S, MOperand D, MOperand X, SIMT::F2IRnd Rnd);
/// D = A / B correctly rounded by Rnd (div.rn/rz/rm/rp.f64; rcp.* with
/// A = 1.0). A, B and D are pairs.
void lowerDiv64(MathSink &S, MOperand D, MOperand A, MOperand B, SIMT::Rnd Rnd);
/// D = sqrt(X) correctly rounded by Rnd (sqrt.rn/rz/rm/rp.f64).
void lowerSqrt64(MathSink &S, MOperand D, MOperand X, SIMT::Rnd Rnd);
/// D = an estimate of 1/X good to about 22 bits (rcp.approx.ftz.f64), or
/// (Root) 1/sqrt(X) within about an ulp (rsqrt.approx{.ftz}.f64).
void lowerApproxRcp64(MathSink &S, MOperand D, MOperand X, bool Root, bool Ftz);

} // namespace simt::cc

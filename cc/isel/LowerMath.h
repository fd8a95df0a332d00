//===-- LowerMath.h - Instruction sequences for division and math ---------===//
//
// The PTX operations the ISA has no single instruction for, expanded into
// SIMT instructions on virtual registers: 32-bit integer division and
// remainder, correctly rounded f32 division, reciprocal and square root
// (MUFU estimates refined by Newton steps, rounded exactly with FFMA
// remainders and integer arithmetic), and the approximate forms on MUFU.
// The algorithms and their error arguments are in LowerMath.cpp; the
// sequences are what the compiler emits, so test/unit/CcMathTest.cpp runs
// them through the emulator on millions of inputs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/mir/MIR.h"

#include <optional>

namespace simt::cc {

/// Where a sequence goes: its block, the function (for temporaries), the
/// PTX instruction it comes from and that instruction's guard. Only the
/// last instruction, the one that writes the destination, is guarded: the
/// others write temporaries and have no side effects.
struct MathSink {
  MFunction &MF;
  MBlock &Block;
  const Instruction *Source;
  std::optional<MOperand> Guard; // the guard predicate, if any
  bool GuardNegated = false;
};

/// D = N / Dv or N % Dv, 32-bit, signed or unsigned; exact. Division by
/// zero gives 0xFFFFFFFF (-1) and the remainder N.
void lowerIntDivRem(MathSink &S, MOperand D, MOperand N, MOperand Dv, bool Signed,
                    bool Remainder);
/// D = A / B correctly rounded by Rnd (div.rn/rz/rm/rp.f32, rcp.* with
/// A = 1.0); Ftz flushes subnormal inputs and result to zero.
void lowerDiv(MathSink &S, MOperand D, MOperand A, MOperand B, SIMT::Rnd Rnd, bool Ftz);
/// D = sqrt(X) correctly rounded by Rnd (sqrt.rn/rz/rm/rp.f32).
void lowerSqrt(MathSink &S, MOperand D, MOperand X, SIMT::Rnd Rnd, bool Ftz);
/// D = A / B within 2 ulp over the whole range (div.full.f32).
void lowerDivFull(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz);
/// D = A * MUFU.RCP(B) (div.approx.f32).
void lowerDivApprox(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz);
/// D = MUFU.fn(X) (rcp/rsqrt/sqrt/ex2/lg2/sin/cos .approx; div.approx is
/// a multiplication by MUFU.RCP).
void lowerMufu(MathSink &S, MOperand D, MOperand X, SIMT::Mufu Fn, bool Ftz);

/// D = X rounded to an integer-valued float by F2I rounding Rnd (TRUNC,
/// ROUND, FLOOR, CEIL): cvt.rzi/rni/rmi/rpi.f32.f32.
void lowerRoundToInt(MathSink &S, MOperand D, MOperand X, SIMT::F2IRnd Rnd, bool Ftz);
/// D = the number of leading zero bits of X (clz.b32; 32 for 0).
void lowerClz(MathSink &S, MOperand D, MOperand X);

} // namespace simt::cc

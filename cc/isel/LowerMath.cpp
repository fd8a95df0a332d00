//===-- LowerMath.cpp - Instruction sequences for division and math -------===//
//
// Integer division starts from a float reciprocal (I2F, MUFU.RCP) scaled to
// a 32-bit fixed-point estimate that is never above 2^32/d, refines it with
// one integer Newton step and corrects the quotient at most twice (the
// scheme of GPU compilers, e.g. LLVM's AMDGPU expansion), so it is exact
// for every input. The f32 divide and square root reduce their operands to
// [1, 2) (or [1, 4) for the root) so that nothing over- or underflows,
// refine the MUFU estimate with FFMA Newton steps to a result within one
// ulp, then round exactly: FFMA gives the exact remainder of the candidate
// (a - b*q, m - s*s), hence the truncated result and whether it is exact,
// and the remainder at the midpoint above it decides round-to-nearest.
// Results that are subnormal are rounded in integer arithmetic from the
// truncated significand and the sticky bit, so there is a single rounding.
// MUFU may be 2 ulp off (ISA.md): only the Newton steps depend on it, and
// they converge from far worse. FFMA honours subnormals unless .FTZ, so the
// non-ftz forms need the scaling and the .ftz forms flush around it.
//
//===----------------------------------------------------------------------===//
#include "cc/isel/LowerMath.h"
#include "cc/isel/MathSeq.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include <cassert>

using namespace llvm;

namespace simt::cc {

using namespace mathseq;

namespace {

// Float constants (bit patterns).
constexpr uint32_t One = 0x3f800000, Half = 0x3f000000, Two24 = 0x4b800000,
                   TwoM23 = 0x34000000, TwoM24 = 0x33800000, Two126 = 0x7e800000,
                   TwoM126 = 0x00800000, Inf = 0x7f800000, QNaN = 0x7fffffff,
                   MaxFinite = 0x7f7fffff, SignBit = 0x80000000, AbsMask = 0x7fffffff,
                   FracMask = 0x007fffff, ExpMask = 0x7f800000;

/// A value with subnormals flushed to zero of the same sign (x * 1 in FTZ).
MOperand flush(Seq &Q, MOperand X) { return Q(mi::FMUL().ftz().ra(X).sb(f(One))); }

/// The float compare A cmp B (with A's source modifiers AFlags).
mi::FSETP fsetp(FCmp Cmp, MOperand A, unsigned AFlags, SrcB B) {
  return mi::FSETP().cmp(Cmp).ra(A, AFlags).sb(B).pp(PT);
}

/// |X| as bits and whether X is 0, infinite or NaN: (|X| - 1) unsigned at
/// least MaxFinite.
MOperand isZeroInfNaN(Seq &Q, MOperand AbsX, MOperand MaxFiniteReg, BoolOp Bop = BoolOp::AND,
                      MOperand P = PT) {
  MOperand T = Q(mi::IADD().ra(AbsX).sb(i(-1)));
  return Q.pred(isetp(ICmp::GE, true, T, MaxFiniteReg, Bop, P));
}

/// A positive finite nonzero float (bits) reduced to [1, 2): the
/// significand with exponent 127, and the biased exponent the value had
/// (subnormals are first scaled by 2^24, exactly, and their exponent
/// corrected).
struct Reduced {
  MOperand Significand, Exponent;
};
Reduced reduce(Seq &Q, MOperand AbsX) {
  MOperand Field = Q(mi::SHR().u32().ra(AbsX).sb(i(23)));
  MOperand Sub = Q.pred(isetp(ICmp::EQ, true, Field, RZ));
  MOperand Scaled = Q(mi::FMUL().ra(AbsX).sb(f(Two24)));
  MOperand X = Q(mi::SEL().ra(Scaled).sb(AbsX).pp(Sub));
  MOperand E = Q(mi::SHR().u32().ra(X).sb(i(23)));
  MOperand ESub = Q(mi::IADD().ra(E).sb(i(-24)));
  E = Q(mi::SEL().ra(ESub).sb(E).pp(Sub));
  MOperand M = Q(mi::LOP32I().op(Logic::AND).ra(X).imm(FracMask));
  M = Q(mi::LOP32I().op(Logic::OR).ra(M).imm(One));
  return {M, E};
}

/// A - B * C with one rounding (FFMA): exact for the candidates the Newton
/// steps give.
mi::FFMA remainder32(MOperand A, MOperand B, SrcB C) {
  return mi::FFMA().ra(B, SIMT::RM_Neg).sb(C).rc(A);
}

/// The bits of X + 1 ulp when P, else X (X positive, finite).
MOperand bumpIf(Seq &Q, MOperand X, MOperand P, int Delta) {
  MOperand Y = Q(mi::IADD().ra(X).sb(i(Delta)));
  return Q(mi::SEL().ra(Y).sb(X).pp(P));
}
MOperand bumpIf(Seq &Q, MOperand X, std::optional<MOperand> P, int Delta) {
  return P ? bumpIf(Q, X, *P, Delta) : X;
}

} // namespace

//===-- Integer division --------------------------------------------------===//

// For d != 0: f = RP(d) >= d, so MUFU.RCP(f) * 2^32 * (1 - 2^-20) truncated
// is z = 2^32/d * (1 - e) with 0 < e <= 2^-19 even when MUFU is 2 ulp high.
// One Newton step z += hi(z * (-(d*z) mod 2^32)) gives z <= 2^32/d with
// relative error below e^2 + 2^-31, so hi(n * z) is the quotient or up to
// two less; two compare-and-correct steps finish it. For d == 0 the
// estimate saturates to 0xFFFFFFFF and the corrections leave r = n; the
// quotient is then set to 0xFFFFFFFF.
void lowerIntDivRem(MathSink &S, MOperand D, MOperand N, MOperand Dv, bool Signed,
                    bool Remainder) {
  Seq Q(S, D);
  auto Abs = [&](MOperand X) { return Q(mi::IABS().sb(X)); };
  auto MulU32 = [](MOperand A, MOperand B, bool Hi) {
    using SIMT::MulType;
    return mi::IMUL().atype(MulType::U32).btype(MulType::U32).hi(Hi).ra(A).sb(B);
  };
  MOperand UN = Signed ? Abs(N) : N, UD = Signed ? Abs(Dv) : Dv;
  MOperand F = Q(mi::I2F().dty(FloatType::F32).sty(IntType::U32).rnd(SIMT::Rnd::RP).sb(UD));
  F = Q(mi::MUFU().op(Mufu::RCP).ra(F));
  F = Q(mi::FMUL32I().ra(F).imm(0x4f7ffff0)); // 2^32 * (1 - 2^-20)
  MOperand Z = Q(mi::F2I().dty(IntType::U32).sty(FloatType::F32).rnd(F2IRnd::TRUNC).sb(F));
  MOperand T = Q(MulU32(Z, UD, false));
  T = Q(mi::IADD().ra(RZ).sb(T, SIMT::SB_Neg));
  T = Q(MulU32(Z, T, true)); // hi(z * -(d*z))
  Z = Q(mi::IADD().ra(Z).sb(T));
  MOperand Quo = Q(MulU32(UN, Z, true));
  T = Q(MulU32(Quo, UD, false));
  MOperand Rem = Q(mi::IADD().ra(UN).sb(T, SIMT::SB_Neg));
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Ge = Q.pred(isetp(ICmp::GE, true, Rem, UD));
    Rem = Q(mi::SEL().ra(Q(mi::IADD().ra(Rem).sb(UD, SIMT::SB_Neg))).sb(Rem).pp(Ge));
    Quo = Q(mi::SEL().ra(Q(mi::IADD().ra(Quo).sb(i(1)))).sb(Quo).pp(Ge));
  }
  if (!Signed && Remainder) { // n % 0 = n: the corrections left it there
    Q.last();
    Q(mi::IADD().ra(Rem).sb(RZ));
    return;
  }
  MOperand ByZero = Q.pred(isetp(ICmp::EQ, true, Dv, RZ));
  if (!Signed) {
    Q.last();
    Q(mi::SEL().ra(Quo).sb(i(-1)).pp(ByZero, /*Negated=*/true));
    return;
  }
  // The quotient is negative when the signs differ; the remainder is
  // n - q*d (the sign of n, and n itself for d == 0).
  MOperand Signs = Q(mi::LOP().op(Logic::XOR).ra(N).sb(Dv));
  MOperand Neg = Q.pred(isetp(ICmp::LT, false, Signs, RZ));
  Quo = Q(mi::SEL().ra(Q(mi::IADD().ra(RZ).sb(Quo, SIMT::SB_Neg))).sb(Quo).pp(Neg));
  if (!Remainder) {
    Q.last();
    Q(mi::SEL().ra(Quo).sb(i(-1)).pp(ByZero, /*Negated=*/true));
    return;
  }
  T = Q(MulU32(Quo, Dv, false));
  Q.last();
  Q(mi::IADD().ra(N).sb(T, SIMT::SB_Neg));
}

//===-- Correctly rounded division ----------------------------------------===//

// With a = ma * 2^ea and b = mb * 2^eb, ma and mb in [1, 2), the quotient
// is Q * 2^E with Q = ma/mb in (1/2, 2) and E = ea - eb. Q is computed as:
//   r = MUFU.RCP(mb); r += r * (1 - mb*r)          (relative error ~2^-44)
//   q = ma * r;      q += r * (ma - mb*q)          (within one ulp of Q)
//   qz = q, or q - 1 ulp if ma - mb*q < 0          (Q truncated, exactly)
//   rz = ma - mb*qz (exact, >= 0); inexact = rz != 0
//   up = rz - mb * ulp(qz)/2 > 0                   (Q above the midpoint;
//        never equal: a quotient of 24-bit numbers is never a 25-bit
//        midpoint)
// Normal results are qz + up with E added to the exponent (infinity when it
// overflows). Subnormal ones drop s = 1 - (exponent of qz + E) bits of the
// 24-bit significand M of qz: round up when the dropped bits are above
// half, or exactly half and (inexact or the kept value odd).
// The directed roundings (div.rz/rm/rp) round the magnitude up where the
// result is inexact (rz != 0, or dropped bits) and the rounding points away
// from zero for its sign (awayFromZero); an overflow then gives infinity,
// else the largest finite float.
void lowerDiv(MathSink &S, MOperand D, MOperand A, MOperand B, SIMT::Rnd Rnd, bool Ftz) {
  Seq Q(S, D);
  if (Ftz) {
    A = flush(Q, A);
    B = flush(Q, B);
  }
  auto And = [&](MOperand X, uint32_t Mask) {
    return Q(mi::LOP32I().op(Logic::AND).ra(X).imm(Mask));
  };
  auto Or = [&](MOperand X, uint32_t Bits) {
    return Q(mi::LOP32I().op(Logic::OR).ra(X).imm(Bits));
  };
  MOperand Max = Q(mi::MOV32I().imm(MaxFinite));
  MOperand AbsA = And(A, AbsMask), AbsB = And(B, AbsMask);
  // Zeros, infinities and NaNs: a * (1/b), where a finite b counts as +-1
  // (its size is irrelevant then and 1/b could overflow).
  MOperand SpecialB = isZeroInfNaN(Q, AbsB, Max);
  MOperand Special = isZeroInfNaN(Q, AbsA, Max, BoolOp::OR, SpecialB);
  MOperand SignB = And(B, SignBit);
  MOperand UnitB = Or(SignB, One);
  MOperand B2 = Q(mi::SEL().ra(B).sb(UnitB).pp(SpecialB));
  MOperand SpecialResult = Q(mi::FMUL().ra(A).sb(Q(mi::MUFU().op(Mufu::RCP).ra(B2))));

  MOperand Sign = And(Q(mi::LOP().op(Logic::XOR).ra(A).sb(B)), SignBit);
  bool Nearest = Rnd == SIMT::Rnd::RN;
  std::optional<MOperand> Away = awayFromZero(Q, Rnd, Sign);

  Reduced RA = reduce(Q, AbsA), RB = reduce(Q, AbsB);
  MOperand Ma = RA.Significand, Mb = RB.Significand;
  MOperand E = Q(mi::IADD().ra(RA.Exponent).sb(RB.Exponent, SIMT::SB_Neg));
  MOperand Rcp = Q(mi::MUFU().op(Mufu::RCP).ra(Mb));
  MOperand Err = Q(remainder32(Q(mi::MOV32I().imm(One)), Mb, Rcp));
  Rcp = Q(mi::FFMA().ra(Rcp).sb(Err).rc(Rcp));
  MOperand Quo = Q(mi::FMUL().ra(Ma).sb(Rcp));
  MOperand Res = Q(remainder32(Ma, Mb, Quo));
  Quo = Q(mi::FFMA().ra(Res).sb(Rcp).rc(Quo));
  Res = Q(remainder32(Ma, Mb, Quo));
  MOperand Above = Q.pred(fsetp(FCmp::LT, Res, 0, f(0)));
  MOperand Qz = bumpIf(Q, Quo, Above, -1);
  MOperand Rz = Q(remainder32(Ma, Mb, Qz));
  MOperand Inexact = Q.pred(fsetp(FCmp::NE, Rz, 0, f(0)));
  std::optional<MOperand> Up;
  if (Nearest) {
    MOperand HalfUlp = And(Qz, ExpMask);
    HalfUlp = Q(mi::IADD32I().ra(HalfUlp).imm(uint32_t(-(24 << 23))));
    MOperand Mid = Q(remainder32(Rz, Mb, HalfUlp));
    Up = Q.pred(fsetp(FCmp::GT, Mid, 0, f(0)));
  } else {
    Up = andAway(Q, Inexact, Away);
  }

  // Normal: the rounded significand with E added to its exponent.
  MOperand Qn = bumpIf(Q, Qz, Up, 1);
  MOperand Normal = Q(mi::ISCADD().ra(E).sb(Qn).shift(23));
  MOperand ExpN = Q(mi::IADD().ra(Q(mi::SHR().u32().ra(Qn).sb(i(23)))).sb(E));
  MOperand Overflow = Q.pred(isetp(ICmp::GT, false, ExpN, i(254)));
  MOperand Huge = Q(mi::MOV32I().imm(Nearest ? Inf : MaxFinite));
  if (Away)
    Huge = Q(mi::SEL().ra(Q(mi::MOV32I().imm(Inf))).sb(Huge).pp(*Away));
  Normal = Q(mi::SEL().ra(Huge).sb(Normal).pp(Overflow));

  // Subnormal (or zero): round M >> s in integers, s = 1 - exponent.
  MOperand ExpZ = Q(mi::IADD().ra(Q(mi::SHR().u32().ra(Qz).sb(i(23)))).sb(E));
  MOperand Tiny = Q.pred(isetp(ICmp::LE, false, ExpZ, RZ));
  MOperand Shift = Q(mi::IADD().ra(ExpZ, SIMT::RM_Neg).sb(i(1)));
  Shift = Q(mi::IMNMX().ra(Shift).sb(i(31)).pp(PT)); // the minimum
  MOperand M = And(Qz, FracMask);
  M = Or(M, 0x00800000);
  MOperand Kept = Q(mi::SHR().u32().ra(M).sb(Shift));
  MOperand Dropped = Q(mi::IADD().ra(M).sb(Q(mi::SHL().ra(Kept).sb(Shift)), SIMT::SB_Neg));
  MOperand ShiftM1 = Q(mi::IADD().ra(Shift).sb(i(-1)));
  MOperand HalfBit = Q(mi::SHL().ra(Q(mi::MOV32I().imm(1))).sb(ShiftM1));
  std::optional<MOperand> RoundUp;
  if (Nearest) {
    MOperand KeptOdd = Q(mi::LOP().op(Logic::AND).ra(Kept).sb(i(1)));
    MOperand Odd = Q.pred(isetp(ICmp::NE, true, KeptOdd, RZ));
    MOperand Sticky = Q.pred(mi::PSETP().bop(BoolOp::OR).pp(Inexact).pq(Odd).pr(PT));
    MOperand Tie = Q.pred(isetp(ICmp::EQ, true, Dropped, HalfBit, BoolOp::AND, Sticky));
    RoundUp = Q.pred(isetp(ICmp::GT, true, Dropped, HalfBit, BoolOp::OR, Tie));
  } else {
    MOperand Lost = Q.pred(isetp(ICmp::NE, true, Dropped, RZ, BoolOp::OR, Inexact));
    RoundUp = andAway(Q, Lost, Away);
  }
  MOperand Subnormal = bumpIf(Q, Kept, RoundUp, 1);

  MOperand Magnitude = Q(mi::SEL().ra(Subnormal).sb(Normal).pp(Tiny));
  MOperand Result = Q(mi::LOP().op(Logic::OR).ra(Magnitude).sb(Sign));
  if (!Ftz) {
    Q.last();
    Q(mi::SEL().ra(SpecialResult).sb(Result).pp(Special));
    return;
  }
  Result = Q(mi::SEL().ra(SpecialResult).sb(Result).pp(Special));
  Q.last();
  flush(Q, Result);
}

//===-- Correctly rounded square root -------------------------------------===//

// x = m * 2^(2k) with m in [1, 4): sqrt(x) = sqrt(m) * 2^k, sqrt(m) in
// [1, 2), never subnormal nor overflowing. From y = MUFU.RSQ(m) and
// h = y/2, two steps s += h * (m - s*s) give s within one ulp; then as for
// the divide: sz = s, or s - 1 ulp when m - s*s < 0; round up when
// m - (sz + 2^-24)^2 > 0, whose sign is that of (m - sz*sz) - sz*2^-23
// (the dropped 2^-48 is below the spacing of the other terms, and a
// 25-bit midpoint squared is never a 24-bit number).
// The directed roundings (sqrt.rz/rm/rp) keep sz, or take sz + 1 ulp under
// RP when m - sz*sz != 0: the root is positive.
void lowerSqrt(MathSink &S, MOperand D, MOperand X, SIMT::Rnd Rnd, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  MOperand AbsX = Q(mi::LOP32I().op(Logic::AND).ra(X).imm(AbsMask));
  MOperand Special = isZeroInfNaN(Q, AbsX, Q(mi::MOV32I().imm(MaxFinite)));
  MOperand Negative = Q.pred(fsetp(FCmp::LT, X, 0, f(0))); // not -0, not NaN
  MOperand SpecialResult = Q(mi::FADD().ra(X).sb(X));      // +-0, +inf, canonical NaN

  Reduced RX = reduce(Q, AbsX);
  // An odd unbiased exponent (an even biased one) moves a factor 2 into m.
  MOperand Parity = Q(mi::LOP().op(Logic::AND).ra(RX.Exponent).sb(i(1)));
  MOperand Even = Q(mi::IADD().ra(Parity, SIMT::RM_Neg).sb(i(1)));
  MOperand M = Q(mi::ISCADD().ra(Even).sb(RX.Significand).shift(23));
  MOperand K = Q(mi::SHR().u32(false).ra(Q(mi::IADD().ra(RX.Exponent).sb(i(-127)))).sb(i(1)));

  MOperand Y = Q(mi::MUFU().op(Mufu::RSQ).ra(M));
  MOperand Root = Q(mi::FMUL().ra(M).sb(Y));
  MOperand HalfY = Q(mi::FMUL().ra(Y).sb(f(Half)));
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Res = Q(remainder32(M, Root, Root));
    Root = Q(mi::FFMA().ra(Res).sb(HalfY).rc(Root));
  }
  MOperand Res = Q(remainder32(M, Root, Root));
  MOperand Above = Q.pred(fsetp(FCmp::LT, Res, 0, f(0)));
  MOperand Sz = bumpIf(Q, Root, Above, -1);
  MOperand Rz = Q(remainder32(M, Sz, Sz));
  std::optional<MOperand> Up;
  if (Rnd == SIMT::Rnd::RN) {
    MOperand Mid = Q(remainder32(Rz, Sz, f(TwoM23)));
    Up = Q.pred(fsetp(FCmp::GT, Mid, 0, f(0)));
  } else if (Rnd == SIMT::Rnd::RP) {
    Up = Q.pred(fsetp(FCmp::NE, Rz, 0, f(0)));
  }
  MOperand Rounded = bumpIf(Q, Sz, Up, 1);
  MOperand Result = Q(mi::ISCADD().ra(K).sb(Rounded).shift(23));
  Result = Q(mi::SEL().ra(SpecialResult).sb(Result).pp(Special));
  MOperand NaN = Q(mi::MOV32I().imm(QNaN));
  Q.last();
  Q(mi::SEL().ra(NaN).sb(Result).pp(Negative));
}

//===-- Approximate forms -------------------------------------------------===//

// |b| beyond 2^126 or below 2^-126 is scaled by 2^-24 or 2^24 first (both
// operands, so the quotient stays), keeping MUFU.RCP's result normal.
void lowerDivFull(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz) {
  Seq Q(S, D);
  if (Ftz) {
    A = flush(Q, A);
    B = flush(Q, B);
  }
  auto Mov = [&](uint32_t V) { return Q(mi::MOV32I().imm(V)); };
  MOperand Big = Q.pred(fsetp(FCmp::GE, B, SIMT::RM_Abs, f(Two126)));
  MOperand Small = Q.pred(fsetp(FCmp::LT, B, SIMT::RM_Abs, f(TwoM126)));
  MOperand Unscaled = Mov(One);
  MOperand Scale = Q(mi::SEL().ra(Mov(TwoM24)).sb(Unscaled).pp(Big));
  Scale = Q(mi::SEL().ra(Mov(Two24)).sb(Scale).pp(Small));
  MOperand Rcp = Q(mi::MUFU().op(Mufu::RCP).ra(Q(mi::FMUL().ra(B).sb(Scale))));
  MOperand Quo = Q(mi::FMUL().ra(A).sb(Rcp));
  Q.last();
  Q(mi::FMUL().ftz(Ftz).ra(Quo).sb(Scale));
}

void lowerDivApprox(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    B = flush(Q, B);
  MOperand Rcp = Q(mi::MUFU().op(Mufu::RCP).ra(B));
  Q.last();
  Q(mi::FMUL().ftz(Ftz).ra(A).sb(Rcp));
}

//===-- Rounding to an integer and counting zeros ---------------------------===//

// Below 2^23 in magnitude a float rounds to an integer that fits S32, and
// I2F gives it back exactly; the sign is or'ed in again so that -0.5
// truncates to -0. From 2^23 on (and for Inf and NaN, whose comparison is
// false) every float is already an integer: X itself (X + 0, so that a NaN
// comes out canonical as from every other f32 operation and the f64 form).
void lowerRoundToInt(MathSink &S, MOperand D, MOperand X, F2IRnd Rnd, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  MOperand Trunc = Q(mi::F2I().dty(IntType::S32).sty(FloatType::F32).rnd(Rnd).sb(X));
  MOperand Int = Q(mi::I2F().dty(FloatType::F32).sty(IntType::S32).rnd(SIMT::Rnd::RN).sb(Trunc));
  MOperand SignOfX = Q(mi::LOP32I().op(Logic::AND).ra(X).imm(SignBit));
  MOperand Signed = Q(mi::LOP().op(Logic::OR).ra(Int).sb(SignOfX));
  MOperand Small = Q.pred(fsetp(FCmp::LT, X, SIMT::RM_Abs, f(0x4b000000)));
  MOperand Whole = Q(mi::FADD().ra(X).sb(f(0)));
  Q.last();
  Q(mi::SEL().ra(Signed).sb(Whole).pp(Small));
}

// FLO.U32 is 31 - clz for nonzero X and -1 for 0, so 31 - FLO is clz with
// clz(0) = 32 as PTX defines it.
void lowerClz(MathSink &S, MOperand D, MOperand X) {
  Seq Q(S, D);
  MOperand Index = Q(mi::FLO().u32().sb(X));
  Q.last();
  Q(mi::IADD().ra(Index, SIMT::RM_Neg).sb(i(31)));
}

void lowerMufu(MathSink &S, MOperand D, MOperand X, Mufu Fn, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  if (!Ftz)
    Q.last();
  MOperand R = Q(mi::MUFU().op(Fn).ra(X));
  if (Ftz) {
    Q.last();
    flush(Q, R);
  }
}

} // namespace simt::cc

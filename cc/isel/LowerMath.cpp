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
MOperand flush(Seq &Q, MOperand X) { return Q.fmul(X, f(One), /*Ftz=*/true); }

/// |X| as bits and whether X is 0, infinite or NaN: (|X| - 1) unsigned at
/// least MaxFinite.
MOperand isZeroInfNaN(Seq &Q, MOperand AbsX, MOperand MaxFiniteReg, StringRef Bop = "AND",
                      MOperand P = MOperand::zero()) {
  MOperand T = Q.iadd(AbsX, i(-1));
  return Q.isetp("GE", true, T, r(MaxFiniteReg), Bop, P);
}

/// A positive finite nonzero float (bits) reduced to [1, 2): the
/// significand with exponent 127, and the biased exponent the value had
/// (subnormals are first scaled by 2^24, exactly, and their exponent
/// corrected).
struct Reduced {
  MOperand Significand, Exponent;
};
Reduced reduce(Seq &Q, MOperand AbsX) {
  MOperand Field = Q.shift(false, AbsX, i(23));
  MOperand Sub = Q.isetp("EQ", true, Field, r(MOperand::zero()));
  MOperand Scaled = Q.fmul(AbsX, f(Two24));
  MOperand X = Q.sel(Scaled, r(AbsX), Sub);
  MOperand E = Q.shift(false, X, i(23));
  MOperand ESub = Q.iadd(E, i(-24));
  E = Q.sel(ESub, r(E), Sub);
  MOperand M = Q.lop32i("AND", X, FracMask);
  M = Q.lop32i("OR", M, One);
  return {M, E};
}

/// The bits of X + 1 ulp when P, else X (X positive, finite).
MOperand bumpIf(Seq &Q, MOperand X, MOperand P, int Delta) {
  MOperand Y = Q.iadd(X, i(Delta));
  return Q.sel(Y, r(X), P);
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
  MOperand UN = Signed ? Q.iabs(N) : N, UD = Signed ? Q.iabs(Dv) : Dv;
  MOperand F = Q.i2f(UD, "RP");
  F = Q.mufu("RCP", F);
  F = Q.fmul32i(F, 0x4f7ffff0); // 2^32 * (1 - 2^-20)
  MOperand Z = Q.f2u(F);
  MOperand T = Q.imul(Z, r(UD), false);
  T = Q.iadd(MOperand::zero(), r(T, SIMT::SB_Neg));
  T = Q.imul(Z, r(T), true); // hi(z * -(d*z))
  Z = Q.iadd(Z, r(T));
  MOperand Quo = Q.imul(UN, r(Z), true);
  T = Q.imul(Quo, r(UD), false);
  MOperand Rem = Q.iadd(UN, r(T, SIMT::SB_Neg));
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Ge = Q.isetp("GE", true, Rem, r(UD));
    Rem = Q.sel(Q.iadd(Rem, r(UD, SIMT::SB_Neg)), r(Rem), Ge);
    Quo = Q.sel(Q.iadd(Quo, i(1)), r(Quo), Ge);
  }
  if (!Signed && Remainder) { // n % 0 = n: the corrections left it there
    Q.last();
    Q.iadd(Rem, r(MOperand::zero()));
    return;
  }
  MOperand ByZero = Q.isetp("EQ", true, Dv, r(MOperand::zero()));
  if (!Signed) {
    Q.last();
    Q.sel(Quo, i(-1), ByZero, /*PNeg=*/true);
    return;
  }
  // The quotient is negative when the signs differ; the remainder is
  // n - q*d (the sign of n, and n itself for d == 0).
  MOperand Signs = Q.lop("XOR", N, r(Dv));
  MOperand Neg = Q.isetp("LT", false, Signs, r(MOperand::zero()));
  Quo = Q.sel(Q.iadd(MOperand::zero(), r(Quo, SIMT::SB_Neg)), r(Quo), Neg);
  if (!Remainder) {
    Q.last();
    Q.sel(Quo, i(-1), ByZero, /*PNeg=*/true);
    return;
  }
  T = Q.imul(Quo, r(Dv), false);
  Q.last();
  Q.iadd(N, r(T, SIMT::SB_Neg));
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
void lowerDivRN(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz) {
  Seq Q(S, D);
  if (Ftz) {
    A = flush(Q, A);
    B = flush(Q, B);
  }
  MOperand Max = Q.mov32i(MaxFinite);
  MOperand AbsA = Q.lop32i("AND", A, AbsMask), AbsB = Q.lop32i("AND", B, AbsMask);
  // Zeros, infinities and NaNs: a * (1/b), where a finite b counts as +-1
  // (its size is irrelevant then and 1/b could overflow).
  MOperand SpecialB = isZeroInfNaN(Q, AbsB, Max);
  MOperand Special = isZeroInfNaN(Q, AbsA, Max, "OR", SpecialB);
  MOperand SignB = Q.lop32i("AND", B, SignBit);
  MOperand UnitB = Q.lop32i("OR", SignB, One);
  MOperand B2 = Q.sel(B, r(UnitB), SpecialB);
  MOperand SpecialResult = Q.fmul(A, r(Q.mufu("RCP", B2)));

  Reduced RA = reduce(Q, AbsA), RB = reduce(Q, AbsB);
  MOperand Ma = RA.Significand, Mb = RB.Significand;
  MOperand E = Q.iadd(RA.Exponent, r(RB.Exponent, SIMT::SB_Neg));
  MOperand Rcp = Q.mufu("RCP", Mb);
  MOperand Err = Q.ffma(Mb, SIMT::RM_Neg, r(Rcp), Q.mov32i(One));
  Rcp = Q.ffma(Rcp, 0, r(Err), Rcp);
  MOperand Quo = Q.fmul(Ma, r(Rcp));
  MOperand Res = Q.ffma(Mb, SIMT::RM_Neg, r(Quo), Ma);
  Quo = Q.ffma(Res, 0, r(Rcp), Quo);
  Res = Q.ffma(Mb, SIMT::RM_Neg, r(Quo), Ma);
  MOperand Above = Q.fsetp("LT", Res, 0, f(0));
  MOperand Qz = bumpIf(Q, Quo, Above, -1);
  MOperand Rz = Q.ffma(Mb, SIMT::RM_Neg, r(Qz), Ma);
  MOperand HalfUlp = Q.lop32i("AND", Qz, ExpMask);
  HalfUlp = Q.iadd32i(HalfUlp, uint32_t(-(24 << 23)));
  MOperand Mid = Q.ffma(Mb, SIMT::RM_Neg, r(HalfUlp), Rz);
  MOperand Up = Q.fsetp("GT", Mid, 0, f(0));

  // Normal: the rounded significand with E added to its exponent.
  MOperand Qn = bumpIf(Q, Qz, Up, 1);
  MOperand Normal = Q.iscadd(E, r(Qn), 23);
  MOperand ExpN = Q.iadd(Q.shift(false, Qn, i(23)), r(E));
  MOperand Overflow = Q.isetp("GT", false, ExpN, i(254));
  Normal = Q.sel(Q.mov32i(Inf), r(Normal), Overflow);

  // Subnormal (or zero): round M >> s in integers, s = 1 - exponent.
  MOperand ExpZ = Q.iadd(Q.shift(false, Qz, i(23)), r(E));
  MOperand Tiny = Q.isetp("LE", false, ExpZ, r(MOperand::zero()));
  MOperand Shift = Q.iadd(ExpZ, i(1), SIMT::RM_Neg);
  Shift = Q.imin(Shift, i(31));
  MOperand M = Q.lop32i("AND", Qz, FracMask);
  M = Q.lop32i("OR", M, 0x00800000);
  MOperand Kept = Q.shift(false, M, r(Shift));
  MOperand Dropped = Q.iadd(M, r(Q.shift(true, Kept, r(Shift)), SIMT::SB_Neg));
  MOperand HalfBit = Q.shift(true, Q.mov32i(1), r(Q.iadd(Shift, i(-1))));
  MOperand Inexact = Q.fsetp("NE", Rz, 0, f(0));
  MOperand Odd = Q.isetp("NE", true, Q.lop("AND", Kept, i(1)), r(MOperand::zero()));
  MOperand Sticky = Q.psetp("OR", Inexact, Odd);
  MOperand Tie = Q.isetp("EQ", true, Dropped, r(HalfBit), "AND", Sticky);
  MOperand RoundUp = Q.isetp("GT", true, Dropped, r(HalfBit), "OR", Tie);
  MOperand Subnormal = bumpIf(Q, Kept, RoundUp, 1);

  MOperand Magnitude = Q.sel(Subnormal, r(Normal), Tiny);
  MOperand Sign = Q.lop32i("AND", Q.lop("XOR", A, r(B)), SignBit);
  MOperand Result = Q.lop("OR", Magnitude, r(Sign));
  if (!Ftz) {
    Q.last();
    Q.sel(SpecialResult, r(Result), Special);
    return;
  }
  Result = Q.sel(SpecialResult, r(Result), Special);
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
void lowerSqrtRN(MathSink &S, MOperand D, MOperand X, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  MOperand AbsX = Q.lop32i("AND", X, AbsMask);
  MOperand Special = isZeroInfNaN(Q, AbsX, Q.mov32i(MaxFinite));
  MOperand Negative = Q.fsetp("LT", X, 0, f(0)); // not -0, not NaN
  MOperand SpecialResult = Q.fadd(X, r(X));      // +-0, +inf, canonical NaN

  Reduced RX = reduce(Q, AbsX);
  // An odd unbiased exponent (an even biased one) moves a factor 2 into m.
  MOperand Parity = Q.lop("AND", RX.Exponent, i(1));
  MOperand M = Q.iscadd(Q.iadd(Parity, i(1), SIMT::RM_Neg), r(RX.Significand), 23);
  MOperand K = Q.shift(false, Q.iadd(RX.Exponent, i(-127)), i(1), /*U32=*/false);

  MOperand Y = Q.mufu("RSQ", M);
  MOperand Root = Q.fmul(M, r(Y));
  MOperand HalfY = Q.fmul(Y, f(Half));
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Res = Q.ffma(Root, SIMT::RM_Neg, r(Root), M);
    Root = Q.ffma(Res, 0, r(HalfY), Root);
  }
  MOperand Res = Q.ffma(Root, SIMT::RM_Neg, r(Root), M);
  MOperand Above = Q.fsetp("LT", Res, 0, f(0));
  MOperand Sz = bumpIf(Q, Root, Above, -1);
  MOperand Rz = Q.ffma(Sz, SIMT::RM_Neg, r(Sz), M);
  MOperand Mid = Q.ffma(Sz, SIMT::RM_Neg, f(TwoM23), Rz);
  MOperand Up = Q.fsetp("GT", Mid, 0, f(0));
  MOperand Rounded = bumpIf(Q, Sz, Up, 1);
  MOperand Result = Q.iscadd(K, r(Rounded), 23);
  Result = Q.sel(SpecialResult, r(Result), Special);
  MOperand NaN = Q.mov32i(QNaN);
  Q.last();
  Q.sel(NaN, r(Result), Negative);
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
  MOperand Big = Q.fsetp("GE", B, SIMT::RM_Abs, f(Two126));
  MOperand Small = Q.fsetp("LT", B, SIMT::RM_Abs, f(TwoM126));
  MOperand Scale = Q.sel(Q.mov32i(TwoM24), r(Q.mov32i(One)), Big);
  Scale = Q.sel(Q.mov32i(Two24), r(Scale), Small);
  MOperand Rcp = Q.mufu("RCP", Q.fmul(B, r(Scale)));
  MOperand Quo = Q.fmul(A, r(Rcp));
  Q.last();
  Q.fmul(Quo, r(Scale), Ftz);
}

void lowerDivApprox(MathSink &S, MOperand D, MOperand A, MOperand B, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    B = flush(Q, B);
  MOperand Rcp = Q.mufu("RCP", B);
  Q.last();
  Q.fmul(A, r(Rcp), Ftz);
}

//===-- Rounding to an integer and counting zeros ---------------------------===//

// Below 2^23 in magnitude a float rounds to an integer that fits S32, and
// I2F gives it back exactly; the sign is or'ed in again so that -0.5
// truncates to -0. From 2^23 on (and for Inf and NaN, whose comparison is
// false) every float is already an integer: X itself (X + 0, so that a NaN
// comes out canonical as from every other f32 operation and the f64 form).
void lowerRoundToInt(MathSink &S, MOperand D, MOperand X, StringRef Rnd, bool Ftz) {
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  MOperand Int = Q.i2f(Q.f2s(X, Rnd), "RN", "S32");
  MOperand Signed = Q.lop("OR", Int, r(Q.lop32i("AND", X, SignBit)));
  MOperand Small = Q.fsetp("LT", X, SIMT::RM_Abs, f(0x4b000000));
  MOperand Whole = Q.fadd(X, f(0));
  Q.last();
  Q.sel(Signed, r(Whole), Small);
}

// FLO.U32 is 31 - clz for nonzero X and -1 for 0, so 31 - FLO is clz with
// clz(0) = 32 as PTX defines it.
void lowerClz(MathSink &S, MOperand D, MOperand X) {
  Seq Q(S, D);
  MOperand Index = Q.flo(X);
  Q.last();
  Q.iadd(Index, i(31), SIMT::RM_Neg);
}

void lowerMufu(MathSink &S, MOperand D, MOperand X, MufuFn Fn, bool Ftz) {
  static constexpr const char *Names[] = {"RCP", "RSQ", "SQRT", "EX2", "LG2", "SIN", "COS"};
  Seq Q(S, D);
  if (Ftz)
    X = flush(Q, X);
  if (!Ftz)
    Q.last();
  MOperand R = Q.mufu(Names[unsigned(Fn)], X);
  if (Ftz) {
    Q.last();
    flush(Q, R);
  }
}

} // namespace simt::cc

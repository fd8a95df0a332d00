//===-- LowerMath64.cpp - Sequences for 64-bit integers and doubles -------===//
//
// 64-bit integers are pairs of words combined with the carry flag
// (IADD.CC/IADD.X) and 32-bit multiplies. 64-bit division follows the
// 32-bit scheme of LowerMath.cpp one size up: a float reciprocal scaled to
// a 64-bit fixed-point estimate that is never above 2^64/d, two integer
// Newton steps, and compare-and-correct steps; the error argument is at
// lowerIntDivRem64. The f64 divide and square root are at their functions.
// Sequences are inline (the translator has no calls yet, and an inline
// sequence costs no call overhead nor ABI; a kernel rarely has many).
//
//===----------------------------------------------------------------------===//
#include "cc/isel/LowerMath64.h"
#include "cc/isel/MathSeq.h"

using namespace llvm;

namespace simt::cc {

using namespace mathseq;

namespace {

constexpr unsigned Neg = SIMT::SB_Neg;

Words64 wordsOf(MOperand P) { return {Seq::lo(P), Seq::hi(P)}; }

/// A + B, 64-bit.
Words64 add64(Seq &Q, Words64 A, Words64 B, unsigned BFlags = 0) {
  MOperand Lo = Q.iaddc(A.Lo, r(B.Lo, BFlags), /*CC=*/true, /*X=*/false);
  MOperand Hi = Q.iaddc(A.Hi, r(B.Hi, BFlags), /*CC=*/false, /*X=*/true);
  return {Lo, Hi};
}
/// A - B, 64-bit (A + ~B + 1 through the carry).
Words64 sub64(Seq &Q, Words64 A, Words64 B) { return add64(Q, A, B, Neg); }
Words64 neg64(Seq &Q, Words64 A) { return sub64(Q, {MOperand::zero(), MOperand::zero()}, A); }
Words64 sel64(Seq &Q, Words64 A, Words64 B, MOperand P) {
  return {Q.sel(A.Lo, r(B.Lo), P), Q.sel(A.Hi, r(B.Hi), P)};
}
/// A >= B or A > B (Cmp GE or GT), unsigned 64-bit: the high words decide
/// unless they are equal.
MOperand cmpU64(Seq &Q, Words64 A, Words64 B, StringRef Cmp) {
  MOperand T = Q.isetp(Cmp, true, A.Lo, r(B.Lo));
  T = Q.isetp("EQ", true, A.Hi, r(B.Hi), "AND", T);
  return Q.isetp("GT", true, A.Hi, r(B.Hi), "OR", T);
}
/// The low 64 bits of A * B.
Words64 mulLo64(Seq &Q, Words64 A, Words64 B) {
  MOperand T = Q.imul(A.Lo, r(B.Lo), /*Hi=*/true);
  T = Q.imad(A.Lo, r(B.Hi), T, false);
  T = Q.imad(A.Hi, r(B.Lo), T, false);
  return {Q.imul(A.Lo, r(B.Lo), false), T};
}
/// The high 64 bits of A * B, unsigned: the sum of the four partial
/// products' words at 2^64 and above, with the carries out of the word at
/// 2^32 (a partial product's high word is at most 2^32 - 2, so adding one
/// carry to it never overflows).
Words64 mulHiU64(Seq &Q, Words64 A, Words64 B) {
  const MOperand RZ = MOperand::zero();
  MOperand Mid = Q.imul(A.Lo, r(B.Lo), true);
  MOperand Z = Q.imul(A.Lo, r(B.Hi), true);
  Mid = Q.iaddc(Mid, r(Q.imul(A.Lo, r(B.Hi), false)), true, false);
  Z = Q.iaddc(Z, r(RZ), false, true);
  MOperand U = Q.imul(A.Hi, r(B.Lo), true);
  Mid = Q.iaddc(Mid, r(Q.imul(A.Hi, r(B.Lo), false)), true, false);
  U = Q.iaddc(U, r(RZ), false, true);
  Words64 H = {Q.imul(A.Hi, r(B.Hi), false), Q.imul(A.Hi, r(B.Hi), true)};
  H = add64(Q, H, {Z, RZ});
  return add64(Q, H, {U, RZ});
}

} // namespace

//===-- Negation, absolute value, minimum and maximum ------------------------===//

void lowerNegAbs64(MathSink &S, MOperand D, Words64 A, bool Abs) {
  Seq Q(S, D);
  Words64 R = neg64(Q, A);
  if (Abs)
    R = sel64(Q, R, A, Q.isetp("LT", false, A.Hi, r(MOperand::zero())));
  Q.lastPair(R.Lo, R.Hi);
}

// a < b: the high words decide (signed or not) unless they are equal, then
// the low words, unsigned.
void lowerMinMax64(MathSink &S, MOperand D, Words64 A, Words64 B, bool Signed, bool Max) {
  Seq Q(S, D);
  MOperand T = Q.isetp("LT", true, A.Lo, r(B.Lo));
  T = Q.isetp("EQ", true, A.Hi, r(B.Hi), "AND", T);
  MOperand Less = Q.isetp("LT", !Signed, A.Hi, r(B.Hi), "OR", T);
  Words64 R = Max ? sel64(Q, B, A, Less) : sel64(Q, A, B, Less);
  Q.lastPair(R.Lo, R.Hi);
}

//===-- Shifts and products -------------------------------------------------===//

// With n unsigned and SHL/SHR giving 0 for counts of 32 and more, the word
// that receives bits from the other word takes them through both a shift
// by 32 - n (n < 32) and one by n - 32 (n >= 32); the wrong one of the two
// counts is then 32 or more (modulo 2^32) and contributes nothing. A
// signed right shift by n - 32 would contribute the sign instead, so there
// the two cases are selected.
static Words64 shift64(Seq &Q, Words64 A, MOperand N, bool Left, bool Signed) {
  MOperand Rest = Q.iadd(N, i(32), SIMT::RM_Neg); // 32 - n
  MOperand Over = Q.iadd(N, i(-32));              // n - 32
  MOperand From = Left ? A.Hi : A.Lo, Other = Left ? A.Lo : A.Hi;
  MOperand Near = Q.lop("OR", Q.shift(Left, From, r(N)), r(Q.shift(!Left, Other, r(Rest))));
  MOperand Far = Q.shift(Left, Other, r(Over), !Signed);
  MOperand Mixed;
  if (Signed) {
    MOperand Small = Q.isetp("LT", true, N, i(32));
    Mixed = Q.sel(Near, r(Far), Small);
  } else {
    Mixed = Q.lop("OR", Near, r(Far));
  }
  MOperand Whole = Q.shift(Left, Other, r(N), !Signed);
  return Left ? Words64{Whole, Mixed} : Words64{Mixed, Whole};
}

void lowerShift64(MathSink &S, MOperand D, Words64 A, MOperand N, bool Left, bool Signed) {
  Seq Q(S, D);
  Words64 R = shift64(Q, A, N, Left, Signed);
  Q.lastPair(R.Lo, R.Hi);
}

void lowerMadLo64(MathSink &S, MOperand D, Words64 A, Words64 B, Words64 C) {
  Seq Q(S, D);
  Words64 R = add64(Q, mulLo64(Q, A, B), C);
  Q.lastPair(R.Lo, R.Hi);
}

// Signed: a = au - 2^64 [a < 0], so a*b = au*bu - 2^64 (b [a < 0] + a [b < 0])
// + 2^128 [...]; modulo 2^64 the high word is the unsigned one minus b when
// a is negative and minus a when b is.
void lowerMulHi64(MathSink &S, MOperand D, Words64 A, Words64 B, bool Signed) {
  Seq Q(S, D);
  Words64 H = mulHiU64(Q, A, B);
  if (Signed) {
    for (auto [X, Y] : {std::pair(A, B), std::pair(B, A)}) {
      MOperand Mask = Q.shift(false, X.Hi, i(31), /*U32=*/false);
      H = sub64(Q, H, {Q.lop("AND", Y.Lo, r(Mask)), Q.lop("AND", Y.Hi, r(Mask))});
    }
  }
  Q.lastPair(H.Lo, H.Hi);
}

//===-- Division ------------------------------------------------------------===//

// For d != 0: f = RP(d) as f32 >= d, and MUFU.RCP(f) * 2^64 * (1 - 2^-20)
// truncated is z0 <= 2^64/d (MUFU is at most 2 ulp high, the product rounds
// by half an ulp: (1 + 2^-21)(1 - 2^-20) < 1), with absolute error
// 2^64/d - z0 <= z 2^-18 + 1. A Newton step z += hi(z * (2^64 - d*z)), where
// 2^64 - d*z is -(d*z) mod 2^64, stays at most 2^64/d (the exact step
// approaches from below; the truncations lower it) and takes an absolute
// error e to d e^2 / 2^64 + 1. Two steps leave e < 2.01 for every d, so
// q = hi(n * z) is the quotient or up to 3 less (hi(n z) >= n/d - n e/2^64
// - 1 > n/d - 3.01), and r = n - q d is exact in 64 bits (0 <= r <= n);
// three compare-and-correct steps finish it. d == 0: the estimate
// saturates to 2^64 - 1 and stays; r stays n and the quotient is set to
// all ones, as lowerIntDivRem does for 32 bits.
void lowerIntDivRem64(MathSink &S, MOperand D, Words64 N, Words64 Dv, bool Signed,
                      bool Remainder) {
  Seq Q(S, D);
  const MOperand RZ = MOperand::zero();
  Words64 UN = N, UD = Dv;
  MOperand NegN, NegD;
  if (Signed) {
    NegN = Q.isetp("LT", false, N.Hi, r(RZ));
    NegD = Q.isetp("LT", false, Dv.Hi, r(RZ));
    UN = sel64(Q, neg64(Q, N), N, NegN);
    UD = sel64(Q, neg64(Q, Dv), Dv, NegD);
  }
  auto Mod = [](unsigned G, StringRef V) { return std::pair(G, modValue(G, V)); };
  MOperand F = Q.convert(SIMT::I2F,
                         {Mod(SIMT::MG_FltDst, "F32"), Mod(SIMT::MG_IntSrc, "U64"),
                          Mod(SIMT::MG_Rnd, "RP")},
                         r(Q.pairOf(UD.Lo, UD.Hi)), false);
  F = Q.fmul32i(Q.mufu("RCP", F), 0x5f7ffff0); // 2^64 * (1 - 2^-20)
  MOperand ZP = Q.convert(SIMT::F2I,
                          {Mod(SIMT::MG_IntDst, "U64"), Mod(SIMT::MG_FltSrc, "F32"),
                           std::pair(unsigned(SIMT::MG_FTZ), 0u),
                           Mod(SIMT::MG_F2IRnd, "TRUNC")},
                          r(F), true);
  Words64 Z = {Seq::lo(ZP), Seq::hi(ZP)};
  for (int Step = 0; Step < 2; ++Step) {
    Words64 E = neg64(Q, mulLo64(Q, UD, Z));
    Z = add64(Q, Z, mulHiU64(Q, Z, E));
  }
  Words64 Quo = mulHiU64(Q, UN, Z);
  Words64 Rem = sub64(Q, UN, mulLo64(Q, Quo, UD));
  for (int Step = 0; Step < 3; ++Step) {
    MOperand Ge = cmpU64(Q, Rem, UD, "GE");
    Rem = sel64(Q, sub64(Q, Rem, UD), Rem, Ge);
    Quo = sel64(Q, add64(Q, Quo, {Q.mov(i(1)), RZ}), Quo, Ge);
  }
  if (Remainder) {
    if (Signed) // the sign of n (n itself for d == 0)
      Rem = sel64(Q, neg64(Q, Rem), Rem, NegN);
    Q.lastPair(Rem.Lo, Rem.Hi);
    return;
  }
  if (Signed) {
    MOperand Signs = Q.lop("XOR", N.Hi, r(Dv.Hi));
    MOperand NegQ = Q.isetp("LT", false, Signs, r(RZ));
    Quo = sel64(Q, neg64(Q, Quo), Quo, NegQ);
  }
  MOperand ByZero = Q.isetp("EQ", true, Dv.Lo, r(RZ));
  ByZero = Q.isetp("EQ", true, Dv.Hi, r(RZ), "AND", ByZero);
  MOperand Ones = Q.mov(i(-1));
  Quo = sel64(Q, {Ones, Ones}, Quo, ByZero);
  Q.lastPair(Quo.Lo, Quo.Hi);
}

//===-- Rounding to an integer ----------------------------------------------===//

// Below 2^52 in magnitude a double rounds to an integer that fits S64, and
// I2F gives it back exactly; the sign is or'ed in again so that -0.5
// truncates to -0. From 2^52 on (and for Inf and NaN, whose comparison is
// false) every double is already an integer: X itself (X + 0, so that a
// NaN comes out canonical as from every other f64 operation).
void lowerRoundToInt64(MathSink &S, MOperand D, MOperand X, StringRef Rnd) {
  Seq Q(S, D);
  auto Mod = [](unsigned G, StringRef V) { return std::pair(G, modValue(G, V)); };
  MOperand Int = Q.convert(SIMT::F2I,
                           {Mod(SIMT::MG_IntDst, "S64"), Mod(SIMT::MG_FltSrc, "F64"),
                            std::pair(unsigned(SIMT::MG_FTZ), 0u), Mod(SIMT::MG_F2IRnd, Rnd)},
                           r(X), true);
  MOperand Back = Q.convert(SIMT::I2F,
                            {Mod(SIMT::MG_FltDst, "F64"), Mod(SIMT::MG_IntSrc, "S64"),
                             Mod(SIMT::MG_Rnd, "RN")},
                            r(Int), true);
  MOperand Sign = Q.lop32i("AND", Seq::hi(X), 0x80000000u);
  MOperand Hi = Q.lop("OR", Seq::hi(Back), r(Sign));
  MOperand Small = Q.dsetp("LT", X, SIMT::RM_Abs, f(0x43300000)); // 2^52
  MOperand Whole = Q.dadd(X, 0, f(0)); // X, with a NaN made canonical
  Words64 R = sel64(Q, {Seq::lo(Back), Hi}, wordsOf(Whole), Small);
  Q.lastPair(R.Lo, R.Hi);
}

//===-- Correctly rounded division and square root ----------------------------===//

namespace {

constexpr uint32_t HiOne = 0x3ff00000, HiSign = 0x80000000, HiAbs = 0x7fffffff,
                   HiFrac = 0x000fffff, HiExp = 0x7ff00000, HiTwo54 = 0x43500000,
                   HiTwoM52 = 0x3cb00000;

/// A pair holding W's words (for the D* instructions, which read pairs).
MOperand pairOf(Seq &Q, Words64 W) { return Q.pairOf(W.Lo, W.Hi); }
/// |X| of a double in a pair, as a pair.
MOperand abs64(Seq &Q, MOperand X) {
  return Q.pairOf(Seq::lo(X), Q.lop32i("AND", Seq::hi(X), HiAbs));
}
/// The bits of X plus Delta (+1 or -1, an ulp of a positive double) when P.
Words64 bumpIf64(Seq &Q, Words64 X, MOperand P, int Delta) {
  MOperand DLo = Q.mov(i(Delta)), DHi = Q.mov(i(Delta < 0 ? -1 : 0));
  return sel64(Q, add64(Q, X, {DLo, DHi}), X, P);
}
/// Whether the double X (a pair) is 0, infinite or NaN: the high word of
/// |X| minus one unit of its exponent field is at least that of the largest
/// finite's (unsigned), or |X| is a zero whose low word is 0 too.
MOperand isZeroInfNaN64(Seq &Q, MOperand X, StringRef Bop = "AND",
                        MOperand P = MOperand::zero()) {
  MOperand Zero = Q.dsetp("EQ", X, 0, f(0));
  MOperand Exp = Q.lop32i("AND", Seq::hi(X), HiExp);
  MOperand Special = Q.isetp("EQ", true, Exp, r(Q.mov32i(HiExp)), "OR", Zero);
  return Q.psetp(Bop, Special, P);
}
/// 1/X to within a few ulps of f32 (MUFU on X rounded to f32), as a double;
/// X in [1, 4), or 0, infinite or NaN for the special results.
MOperand seed(Seq &Q, StringRef Fn, MOperand X) {
  auto Mod = [](unsigned G, StringRef V) { return std::pair(G, modValue(G, V)); };
  MOperand F = Q.convert(SIMT::F2F,
                         {Mod(SIMT::MG_FltDst, "F32"), Mod(SIMT::MG_FltSrc, "F64"),
                          std::pair(unsigned(SIMT::MG_FTZ), 0u),
                          std::pair(unsigned(SIMT::MG_Sat), 0u), Mod(SIMT::MG_Rnd, "RN")},
                         r(X), false);
  F = Q.mufu(Fn, F);
  return Q.convert(SIMT::F2F,
                   {Mod(SIMT::MG_FltDst, "F64"), Mod(SIMT::MG_FltSrc, "F32"),
                    std::pair(unsigned(SIMT::MG_FTZ), 0u), std::pair(unsigned(SIMT::MG_Sat), 0u),
                    Mod(SIMT::MG_Rnd, "RN")},
                   r(F), true);
}

/// A positive finite nonzero double (a pair) reduced to [1, 2): the
/// significand with exponent 1023, and the biased exponent the value had
/// (subnormals are first scaled by 2^54, exactly, and their exponent
/// corrected).
struct Reduced64 {
  MOperand Significand, Exponent;
};
Reduced64 reduce64(Seq &Q, MOperand AbsX) {
  MOperand Field = Q.shift(false, Seq::hi(AbsX), i(20));
  MOperand Sub = Q.isetp("EQ", true, Field, r(MOperand::zero()));
  MOperand Scaled = Q.dmul(AbsX, 0, f(HiTwo54));
  Words64 X = sel64(Q, wordsOf(Scaled), wordsOf(AbsX), Sub);
  MOperand E = Q.shift(false, X.Hi, i(20));
  E = Q.sel(Q.iadd(E, i(-54)), r(E), Sub);
  MOperand Hi = Q.lop32i("OR", Q.lop32i("AND", X.Hi, HiFrac), HiOne);
  return {Q.pairOf(X.Lo, Hi), E};
}

} // namespace

// As lowerDivRN in LowerMath.cpp, with a = ma 2^ea, b = mb 2^eb, ma and mb
// in [1, 2) and Q = ma/mb in (1/2, 2):
//   r = seed(mb) (relative error below 2^-21); twice r += r (1 - mb r)
//                                              (then ~2^-53, rounding-bound)
//   q = ma r;  q += r (ma - mb q)               (within one ulp of Q)
//   qz = q, or q - 1 ulp if ma - mb q < 0       (Q truncated, exactly)
//   rz = ma - mb qz (exact, >= 0)
//   up = rz - mb ulp(qz)/2 > 0                  (never a tie: a quotient of
//        53-bit numbers is never a 54-bit midpoint)
// Normal results add E = ea - eb to qz + up's exponent (infinity beyond
// 2046); subnormal ones round qz's 53-bit significand shifted right by
// 1 - (exponent + E) in integers, with rz != 0 as the sticky bit. Zeros,
// infinities and NaNs are a * (1/b) with a finite b counted as +-1.
void lowerDivRN64(MathSink &S, MOperand D, MOperand A, MOperand B) {
  Seq Q(S, D);
  const MOperand RZ = MOperand::zero();
  MOperand AbsA = abs64(Q, A), AbsB = abs64(Q, B);
  MOperand SpecialB = isZeroInfNaN64(Q, B);
  MOperand Special = isZeroInfNaN64(Q, A, "OR", SpecialB);
  MOperand UnitB = Q.pairOf(RZ, Q.lop32i("OR", Q.lop32i("AND", Seq::hi(B), HiSign), HiOne));
  MOperand B2 = pairOf(Q, sel64(Q, wordsOf(B), wordsOf(UnitB), SpecialB));
  MOperand SpecialResult = Q.dmul(A, 0, r(seed(Q, "RCP", B2)));

  Reduced64 RA = reduce64(Q, AbsA), RB = reduce64(Q, AbsB);
  MOperand Ma = RA.Significand, Mb = RB.Significand;
  MOperand E = Q.iadd(RA.Exponent, r(RB.Exponent, SIMT::SB_Neg));
  MOperand One = Q.const64(0x3ff0000000000000);
  MOperand Rcp = seed(Q, "RCP", Mb);
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Err = Q.dfma(Mb, SIMT::RM_Neg, r(Rcp), One);
    Rcp = Q.dfma(Rcp, 0, r(Err), Rcp);
  }
  MOperand Quo = Q.dmul(Ma, 0, r(Rcp));
  MOperand Res = Q.dfma(Mb, SIMT::RM_Neg, r(Quo), Ma);
  Quo = Q.dfma(Res, 0, r(Rcp), Quo);
  Res = Q.dfma(Mb, SIMT::RM_Neg, r(Quo), Ma);
  MOperand Above = Q.dsetp("LT", Res, 0, f(0));
  Words64 Qz = bumpIf64(Q, wordsOf(Quo), Above, -1);
  MOperand QzP = pairOf(Q, Qz);
  MOperand Rz = Q.dfma(Mb, SIMT::RM_Neg, r(QzP), Ma);
  MOperand HalfUlp = Q.pairOf(RZ, Q.iadd32i(Q.lop32i("AND", Qz.Hi, HiExp), uint32_t(-(53 << 20))));
  MOperand Mid = Q.dfma(Mb, SIMT::RM_Neg, r(HalfUlp), Rz);
  MOperand Up = Q.dsetp("GT", Mid, 0, f(0));

  // Normal: the rounded significand with E added to its exponent.
  Words64 Qn = bumpIf64(Q, Qz, Up, 1);
  MOperand NormalHi = Q.iscadd(E, r(Qn.Hi), 20);
  MOperand ExpN = Q.iadd(Q.shift(false, Qn.Hi, i(20)), r(E));
  MOperand Overflow = Q.isetp("GT", false, ExpN, i(2046));
  Words64 Normal = sel64(Q, {RZ, Q.mov32i(HiExp)}, {Qn.Lo, NormalHi}, Overflow);

  // Subnormal (or zero): round M >> s in integers, s = 1 - exponent.
  MOperand ExpZ = Q.iadd(Q.shift(false, Qz.Hi, i(20)), r(E));
  MOperand Tiny = Q.isetp("LE", false, ExpZ, r(RZ));
  MOperand Shift = Q.imin(Q.iadd(ExpZ, i(1), SIMT::RM_Neg), i(63));
  Words64 M = {Qz.Lo, Q.lop32i("OR", Q.lop32i("AND", Qz.Hi, HiFrac), 0x00100000)};
  Words64 Kept = shift64(Q, M, Shift, false, false);
  Words64 Dropped = sub64(Q, M, shift64(Q, Kept, Shift, true, false));
  Words64 HalfBit = shift64(Q, {Q.mov(i(1)), RZ}, Q.iadd(Shift, i(-1)), true, false);
  MOperand Inexact = Q.dsetp("NE", Rz, 0, f(0));
  MOperand Odd = Q.isetp("NE", true, Q.lop("AND", Kept.Lo, i(1)), r(RZ));
  MOperand Sticky = Q.psetp("OR", Inexact, Odd);
  MOperand Tie = Q.isetp("EQ", true, Dropped.Lo, r(HalfBit.Lo), "AND", Sticky);
  Tie = Q.isetp("EQ", true, Dropped.Hi, r(HalfBit.Hi), "AND", Tie);
  MOperand RoundUp = Q.psetp("OR", cmpU64(Q, Dropped, HalfBit, "GT"), Tie);
  Words64 Subnormal = bumpIf64(Q, Kept, RoundUp, 1);

  Words64 Magnitude = sel64(Q, Subnormal, Normal, Tiny);
  MOperand Sign = Q.lop32i("AND", Q.lop("XOR", Seq::hi(A), r(Seq::hi(B))), HiSign);
  Words64 Result = {Magnitude.Lo, Q.lop("OR", Magnitude.Hi, r(Sign))};
  Result = sel64(Q, wordsOf(SpecialResult), Result, Special);
  Q.lastPair(Result.Lo, Result.Hi);
}

// As lowerSqrtRN in LowerMath.cpp: x = m 2^(2k) with m in [1, 4), so
// sqrt(x) = sqrt(m) 2^k is normal. With y = seed(m) for 1/sqrt(m) and
// h = y/2, three steps s += h (m - s s) from s = m y each shrink the error
// by the factor |1 - s y| < 2^-21, leaving s within one ulp; then sz = s,
// or s - 1 ulp when m - s s < 0, and the result rounds up when
// m - (sz + 2^-53)^2 > 0, whose sign is that of (m - sz sz) - sz 2^-52
// (the dropped 2^-106 is below the spacing of the other terms; a 54-bit
// midpoint squared is never a 53-bit number).
void lowerSqrtRN64(MathSink &S, MOperand D, MOperand X) {
  Seq Q(S, D);
  MOperand Special = isZeroInfNaN64(Q, X);
  MOperand Negative = Q.dsetp("LT", X, 0, f(0)); // not -0, not NaN
  MOperand SpecialResult = Q.dadd(X, 0, r(X));   // +-0, +inf, NaN

  Reduced64 RX = reduce64(Q, abs64(Q, X));
  MOperand Parity = Q.lop("AND", RX.Exponent, i(1));
  MOperand MHi = Q.iscadd(Q.iadd(Parity, i(1), SIMT::RM_Neg), r(Seq::hi(RX.Significand)), 20);
  MOperand M = Q.pairOf(Seq::lo(RX.Significand), MHi);
  MOperand K = Q.shift(false, Q.iadd(RX.Exponent, i(-1023)), i(1), /*U32=*/false);

  MOperand Y = seed(Q, "RSQ", M);
  MOperand Root = Q.dmul(M, 0, r(Y));
  MOperand HalfY = Q.dmul(Y, 0, f(0x3fe00000));
  for (int Step = 0; Step < 3; ++Step) {
    MOperand Res = Q.dfma(Root, SIMT::RM_Neg, r(Root), M);
    Root = Q.dfma(Res, 0, r(HalfY), Root);
  }
  MOperand Res = Q.dfma(Root, SIMT::RM_Neg, r(Root), M);
  MOperand Above = Q.dsetp("LT", Res, 0, f(0));
  Words64 Sz = bumpIf64(Q, wordsOf(Root), Above, -1);
  MOperand SzP = pairOf(Q, Sz);
  MOperand Rz = Q.dfma(SzP, SIMT::RM_Neg, r(SzP), M);
  MOperand Mid = Q.dfma(SzP, SIMT::RM_Neg, f(HiTwoM52), Rz);
  MOperand Up = Q.dsetp("GT", Mid, 0, f(0));
  Words64 Rounded = bumpIf64(Q, Sz, Up, 1);
  Words64 Result = {Rounded.Lo, Q.iscadd(K, r(Rounded.Hi), 20)};
  Result = sel64(Q, wordsOf(SpecialResult), Result, Special);
  MOperand NaNLo = Q.mov(i(-1)), NaNHi = Q.mov32i(0x7fffffff);
  Result = sel64(Q, {NaNLo, NaNHi}, Result, Negative);
  Q.lastPair(Result.Lo, Result.Hi);
}

} // namespace simt::cc

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
  MOperand Lo = Q(mi::IADD().cc().ra(A.Lo).sb(B.Lo, BFlags));
  MOperand Hi = Q(mi::IADD().x().ra(A.Hi).sb(B.Hi, BFlags));
  return {Lo, Hi};
}
/// A - B, 64-bit (A + ~B + 1 through the carry).
Words64 sub64(Seq &Q, Words64 A, Words64 B) { return add64(Q, A, B, Neg); }
Words64 neg64(Seq &Q, Words64 A) { return sub64(Q, {RZ, RZ}, A); }
Words64 sel64(Seq &Q, Words64 A, Words64 B, MOperand P) {
  return {Q(mi::SEL().ra(A.Lo).sb(B.Lo).pp(P)), Q(mi::SEL().ra(A.Hi).sb(B.Hi).pp(P))};
}
/// A >= B or A > B (Cmp GE or GT), unsigned 64-bit: the high words decide
/// unless they are equal.
MOperand cmpU64(Seq &Q, Words64 A, Words64 B, ICmp Cmp) {
  MOperand T = Q.pred(isetp(Cmp, true, A.Lo, B.Lo));
  T = Q.pred(isetp(ICmp::EQ, true, A.Hi, B.Hi, BoolOp::AND, T));
  return Q.pred(isetp(ICmp::GT, true, A.Hi, B.Hi, BoolOp::OR, T));
}
/// The double compare (A cmp B) bop P (with A's source modifiers AFlags).
mi::DSETP dsetp(FCmp Cmp, MOperand A, unsigned AFlags, SrcB B, BoolOp Bop = BoolOp::AND,
                MOperand P = PT) {
  return mi::DSETP().cmp(Cmp).bop(Bop).ra(A, AFlags).sb(B).pp(P);
}
/// The low (or, Hi, high) word of the unsigned A * B.
mi::IMUL mulU32(MOperand A, SrcB B, bool Hi) {
  using SIMT::MulType;
  return mi::IMUL().atype(MulType::U32).btype(MulType::U32).hi(Hi).ra(A).sb(B);
}
/// The low word of A * B + C, unsigned.
mi::IMAD madLoU32(MOperand A, SrcB B, MOperand C) {
  using SIMT::MulType;
  return mi::IMAD().atype(MulType::U32).btype(MulType::U32).ra(A).sb(B).rc(C);
}
/// The low 64 bits of A * B.
Words64 mulLo64(Seq &Q, Words64 A, Words64 B) {
  MOperand T = Q(mulU32(A.Lo, B.Lo, /*Hi=*/true));
  T = Q(madLoU32(A.Lo, B.Hi, T));
  T = Q(madLoU32(A.Hi, B.Lo, T));
  return {Q(mulU32(A.Lo, B.Lo, false)), T};
}
/// The high 64 bits of A * B, unsigned: the sum of the four partial
/// products' words at 2^64 and above, with the carries out of the word at
/// 2^32 (a partial product's high word is at most 2^32 - 2, so adding one
/// carry to it never overflows).
Words64 mulHiU64(Seq &Q, Words64 A, Words64 B) {
  MOperand Mid = Q(mulU32(A.Lo, B.Lo, true));
  MOperand Z = Q(mulU32(A.Lo, B.Hi, true));
  Mid = Q(mi::IADD().cc().ra(Mid).sb(Q(mulU32(A.Lo, B.Hi, false))));
  Z = Q(mi::IADD().x().ra(Z).sb(RZ));
  MOperand U = Q(mulU32(A.Hi, B.Lo, true));
  Mid = Q(mi::IADD().cc().ra(Mid).sb(Q(mulU32(A.Hi, B.Lo, false))));
  U = Q(mi::IADD().x().ra(U).sb(RZ));
  Words64 H = {Q(mulU32(A.Hi, B.Hi, false)), Q(mulU32(A.Hi, B.Hi, true))};
  H = add64(Q, H, {Z, RZ});
  return add64(Q, H, {U, RZ});
}

} // namespace

//===-- Negation, absolute value, minimum and maximum ------------------------===//

void lowerNegAbs64(MathSink &S, MOperand D, Words64 A, bool Abs) {
  Seq Q(S, D);
  Words64 R = neg64(Q, A);
  if (Abs)
    R = sel64(Q, R, A, Q.pred(isetp(ICmp::LT, false, A.Hi, RZ)));
  Q.lastPair(R.Lo, R.Hi);
}

// a < b: the high words decide (signed or not) unless they are equal, then
// the low words, unsigned.
void lowerMinMax64(MathSink &S, MOperand D, Words64 A, Words64 B, bool Signed, bool Max) {
  Seq Q(S, D);
  MOperand T = Q.pred(isetp(ICmp::LT, true, A.Lo, B.Lo));
  T = Q.pred(isetp(ICmp::EQ, true, A.Hi, B.Hi, BoolOp::AND, T));
  MOperand Less = Q.pred(isetp(ICmp::LT, !Signed, A.Hi, B.Hi, BoolOp::OR, T));
  Words64 R = Max ? sel64(Q, B, A, Less) : sel64(Q, A, B, Less);
  Q.lastPair(R.Lo, R.Hi);
}

//===-- Shifts and products -------------------------------------------------===//

/// A << N or A >> N (unsigned unless U32 is false), 32-bit.
static MOperand shift32(Seq &Q, bool Left, MOperand A, SrcB N, bool U32 = true) {
  return Left ? Q(mi::SHL().ra(A).sb(N)) : Q(mi::SHR().u32(U32).ra(A).sb(N));
}

// With n unsigned and SHL/SHR giving 0 for counts of 32 and more, the word
// that receives bits from the other word takes them through both a shift
// by 32 - n (n < 32) and one by n - 32 (n >= 32); the wrong one of the two
// counts is then 32 or more (modulo 2^32) and contributes nothing. A
// signed right shift by n - 32 would contribute the sign instead, so there
// the two cases are selected.
static Words64 shift64(Seq &Q, Words64 A, MOperand N, bool Left, bool Signed) {
  MOperand Rest = Q(mi::IADD().ra(N, SIMT::RM_Neg).sb(i(32))); // 32 - n
  MOperand Over = Q(mi::IADD().ra(N).sb(i(-32)));              // n - 32
  MOperand From = Left ? A.Hi : A.Lo, Other = Left ? A.Lo : A.Hi;
  MOperand Carried = shift32(Q, !Left, Other, Rest);
  MOperand Near = Q(mi::LOP().op(Logic::OR).ra(shift32(Q, Left, From, N)).sb(Carried));
  MOperand Far = shift32(Q, Left, Other, Over, !Signed);
  MOperand Mixed;
  if (Signed) {
    MOperand Small = Q.pred(isetp(ICmp::LT, true, N, i(32)));
    Mixed = Q(mi::SEL().ra(Near).sb(Far).pp(Small));
  } else {
    Mixed = Q(mi::LOP().op(Logic::OR).ra(Near).sb(Far));
  }
  MOperand Whole = shift32(Q, Left, Other, N, !Signed);
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
      MOperand Mask = Q(mi::SHR().u32(false).ra(X.Hi).sb(i(31)));
      auto And = [&](MOperand W) { return Q(mi::LOP().op(Logic::AND).ra(W).sb(Mask)); };
      H = sub64(Q, H, {And(Y.Lo), And(Y.Hi)});
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
  Words64 UN = N, UD = Dv;
  MOperand NegN, NegD;
  if (Signed) {
    NegN = Q.pred(isetp(ICmp::LT, false, N.Hi, RZ));
    NegD = Q.pred(isetp(ICmp::LT, false, Dv.Hi, RZ));
    UN = sel64(Q, neg64(Q, N), N, NegN);
    UD = sel64(Q, neg64(Q, Dv), Dv, NegD);
  }
  MOperand F = Q(mi::I2F()
                     .dty(FloatType::F32)
                     .sty(IntType::U64)
                     .rnd(SIMT::Rnd::RP)
                     .sb(Q.pairOf(UD.Lo, UD.Hi)));
  F = Q(mi::FMUL32I().ra(Q(mi::MUFU().op(Mufu::RCP).ra(F))).imm(0x5f7ffff0)); // 2^64 (1 - 2^-20)
  MOperand ZP =
      Q.wide(mi::F2I().dty(IntType::U64).sty(FloatType::F32).rnd(F2IRnd::TRUNC).sb(F));
  Words64 Z = {Seq::lo(ZP), Seq::hi(ZP)};
  for (int Step = 0; Step < 2; ++Step) {
    Words64 E = neg64(Q, mulLo64(Q, UD, Z));
    Z = add64(Q, Z, mulHiU64(Q, Z, E));
  }
  Words64 Quo = mulHiU64(Q, UN, Z);
  Words64 Rem = sub64(Q, UN, mulLo64(Q, Quo, UD));
  for (int Step = 0; Step < 3; ++Step) {
    MOperand Ge = cmpU64(Q, Rem, UD, ICmp::GE);
    Rem = sel64(Q, sub64(Q, Rem, UD), Rem, Ge);
    Quo = sel64(Q, add64(Q, Quo, {Q(mi::MOV().sb(i(1))), RZ}), Quo, Ge);
  }
  if (Remainder) {
    if (Signed) // the sign of n (n itself for d == 0)
      Rem = sel64(Q, neg64(Q, Rem), Rem, NegN);
    Q.lastPair(Rem.Lo, Rem.Hi);
    return;
  }
  if (Signed) {
    MOperand Signs = Q(mi::LOP().op(Logic::XOR).ra(N.Hi).sb(Dv.Hi));
    MOperand NegQ = Q.pred(isetp(ICmp::LT, false, Signs, RZ));
    Quo = sel64(Q, neg64(Q, Quo), Quo, NegQ);
  }
  MOperand ByZero = Q.pred(isetp(ICmp::EQ, true, Dv.Lo, RZ));
  ByZero = Q.pred(isetp(ICmp::EQ, true, Dv.Hi, RZ, BoolOp::AND, ByZero));
  MOperand Ones = Q(mi::MOV().sb(i(-1)));
  Quo = sel64(Q, {Ones, Ones}, Quo, ByZero);
  Q.lastPair(Quo.Lo, Quo.Hi);
}

//===-- Rounding to an integer ----------------------------------------------===//

// Below 2^52 in magnitude a double rounds to an integer that fits S64, and
// I2F gives it back exactly; the sign is or'ed in again so that -0.5
// truncates to -0. From 2^52 on (and for Inf and NaN, whose comparison is
// false) every double is already an integer: X itself (X + 0, so that a
// NaN comes out canonical as from every other f64 operation).
void lowerRoundToInt64(MathSink &S, MOperand D, MOperand X, F2IRnd Rnd) {
  Seq Q(S, D);
  MOperand Int = Q.wide(mi::F2I().dty(IntType::S64).sty(FloatType::F64).rnd(Rnd).sb(X));
  MOperand Back = Q.wide(
      mi::I2F().dty(FloatType::F64).sty(IntType::S64).rnd(SIMT::Rnd::RN).sb(Int));
  MOperand Sign = Q(mi::LOP32I().op(Logic::AND).ra(Seq::hi(X)).imm(0x80000000u));
  MOperand Hi = Q(mi::LOP().op(Logic::OR).ra(Seq::hi(Back)).sb(Sign));
  MOperand Small = Q.pred(dsetp(FCmp::LT, X, SIMT::RM_Abs, f(0x43300000))); // 2^52
  MOperand Whole = Q.wide(mi::DADD().ra(X).sb(f(0))); // X, with a NaN made canonical
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
/// W op Bits, W a word.
MOperand lop32i(Seq &Q, Logic Op, MOperand W, uint32_t Bits) {
  return Q(mi::LOP32I().op(Op).ra(W).imm(Bits));
}
/// |X| of a double in a pair, as a pair.
MOperand abs64(Seq &Q, MOperand X) {
  return Q.pairOf(Seq::lo(X), lop32i(Q, Logic::AND, Seq::hi(X), HiAbs));
}
/// The bits of X plus Delta (+1 or -1, an ulp of a positive double) when P.
Words64 bumpIf64(Seq &Q, Words64 X, MOperand P, int Delta) {
  MOperand DLo = Q(mi::MOV().sb(i(Delta))), DHi = Q(mi::MOV().sb(i(Delta < 0 ? -1 : 0)));
  return sel64(Q, add64(Q, X, {DLo, DHi}), X, P);
}
Words64 bumpIf64(Seq &Q, Words64 X, std::optional<MOperand> P, int Delta) {
  return P ? bumpIf64(Q, X, *P, Delta) : X;
}
/// A - B * C with one rounding (DFMA), a pair.
mi::DFMA remainder64(MOperand A, MOperand B, SrcB C) {
  return mi::DFMA().ra(B, SIMT::RM_Neg).sb(C).rc(A);
}
/// Whether the double X (a pair) is 0, infinite or NaN: the high word of
/// |X| minus one unit of its exponent field is at least that of the largest
/// finite's (unsigned), or |X| is a zero whose low word is 0 too.
MOperand isZeroInfNaN64(Seq &Q, MOperand X, BoolOp Bop = BoolOp::AND, MOperand P = PT) {
  MOperand Zero = Q.pred(dsetp(FCmp::EQ, X, 0, f(0)));
  MOperand Exp = lop32i(Q, Logic::AND, Seq::hi(X), HiExp);
  MOperand ExpMax = Q(mi::MOV32I().imm(HiExp));
  MOperand Special = Q.pred(isetp(ICmp::EQ, true, Exp, ExpMax, BoolOp::OR, Zero));
  return Q.pred(mi::PSETP().bop(Bop).pp(Special).pq(P).pr(PT));
}
/// 1/X to within a few ulps of f32 (MUFU on X rounded to f32), as a double;
/// X in [1, 4), or 0, infinite or NaN for the special results.
MOperand seed(Seq &Q, Mufu Fn, MOperand X) {
  MOperand F = Q(mi::F2F().dty(FloatType::F32).sty(FloatType::F64).sb(X));
  F = Q(mi::MUFU().op(Fn).ra(F));
  return Q.wide(mi::F2F().dty(FloatType::F64).sty(FloatType::F32).sb(F));
}

/// A positive finite nonzero double (a pair) reduced to [1, 2): the
/// significand with exponent 1023, and the biased exponent the value had
/// (subnormals are first scaled by 2^54, exactly, and their exponent
/// corrected).
struct Reduced64 {
  MOperand Significand, Exponent;
};
Reduced64 reduce64(Seq &Q, MOperand AbsX) {
  MOperand Field = Q(mi::SHR().u32().ra(Seq::hi(AbsX)).sb(i(20)));
  MOperand Sub = Q.pred(isetp(ICmp::EQ, true, Field, RZ));
  MOperand Scaled = Q.wide(mi::DMUL().ra(AbsX).sb(f(HiTwo54)));
  Words64 X = sel64(Q, wordsOf(Scaled), wordsOf(AbsX), Sub);
  MOperand E = Q(mi::SHR().u32().ra(X.Hi).sb(i(20)));
  E = Q(mi::SEL().ra(Q(mi::IADD().ra(E).sb(i(-54)))).sb(E).pp(Sub));
  MOperand Hi = lop32i(Q, Logic::OR, lop32i(Q, Logic::AND, X.Hi, HiFrac), HiOne);
  return {Q.pairOf(X.Lo, Hi), E};
}

} // namespace

// As lowerDiv in LowerMath.cpp, with a = ma 2^ea, b = mb 2^eb, ma and mb
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
// infinities and NaNs are a * (1/b) with a finite b counted as +-1. The
// directed roundings are lowerDiv's.
void lowerDiv64(MathSink &S, MOperand D, MOperand A, MOperand B, SIMT::Rnd Rnd) {
  Seq Q(S, D);
  MOperand AbsA = abs64(Q, A), AbsB = abs64(Q, B);
  MOperand SpecialB = isZeroInfNaN64(Q, B);
  MOperand Special = isZeroInfNaN64(Q, A, BoolOp::OR, SpecialB);
  MOperand SignB = lop32i(Q, Logic::AND, Seq::hi(B), HiSign);
  MOperand UnitB = Q.pairOf(RZ, lop32i(Q, Logic::OR, SignB, HiOne));
  MOperand B2 = pairOf(Q, sel64(Q, wordsOf(B), wordsOf(UnitB), SpecialB));
  MOperand SpecialResult = Q.wide(mi::DMUL().ra(A).sb(seed(Q, Mufu::RCP, B2)));

  MOperand Signs = Q(mi::LOP().op(Logic::XOR).ra(Seq::hi(A)).sb(Seq::hi(B)));
  MOperand Sign = lop32i(Q, Logic::AND, Signs, HiSign);
  bool Nearest = Rnd == SIMT::Rnd::RN;
  std::optional<MOperand> Away = awayFromZero(Q, Rnd, Sign);

  Reduced64 RA = reduce64(Q, AbsA), RB = reduce64(Q, AbsB);
  MOperand Ma = RA.Significand, Mb = RB.Significand;
  MOperand E = Q(mi::IADD().ra(RA.Exponent).sb(RB.Exponent, SIMT::SB_Neg));
  MOperand One = Q.const64(0x3ff0000000000000);
  MOperand Rcp = seed(Q, Mufu::RCP, Mb);
  for (int Step = 0; Step < 2; ++Step) {
    MOperand Err = Q.wide(remainder64(One, Mb, Rcp));
    Rcp = Q.wide(mi::DFMA().ra(Rcp).sb(Err).rc(Rcp));
  }
  MOperand Quo = Q.wide(mi::DMUL().ra(Ma).sb(Rcp));
  MOperand Res = Q.wide(remainder64(Ma, Mb, Quo));
  Quo = Q.wide(mi::DFMA().ra(Res).sb(Rcp).rc(Quo));
  Res = Q.wide(remainder64(Ma, Mb, Quo));
  MOperand Above = Q.pred(dsetp(FCmp::LT, Res, 0, f(0)));
  Words64 Qz = bumpIf64(Q, wordsOf(Quo), Above, -1);
  MOperand QzP = pairOf(Q, Qz);
  MOperand Rz = Q.wide(remainder64(Ma, Mb, QzP));
  MOperand Inexact = Q.pred(dsetp(FCmp::NE, Rz, 0, f(0)));
  std::optional<MOperand> Up;
  if (Nearest) {
    MOperand UlpHi = Q(mi::IADD32I()
                           .ra(lop32i(Q, Logic::AND, Qz.Hi, HiExp))
                           .imm(uint32_t(-(53 << 20))));
    MOperand HalfUlp = Q.pairOf(RZ, UlpHi);
    MOperand Mid = Q.wide(remainder64(Rz, Mb, HalfUlp));
    Up = Q.pred(dsetp(FCmp::GT, Mid, 0, f(0)));
  } else {
    Up = andAway(Q, Inexact, Away);
  }

  // Normal: the rounded significand with E added to its exponent; beyond
  // the largest finite, infinity or (directed toward zero) that largest.
  Words64 Qn = bumpIf64(Q, Qz, Up, 1);
  MOperand NormalHi = Q(mi::ISCADD().ra(E).sb(Qn.Hi).shift(20));
  MOperand ExpN = Q(mi::IADD().ra(Q(mi::SHR().u32().ra(Qn.Hi).sb(i(20)))).sb(E));
  MOperand Overflow = Q.pred(isetp(ICmp::GT, false, ExpN, i(2046)));
  Words64 Inf = {RZ, Q(mi::MOV32I().imm(HiExp))};
  Words64 Huge = Inf;
  if (!Nearest) {
    Huge = {Q(mi::MOV().sb(i(-1))), Q(mi::MOV32I().imm(0x7fefffff))};
    if (Away)
      Huge = sel64(Q, Inf, Huge, *Away);
  }
  Words64 Normal = sel64(Q, Huge, {Qn.Lo, NormalHi}, Overflow);

  // Subnormal (or zero): round M >> s in integers, s = 1 - exponent.
  MOperand ExpZ = Q(mi::IADD().ra(Q(mi::SHR().u32().ra(Qz.Hi).sb(i(20)))).sb(E));
  MOperand Tiny = Q.pred(isetp(ICmp::LE, false, ExpZ, RZ));
  MOperand Shift = Q(mi::IADD().ra(ExpZ, SIMT::RM_Neg).sb(i(1)));
  Shift = Q(mi::IMNMX().ra(Shift).sb(i(63)).pp(PT)); // the minimum
  Words64 M = {Qz.Lo, lop32i(Q, Logic::OR, lop32i(Q, Logic::AND, Qz.Hi, HiFrac), 0x00100000)};
  Words64 Kept = shift64(Q, M, Shift, false, false);
  Words64 Dropped = sub64(Q, M, shift64(Q, Kept, Shift, true, false));
  MOperand ShiftM1 = Q(mi::IADD().ra(Shift).sb(i(-1)));
  Words64 HalfBit = shift64(Q, {Q(mi::MOV().sb(i(1))), RZ}, ShiftM1, true, false);
  std::optional<MOperand> RoundUp;
  if (Nearest) {
    MOperand KeptOdd = Q(mi::LOP().op(Logic::AND).ra(Kept.Lo).sb(i(1)));
    MOperand Odd = Q.pred(isetp(ICmp::NE, true, KeptOdd, RZ));
    MOperand Sticky = Q.pred(mi::PSETP().bop(BoolOp::OR).pp(Inexact).pq(Odd).pr(PT));
    MOperand Tie = Q.pred(isetp(ICmp::EQ, true, Dropped.Lo, HalfBit.Lo, BoolOp::AND, Sticky));
    Tie = Q.pred(isetp(ICmp::EQ, true, Dropped.Hi, HalfBit.Hi, BoolOp::AND, Tie));
    MOperand Above64 = cmpU64(Q, Dropped, HalfBit, ICmp::GT);
    RoundUp = Q.pred(mi::PSETP().bop(BoolOp::OR).pp(Above64).pq(Tie).pr(PT));
  } else {
    MOperand Lost = Q.pred(isetp(ICmp::NE, true, Dropped.Lo, RZ, BoolOp::OR, Inexact));
    Lost = Q.pred(isetp(ICmp::NE, true, Dropped.Hi, RZ, BoolOp::OR, Lost));
    RoundUp = andAway(Q, Lost, Away);
  }
  Words64 Subnormal = bumpIf64(Q, Kept, RoundUp, 1);

  Words64 Magnitude = sel64(Q, Subnormal, Normal, Tiny);
  Words64 Result = {Magnitude.Lo, Q(mi::LOP().op(Logic::OR).ra(Magnitude.Hi).sb(Sign))};
  Result = sel64(Q, wordsOf(SpecialResult), Result, Special);
  Q.lastPair(Result.Lo, Result.Hi);
}

// As lowerSqrt in LowerMath.cpp: x = m 2^(2k) with m in [1, 4), so
// sqrt(x) = sqrt(m) 2^k is normal. With y = seed(m) for 1/sqrt(m) and
// h = y/2, three steps s += h (m - s s) from s = m y each shrink the error
// by the factor |1 - s y| < 2^-21, leaving s within one ulp; then sz = s,
// or s - 1 ulp when m - s s < 0, and the result rounds up when
// m - (sz + 2^-53)^2 > 0, whose sign is that of (m - sz sz) - sz 2^-52
// (the dropped 2^-106 is below the spacing of the other terms; a 54-bit
// midpoint squared is never a 53-bit number).
// The directed roundings are lowerSqrt's.
void lowerSqrt64(MathSink &S, MOperand D, MOperand X, SIMT::Rnd Rnd) {
  Seq Q(S, D);
  MOperand Special = isZeroInfNaN64(Q, X);
  MOperand Negative = Q.pred(dsetp(FCmp::LT, X, 0, f(0))); // not -0, not NaN
  MOperand SpecialResult = Q.wide(mi::DADD().ra(X).sb(X));  // +-0, +inf, NaN

  Reduced64 RX = reduce64(Q, abs64(Q, X));
  MOperand Parity = Q(mi::LOP().op(Logic::AND).ra(RX.Exponent).sb(i(1)));
  MOperand Even = Q(mi::IADD().ra(Parity, SIMT::RM_Neg).sb(i(1)));
  MOperand MHi = Q(mi::ISCADD().ra(Even).sb(Seq::hi(RX.Significand)).shift(20));
  MOperand M = Q.pairOf(Seq::lo(RX.Significand), MHi);
  MOperand K =
      Q(mi::SHR().u32(false).ra(Q(mi::IADD().ra(RX.Exponent).sb(i(-1023)))).sb(i(1)));

  MOperand Y = seed(Q, Mufu::RSQ, M);
  MOperand Root = Q.wide(mi::DMUL().ra(M).sb(Y));
  MOperand HalfY = Q.wide(mi::DMUL().ra(Y).sb(f(0x3fe00000)));
  for (int Step = 0; Step < 3; ++Step) {
    MOperand Res = Q.wide(remainder64(M, Root, Root));
    Root = Q.wide(mi::DFMA().ra(Res).sb(HalfY).rc(Root));
  }
  MOperand Res = Q.wide(remainder64(M, Root, Root));
  MOperand Above = Q.pred(dsetp(FCmp::LT, Res, 0, f(0)));
  Words64 Sz = bumpIf64(Q, wordsOf(Root), Above, -1);
  MOperand SzP = pairOf(Q, Sz);
  MOperand Rz = Q.wide(remainder64(M, SzP, SzP));
  std::optional<MOperand> Up;
  if (Rnd == SIMT::Rnd::RN) {
    MOperand Mid = Q.wide(remainder64(Rz, SzP, f(HiTwoM52)));
    Up = Q.pred(dsetp(FCmp::GT, Mid, 0, f(0)));
  } else if (Rnd == SIMT::Rnd::RP) {
    Up = Q.pred(dsetp(FCmp::NE, Rz, 0, f(0)));
  }
  Words64 Rounded = bumpIf64(Q, Sz, Up, 1);
  Words64 Result = {Rounded.Lo, Q(mi::ISCADD().ra(K).sb(Rounded.Hi).shift(20))};
  Result = sel64(Q, wordsOf(SpecialResult), Result, Special);
  MOperand NaNLo = Q(mi::MOV().sb(i(-1))), NaNHi = Q(mi::MOV32I().imm(0x7fffffff));
  Result = sel64(Q, {NaNLo, NaNHi}, Result, Negative);
  Q.lastPair(Result.Lo, Result.Hi);
}

// rcp.approx.ftz.f64 and rsqrt.approx{.ftz}.f64: MUFU's estimate for the
// significand (through f32, about 22 bits, as the hardware's MUFU.RCP64H
// starts the Newton steps of nvcc's math library; the root refined to the
// double's precision, which nvcc's rsqrt(double) is) with the exponent
// set in integers: |x| = m 2^e, m in [1, 2) (or [1, 4) with e
// even for the root), 1/x = 1/m 2^-e and 1/sqrt(x) = 1/sqrt(m) 2^(-e/2).
// Zeros (and subnormals under .ftz) give infinities of their sign,
// infinities zeros, NaN NaN, the root of a negative number NaN; a
// reciprocal below the normal range is flushed to zero.
void lowerApproxRcp64(MathSink &S, MOperand D, MOperand X, bool Root, bool Ftz) {
  Seq Q(S, D);
  const Mufu Fn = Root ? Mufu::RSQ : Mufu::RCP;
  MOperand Sign = lop32i(Q, Logic::AND, Seq::hi(X), HiSign);
  MOperand Field =
      Q(mi::SHR().u32().ra(lop32i(Q, Logic::AND, Seq::hi(X), HiAbs)).sb(i(20)));
  Reduced64 RX = reduce64(Q, abs64(Q, X));
  MOperand M = RX.Significand, Adj;
  if (Root) {
    MOperand Parity = Q(mi::LOP().op(Logic::AND).ra(RX.Exponent).sb(i(1)));
    MOperand Even = Q(mi::IADD().ra(Parity, SIMT::RM_Neg).sb(i(1)));
    M = Q.pairOf(Seq::lo(M), Q(mi::ISCADD().ra(Even).sb(Seq::hi(M)).shift(20)));
    MOperand K =
        Q(mi::SHR().u32(false).ra(Q(mi::IADD().ra(RX.Exponent).sb(i(-1023)))).sb(i(1)));
    Adj = Q(mi::IADD().ra(RZ).sb(K, Neg));
  } else {
    Adj = Q(mi::IADD().ra(RX.Exponent, SIMT::RM_Neg).sb(i(1023)));
  }
  MOperand R = seed(Q, Fn, M); // in (1/2, 1]
  if (Root) {
    // rsqrt.approx.f64 is CUDA's rsqrt(double), documented to 1 ulp: two
    // Newton steps y += y/2 (1 - m y y) take the 22 bits to the double's.
    MOperand One = Q.const64(0x3ff0000000000000);
    for (int Step = 0; Step < 2; ++Step) {
      MOperand MY = Q.wide(mi::DMUL().ra(M).sb(R));
      MOperand Err = Q.wide(mi::DFMA().ra(MY, SIMT::RM_Neg).sb(R).rc(One));
      MOperand HalfY = Q.wide(mi::DMUL().ra(R).sb(f(0x3fe00000)));
      R = Q.wide(mi::DFMA().ra(HalfY).sb(Err).rc(R));
    }
  }
  MOperand ResultHi = Q(mi::ISCADD().ra(Adj).sb(Seq::hi(R)).shift(20));
  Words64 Result = {Seq::lo(R), ResultHi};
  if (!Root) {
    Result.Hi = Q(mi::LOP().op(Logic::OR).ra(ResultHi).sb(Sign));
    MOperand NewExp = Q(mi::IADD().ra(Q(mi::SHR().u32().ra(Seq::hi(R)).sb(i(20)))).sb(Adj));
    MOperand Tiny = Q.pred(isetp(ICmp::LE, false, NewExp, RZ));
    Result = sel64(Q, {RZ, Sign}, Result, Tiny);
  }
  MOperand InfNaN = Q.pred(isetp(ICmp::EQ, true, Field, i(2047)));
  Result = sel64(Q, wordsOf(seed(Q, Fn, X)), Result, InfNaN);
  if (Root) {
    MOperand Negative = Q.pred(dsetp(FCmp::LT, X, 0, f(0)));
    Result = sel64(Q, {Q(mi::MOV().sb(i(-1))), Q(mi::MOV32I().imm(0x7fffffff))}, Result, Negative);
  }
  MOperand ZeroIn = Ftz ? Q.pred(isetp(ICmp::EQ, true, Field, RZ))
                        : Q.pred(dsetp(FCmp::EQ, X, 0, f(0)));
  Words64 Inf = {RZ, lop32i(Q, Logic::OR, Sign, HiExp)};
  Result = sel64(Q, Inf, Result, ZeroIn);
  Q.lastPair(Result.Lo, Result.Hi);
}

} // namespace simt::cc

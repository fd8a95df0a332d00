//===-- ExpandHalf.cpp - PTX's half-precision instructions in f32 and f64 -===//
#include "cc/passes/ExpandHalf.h"
#include "cc/passes/InstructionBuilder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace llvm;

namespace simt::cc {

namespace {

using namespace ptx_types;

bool isHalf(PTXType T) {
  return T == PTXType::F16 || T == PTXType::F16x2 || T == PTXType::BF16 || T == PTXType::BF16x2;
}
bool isBrain(PTXType T) { return T == PTXType::BF16 || T == PTXType::BF16x2; }
bool isPair(PTXType T) { return T == PTXType::F16x2 || T == PTXType::BF16x2; }
bool isScalarHalf(PTXType T) { return T == PTXType::F16 || T == PTXType::BF16; }

class HalfExpander : InstructionBuilder {
public:
  HalfExpander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%half"), Brain(any_of(Site.Types, isBrain)) {}
  bool run();

private:
  /// bf16 (f32's sign and exponent, 8 significant bits) rather than f16.
  const bool Brain;
  /// The format's magnitude of infinity (above it: NaN) and 1.0.
  int64_t infinity() const { return Brain ? 0x7f80 : 0x7c00; }
  int64_t one() const { return Brain ? 0x3f80 : 0x3c00; }

  Operand imm(int64_t V) const { return Operand::imm(V); }
  /// A half's bits (a .b16 register or a constant) as an exact f32.
  Operand toFloat(const Operand &H);
  /// The f32 F rounded to a half into the .b16 register D: to nearest
  /// even (Rn), or by Rz, Rm, Rp.
  void fromFloat(const Operand &D, const Operand &F, Modifier Round = Modifier::Rn);
  void fromFloatBrain(const Operand &D, const Operand &F, Modifier Round);
  /// The f64 X rounded to f32 by round-to-odd (truncated, the last bit set
  /// when inexact), so that rounding it to a half again is X's rounding.
  Operand toOddFloat(const Operand &X);
  /// a * b + c of bf16 values (as f64) rounded to odd in f64: the product
  /// is exact, the sum's error (Knuth's two-sum) says how to round.
  Operand oddFma(const Operand &A, const Operand &B, const Operand &C);
  /// The halves of a .f16x2 word (a register or a constant): low, high.
  std::pair<Operand, Operand> halves(const Operand &W);

  /// One half's result of Site's operation on halves Srcs into D (.b16).
  bool scalar(const Operand &D, ArrayRef<Operand> Srcs);
  bool arithmetic();
  bool compare();
  /// P = (A cmp B) bop c in f32, with Site's compare, combination and c.
  void compareHalves(const Operand &P, const Operand &A, const Operand &B);
  bool set();
  bool convert();
};

std::pair<Operand, Operand> HalfExpander::halves(const Operand &W) {
  Operand Lo = temp(B16), Hi = temp(B16);
  Operand Whole = inRegister(W, B32);
  Operand Pair;
  Pair.K = Operand::Vector;
  Pair.Elems = {Lo, Hi};
  emit(Opcode::Mov, {B32}, {Pair, Whole});
  return {Lo, Hi};
}

// |h| << 13 puts the exponent and fraction at f32's places, 112 (the
// difference of the biases) too low: times 2^112 it is the value, exact
// for subnormal halves too (the product of an f32 subnormal, FMUL keeping
// them). Infinities take f32's all-ones exponent instead, and a NaN is the
// ISA's canonical 0x7fffffff.
Operand HalfExpander::toFloat(const Operand &H) {
  Operand W = temp(U32), M = temp(U32), E = temp(U32), EF = temp(F32), V = temp(F32),
          VB = temp(U32), IsInf = temp(Pred), IsNaN = temp(Pred), S = temp(U32),
          R = temp(U32), Result = temp(F32);
  emit(Opcode::Cvt, {U32, PTXType::U16}, {W, inRegister(H, B16)});
  if (Brain) { // f32's upper half: exact; a NaN the canonical one
    emit(Opcode::Shl, {B32}, {R, W, imm(16)});
    emit(Opcode::And, {B32}, {M, R, imm(0x7fffffff)});
    emit(Opcode::Setp, {U32}, {IsNaN, M, imm(0x7f800000)}, {Modifier::Gt});
    emit(Opcode::Selp, {B32}, {R, imm(0x7fffffff), R, IsNaN});
    emit(Opcode::Mov, {B32}, {Result, R});
    return Result;
  }
  emit(Opcode::And, {B32}, {M, W, imm(0x7fff)});
  emit(Opcode::Shl, {B32}, {E, M, imm(13)});
  emit(Opcode::Mov, {B32}, {EF, E});
  emit(Opcode::Mul, {F32}, {V, EF, f32Imm(0x77800000)}, {Modifier::Rn});
  emit(Opcode::Mov, {B32}, {VB, V});
  emit(Opcode::Setp, {U32}, {IsInf, M, imm(0x7c00)}, {Modifier::Eq});
  emit(Opcode::Selp, {B32}, {VB, imm(0x7f800000), VB, IsInf});
  emit(Opcode::And, {B32}, {S, W, imm(0x8000)});
  emit(Opcode::Shl, {B32}, {S, S, imm(16)});
  emit(Opcode::Or, {B32}, {R, VB, S});
  emit(Opcode::Setp, {U32}, {IsNaN, M, imm(0x7c00)}, {Modifier::Gt});
  emit(Opcode::Selp, {B32}, {R, imm(0x7fffffff), R, IsNaN});
  emit(Opcode::Mov, {B32}, {Result, R});
  return Result;
}

// Round to nearest even in integers on |f|: below 2^-14 (a subnormal half
// or zero) f32's own addition of 0.5 rounds at 2^-24, the halves' spacing
// there; above, the exponent is rebased and 0xfff plus the kept lowest bit
// added before the 13 dropped bits go; from 65536 on (65520 rounds there
// in the normal path) infinity, and NaN the canonical, unsigned 0x7fff.
// The directed roundings truncate the magnitude, or round it up (the
// addition rounding up, 0x1fff added) where the mode points away from zero
// for f's sign; beyond the halves they give infinity when rounding away,
// else 65504.
void HalfExpander::fromFloat(const Operand &D, const Operand &F, Modifier Round) {
  if (Brain)
    return fromFloatBrain(D, F, Round);
  Operand U = temp(U32), Sign = temp(U32), A = temp(U32), AF = temp(F32), IsNaN = temp(Pred),
          IsSmall = temp(Pred), IsHuge = temp(Pred), R = temp(U32);
  emit(Opcode::Mov, {B32}, {U, F});
  emit(Opcode::And, {B32}, {Sign, U, imm(0x80000000)});
  emit(Opcode::And, {B32}, {A, U, imm(0x7fffffff)});
  emit(Opcode::Mov, {B32}, {AF, A});
  // The subnormal path with the addition in rounding Mode, the normal one
  // adding Bias: each a candidate result.
  auto Small = [&](Modifier Mode) {
    Operand T = temp(F32), TB = temp(U32), V = temp(U32);
    emit(Opcode::Add, {F32}, {T, AF, f32Imm(0x3f000000)}, {Mode});
    emit(Opcode::Mov, {B32}, {TB, T});
    emit(Opcode::Sub, {U32}, {V, TB, imm(0x3f000000)});
    return V;
  };
  auto Normal = [&](int64_t Bias, bool KeptBit) {
    Operand V = temp(U32);
    emit(Opcode::Add, {U32}, {V, A, imm(0xc8000000 + Bias)});
    if (KeptBit) {
      Operand Odd = temp(U32);
      emit(Opcode::Shr, {U32}, {Odd, A, imm(13)});
      emit(Opcode::And, {B32}, {Odd, Odd, imm(1)});
      emit(Opcode::Add, {U32}, {V, V, Odd});
    }
    emit(Opcode::Shr, {U32}, {V, V, imm(13)});
    return V;
  };
  Operand SmallV, NormalV, Huge = temp(U32);
  if (Round == Modifier::Rn) {
    SmallV = Small(Modifier::Rn);
    NormalV = Normal(0xfff, true);
    emit(Opcode::Mov, {B32}, {Huge, imm(0x7c00)});
  } else {
    // Away: the magnitude rounds up (never for Rz).
    Operand Away = temp(Pred);
    if (Round == Modifier::Rz)
      emit(Opcode::Setp, {U32}, {Away, imm(0), imm(0)}, {Modifier::Ne});
    else
      emit(Opcode::Setp, {U32}, {Away, Sign, imm(0)},
           {Round == Modifier::Rp ? Modifier::Eq : Modifier::Ne});
    SmallV = temp(U32);
    NormalV = temp(U32);
    emit(Opcode::Selp, {B32}, {SmallV, Small(Modifier::Rp), Small(Modifier::Rz), Away});
    emit(Opcode::Selp, {B32}, {NormalV, Normal(0x1fff, false), Normal(0, false), Away});
    Operand IsInf = temp(Pred);
    emit(Opcode::Selp, {B32}, {Huge, imm(0x7c00), imm(0x7bff), Away});
    emit(Opcode::Setp, {U32}, {IsInf, A, imm(0x7f800000)}, {Modifier::Eq});
    emit(Opcode::Selp, {B32}, {Huge, imm(0x7c00), Huge, IsInf});
  }
  emit(Opcode::Setp, {U32}, {IsNaN, A, imm(0x7f800000)}, {Modifier::Gt});
  emit(Opcode::Setp, {U32}, {IsSmall, A, imm(0x38800000)}, {Modifier::Lt});
  emit(Opcode::Selp, {B32}, {R, SmallV, NormalV, IsSmall});
  emit(Opcode::Setp, {U32}, {IsHuge, A, imm(0x47800000)}, {Modifier::Ge});
  emit(Opcode::Selp, {B32}, {R, Huge, R, IsHuge});
  emit(Opcode::Shr, {U32}, {Sign, Sign, imm(16)});
  emit(Opcode::Or, {B32}, {R, R, Sign});
  emit(Opcode::Selp, {B32}, {R, imm(0x7fff), R, IsNaN}); // NaN: canonical, unsigned
  emit(Opcode::Cvt, {PTXType::U16, U32}, {D, R});
}

// bf16 is f32's upper half, so rounding is integer arithmetic on the whole
// word: to nearest even adds 0x7fff plus the kept lowest bit before the
// lower half goes (a carry into the exponent is the next binade, or
// infinity); the directed roundings drop the lower half, or add 0xffff
// first where the mode points away from zero for f's sign. NaN: the
// canonical, unsigned 0x7fff.
void HalfExpander::fromFloatBrain(const Operand &D, const Operand &F, Modifier Round) {
  Operand U = temp(U32), A = temp(U32), IsNaN = temp(Pred), R = temp(U32);
  emit(Opcode::Mov, {B32}, {U, F});
  emit(Opcode::And, {B32}, {A, U, imm(0x7fffffff)});
  if (Round == Modifier::Rn) {
    Operand Odd = temp(U32);
    emit(Opcode::Shr, {U32}, {Odd, U, imm(16)});
    emit(Opcode::And, {B32}, {Odd, Odd, imm(1)});
    emit(Opcode::Add, {U32}, {R, U, imm(0x7fff)});
    emit(Opcode::Add, {U32}, {R, R, Odd});
  } else if (Round == Modifier::Rz) {
    emit(Opcode::Mov, {B32}, {R, U});
  } else {
    Operand Sign = temp(U32), Away = temp(Pred), Up = temp(U32);
    emit(Opcode::And, {B32}, {Sign, U, imm(0x80000000)});
    emit(Opcode::Setp, {U32}, {Away, Sign, imm(0)},
         {Round == Modifier::Rp ? Modifier::Eq : Modifier::Ne});
    emit(Opcode::Add, {U32}, {Up, U, imm(0xffff)});
    emit(Opcode::Selp, {B32}, {R, Up, U, Away});
  }
  emit(Opcode::Shr, {U32}, {R, R, imm(16)});
  emit(Opcode::Setp, {U32}, {IsNaN, A, imm(0x7f800000)}, {Modifier::Gt});
  emit(Opcode::Selp, {B32}, {R, imm(0x7fff), R, IsNaN});
  emit(Opcode::Cvt, {PTXType::U16, U32}, {D, R});
}

Operand HalfExpander::oddFma(const Operand &A, const Operand &B, const Operand &C) {
  Operand P = temp(F64), S = temp(F64), AP = temp(F64), BP = temp(F64), DA = temp(F64),
          DB = temp(F64), Err = temp(F64), Inexact = temp(Pred), Inward = temp(Pred),
          SB = temp(PTXType::U64), ErrB = temp(PTXType::U64), Flip = temp(PTXType::U64),
          Down = temp(PTXType::U64), Odd = temp(PTXType::U64), Result = temp(F64);
  emit(Opcode::Mul, {F64}, {P, A, B}, {Modifier::Rn}); // 16 significant bits: exact
  emit(Opcode::Add, {F64}, {S, P, C}, {Modifier::Rn});
  emit(Opcode::Sub, {F64}, {AP, S, C}, {Modifier::Rn});
  emit(Opcode::Sub, {F64}, {BP, S, AP}, {Modifier::Rn});
  emit(Opcode::Sub, {F64}, {DA, P, AP}, {Modifier::Rn});
  emit(Opcode::Sub, {F64}, {DB, C, BP}, {Modifier::Rn});
  emit(Opcode::Add, {F64}, {Err, DA, DB}, {Modifier::Rn}); // S + Err is the sum
  // Inexact: truncate (one step toward zero where the error points
  // inward, its sign not S's), then set the last bit. An infinite or NaN
  // sum has a NaN error: it stays as it is.
  emit(Opcode::Setp, {F64}, {Inexact, Err, f64Imm(0)}, {Modifier::Ne});
  emit(Opcode::Mov, {PTXType::B64}, {SB, S});
  emit(Opcode::Mov, {PTXType::B64}, {ErrB, Err});
  emit(Opcode::Xor, {PTXType::B64}, {Flip, SB, ErrB});
  emit(Opcode::Setp, {PTXType::S64}, {Inward, Flip, imm(0)}, {Modifier::Lt});
  emit(Opcode::Sub, {PTXType::U64}, {Down, SB, imm(1)});
  emit(Opcode::Selp, {PTXType::B64}, {Down, Down, SB, Inward});
  emit(Opcode::Or, {PTXType::B64}, {Odd, Down, imm(1)});
  emit(Opcode::Selp, {PTXType::B64}, {SB, Odd, SB, Inexact});
  emit(Opcode::Mov, {PTXType::B64}, {Result, SB});
  return Result;
}

Operand HalfExpander::toOddFloat(const Operand &X) {
  Operand T = temp(F32), Back = temp(F64), Inexact = temp(Pred), TB = temp(U32),
          Odd = temp(U32), Result = temp(F32);
  emit(Opcode::Cvt, {F32, F64}, {T, X}, {Modifier::Rz});
  emit(Opcode::Cvt, {F64, F32}, {Back, T});
  emit(Opcode::Setp, {F64}, {Inexact, Back, X}, {Modifier::Neu});
  emit(Opcode::Mov, {B32}, {TB, T});
  emit(Opcode::Or, {B32}, {Odd, TB, imm(1)});
  emit(Opcode::Selp, {B32}, {TB, Odd, TB, Inexact});
  emit(Opcode::Mov, {B32}, {Result, TB});
  return Result;
}

bool HalfExpander::scalar(const Operand &D, ArrayRef<Operand> Srcs) {
  switch (Site.Op) {
  case Opcode::Neg:
  case Opcode::Abs: {
    // The sign bit, and a NaN the canonical one (as the hardware's HADD2
    // with a negated or absolute source gives, and cuda_fp16.h here).
    Operand W = temp(U32), R = temp(U32), M = temp(U32), IsNaN = temp(Pred);
    emit(Opcode::Cvt, {U32, PTXType::U16}, {W, inRegister(Srcs[0], B16)});
    if (Site.Op == Opcode::Neg)
      emit(Opcode::Xor, {B32}, {R, W, imm(0x8000)});
    else
      emit(Opcode::And, {B32}, {R, W, imm(0x7fff)});
    emit(Opcode::And, {B32}, {M, W, imm(0x7fff)});
    emit(Opcode::Setp, {U32}, {IsNaN, M, imm(infinity())}, {Modifier::Gt});
    emit(Opcode::Selp, {B32}, {R, imm(0x7fff), R, IsNaN});
    emit(Opcode::Cvt, {PTXType::U16, U32}, {D, R});
    return true;
  }
  case Opcode::Fma: {
    // f16: exact in f64 wherever the result can be a finite half. bf16's
    // exponents reach f32's, so the sum is rounded to odd in f64 first.
    SmallVector<Operand, 3> Wide;
    for (const Operand &S : Srcs) {
      Operand X = temp(F64);
      emit(Opcode::Cvt, {F64, F32}, {X, toFloat(S)});
      Wide.push_back(X);
    }
    Operand R = temp(F64);
    if (Brain)
      R = oddFma(Wide[0], Wide[1], Wide[2]);
    else
      emit(Opcode::Fma, {F64}, {R, Wide[0], Wide[1], Wide[2]}, {Modifier::Rn});
    fromFloat(D, toOddFloat(R));
    return true;
  }
  default: { // add, sub, mul, min, max: f32 rounds to the half's result
    Operand A = toFloat(Srcs[0]), B = toFloat(Srcs[1]), R = temp(F32);
    SmallVector<Modifier, 2> Mods;
    if (Site.Op != Opcode::Min && Site.Op != Opcode::Max)
      Mods.push_back(Modifier::Rn);
    if (Site.has(Modifier::Sat))
      Mods.push_back(Modifier::Sat);
    Instruction &I = emit(Site.Op, {F32}, {R, A, B});
    I.Mods.assign(Mods.begin(), Mods.end());
    fromFloat(D, R);
    return true;
  }
  }
}

bool HalfExpander::arithmetic() {
  bool Pair = isPair(Site.type());
  bool Unary = Site.Op == Opcode::Neg || Site.Op == Opcode::Abs;
  unsigned N = Site.Op == Opcode::Fma ? 3 : Unary ? 1 : 2;
  for (Modifier M : Site.Mods)
    if (M != Modifier::Rn && !(M == Modifier::Sat && Site.Op != Opcode::Fma && N == 2))
      return false;
  if (Site.Types.size() != 1 || Site.Ops.size() != N + 1 || op(0).K != Operand::Reg)
    return false;
  ArrayRef<Operand> Srcs = ArrayRef(Site.Ops).drop_front();
  if (!Pair)
    return scalar(op(0), Srcs);
  SmallVector<Operand, 3> Lo, Hi;
  for (const Operand &S : Srcs) {
    auto [L, H] = halves(S);
    Lo.push_back(L);
    Hi.push_back(H);
  }
  Operand DLo = temp(B16), DHi = temp(B16);
  scalar(DLo, Lo);
  scalar(DHi, Hi);
  Operand Pack;
  Pack.K = Operand::Vector;
  Pack.Elems = {DLo, DHi};
  emit(Opcode::Mov, {B32}, {op(0), Pack});
  return true;
}

void HalfExpander::compareHalves(const Operand &P, const Operand &A, const Operand &B) {
  std::vector<Operand> Ops = {P, toFloat(A), toFloat(B)};
  if (Site.Ops.size() == 4)
    Ops.push_back(op(3));
  emit(Opcode::Setp, {F32}, std::move(Ops)).Mods = Site.Mods;
}

// setp.cmp{.bop}.f16 p{|q}, a, b{, c}: the f32 compare of the values (of
// each half for .f16x2, p the low one's, q the high one's).
bool HalfExpander::compare() {
  if (Site.has(Modifier::Ftz) || Site.Types.size() != 1 || Site.Ops.size() < 3)
    return false;
  bool Pair = isPair(Site.type());
  if (!Pair) {
    compareHalves(op(0), op(1), op(2));
    return true;
  }
  // Both compares read c before either of p, q is written; a guard that
  // is p or q itself would change between the two writes.
  if (op(0).K != Operand::Pair ||
      (Site.Guard && any_of(op(0).Elems, [&](const Operand &P) {
         return P.K == Operand::Reg && P.RegId == *Site.Guard;
       })))
    return false;
  auto [ALo, AHi] = halves(op(1));
  auto [BLo, BHi] = halves(op(2));
  Operand Lo = temp(Pred), Hi = temp(Pred);
  compareHalves(Lo, ALo, BLo);
  compareHalves(Hi, AHi, BHi);
  emit(Opcode::Mov, {Pred}, {op(0).Elems[0], Lo});
  emit(Opcode::Mov, {Pred}, {op(0).Elems[1], Hi});
  return true;
}

// set.cmp{.bop}.dtype.f16{x2} d, a, b{, c}: 1.0 (a half's 0x3c00 or f32's)
// or all ones per true compare, 0 per false one.
bool HalfExpander::set() {
  if (Site.has(Modifier::Ftz) || Site.Types.size() != 2 || Site.Ops.size() < 3 ||
      op(0).K != Operand::Reg)
    return false;
  PTXType D = Site.type(0);
  bool Pair = isPair(Site.type(1));
  int64_t True;
  if (isHalf(D))
    True = one();
  else if (D == PTXType::U32 || D == PTXType::S32)
    True = Pair ? 0xffff : 0xffffffff;
  else if (D == F32 && !Pair)
    True = 0x3f800000;
  else
    return false;
  auto One = [&](const Operand &A, const Operand &B) {
    Operand P = temp(Pred), R = temp(U32);
    compareHalves(P, A, B);
    emit(Opcode::Selp, {B32}, {R, imm(True), imm(0), P});
    return R;
  };
  if (!Pair) {
    Operand R = One(op(1), op(2));
    if (isScalarHalf(D))
      emit(Opcode::Cvt, {PTXType::U16, U32}, {op(0), R});
    else
      emit(Opcode::Mov, {B32}, {op(0), R});
    return true;
  }
  auto [ALo, AHi] = halves(op(1));
  auto [BLo, BHi] = halves(op(2));
  Operand Lo = One(ALo, BLo), Hi = One(AHi, BHi);
  emit(Opcode::Bfi, {B32}, {op(0), Hi, Lo, imm(16), imm(16)});
  return true;
}

// cvt between halves (f16 or bf16) and f32, f64, integers, and the integer
// roundings of halves (cvt.rni.f16.f16), through f32: f32 to a half rounds
// once; f64 to a half rounds to odd first. An integer reaches an f16
// through f32 (one above 2^24 in magnitude is beyond the halves, whose
// largest is 65504, so its f32 rounding does not matter) and a bf16 through
// f64, exact for 32 bits, then to odd. cvt.rn.f16x2.f32 d, a, b (and
// bf16x2): b's half in the low half of d, a's in the high one.
bool HalfExpander::convert() {
  if (Site.Types.size() != 2 || op(0).K != Operand::Reg || Site.has(Modifier::Ftz) ||
      Site.has(Modifier::Sat))
    return false;
  PTXType To = Site.type(0), From = Site.type(1);
  std::optional<Modifier> Round;
  for (Modifier M : Site.Mods)
    Round = M;
  if (Site.Mods.size() > 1)
    return false;
  if (isPair(To) && From == F32 && Site.Ops.size() == 3) {
    if ((Round != Modifier::Rn && Round != Modifier::Rz) ||
        typeBits(F.reg(op(0).RegId).Type) != 32)
      return false;
    Operand Lo = temp(B16), Hi = temp(B16);
    fromFloat(Hi, op(1), *Round);
    fromFloat(Lo, op(2), *Round);
    Operand Pack;
    Pack.K = Operand::Vector;
    Pack.Elems = {Lo, Hi};
    emit(Opcode::Mov, {B32}, {op(0), Pack});
    return true;
  }
  if (Site.Ops.size() != 2 || isPair(To) || isPair(From) ||
      (isScalarHalf(To) && isScalarHalf(From) && To != From))
    return false;
  bool IntRound = Round && is_contained({Modifier::Rni, Modifier::Rzi, Modifier::Rmi,
                                         Modifier::Rpi}, *Round);
  if (isScalarHalf(From)) {
    Operand V = toFloat(op(1));
    if (To == F32 && !Round) {
      emit(Opcode::Mov, {F32}, {op(0), V});
      return true;
    }
    if (To == From && IntRound) {
      Operand R = temp(F32);
      emit(Opcode::Cvt, {F32, F32}, {R, V}, {*Round});
      fromFloat(op(0), R);
      return true;
    }
    if (To == From || (To == F32 && Round) || (To == F64 && Round))
      return false;
    Instruction &I = emit(Opcode::Cvt, {To, F32}, {op(0), V});
    if (Round)
      I.Mods = {*Round};
    return true;
  }
  if (!isScalarHalf(To) || IntRound)
    return false;
  const Modifier Mode = Round.value_or(Modifier::Rn);
  if (From == F32) {
    fromFloat(op(0), op(1), Mode);
    return true;
  }
  if (From == F64) { // round-to-odd keeps what the second rounding needs
    fromFloat(op(0), toOddFloat(op(1)), Mode);
    return true;
  }
  bool Integer = From != PTXType::Pred && !isFloatType(From) && From != PTXType::B128;
  if (!Integer || From == PTXType::B8 || From == B16 || From == B32 || From == PTXType::B64)
    return false;
  if (Brain) {
    if (typeBits(From) > 32)
      return false;
    Operand X = temp(F64);
    emit(Opcode::Cvt, {F64, From}, {X, op(1)}, {Modifier::Rn}); // exact
    fromFloat(op(0), toOddFloat(X), Mode);
    return true;
  }
  Operand V = temp(F32);
  emit(Opcode::Cvt, {F32, From}, {V, op(1)}, {Mode});
  fromFloat(op(0), V, Mode);
  return true;
}

bool HalfExpander::run() {
  switch (Site.Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::Fma:
  case Opcode::Neg:
  case Opcode::Abs:
  case Opcode::Min:
  case Opcode::Max:
    return arithmetic();
  case Opcode::Setp:
    return compare();
  case Opcode::Set:
    return set();
  case Opcode::Cvt:
    return convert();
  default:
    return false;
  }
}

} // namespace

bool isHalfInstruction(const Instruction &Site) {
  return any_of(Site.Types, isHalf);
}

bool expandHalf(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return runExpander<HalfExpander>(F, Site, Out);
}

} // namespace simt::cc

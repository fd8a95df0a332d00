//===-- SelectCompare.cpp - setp, selp and operand register classes -------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

std::optional<StringRef> compareSpelling(const Instruction &I, bool Float) {
  static const std::pair<Modifier, const char *> Int[] = {
      {Modifier::Eq, "EQ"}, {Modifier::Ne, "NE"}, {Modifier::Lt, "LT"}, {Modifier::Le, "LE"},
      {Modifier::Gt, "GT"}, {Modifier::Ge, "GE"}, {Modifier::Lo, "LT"}, {Modifier::Ls, "LE"},
      {Modifier::Hi, "GT"}, {Modifier::Hs, "GE"}};
  static const std::pair<Modifier, const char *> Flt[] = {
      {Modifier::Eq, "EQ"},   {Modifier::Ne, "NE"},   {Modifier::Lt, "LT"},
      {Modifier::Le, "LE"},   {Modifier::Gt, "GT"},   {Modifier::Ge, "GE"},
      {Modifier::Equ, "EQU"}, {Modifier::Neu, "NEU"}, {Modifier::Ltu, "LTU"},
      {Modifier::Leu, "LEU"}, {Modifier::Gtu, "GTU"}, {Modifier::Geu, "GEU"},
      {Modifier::Num, "NUM"}, {Modifier::Nan, "NAN"}};
  for (const auto &[M, S] : Float ? ArrayRef(Flt) : ArrayRef(Int))
    if (I.has(M))
      return StringRef(S);
  return std::nullopt;
}

namespace {
/// The register class PTX gives operand N of `I`: a predicate where it
/// takes one (Instruction::takesPredicate), else the instruction type's
/// width, except the operands whose type the family fixes (shift amounts,
/// bit positions, counts, wide results). nullopt where a wider register is
/// allowed (ld, st, cvt: their selections check) or the family checks its
/// own operands.
std::optional<RegClass> expectedClass(const Instruction &I, size_t N) {
  if (I.takesPredicate(N).value_or(false))
    return RegClass::Pred;
  const RegClass T = classOf(I.type());
  switch (I.Op) {
  case Opcode::Setp:
  case Opcode::Selp:
  case Opcode::Testp:
    return T;
  case Opcode::Set: // set.cmp.dtype.stype d, a, b[, c]
    return classOf(I.type(N == 0 ? 0 : 1));
  case Opcode::Slct: // slct.dtype.ctype d, a, b, c
    return classOf(I.type(N == 3 ? 1 : 0));
  case Opcode::Mul:
  case Opcode::Mad: // .wide: the result (and mad's addend) twice as wide
    if (I.has(Modifier::Wide) && (N == 0 || (I.Op == Opcode::Mad && N == 3)))
      return typeBits(I.type()) == 32 ? RegClass::GPR64 : RegClass::GPR;
    return T;
  case Opcode::Shl:
  case Opcode::Shr:
    return N == 2 ? RegClass::GPR : T; // the shift amount is .u32
  case Opcode::Bfe:
    return N >= 2 ? RegClass::GPR : T; // position and length are .u32
  case Opcode::Bfi:
    return N >= 3 ? RegClass::GPR : T;
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Bfind:
    return N == 0 ? RegClass::GPR : T; // the count is .u32
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Addc:
  case Opcode::Subc:
  case Opcode::Madc:
  case Opcode::Mul24:
  case Opcode::Mad24:
  case Opcode::Sad:
  case Opcode::Div:
  case Opcode::Rem:
  case Opcode::Abs:
  case Opcode::Neg:
  case Opcode::Min:
  case Opcode::Max:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Not:
  case Opcode::Cnot:
  case Opcode::Brev:
  case Opcode::Prmt:
  case Opcode::Copysign:
  case Opcode::Rcp:
  case Opcode::Sqrt:
  case Opcode::Rsqrt:
  case Opcode::Sin:
  case Opcode::Cos:
  case Opcode::Lg2:
  case Opcode::Ex2:
  case Opcode::Fma:
  case Opcode::Mov:
    return T;
  default:
    return std::nullopt;
  }
}
} // namespace

// fuzz-ptxas: 'setp.lt.s32 %rd7, ...' set P0 and left %rd7 as it was, and
// a 64-bit register in a 32-bit add became a 32-bit IADD of a pair (the
// parser reports predicates in value positions and the reverse first).
ErrorReported Selector::checkOperandClasses(const Instruction &I) {
  auto Described = [](RegClass C, bool Article) -> std::string {
    if (C == RegClass::Pred)
      return "a predicate";
    return std::string(Article ? "a " : "") + (C == RegClass::GPR64 ? "64-bit" : "32-bit") +
           (Article ? " register" : "");
  };
  for (size_t N = 0; N < I.Ops.size(); ++N) {
    if (I.Ops[N].K != Operand::Reg)
      continue;
    const std::optional<RegClass> Want = expectedClass(I, N);
    const Register &R = F.reg(I.Ops[N].RegId);
    const RegClass C = classOf(R.Type);
    if (Want && C != *Want)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs " + Described(*Want, true) +
                                   " for operand " + std::to_string(N + 1) + "; '" + R.Name +
                                   "' is " + Described(C, false));
  }
  return false;
}

ErrorReported Selector::selectSetp(const Instruction &I) {
  PTXType T = I.type();
  bool Double = T == PTXType::F64, Float = T == PTXType::F32 || Double;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() < 3 || I.Ops.size() > 4 ||
      I.Ops[0].K != Operand::Reg || (Double && I.has(Modifier::Ftz)))
    return unsupported(I);
  // 16-bit operands: the high half of a register is undefined, so each is
  // extended (I2I; constants here) and compared as 32 bits.
  std::optional<MOperand> WideA, WideB;
  Operand NarrowB = I.Ops[2];
  if (isInt16(T)) {
    bool S = T == PTXType::S16;
    WideA = extend16(I.Ops[1], S);
    if (NarrowB.K == Operand::Reg)
      WideB = extend16(NarrowB, S);
    else if (NarrowB.K == Operand::Imm)
      NarrowB.Int = S ? int64_t(int16_t(NarrowB.Int)) : int64_t(uint16_t(NarrowB.Int));
    else
      return unsupported(I);
  }
  std::optional<StringRef> Cmp = compareSpelling(I, Float);
  // The unsigned names (lo, ls, hi, hs) compare as unsigned; b32 too.
  bool Unsigned = (T != PTXType::S32 && T != PTXType::S16) || I.has(Modifier::Lo) ||
                  I.has(Modifier::Ls) || I.has(Modifier::Hi) || I.has(Modifier::Hs);
  std::optional<StringRef> Bop;
  if (I.has(Modifier::And))
    Bop = "AND";
  else if (I.has(Modifier::Or))
    Bop = "OR";
  else if (I.has(Modifier::Xor))
    Bop = "XOR";
  if (!Cmp || Bop.has_value() != (I.Ops.size() == 4))
    return unsupported(I);
  MInstBuilder M = build(Double ? SIMT::DSETP : Float ? SIMT::FSETP : SIMT::ISETP);
  M.mod(Float ? SIMT::MG_FCmp : SIMT::MG_ICmp,
        modValue(Float ? SIMT::MG_FCmp : SIMT::MG_ICmp, *Cmp));
  if (!Float)
    M.mod(SIMT::MG_U32, Unsigned);
  else if (!Double)
    M.mod(SIMT::MG_FTZ, I.has(Modifier::Ftz));
  if (Bop)
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, *Bop));
  M.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
  if (Double)
    M.regMod("ra", pairOf(I.Ops[1]), 0);
  else if (Float)
    M.regMod("ra", regOf(I.Ops[1], true), 0);
  else
    M.reg("ra", WideA ? *WideA : regOf(I.Ops[1], false));
  if (WideB)
    M.regMod("sb", *WideB, 0);
  else if (Double)
    setSrcBDouble(M, "sb", NarrowB);
  else
    setSrcB(M, "sb", NarrowB, Float);
  if (Bop)
    setPred(M, "pp", I.Ops[3]);
  else
    M.reg("pp", MOperand::zero());
  emit(M);
  return false;
}

ErrorReported Selector::selectSelp(const Instruction &I) {
  PTXType T = I.type();
  bool Float = T == PTXType::F32;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() != 4 ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // selp d, a, b, c = c ? a : b; SEL d, a, b, p = p ? a : b. A 16-bit value
  // is its register's low half: picking the register picks it.
  MInstBuilder M = build(SIMT::SEL);
  M.reg("rd", vreg(I.Ops[0])).reg("ra", regOf(I.Ops[1], Float));
  setSrcB(M, "sb", I.Ops[2], /*Float=*/false);
  setPred(M, "pp", I.Ops[3]);
  emit(M);
  return false;
}

} // namespace simt::cc::isel

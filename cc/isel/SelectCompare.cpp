//===-- SelectCompare.cpp - setp, selp and operand register classes -------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

namespace {
/// The value of the first of Table's modifiers I has.
template <class V, size_t N>
std::optional<V> firstOf(const Instruction &I, const std::pair<Modifier, V> (&Table)[N]) {
  for (const auto &[M, Value] : Table)
    if (I.has(M))
      return Value;
  return std::nullopt;
}
} // namespace

std::optional<SIMT::ICmp> intCompareOf(const Instruction &I) {
  using C = SIMT::ICmp;
  static const std::pair<Modifier, C> Table[] = {
      {Modifier::Eq, C::EQ}, {Modifier::Ne, C::NE}, {Modifier::Lt, C::LT}, {Modifier::Le, C::LE},
      {Modifier::Gt, C::GT}, {Modifier::Ge, C::GE}, {Modifier::Lo, C::LT}, {Modifier::Ls, C::LE},
      {Modifier::Hi, C::GT}, {Modifier::Hs, C::GE}};
  return firstOf(I, Table);
}

std::optional<SIMT::FCmp> floatCompareOf(const Instruction &I) {
  using C = SIMT::FCmp;
  static const std::pair<Modifier, C> Table[] = {
      {Modifier::Eq, C::EQ},   {Modifier::Ne, C::NE},   {Modifier::Lt, C::LT},
      {Modifier::Le, C::LE},   {Modifier::Gt, C::GT},   {Modifier::Ge, C::GE},
      {Modifier::Equ, C::EQU}, {Modifier::Neu, C::NEU}, {Modifier::Ltu, C::LTU},
      {Modifier::Leu, C::LEU}, {Modifier::Gtu, C::GTU}, {Modifier::Geu, C::GEU},
      {Modifier::Num, C::NUM}, {Modifier::Nan, C::NaN}};
  return firstOf(I, Table);
}

std::optional<SIMT::BoolOp> combineOf(const Instruction &I) {
  using B = SIMT::BoolOp;
  static const std::pair<Modifier, B> Table[] = {
      {Modifier::And, B::AND}, {Modifier::Or, B::OR}, {Modifier::Xor, B::XOR}};
  return firstOf(I, Table);
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

ErrorReported Selector::checkSetpPair(const Instruction &I) {
  if (I.Ops.empty() || I.Ops[0].K != Operand::Pair ||
      all_of(I.Ops[0].Elems, [&](const Operand &P) {
        return P.K == Operand::Reg && F.reg(P.RegId).Type == PTXType::Pred;
      }))
    return false;
  return Diag.error(I.Ops[0].Loc, "both destinations of '" + opcodeSpelling(I) +
                                      "' must be predicate registers");
}

ErrorReported Selector::selectSetp(const Instruction &I) {
  PTXType T = I.type();
  bool Double = T == PTXType::F64, Float = T == PTXType::F32 || Double;
  // `p|q`: q = (!cmp) bop c, the ISA's Pv.
  const bool Both = I.Ops.size() >= 1 && I.Ops[0].K == Operand::Pair;
  if (checkSetpPair(I))
    return true;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() < 3 || I.Ops.size() > 4 ||
      (I.Ops[0].K != Operand::Reg && !Both) || (Double && I.has(Modifier::Ftz)))
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
  std::optional<SIMT::ICmp> ICmp = Float ? std::nullopt : intCompareOf(I);
  std::optional<SIMT::FCmp> FCmp = Float ? floatCompareOf(I) : std::nullopt;
  // The unsigned names (lo, ls, hi, hs) compare as unsigned; b32 too.
  bool Unsigned = (T != PTXType::S32 && T != PTXType::S16) || I.has(Modifier::Lo) ||
                  I.has(Modifier::Ls) || I.has(Modifier::Hi) || I.has(Modifier::Hs);
  std::optional<SIMT::BoolOp> Bop = combineOf(I);
  if ((Float ? !FCmp : !ICmp) || Bop.has_value() != (I.Ops.size() == 4))
    return unsupported(I);
  // ISETP, FSETP or DSETP with its compare and sources: then Pu, Pv and Pp.
  auto Finish = [&](auto M) {
    if (Bop)
      M.bop(*Bop);
    if (Both)
      M.pu(vreg(I.Ops[0].Elems[0])).pv(vreg(I.Ops[0].Elems[1]));
    else
      M.pu(vreg(I.Ops[0])).pv(MOperand::zero());
    emit(M.pp(Bop ? predOf(I.Ops[3]) : MOperand::zero()));
    return false;
  };
  if (Double) {
    auto M = build<mi::DSETP>().cmp(*FCmp).ra(pairOf(I.Ops[1]));
    return Finish(M.sb(srcBDouble(NarrowB)));
  }
  if (Float) {
    auto M = build<mi::FSETP>().cmp(*FCmp).ftz(I.has(Modifier::Ftz)).ra(regOf(I.Ops[1], true));
    return Finish(M.sb(srcB(NarrowB, true)));
  }
  auto M = build<mi::ISETP>().cmp(*ICmp).u32(Unsigned).ra(WideA ? *WideA : regOf(I.Ops[1], false));
  return Finish(M.sb(WideB ? SrcB(*WideB) : srcB(NarrowB, false)));
}

ErrorReported Selector::selectSelp(const Instruction &I) {
  PTXType T = I.type();
  bool Float = T == PTXType::F32;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() != 4 ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // selp d, a, b, c = c ? a : b; SEL d, a, b, p = p ? a : b. A 16-bit value
  // is its register's low half: picking the register picks it.
  auto M = build<mi::SEL>().rd(vreg(I.Ops[0])).ra(regOf(I.Ops[1], Float));
  M.sb(srcB(I.Ops[2], /*Float=*/false));
  emit(M.pp(predOf(I.Ops[3])));
  return false;
}

} // namespace simt::cc::isel

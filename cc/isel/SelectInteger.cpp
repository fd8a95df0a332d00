//===-- SelectInteger.cpp - 32- and 16-bit integer arithmetic and logic ---===//
#include "cc/isel/Selector.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace simt::cc::isel {

MOperand Selector::extend16(const Operand &Op, bool Signed) {
  MOperand W = temp();
  MInstBuilder M = build(SIMT::I2I);
  M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, Signed ? "S32" : "U32"))
      .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, Signed ? "S16" : "U16"))
      .reg("rd", W);
  setSrcB(M, "sb", Op, false);
  emit(M);
  return W;
}

// shl.b16 is the 32-bit SHL: the low half is right, and counts of 16 and
// more clear it. shr.u16/s16 shift in bits of the high half, so the operand
// is extended first.
ErrorReported Selector::selectShift16(const Instruction &I) {
  if (!hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  bool Left = I.Op == Opcode::Shl, Signed = I.type() == PTXType::S16;
  if (Left && Signed)
    return unsupported(I);
  MInstBuilder M = build(Left ? SIMT::SHL : SIMT::SHR);
  if (!Left)
    M.mod(SIMT::MG_U32, !Signed);
  M.reg("rd", vreg(I.Ops[0]));
  M.reg("ra", Left ? regOf(I.Ops[1], false) : extend16(I.Ops[1], Signed));
  setSrcB(M, "sb", I.Ops[2], false);
  emit(M);
  return false;
}

// 16-bit arithmetic in 32-bit registers whose high half is undefined: add,
// sub, mul.lo, mad.lo and neg are the 32-bit instruction (the low half of
// the result depends on the low halves only); mul.hi, mul.wide, min and max
// extend their operands first and use the 32-bit operation on them.
ErrorReported Selector::selectInt16(const Instruction &I) {
  PTXType T = I.type();
  bool Signed = T == PTXType::S16, Hi = I.has(Modifier::Hi), Wide = I.has(Modifier::Wide);
  bool Extends = Hi || Wide || I.Op == Opcode::Min || I.Op == Opcode::Max;
  if (!Extends) {
    if (I.Op != Opcode::Add && I.Op != Opcode::Sub && I.Op != Opcode::Neg &&
        I.Op != Opcode::Mul && I.Op != Opcode::Mad)
      return unsupported(I);
    Instruction As32 = I;
    As32.Types[0] = Signed ? PTXType::S32 : PTXType::U32;
    return selectIntArith(As32);
  }
  if (I.Op == Opcode::Mad || !hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  MOperand A = extend16(I.Ops[1], Signed), B = extend16(I.Ops[2], Signed);
  if (I.Op == Opcode::Min || I.Op == Opcode::Max) { // IMNMX: PT min, !PT max
    MInstBuilder M = build(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", A).regMod("sb", B, 0);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  // The 32-bit product of two extended halves is exact: .wide is it, .hi
  // its bits 16..31.
  MOperand P = Hi ? temp() : D;
  MInstBuilder M = build(SIMT::IMUL);
  SIMT::MulType Ty = Signed ? SIMT::MulType::S32 : SIMT::MulType::U32;
  M.mod<SIMT::MG_AType>(Ty).mod<SIMT::MG_BType>(Ty).mod(SIMT::MG_Hi, false);
  M.reg("rd", P).reg("ra", A).regMod("sb", B, 0);
  emit(M);
  if (Hi) {
    MInstBuilder S = build(SIMT::SHR);
    S.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", P).srcImm("sb", 16);
    emit(S);
  }
  return false;
}

ErrorReported Selector::selectIntArith(const Instruction &I) {
  PTXType T = I.type();
  if (isInt16(T) && (I.Op == Opcode::Shl || I.Op == Opcode::Shr))
    return selectShift16(I);
  if (isInt16(T))
    return selectInt16(I);
  bool Signed = T == PTXType::S32;
  auto Ops = [&](size_t N) { return hasIntOperands(I, N); };
  // Carries, saturation and 24-bit forms come later.
  if (!isInt32(T) || I.has(Modifier::Cc) || I.has(Modifier::Sat) || I.Ops.empty() ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub: {
    if (!Ops(3))
      return unsupported(I);
    bool IsSub = I.Op == Opcode::Sub;
    const Operand &B = I.Ops[2];
    if (IsSub && I.Ops[1].K == Operand::Imm && B.K == Operand::Reg &&
        fitsSb(int32_t(uint32_t(I.Ops[1].Int)))) { // k - b = -b + k
      MInstBuilder M = build(SIMT::IADD);
      M.reg("rd", D).regMod("ra", vreg(B), SIMT::RM_Neg);
      setSrcB(M, "sb", I.Ops[1], false);
      emit(M);
      return false;
    }
    if (B.K == Operand::Imm) {
      int64_t V = int32_t(uint32_t(IsSub ? -B.Int : B.Int));
      if (!fitsSb(V)) {
        MInstBuilder M = build(SIMT::IADD32I);
        M.reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0).imm("imm", uint32_t(V));
        emit(M);
        return false;
      }
    }
    MInstBuilder M = build(SIMT::IADD);
    M.reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
    setSrcB(M, "sb", B, false, IsSub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Mul:
  case Opcode::Mad: {
    bool Hi = I.has(Modifier::Hi);
    if (I.has(Modifier::Wide) && I.Op == Opcode::Mul && Ops(3)) {
      MOperand A = regOf(I.Ops[1], false);
      // By 2^k (an index scaled to bytes): two shifts, cheaper than
      // IMUL.HI on any SM, the emulator's included.
      const Operand &B = I.Ops[2];
      if (B.K == Operand::Imm && B.Int > 1 && B.Int <= INT32_MAX && isPowerOf2_64(B.Int)) {
        widenedShift(I.Ops[0], A, Log2_64(B.Int), Signed);
        return false;
      }
      // d = a * b as 64 bits: the low and the high word of the product.
      SIMT::MulType Ty = Signed ? SIMT::MulType::S32 : SIMT::MulType::U32;
      for (bool H : {false, true}) {
        MInstBuilder M = build(SIMT::IMUL);
        M.mod<SIMT::MG_AType>(Ty).mod<SIMT::MG_BType>(Ty).mod(SIMT::MG_Hi, H);
        M.reg("rd", word(I.Ops[0], H)).reg("ra", A);
        setSrcB(M, "sb", I.Ops[2], false);
        emit(M);
      }
      return false;
    }
    if (I.has(Modifier::Wide) || (!Hi && !I.has(Modifier::Lo)) ||
        !Ops(I.Op == Opcode::Mad ? 4 : 3))
      return unsupported(I);
    unsigned Ty = modValue(SIMT::MG_AType, Signed ? "S32" : "U32");
    MInstBuilder M = build(I.Op == Opcode::Mad ? SIMT::IMAD : SIMT::IMUL);
    M.mod(SIMT::MG_AType, Ty).mod(SIMT::MG_BType, Ty).mod(SIMT::MG_Hi, Hi);
    M.reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    if (I.Op == Opcode::Mad)
      M.reg("rc", regOf(I.Ops[3], false));
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Ops(3))
      return unsupported(I);
    // IMNMX: Pp ? min : max; PT selects min, !PT max.
    MInstBuilder M = build(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Neg: { // 0 - b
    if (!Ops(2))
      return unsupported(I);
    MInstBuilder M = build(SIMT::IADD);
    M.reg("rd", D).regMod("ra", MOperand::zero(), 0);
    setSrcB(M, "sb", I.Ops[1], false, SIMT::SB_Neg);
    emit(M);
    return false;
  }
  case Opcode::Abs: {
    if (!Ops(2) || !Signed)
      return unsupported(I);
    MInstBuilder M = build(SIMT::IABS);
    M.reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  case Opcode::Shl:
  case Opcode::Shr: {
    // PTX clamps shift counts to 32, as SHL/SHR without .W do.
    if (!Ops(3) || (I.Op == Opcode::Shl && Signed))
      return unsupported(I);
    MInstBuilder M = build(I.Op == Opcode::Shl ? SIMT::SHL : SIMT::SHR);
    if (I.Op == Opcode::Shr)
      M.mod(SIMT::MG_U32, !Signed);
    M.reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// 16-bit logic (clang's and.b16 on a loaded bool) is the 32-bit operation:
// the low half is right, and nothing reads the high half of a 16-bit value
// without extending it first (cvt, setp).
ErrorReported Selector::selectLogic(const Instruction &I) {
  PTXType T = I.type();
  if ((!isInt32(T) && !isInt16(T)) || I.Ops.empty() || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (I.Op == Opcode::Not) { // ~b: LOP.PASS_B d, RZ, ~b
    if (I.Ops.size() != 2)
      return unsupported(I);
    MInstBuilder M = build(SIMT::LOP);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, "PASS_B"))
        .reg("rd", D)
        .regMod("ra", MOperand::zero(), 0);
    setSrcB(M, "sb", I.Ops[1], false, SIMT::SB_Inv);
    emit(M);
    return false;
  }
  if (I.Ops.size() != 3)
    return unsupported(I);
  StringRef Op = I.Op == Opcode::And ? "AND" : I.Op == Opcode::Or ? "OR" : "XOR";
  unsigned Logic = modValue(SIMT::MG_Logic, Op);
  const Operand &B = I.Ops[2];
  if (B.K == Operand::Imm && !fitsSb(int32_t(uint32_t(B.Int)))) {
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, Logic).reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
    M.imm("imm", uint32_t(B.Int));
    emit(M);
    return false;
  }
  MInstBuilder M = build(SIMT::LOP);
  M.mod(SIMT::MG_Logic, Logic).reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
  setSrcB(M, "sb", B, false);
  emit(M);
  return false;
}

// bfe d, a, pos, len and bfi d, a, b, pos, len: BFE/BFI with the control
// word pos | len << 8 in Sb (PTX takes both from their low 8 bits, as the
// instructions do). Constant fields are one literal; otherwise a BFI builds
// the word: len's low byte over bits 8..15 of pos (the bits above 15 of the
// control word are ignored).
ErrorReported Selector::selectBitField(const Instruction &I) {
  PTXType T = I.type();
  bool Insert = I.Op == Opcode::Bfi;
  size_t N = Insert ? 5 : 4;
  if (!isInt32(T) || !hasIntOperands(I, N) || I.Ops[0].K != Operand::Reg ||
      (Insert && T != PTXType::B32))
    return unsupported(I);
  const Operand &Pos = I.Ops[N - 2], &Len = I.Ops[N - 1];
  MInstBuilder M = build(Insert ? SIMT::BFI : SIMT::BFE);
  if (!Insert)
    M.mod(SIMT::MG_U32, T != PTXType::S32);
  M.reg("rd", vreg(I.Ops[0]));
  M.reg("ra", regOf(I.Ops[1], false));
  if (Pos.K == Operand::Imm && Len.K == Operand::Imm) {
    M.srcImm("sb", (Pos.Int & 0xff) | (Len.Int & 0xff) << 8);
  } else {
    MOperand Ctl = temp();
    MInstBuilder Pack = build(SIMT::BFI);
    Pack.reg("rd", Ctl).reg("ra", regOf(Len, false)).srcImm("sb", 8 | 8 << 8);
    Pack.reg("rc", regOf(Pos, false));
    emit(Pack);
    M.regMod("sb", Ctl, 0);
  }
  if (Insert) // the base the field goes into
    M.reg("rc", regOf(I.Ops[2], false));
  emit(M);
  return false;
}

// bfe.u64/.s64 with a constant field inside one word (libclc's frexp and
// ldexp take a double's exponent, bits 52..62): BFE on that word, the
// high word zero or the field's sign.
ErrorReported Selector::selectBitField64(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg ||
      I.Ops[2].K != Operand::Imm || I.Ops[3].K != Operand::Imm)
    return unsupported(I);
  const int64_t Pos = I.Ops[2].Int & 0xff, Len = I.Ops[3].Int & 0xff;
  const bool Signed = I.type() == PTXType::S64;
  const bool High = Pos >= 32;
  if (Len < 1 || Len > 32 || (High ? Pos + Len > 64 : Pos + Len > 32))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' of a field that is not inside one 32-bit word");
  MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
  MInstBuilder M = build(SIMT::BFE);
  M.mod(SIMT::MG_U32, !Signed).reg("rd", Lo).reg("ra", word(I.Ops[1], High));
  M.srcImm("sb", unsigned(Pos - (High ? 32 : 0)) | unsigned(Len) << 8);
  emit(M);
  extendHigh(Hi, Lo, Signed);
  return false;
}

// Predicate logic through PSETP: Pu = (Pp bop Pq) AND PT.
ErrorReported Selector::selectPredLogic(const Instruction &I) {
  size_t N = I.Op == Opcode::Not ? 2 : 3;
  if (I.Ops.size() != N || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // `p = q op setp(a, b)` is one `setp.cmp.op p, a, b, q` (ISETP's own
  // combining predicate, as ptxas writes `a < n || b < m`); the first setp
  // then goes unread (the dce pass).
  if (I.Op != Opcode::Not && !I.Guard)
    for (unsigned K : {2u, 1u})
      if (const Instruction *Setp = movableSetp(I.Ops[K])) {
        Instruction Fused = *Setp;
        Fused.Mods.push_back(I.Op == Opcode::And ? Modifier::And
                             : I.Op == Opcode::Or ? Modifier::Or
                                                  : Modifier::Xor);
        Fused.Ops[0] = I.Ops[0];
        Fused.Ops.push_back(I.Ops[3 - K]);
        Fused.Loc = I.Loc;
        Fused.DL = I.DL;
        return select(Fused);
      }
  MInstBuilder M = build(SIMT::PSETP);
  if (I.Op != Opcode::Not)
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, I.Op == Opcode::And  ? "AND"
                                               : I.Op == Opcode::Or ? "OR"
                                                                    : "XOR"));
  M.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
  Operand Src = I.Ops[1];
  if (I.Op == Opcode::Not) { // !p AND PT
    Src.Negated = !Src.Negated;
    if (Src.K == Operand::Imm)
      Src.Int = !Src.Int;
  }
  setPred(M, "pp", Src);
  if (I.Op == Opcode::Not)
    M.reg("pq", MOperand::zero());
  else
    setPred(M, "pq", I.Ops[2]);
  M.reg("pr", MOperand::zero());
  emit(M);
  return false;
}

} // namespace simt::cc::isel

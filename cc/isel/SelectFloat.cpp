//===-- SelectFloat.cpp - f32 arithmetic, clz and the math sequences ------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

std::optional<StringRef> roundingOf(const Instruction &I) {
  if (I.has(Modifier::Rz))
    return StringRef("RZ");
  if (I.has(Modifier::Rm))
    return StringRef("RM");
  if (I.has(Modifier::Rp))
    return StringRef("RP");
  return StringRef("RN"); // .rn, and no rounding written (IEEE round to nearest)
}

ErrorReported Selector::selectFloatArith(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm)
      return unsupported(I);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.has(Modifier::Approx))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  bool Ftz = I.has(Modifier::Ftz), Sat = I.has(Modifier::Sat);
  unsigned Rnd = modValue(SIMT::MG_Rnd, *roundingOf(I));
  auto Arith = [&](unsigned Opcode) {
    MInstBuilder M = build(Opcode);
    M.mod(SIMT::MG_FTZ, Ftz).mod(SIMT::MG_Sat, Sat).reg("rd", D);
    M.mod(SIMT::MG_Rnd, Rnd);
    return M;
  };
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    const Operand &B = I.Ops[2];
    bool IsMul = I.Op == Opcode::Mul;
    if (B.K == Operand::FImm && (f32Bits(B) & 0xfff) && *roundingOf(I) == "RN" &&
        (IsMul || !Sat)) {
      // A constant that does not fit Sb: the 32I forms (round to nearest).
      uint32_t Bits = f32Bits(B) ^ (I.Op == Opcode::Sub ? 0x80000000u : 0u);
      MInstBuilder M = build(IsMul ? SIMT::FMUL32I : SIMT::FADD32I);
      M.mod(SIMT::MG_FTZ, Ftz).reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
      if (IsMul)
        M.mod(SIMT::MG_Sat, Sat);
      M.imm("imm", Bits);
      emit(M);
      return false;
    }
    MInstBuilder M = Arith(IsMul ? SIMT::FMUL : SIMT::FADD);
    M.regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true, I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: { // mad.f32 on sm_20 and later is fma
    if (I.Ops.size() != 4)
      return unsupported(I);
    MInstBuilder M = Arith(SIMT::FFMA);
    M.regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true);
    M.regMod("rc", regOf(I.Ops[3], true), 0);
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    MInstBuilder M = build(SIMT::FMNMX);
    M.mod(SIMT::MG_FTZ, Ftz).reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Abs:
  case Opcode::Neg: {
    if (I.Ops.size() != 2)
      return unsupported(I);
    bool IsAbs = I.Op == Opcode::Abs;
    if (Ftz) { // flushing needs an arithmetic instruction: |a| * 1, a * -1
      MInstBuilder M = Arith(SIMT::FMUL);
      M.regMod("ra", regOf(I.Ops[1], true), IsAbs ? unsigned(SIMT::RM_Abs) : 0u);
      M.srcImm("sb", (IsAbs ? 0x3f800000u : 0xbf800000u) >> 12);
      emit(M);
      return false;
    }
    // Otherwise the sign bit alone, exactly as PTX defines them.
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, IsAbs ? "AND" : "XOR"));
    M.reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
    M.imm("imm", IsAbs ? 0x7fffffffu : 0x80000000u);
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// Integer division and the f32 operations the ISA has no one instruction
// for. .rn is exact (also for rcp); .approx is MUFU; the directed roundings
// of div/sqrt/rcp are not supported yet.
MathSink Selector::sinkFor(const Instruction &I) {
  MathSink S{*MF, *Cur, CurI, std::nullopt, false};
  if (I.Guard) {
    S.Guard = MOperand::vreg(VRegOf[*I.Guard]);
    S.GuardNegated = I.GuardNegated;
  }
  return S;
}

// clz.b32 (libclc's float reductions normalise with it); clz.b64 is the
// high word's count, or 32 + the low word's when the high word is zero.
ErrorReported Selector::selectClz(const Instruction &I) {
  bool Is64 = I.type() == PTXType::B64;
  if ((I.type() != PTXType::B32 && !Is64) || !hasIntOperands(I, 2) ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  if (!Is64) {
    MathSink S = sinkFor(I);
    lowerClz(S, vreg(I.Ops[0]), regOf(I.Ops[1], false));
    return false;
  }
  if (I.Ops[1].K != Operand::Reg || classOf(F.reg(I.Ops[1].RegId).Type) != RegClass::GPR64)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a 64-bit source register");
  MOperand HiCount = temp(), LoCount = temp(), HiZero = MOperand::vreg(MF->newVReg(RegClass::Pred));
  MathSink S = sinkFor(I);
  lowerClz(S, HiCount, word(I.Ops[1], true));
  lowerClz(S, LoCount, word(I.Ops[1], false));
  MInstBuilder Zero = build(SIMT::ISETP);
  Zero.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "EQ")).mod(SIMT::MG_U32, true);
  Zero.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, "AND"));
  Zero.reg("pu", HiZero).reg("pv", MOperand::zero()).reg("ra", word(I.Ops[1], true));
  Zero.srcImm("sb", 0).reg("pp", MOperand::zero());
  emit(Zero);
  MOperand LoPlus32 = temp();
  MInstBuilder Add = build(SIMT::IADD);
  Add.reg("rd", LoPlus32).regMod("ra", LoCount, 0).srcImm("sb", 32);
  emit(Add);
  MInstBuilder Sel = build(SIMT::SEL);
  Sel.reg("rd", vreg(I.Ops[0])).reg("ra", LoPlus32).regMod("sb", HiCount, 0).reg("pp", HiZero);
  emit(Sel);
  return false;
}

ErrorReported Selector::selectMath(const Instruction &I) {
  PTXType T = I.type();
  bool Binary = I.Op == Opcode::Div || I.Op == Opcode::Rem;
  if (I.Ops.size() != (Binary ? 3u : 2u) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // 16-bit division: the 32-bit one on the extended operands, whose low
  // half is the 16-bit quotient or remainder.
  if (Binary && isInt16(T)) {
    if (!hasIntOperands(I, 3))
      return unsupported(I);
    bool Signed = T == PTXType::S16;
    MOperand N = extend16(I.Ops[1], Signed), Dv = extend16(I.Ops[2], Signed);
    MathSink S = sinkFor(I);
    lowerIntDivRem(S, vreg(I.Ops[0]), N, Dv, Signed, I.Op == Opcode::Rem);
    return false;
  }
  MathSink S = sinkFor(I);
  MOperand D = vreg(I.Ops[0]);
  if (Binary && (T == PTXType::S32 || T == PTXType::U32)) {
    if (!hasIntOperands(I, 3))
      return unsupported(I);
    MOperand N = regOf(I.Ops[1], false), Dv = regOf(I.Ops[2], false);
    lowerIntDivRem(S, D, N, Dv, T == PTXType::S32, I.Op == Opcode::Rem);
    return false;
  }
  if (T != PTXType::F32 || I.Op == Opcode::Rem)
    return unsupported(I);
  for (const Operand &Op : ArrayRef(I.Ops).drop_front())
    if (Op.K != Operand::Reg && Op.K != Operand::FImm)
      return unsupported(I);
  bool Ftz = I.has(Modifier::Ftz), Approx = I.has(Modifier::Approx);
  bool Rn = I.has(Modifier::Rn), Full = I.has(Modifier::Full);
  MOperand X = regOf(I.Ops[1], true);
  switch (I.Op) {
  case Opcode::Div: {
    MOperand Y = regOf(I.Ops[2], true);
    if (Approx)
      lowerDivApprox(S, D, X, Y, Ftz);
    else if (Full)
      lowerDivFull(S, D, X, Y, Ftz);
    else if (Rn)
      lowerDivRN(S, D, X, Y, Ftz);
    else
      return unsupported(I);
    return false;
  }
  case Opcode::Sqrt:
  case Opcode::Rcp:
    if (Approx)
      lowerMufu(S, D, X, I.Op == Opcode::Sqrt ? MufuFn::Sqrt : MufuFn::Rcp, Ftz);
    else if (Rn && I.Op == Opcode::Sqrt)
      lowerSqrtRN(S, D, X, Ftz);
    else if (Rn)
      lowerDivRN(S, D, materialize(0x3f800000), X, Ftz);
    else
      return unsupported(I);
    return false;
  default: {
    if (!Approx)
      return unsupported(I);
    MufuFn Fn = I.Op == Opcode::Rsqrt ? MufuFn::Rsqrt
                : I.Op == Opcode::Ex2 ? MufuFn::Ex2
                : I.Op == Opcode::Lg2 ? MufuFn::Lg2
                : I.Op == Opcode::Sin ? MufuFn::Sin
                                      : MufuFn::Cos;
    lowerMufu(S, D, X, Fn, Ftz);
    return false;
  }
  }
}

} // namespace simt::cc::isel

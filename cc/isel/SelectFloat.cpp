//===-- SelectFloat.cpp - f32 arithmetic, clz and the math sequences ------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

SIMT::Rnd roundingOf(const Instruction &I) {
  if (I.has(Modifier::Rz))
    return SIMT::Rnd::RZ;
  if (I.has(Modifier::Rm))
    return SIMT::Rnd::RM;
  if (I.has(Modifier::Rp))
    return SIMT::Rnd::RP;
  return SIMT::Rnd::RN; // .rn, and no rounding written (IEEE round to nearest)
}

bool hasRounding(const Instruction &I) {
  return I.has(Modifier::Rn) || I.has(Modifier::Rz) || I.has(Modifier::Rm) ||
         I.has(Modifier::Rp);
}

ErrorReported Selector::selectFloatArith(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm)
      return unsupported(I);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.has(Modifier::Approx))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  bool Ftz = I.has(Modifier::Ftz), Sat = I.has(Modifier::Sat);
  const SIMT::Rnd Rnd = roundingOf(I);
  // FADD, FMUL or FFMA with I's modifiers, writing D.
  auto Arith = [&](auto M) { return M.ftz(Ftz).sat(Sat).rd(D).rnd(Rnd); };
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    const Operand &B = I.Ops[2];
    bool IsMul = I.Op == Opcode::Mul;
    if (B.K == Operand::FImm && Rnd == SIMT::Rnd::RN && (IsMul || !Sat)) {
      // A constant: in Sb when it fits, else the 32I forms (round to
      // nearest; FADD32I has no .SAT).
      uint32_t Bits = f32Bits(B) ^ (I.Op == Opcode::Sub ? 0x80000000u : 0u);
      if (IsMul)
        emit(build<mi::FMULWithImm>(Bits).ftz(Ftz).sat(Sat).rd(D).ra(regOf(I.Ops[1], true)));
      else
        emit(build<mi::FADDWithImm>(Bits).ftz(Ftz).rd(D).ra(regOf(I.Ops[1], true)));
      return false;
    }
    const unsigned Neg = I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u;
    if (IsMul) {
      auto M = Arith(build<mi::FMUL>()).ra(regOf(I.Ops[1], true));
      emit(M.sb(srcB(I.Ops[2], true, Neg)));
    } else {
      auto M = Arith(build<mi::FADD>()).ra(regOf(I.Ops[1], true));
      emit(M.sb(srcB(I.Ops[2], true, Neg)));
    }
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: { // mad.f32 on sm_20 and later is fma
    if (I.Ops.size() != 4)
      return unsupported(I);
    auto M = Arith(build<mi::FFMA>()).ra(regOf(I.Ops[1], true));
    M.sb(srcB(I.Ops[2], true));
    emit(M.rc(regOf(I.Ops[3], true)));
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    auto M = build<mi::FMNMX>().ftz(Ftz).rd(D).ra(regOf(I.Ops[1], true));
    M.sb(srcB(I.Ops[2], true));
    emit(M.pp(MOperand::zero(), /*Negated=*/I.Op == Opcode::Max));
    return false;
  }
  case Opcode::Abs:
  case Opcode::Neg: {
    if (I.Ops.size() != 2)
      return unsupported(I);
    bool IsAbs = I.Op == Opcode::Abs;
    if (Ftz) { // flushing needs an arithmetic instruction: |a| * 1, a * -1
      auto M = Arith(build<mi::FMUL>());
      M.ra(regOf(I.Ops[1], true), IsAbs ? unsigned(SIMT::RM_Abs) : 0u);
      emit(M.sb(SrcB::fimm(IsAbs ? 0x3f800000u : 0xbf800000u)));
      return false;
    }
    // Otherwise the sign bit alone, exactly as PTX defines them.
    auto M = build<mi::LOP32I>().op(IsAbs ? SIMT::Logic::AND : SIMT::Logic::XOR).rd(D);
    emit(M.ra(regOf(I.Ops[1], true)).imm(IsAbs ? 0x7fffffffu : 0x80000000u));
    return false;
  }
  default:
    return unsupported(I);
  }
}

// Integer division and the f32 operations the ISA has no one instruction
// for. .rn, .rz, .rm and .rp are correctly rounded (also for rcp); .approx
// is MUFU.
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
  auto Zero = build<mi::ISETP>().cmp(SIMT::ICmp::EQ).u32().bop(SIMT::BoolOp::AND);
  Zero.pu(HiZero).pv(MOperand::zero()).ra(word(I.Ops[1], true));
  emit(Zero.sb(SrcB::imm(0)).pp(MOperand::zero()));
  MOperand LoPlus32 = temp();
  emit(build<mi::IADD>().rd(LoPlus32).ra(LoCount).sb(SrcB::imm(32)));
  emit(build<mi::SEL>().rd(vreg(I.Ops[0])).ra(LoPlus32).sb(HiCount).pp(HiZero));
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
  bool Full = I.has(Modifier::Full);
  bool Rounded = hasRounding(I);
  SIMT::Rnd Rnd = roundingOf(I);
  MOperand X = regOf(I.Ops[1], true);
  switch (I.Op) {
  case Opcode::Div: {
    MOperand Y = regOf(I.Ops[2], true);
    if (Approx)
      lowerDivApprox(S, D, X, Y, Ftz);
    else if (Full)
      lowerDivFull(S, D, X, Y, Ftz);
    else if (Rounded)
      lowerDiv(S, D, X, Y, Rnd, Ftz);
    else
      return unsupported(I);
    return false;
  }
  case Opcode::Sqrt:
  case Opcode::Rcp:
    if (Approx)
      lowerMufu(S, D, X, I.Op == Opcode::Sqrt ? SIMT::Mufu::SQRT : SIMT::Mufu::RCP, Ftz);
    else if (Rounded && I.Op == Opcode::Sqrt)
      lowerSqrt(S, D, X, Rnd, Ftz);
    else if (Rounded)
      lowerDiv(S, D, materialize(0x3f800000), X, Rnd, Ftz);
    else
      return unsupported(I);
    return false;
  default: {
    if (!Approx)
      return unsupported(I);
    using SIMT::Mufu;
    Mufu Fn = I.Op == Opcode::Rsqrt ? Mufu::RSQ
              : I.Op == Opcode::Ex2 ? Mufu::EX2
              : I.Op == Opcode::Lg2 ? Mufu::LG2
              : I.Op == Opcode::Sin ? Mufu::SIN
                                    : Mufu::COS;
    lowerMufu(S, D, X, Fn, Ftz);
    return false;
  }
  }
}

} // namespace simt::cc::isel

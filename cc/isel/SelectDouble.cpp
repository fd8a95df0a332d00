//===-- SelectDouble.cpp - f64 arithmetic ---------------------------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

// f64 arithmetic is DADD/DMUL/DFMA/DMNMX on pairs with PTX's roundings;
// abs and neg change the sign bit alone, as PTX defines them; div.rn,
// rcp.rn and sqrt.rn are the sequences of LowerMath64.h.
ErrorReported Selector::selectDouble(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm && Op.K != Operand::Imm)
      return unsupported(I);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.has(Modifier::Ftz) ||
      I.has(Modifier::Sat))
    return unsupported(I);
  auto Size = [&](size_t N) { return I.Ops.size() == N; };
  MOperand D = vreg(I.Ops[0]);
  unsigned Rnd = modValue(SIMT::MG_Rnd, *roundingOf(I));
  switch (I.Op) {
  case Opcode::Mov: {
    if (!Size(2))
      return unsupported(I);
    Operand Src = I.Ops[1];
    if (Src.K != Operand::Reg) {
      Src.Int = int64_t(f64Bits(Src));
      Src.K = Operand::Imm;
    }
    move(word(I.Ops[0], false), Src, false);
    move(word(I.Ops[0], true), Src, true);
    return false;
  }
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul: {
    if (!Size(3))
      return unsupported(I);
    MInstBuilder M = build(I.Op == Opcode::Mul ? SIMT::DMUL : SIMT::DADD);
    M.mod(SIMT::MG_Rnd, Rnd).reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2], I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: {
    if (!Size(4))
      return unsupported(I);
    MInstBuilder M = build(SIMT::DFMA);
    M.mod(SIMT::MG_Rnd, Rnd).reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2]);
    M.regMod("rc", pairOf(I.Ops[3]), 0);
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Size(3))
      return unsupported(I);
    MInstBuilder M = build(SIMT::DMNMX);
    M.reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2]);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Abs:
  case Opcode::Neg: {
    if (!Size(2))
      return unsupported(I);
    bool IsAbs = I.Op == Opcode::Abs;
    Operand Src = I.Ops[1];
    if (Src.K != Operand::Reg) {
      Src.Int = int64_t(f64Bits(Src));
      Src.K = Operand::Imm;
    }
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, IsAbs ? "AND" : "XOR"));
    M.reg("rd", word(I.Ops[0], true)).regMod("ra", regWord(Src, true), 0);
    M.imm("imm", IsAbs ? 0x7fffffffu : 0x80000000u);
    emit(M);
    move(word(I.Ops[0], false), Src, false);
    return false;
  }
  case Opcode::Setp:
    return selectSetp(I);
  case Opcode::Selp:
    return selectSelp64(I);
  case Opcode::Div:
  case Opcode::Rcp:
  case Opcode::Sqrt: {
    if (!I.has(Modifier::Rn) || I.has(Modifier::Approx) || !Size(I.Op == Opcode::Div ? 3 : 2))
      return unsupported(I);
    MathSink S = sinkFor(I);
    if (I.Op == Opcode::Sqrt)
      lowerSqrtRN64(S, D, pairOf(I.Ops[1]));
    else if (I.Op == Opcode::Rcp)
      lowerDivRN64(S, D, materialize64(0x3ff0000000000000), pairOf(I.Ops[1]));
    else
      lowerDivRN64(S, D, pairOf(I.Ops[1]), pairOf(I.Ops[2]));
    return false;
  }
  default:
    return unsupported(I);
  }
}

} // namespace simt::cc::isel

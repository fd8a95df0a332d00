//===-- SelectDouble.cpp - f64 arithmetic ---------------------------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

// f64 arithmetic is DADD/DMUL/DFMA/DMNMX on pairs with PTX's roundings;
// abs and neg change the sign bit alone, as PTX defines them; div.rn,
// rcp and sqrt (.rn, .rz, .rm, .rp) are the sequences of LowerMath64.h.
ErrorReported Selector::selectDouble(const Instruction &I) {
  if (I.Op == Opcode::Setp) // with its `p|q` destinations
    return selectSetp(I);
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm && Op.K != Operand::Imm)
      return unsupported(I);
  // .ftz only on the approximate reciprocals (rcp.approx.ftz.f64).
  bool ApproxRcp = (I.Op == Opcode::Rcp || I.Op == Opcode::Rsqrt) && I.has(Modifier::Approx);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || (I.has(Modifier::Ftz) && !ApproxRcp) ||
      I.has(Modifier::Sat))
    return unsupported(I);
  auto Size = [&](size_t N) { return I.Ops.size() == N; };
  MOperand D = vreg(I.Ops[0]);
  const SIMT::Rnd Rnd = roundingOf(I);
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
    const unsigned Neg = I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u;
    if (I.Op == Opcode::Mul) {
      auto M = build<mi::DMUL>().rnd(Rnd).rd(D).ra(pairOf(I.Ops[1]));
      emit(M.sb(srcBDouble(I.Ops[2], Neg)));
    } else {
      auto M = build<mi::DADD>().rnd(Rnd).rd(D).ra(pairOf(I.Ops[1]));
      emit(M.sb(srcBDouble(I.Ops[2], Neg)));
    }
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: {
    if (!Size(4))
      return unsupported(I);
    auto M = build<mi::DFMA>().rnd(Rnd).rd(D).ra(pairOf(I.Ops[1]));
    M.sb(srcBDouble(I.Ops[2]));
    emit(M.rc(pairOf(I.Ops[3])));
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Size(3))
      return unsupported(I);
    auto M = build<mi::DMNMX>().rd(D).ra(pairOf(I.Ops[1]));
    M.sb(srcBDouble(I.Ops[2]));
    emit(M.pp(MOperand::zero(), /*Negated=*/I.Op == Opcode::Max));
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
    auto M = build<mi::LOP32I>().op(IsAbs ? SIMT::Logic::AND : SIMT::Logic::XOR);
    M.rd(word(I.Ops[0], true)).ra(regWord(Src, true));
    emit(M.imm(IsAbs ? 0x7fffffffu : 0x80000000u));
    move(word(I.Ops[0], false), Src, false);
    return false;
  }
  case Opcode::Setp:
    return selectSetp(I);
  case Opcode::Selp:
    return selectSelp64(I);
  case Opcode::Rcp:
  case Opcode::Rsqrt:
    if (ApproxRcp && (I.has(Modifier::Ftz) || I.Op == Opcode::Rsqrt)) {
      if (!Size(2))
        return unsupported(I);
      MathSink S = sinkFor(I);
      lowerApproxRcp64(S, D, pairOf(I.Ops[1]), I.Op == Opcode::Rsqrt, I.has(Modifier::Ftz));
      return false;
    }
    if (I.Op == Opcode::Rsqrt)
      return unsupported(I);
    [[fallthrough]];
  case Opcode::Div:
  case Opcode::Sqrt: {
    bool Rounded = hasRounding(I);
    if (!Rounded || I.has(Modifier::Approx) || !Size(I.Op == Opcode::Div ? 3 : 2))
      return unsupported(I);
    MathSink S = sinkFor(I);
    SIMT::Rnd Rnd = roundingOf(I);
    if (I.Op == Opcode::Sqrt)
      lowerSqrt64(S, D, pairOf(I.Ops[1]), Rnd);
    else if (I.Op == Opcode::Rcp)
      lowerDiv64(S, D, materialize64(0x3ff0000000000000), pairOf(I.Ops[1]), Rnd);
    else
      lowerDiv64(S, D, pairOf(I.Ops[1]), pairOf(I.Ops[2]), Rnd);
    return false;
  }
  default:
    return unsupported(I);
  }
}

} // namespace simt::cc::isel

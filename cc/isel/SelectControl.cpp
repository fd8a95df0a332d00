//===-- SelectControl.cpp - Kernel ld.param, branches and barriers --------===//
#include "cc/isel/Selector.h"
#include "cc/abi/ParamLayout.h"

using namespace llvm;

namespace simt::cc::isel {

// ld.param of a kernel's own parameter reads c[0x0] (ParamLayout.h).
ErrorReported Selector::selectLdParam(const Instruction &I) {
  if (!F.IsKernel || I.Types.size() != 1 || I.Ops.size() != 2)
    return unsupported(I);
  return selectLdBank(I, ParamBank);
}

std::optional<int64_t> Selector::paramAddress(const Operand &Sym) const {
  if (!F.IsKernel || Sym.K != Operand::Symbol)
    return std::nullopt;
  std::optional<ParamSlot> P = paramSlot(F, Sym.Name);
  if (!P)
    return std::nullopt;
  return int64_t(P->Offset) + Sym.Int;
}

ErrorReported Selector::selectControl(const Instruction &I) {
  switch (I.Op) {
  case Opcode::Bra: {
    MInstBuilder M = build(SIMT::BRA);
    M.mod(SIMT::MG_Uni, I.has(Modifier::Uni)).target("target", BlockOf[I.branchTarget()]);
    emit(M);
    return false;
  }
  case Opcode::Ret:
  case Opcode::Exit: {
    if (!F.IsKernel && I.Op == Opcode::Ret) {
      MInstBuilder M = build(SIMT::RET);
      MInst Ret = M.take();
      passResults(Ret);
      Cur->Insts.push_back(std::move(Ret));
      return false;
    }
    MInstBuilder M = build(SIMT::EXIT);
    emit(M);
    return false;
  }
  case Opcode::Bar:
  case Opcode::Barrier:
    return selectBarrier(I);
  case Opcode::Membar: {
    StringRef Level = I.has(Modifier::Cta) ? "CTA" : "GL"; // .gl and .sys
    MInstBuilder M = build(SIMT::MEMBAR);
    M.mod(SIMT::MG_Membar, modValue(SIMT::MG_Membar, Level));
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// bar.sync a / barrier.sync a: BAR.SYNC a, every warp of the CTA;
// bar.red.popc.u32 d, a, {!}c: BAR.RED.POPC; bar.red.and/.or.pred p, a,
// {!}c: BAR.RED.AND/.OR into a register, then p = that != 0. The ISA's
// barriers count every non-exited warp of the CTA and make each arriving
// warp wait, so a thread count (`bar.sync 0, 64`) and bar.arrive are
// reported.
ErrorReported Selector::selectBarrier(const Instruction &I) {
  bool Red = I.has(Modifier::Red);
  unsigned IdAt = Red ? 1 : 0;
  if (I.has(Modifier::Arrive))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (the ISA's barriers make every arriving warp wait)");
  const size_t Plain = Red ? 3 : 1; // d, a, {!}c or a; a thread count b after a
  if (I.Ops.size() == Plain + 1)
    return Diag.error(I.Ops[IdAt + 1].Loc,
                      "not supported yet: a thread count in '" + opcodeSpelling(I) +
                          "' (the ISA's barriers wait for every warp of the CTA)");
  const Operand *Id = IdAt < I.Ops.size() ? &I.Ops[IdAt] : nullptr;
  if (!Id || Id->K != Operand::Imm)
    return unsupported(I);
  if (Id->Int < 0 || Id->Int > 15)
    return Diag.error(Id->Loc, "barrier " + Twine(Id->Int) + " of '" + opcodeSpelling(I) +
                                   "' is out of range: the CTA barriers are 0..15");
  if (!Red) {
    if (!I.has(Modifier::Sync) || I.Ops.size() != 1 || I.Mods.size() != 1)
      return unsupported(I);
    MInstBuilder M = build(SIMT::BARSYNC);
    M.srcImm("id", Id->Int);
    emit(M);
    return false;
  }
  bool Popc = I.has(Modifier::Popc), And = I.has(Modifier::And), Or = I.has(Modifier::Or);
  const Operand &Dst = I.Ops[0], &Pred = I.Ops.back();
  bool PredDst = I.type() == PTXType::Pred;
  if (I.Ops.size() != 3 || Dst.K != Operand::Reg || (Popc + And + Or) != 1 ||
      I.Mods.size() != 2 || PredDst == Popc ||
      (Popc && I.type() != PTXType::U32) ||
      (Pred.K != Operand::Reg && Pred.K != Operand::Imm) ||
      (Pred.K == Operand::Reg && F.reg(Pred.RegId).Type != PTXType::Pred))
    return unsupported(I);
  MOperand R = PredDst ? temp() : vreg(Dst);
  MInstBuilder M = build(SIMT::BARRED);
  M.mod(SIMT::MG_BarRed, modValue(SIMT::MG_BarRed, Popc ? "POPC" : And ? "AND" : "OR"));
  M.reg("rd", R).srcImm("id", Id->Int);
  setPred(M, "pp", Pred);
  emit(M);
  if (PredDst) { // p = R != 0
    MInstBuilder S = build(SIMT::ISETP);
    S.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "NE")).mod(SIMT::MG_U32, true);
    S.reg("pu", vreg(Dst)).reg("pv", MOperand::zero()).reg("ra", R).srcImm("sb", 0);
    S.reg("pp", MOperand::zero());
    emit(S);
  }
  return false;
}

} // namespace simt::cc::isel

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
    emit(build<mi::BRA>().u(I.has(Modifier::Uni)).target(BlockOf[I.branchTarget()]));
    return false;
  }
  case Opcode::Ret:
  case Opcode::Exit: {
    if (!F.IsKernel && I.Op == Opcode::Ret) {
      MInst Ret = build<mi::RET>().take();
      passResults(Ret);
      Cur->Insts.push_back(std::move(Ret));
      return false;
    }
    emit(build<mi::EXIT>());
    return false;
  }
  case Opcode::Bar:
  case Opcode::Barrier:
    return selectBarrier(I);
  case Opcode::Membar: {
    // .gl and .sys: the device
    emit(build<mi::MEMBAR>().level(I.has(Modifier::Cta) ? SIMT::Membar::CTA : SIMT::Membar::GL));
    return false;
  }
  default:
    return unsupported(I);
  }
}

// bar.sync a / barrier.sync a: BAR.SYNC a, every warp of the CTA;
// bar.sync a, b / bar.arrive a, b (and barrier.*): BAR.SYNC / BAR.ARV a, b,
// a barrier of b threads (a register, or an immediate multiple of 32 up to
// 1024); bar.red.popc.u32 d, a, {!}c: BAR.RED.POPC; bar.red.and/.or.pred p,
// a, {!}c: BAR.RED.AND/.OR into a register, then p = that != 0. BAR.RED
// waits for every warp of the CTA, so its thread count is reported.
ErrorReported Selector::selectBarrier(const Instruction &I) {
  bool Red = I.has(Modifier::Red), Arrive = I.has(Modifier::Arrive);
  unsigned IdAt = Red ? 1 : 0;
  const size_t Plain = Red ? 3 : 1; // d, a, {!}c or a; a thread count b after a
  const bool Counted = I.Ops.size() == Plain + 1;
  if (Red && Counted)
    return Diag.error(I.Ops[IdAt + 1].Loc,
                      "not supported yet: a thread count in '" + opcodeSpelling(I) +
                          "' (the ISA's BAR.RED waits for every warp of the CTA)");
  if (Arrive && !Counted)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a thread count");
  const Operand *Id = IdAt < I.Ops.size() ? &I.Ops[IdAt] : nullptr;
  if (!Id || (Id->K != Operand::Imm && Id->K != Operand::Reg))
    return unsupported(I);
  if (Id->K == Operand::Imm && (Id->Int < 0 || Id->Int >= int64_t(limits::kNumBarriers)))
    return Diag.error(Id->Loc, "barrier " + Twine(Id->Int) + " of '" + opcodeSpelling(I) +
                                   "' is out of range: the CTA barriers are 0..15");
  // A register id (nvcc -G keeps even `barrier.sync 0`'s in one) is the
  // ISA's too; the emulator checks its value.
  const SrcB BarId = Id->K == Operand::Imm ? SrcB::imm(int32_t(Id->Int))
                                           : SrcB::reg(regOf(*Id, false));
  if (Counted)
    return selectCountedBarrier(I, BarId, I.Ops[IdAt + 1], Arrive);
  if (!Red) {
    if (!I.has(Modifier::Sync) || I.Ops.size() != 1 || I.Mods.size() != 1)
      return unsupported(I);
    emit(build<mi::BARSYNC>().id(BarId));
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
  using SIMT::BarRed;
  auto M = build<mi::BARRED>().op(Popc ? BarRed::POPC : And ? BarRed::AND : BarRed::OR);
  emit(M.rd(R).id(BarId).pp(predOf(Pred)));
  if (PredDst) { // p = R != 0
    auto S = build<mi::ISETP>().cmp(SIMT::ICmp::NE).u32();
    S.pu(vreg(Dst)).pv(MOperand::zero()).ra(R).sb(SrcB::imm(0));
    emit(S.pp(MOperand::zero()));
  }
  return false;
}

// BAR.SYNC / BAR.ARV id, count: the count in a register, or an immediate
// that must be a multiple of the warp size from 32 to 1024 (PTX: the warps
// arrive whole).
ErrorReported Selector::selectCountedBarrier(const Instruction &I, SrcB Id,
                                             const Operand &Count, bool Arrive) {
  if (I.Mods.size() != 1 || (!Arrive && !I.has(Modifier::Sync)))
    return unsupported(I);
  if (Count.K == Operand::Imm) {
    if (!limits::isBarrierThreadCount(Count.Int))
      return Diag.error(Count.Loc, "thread count " + Twine(Count.Int) + " of '" +
                                       opcodeSpelling(I) +
                                       "' is not a multiple of 32 from 32 to 1024");
    const uint32_t N = uint32_t(Count.Int);
    if (Arrive)
      emit(build<mi::BARARVi>().id(Id).imm(N));
    else
      emit(build<mi::BARSYNCi>().id(Id).imm(N));
    return false;
  }
  if (Count.K != Operand::Reg)
    return unsupported(I);
  const MOperand R = regOf(Count, false);
  if (Arrive)
    emit(build<mi::BARARV>().id(Id).ra(R));
  else
    emit(build<mi::BARSYNCr>().id(Id).ra(R));
  return false;
}

} // namespace simt::cc::isel

//===-- LowerFrame.cpp - Stack frames of device functions -----------------===//
#include "cc/mir/LowerFrame.h"
#include "cc/abi/CallABI.h"
#include "cc/mir/MIR.h"
#include "cc/mir/RegAlloc.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "isa/SIMTLimits.h"

#include "llvm/Support/MathExtras.h"

#include <set>

using namespace llvm;

namespace simt::cc {

// A call with arguments on the stack moves R1 down by their area before
// the call and back after it; spill code the allocator put in between
// (reloads of the arguments' values, the save of the result) addresses its
// slots from R1 as the body sees it, so it gets the move added.
static void offsetSlotsAcrossCalls(MFunction &MF) {
  for (auto &B : MF.Blocks) {
    int64_t Moved = 0; // how far R1 is below the body's R1 here
    for (MInst &I : B->Insts) {
      if (I.Opcode == SIMT::IADD32I) {
        // IADD32I R1, R1, imm (the only instruction that moves R1).
        const MOperand *Rd = nullptr, *Ra = nullptr, *Imm = nullptr;
        for (const auto &S : slotsOf(I.Opcode)) {
          if (S.Kind == SlotKind::Reg)
            Rd = &I.Ops[S.McIndex];
          else if (S.Kind == SlotKind::RegMod)
            Ra = &I.Ops[S.McIndex];
          else if (S.Kind == SlotKind::Imm)
            Imm = &I.Ops[S.McIndex];
        }
        if (Rd && Ra && Imm && Rd->K == MOperand::VReg && Rd->Reg == MF.SP &&
            Ra->K == MOperand::VReg && Ra->Reg == MF.SP)
          Moved -= int64_t(int32_t(uint32_t(Imm->Value)));
        continue;
      }
      if (I.SpillSlot && Moved)
        for (const auto &S : slotsOf(I.Opcode))
          if (S.Kind == SlotKind::Mem)
            I.Ops[S.McIndex + 1].Value += Moved;
    }
  }
}

void lowerFrame(MFunction &MF, Allocation &A, uint64_t StackAlign) {
  bool Kernel = MF.Source->IsKernel;
  offsetSlotsAcrossCalls(MF);
  // The callee-saved registers the function writes (a kernel has no caller).
  std::set<unsigned> Saved;
  if (!Kernel)
    for (unsigned V = 0; V < MF.VRegs.size(); ++V) {
      if (A.Phys[V] < 0 || MF.VRegs[V].Class == RegClass::Pred)
        continue;
      unsigned Words = wordsOf(MF.VRegs[V].Class);
      for (unsigned W = 0; W < Words; ++W)
        if (abi::isCalleeSaved(A.Phys[V] + W))
          Saved.insert(A.Phys[V] + W);
    }
  uint64_t SaveArea = alignTo(MF.LocalBytes, 4);
  // Every frame a multiple of the module's largest .local alignment, so that
  // each frame's base, the stack pointer, keeps it: clang addresses a
  // 16-byte-aligned float4 slot with `or`.
  uint64_t Frame = alignTo(SaveArea + 4 * Saved.size(), StackAlign);
  MF.LocalBytes = Frame;
  A.NumGPRs = std::max(A.NumGPRs, abi::StackPointer + 1);
  // Physical registers as operands: virtual ones fixed to them.
  auto Phys = [&](unsigned R) {
    unsigned V = MF.fixedVReg(R, "R" + std::to_string(R));
    A.Phys.push_back(int(R));
    return MOperand::vreg(V);
  };
  MOperand SP = MOperand::vreg(MF.SP);
  // Under the guard of GuardOf (a RET's), if it has one.
  auto Guarded = [](MInstBuilder M, const MInst *GuardOf) {
    if (GuardOf && GuardOf->Ops[0].K == MOperand::VReg)
      M.guard(GuardOf->Ops[0], GuardOf->Ops[0].Value & SIMT::PredNegBit);
    return M.take();
  };
  auto MoveSP = [&](int64_t By, const MInst *GuardOf) {
    return Guarded(mi::IADD32I().rd(SP).ra(SP).imm(uint32_t(By)), GuardOf);
  };
  auto Access = [&](unsigned Opcode, unsigned R, uint64_t Offset, const MInst *GuardOf) {
    const SIMT::Width W = SIMT::Width::B32;
    if (Opcode == SIMT::LDL)
      return Guarded(mi::LDL().width(W).addr(SP, int64_t(Offset)).rd(Phys(R)), GuardOf);
    return Guarded(mi::STL().width(W).addr(SP, int64_t(Offset)).rb(Phys(R)), GuardOf);
  };
  std::vector<MInst> Prologue;
  if (Kernel) // the top of the local window
    Prologue.push_back(mi::MOV()
                           .rd(SP)
                           .sb(SrcB::constant(limits::kRuntimeBank, limits::kStackPointerSlot))
                           .take());
  if (Frame)
    Prologue.push_back(MoveSP(-int64_t(Frame), nullptr));
  uint64_t Slot = SaveArea;
  for (unsigned R : Saved) {
    Prologue.push_back(Access(SIMT::STL, R, Slot, nullptr));
    Slot += 4;
  }
  if (!MF.Blocks.empty()) {
    std::vector<MInst> &Entry = MF.Blocks.front()->Insts;
    Entry.insert(Entry.begin(), std::make_move_iterator(Prologue.begin()),
                 std::make_move_iterator(Prologue.end()));
  }
  if (Kernel)
    return;
  for (auto &B : MF.Blocks)
    for (MInst &I : B->Insts)
      if (I.CallerFrame)
        for (const auto &S : slotsOf(I.Opcode))
          if (S.Kind == SlotKind::Mem)
            I.Ops[S.McIndex + 1].Value += int64_t(Frame);
  for (auto &B : MF.Blocks) {
    std::vector<MInst> Insts;
    for (MInst &I : B->Insts) {
      if (I.Opcode == SIMT::RET) {
        uint64_t At = SaveArea;
        for (unsigned R : Saved) {
          Insts.push_back(Access(SIMT::LDL, R, At, &I));
          At += 4;
        }
        if (Frame)
          Insts.push_back(MoveSP(int64_t(Frame), &I));
      }
      Insts.push_back(std::move(I));
    }
    B->Insts = std::move(Insts);
  }
}

} // namespace simt::cc

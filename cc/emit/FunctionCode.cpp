//===-- FunctionCode.cpp - One function's final code, for its DWARF -------===//
#include "cc/emit/FunctionCode.h"
#include "cc/abi/CallABI.h"
#include "cc/mir/MIR.h"
#include "cc/mir/RegAlloc.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/MC/MCContext.h"

#include <climits>

using namespace llvm;

namespace simt::cc {

FunctionCode::FunctionCode(const MFunction &MF, const Allocation &A, MCContext &Ctx)
    : MF(MF), Ctx(Ctx) {
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts)
      Ords.push_back(I.Source ? I.Source->Ord : 0);
  // What the lowering added takes the PTX position of what follows it.
  unsigned Next = 0;
  for (size_t N = Ords.size(); N-- > 0;)
    Ords[N] = Ords[N] ? (Next = Ords[N]) : Next;
  Labels.assign(Ords.size() + 1, nullptr);
  findStackPointerOffsets(A);
}

std::vector<std::pair<size_t, size_t>> FunctionCode::instructionsFrom(unsigned Begin,
                                                                      unsigned End) const {
  std::vector<std::pair<size_t, size_t>> Runs;
  for (size_t N = 0; N < Ords.size(); ++N) {
    if (Ords[N] < Begin || Ords[N] >= End)
      continue;
    if (!Runs.empty() && Runs.back().second == N)
      ++Runs.back().second;
    else
      Runs.push_back({N, N + 1});
  }
  return Runs;
}

size_t FunctionCode::afterLast(function_ref<bool(const Instruction &)> From) const {
  size_t N = 0, After = 0;
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts) {
      ++N;
      if (I.Source && From(*I.Source))
        After = N;
    }
  return After;
}

CodeSpan FunctionCode::span(size_t Begin, size_t End) {
  for (size_t N : {size_t(0), Begin, End})
    if (!Labels[N])
      Labels[N] = Ctx.createTempSymbol();
  return CodeSpan{Labels[0], Labels[Begin], Labels[End]};
}

namespace {
constexpr int64_t kUnknown = INT64_MIN;

/// R1 relative to the frame's base along one path. A guarded write of R1
/// (around a guarded call, in an epilogue under a RET's guard) leaves the
/// lanes apart until a write under the same guard undoes it, or the RET
/// takes away the lanes that made it.
struct StackPointer {
  int64_t Offset = kUnknown;
  int64_t Before = kUnknown, IfAll = kUnknown; // during a guarded sequence
  bool Guarded = false;
  void unknown() {
    Offset = kUnknown;
    Guarded = false;
  }
};
} // namespace

void FunctionCode::findStackPointerOffsets(const Allocation &A) {
  SPOffsets.assign(Ords.size(), std::nullopt);
  if (!MF.Framed || MF.Blocks.empty())
    return;
  auto IsSP = [&](unsigned V) {
    return V < A.Phys.size() && A.Phys[V] == int(abi::StackPointer) &&
           MF.VRegs[V].Class == RegClass::GPR;
  };
  auto WritesSP = [&](const MInst &I) {
    SmallVector<Access, 8> Acc;
    accessesOf(I, Acc);
    return any_of(Acc, [&](const Access &X) { return X.Def && IsSP(X.VReg); });
  };
  // IADD32I R1, R1, k: k.
  auto Added = [&](const MInst &I) -> std::optional<int64_t> {
    if (I.Opcode != SIMT::IADD32I)
      return std::nullopt;
    const MOperand &Ra = operandOf(I, SIMT::OperandRole::Ra);
    if (Ra.K != MOperand::VReg || !IsSP(Ra.Reg))
      return std::nullopt;
    return int64_t(int32_t(uint32_t(operandOf(I, SIMT::OperandRole::Imm).Value)));
  };
  const bool Kernel = MF.Source->IsKernel;
  const MBlock *Entry = MF.Blocks.front().get();
  DenseMap<const MBlock *, size_t> FirstOf;
  size_t Index = 0;
  for (const auto &B : MF.Blocks) {
    FirstOf[B.get()] = Index;
    Index += B->Insts.size();
  }
  // Block entry states; a device function starts a frame above its base.
  DenseMap<const MBlock *, int64_t> In;
  int64_t Start = 0;
  if (Kernel)
    Start = kUnknown;
  else if (!Entry->Insts.empty())
    if (std::optional<int64_t> K = Added(Entry->Insts.front()); K && !isGuarded(Entry->Insts.front()))
      Start = -*K;
  In[Entry] = Start;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &B : MF.Blocks) {
      auto It = In.find(B.get());
      if (It == In.end())
        continue;
      StackPointer SP;
      SP.Offset = It->second;
      size_t N = FirstOf[B.get()];
      for (size_t K = 0; K < B->Insts.size(); ++K, ++N) {
        const MInst &I = B->Insts[K];
        SPOffsets[N] = SP.Offset == kUnknown ? std::nullopt : std::optional<int64_t>(SP.Offset);
        if (!WritesSP(I)) {
          if (I.Opcode == SIMT::RET && SP.Guarded) { // the lanes that moved it left
            SP.Offset = SP.Before;
            SP.Guarded = false;
          }
          continue;
        }
        std::optional<int64_t> By = Added(I);
        if (isGuarded(I)) {
          if (!By || (!SP.Guarded && SP.Offset == kUnknown)) {
            SP.unknown();
          } else if (!SP.Guarded) {
            SP.Before = SP.Offset;
            SP.IfAll = SP.Offset + *By;
            SP.Guarded = true;
            SP.Offset = kUnknown;
          } else if ((SP.IfAll += *By) == SP.Before) {
            SP.Offset = SP.Before;
            SP.Guarded = false;
          }
        } else if (By && SP.Offset != kUnknown && !SP.Guarded) {
          SP.Offset += *By;
        } else if (Kernel && B.get() == Entry && !By) {
          // The kernel's prologue: R1 = the window's top, then down by the
          // frame (IADD32I R1, R1, -frame), or no frame.
          std::optional<int64_t> Next =
              K + 1 < B->Insts.size() ? Added(B->Insts[K + 1]) : std::nullopt;
          SP.Offset = Next ? -*Next : 0;
          SP.Guarded = false;
        } else {
          SP.unknown();
        }
      }
      if (SP.Guarded)
        SP.unknown();
      for (const MBlock *S : B->successors()) {
        auto [Succ, New] = In.try_emplace(S, SP.Offset);
        if (!New && Succ->second != SP.Offset && Succ->second != kUnknown) {
          Succ->second = kUnknown;
          Changed = true;
        } else if (New) {
          Changed = true;
        }
      }
    }
  }
}

} // namespace simt::cc

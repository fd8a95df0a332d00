//===-- KernelExits.cpp - Branches to a bare return made guarded exits ----===//
#include "cc/passes/KernelExits.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace simt::cc {

static const Instruction *bareReturn(const BasicBlock *B) {
  if (!B || B->Insts.size() != 1)
    return nullptr;
  const Instruction &I = B->Insts.front();
  return I.isReturn() && I.Op != Opcode::Trap && !I.Guard ? &I : nullptr;
}

/// A short block that ends the kernel: straight-line code and an unguarded
/// `ret`/`exit`, with nothing the lanes of a warp or the warps of a CTA do
/// together (a barrier, a shuffle, a vote, a call), which a copy would split
/// between the copies.
static bool isReturnTail(const BasicBlock *B) {
  constexpr size_t kMaxTail = 8;
  if (!B || B->Insts.empty() || B->Insts.size() > kMaxTail)
    return false;
  const Instruction &Last = B->Insts.back();
  if (!Last.isReturn() || Last.Op == Opcode::Trap || Last.Guard)
    return false;
  return none_of(make_range(B->Insts.begin(), std::prev(B->Insts.end())), [](const Instruction &I) {
    switch (I.Op) {
    case Opcode::Call: case Opcode::Bar: case Opcode::Barrier: case Opcode::Shfl:
    case Opcode::Vote: case Opcode::Match: case Opcode::Redux: case Opcode::Activemask:
    case Opcode::Elect: case Opcode::Mbarrier: case Opcode::Cp:
      return true;
    default:
      return I.isTerminator() || I.Scope != 0;
    }
  });
}

/// Removes the blocks Removable accepts that are left with neither a
/// reference nor a fall-through into them.
static void removeUnreached(Function &F, function_ref<bool(const BasicBlock *)> Removable) {
  DenseSet<const BasicBlock *> Targeted;
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts)
      for (const Operand &Op : I.Ops)
        if (Op.Target)
          Targeted.insert(Op.Target);
  for (size_t N = F.Blocks.size(); N-- > 1;) {
    const BasicBlock *B = F.Blocks[N].get();
    const Instruction *Before = F.Blocks[N - 1]->terminator();
    bool FallenInto = !Before || Before->Guard;
    if (Removable(B) && !FallenInto && !Targeted.contains(B))
      F.Blocks.erase(F.Blocks.begin() + N);
  }
}

unsigned copyReturnTails(Function &F) {
  if (!F.IsKernel)
    return 0;
  unsigned Copied = 0;
  for (auto &B : F.Blocks) {
    if (B->Insts.empty() || !B->Insts.back().isBranch() || B->Insts.back().Guard)
      continue;
    const BasicBlock *Tail = B->Insts.back().branchTarget();
    if (Tail == B.get() || bareReturn(Tail) || !isReturnTail(Tail))
      continue;
    B->Insts.pop_back();
    B->Insts.insert(B->Insts.end(), Tail->Insts.begin(), Tail->Insts.end());
    ++Copied;
  }
  if (Copied) {
    removeUnreached(F, isReturnTail);
    F.refreshNodes();
  }
  return Copied;
}

unsigned foldExitBranches(Function &F) {
  if (!F.IsKernel)
    return 0;
  unsigned Folded = 0;
  for (auto &B : F.Blocks) {
    if (B->Insts.empty() || !B->Insts.back().isBranch())
      continue;
    Instruction &Bra = B->Insts.back();
    const Instruction *Ret = bareReturn(Bra.branchTarget());
    if (!Ret)
      continue;
    Instruction Exit = *Ret;
    // A guarded exit is the decision's place, for errors and for the
    // debugger's stops; an unguarded one is the return itself, the
    // function's closing brace, where a source step stops last (as nvcc's
    // code does: `next` from a kernel's last statement stops at its `}`).
    Exit.Guard = Bra.Guard;
    Exit.GuardNegated = Bra.GuardNegated;
    Exit.Loc = Bra.Loc;
    if (Bra.Guard) {
      Exit.DL = Bra.DL;
      Exit.Scope = Bra.Scope;
    }
    Bra = std::move(Exit);
    ++Folded;
  }
  if (!Folded)
    return 0;

  removeUnreached(F, [](const BasicBlock *B) { return bareReturn(B) != nullptr; });
  F.refreshNodes();
  return Folded;
}

} // namespace simt::cc

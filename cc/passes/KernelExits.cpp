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

  // Return blocks left with neither a reference nor a fall-through into them.
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
    if (bareReturn(B) && !FallenInto && !Targeted.contains(B))
      F.Blocks.erase(F.Blocks.begin() + N);
  }
  F.refreshNodes();
  return Folded;
}

} // namespace simt::cc

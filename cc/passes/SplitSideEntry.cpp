//===-- SplitSideEntry.cpp - Node splitting of a side entry ---------------===//
#include "cc/passes/SplitSideEntry.h"
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace simt::cc {

/// The labels given to blocks that had none.
static constexpr const char *kStem = "$__split_to_";

bool splitSideEntry(Function &F, const BasicBlock *Block, const BasicBlock *From) {
  const size_t XI = indexOf(F, Block), PI = indexOf(F, From);
  if (XI == F.Blocks.size() || PI == F.Blocks.size() || Block->Insts.empty())
    return false;
  BasicBlock &X = *F.Blocks[XI];
  BasicBlock &P = *F.Blocks[PI];
  const Instruction *PT = P.terminator();
  const bool Branches = PT && PT->isBranch() && PT->branchTarget() == &X;
  const bool FallsIn = PI + 1 == XI && fallsThrough(P);
  if (!Branches && !FallsIn)
    return false;
  // A copy: the block now last may be X itself, and gains a `ret` below.
  const Instruction Site = X.Insts.front();
  // The copy goes last: the block now last must not run into it.
  // (A terminator ends a block: past a guarded one, the `ret` is a block.)
  BasicBlock &Last = *F.Blocks.back();
  if (fallsThrough(Last)) {
    Instruction Ret = plain(Last.Insts.empty() ? Site : Last.Insts.back(), Opcode::Ret, {});
    (Last.terminator() ? F.addBlock()->Insts : Last.Insts).push_back(std::move(Ret));
  }
  BasicBlock *Next = XI + 1 < F.Blocks.size() ? F.Blocks[XI + 1].get() : nullptr;
  BasicBlock *Copy = F.addBlock();
  Copy->Labels.push_back(freshLabel(F, Twine(X.name()) + "_split"));
  Copy->Insts = X.Insts;
  if (fallsThrough(X))
    Copy->Insts.push_back(Next ? plain(Site, Opcode::Bra, {labelOperand(F, *Next, kStem, Site.Loc)})
                               : plain(Site, Opcode::Ret, {}));
  // From's edges into X: its branch, its fall-through, or both.
  if (Branches)
    P.Insts.back().Ops[0] = labelOperand(F, *Copy, kStem, P.Insts.back().Loc);
  if (FallsIn) {
    Instruction Jump = plain(P.Insts.empty() ? Site : P.Insts.back(), Opcode::Bra,
                             {labelOperand(F, *Copy, kStem, Site.Loc)});
    if (!P.terminator()) {
      P.Insts.push_back(std::move(Jump));
    } else { // past a guarded branch: a block of its own
      BasicBlock *Hop = F.insertBlock(PI + 1);
      Hop->Insts.push_back(std::move(Jump));
    }
  }
  F.refreshNodes();
  return true;
}

} // namespace simt::cc

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
  if (!hasEdge(F, P, X))
    return false;
  // A copy, last in the layout (the block now last may be X itself).
  const Instruction Site = X.Insts.front();
  BasicBlock *Next = XI + 1 < F.Blocks.size() ? F.Blocks[XI + 1].get() : nullptr;
  const bool XFallsThrough = fallsThrough(X);
  std::vector<Instruction> Body = X.Insts;
  BasicBlock *Copy = appendBlock(F, Site);
  Copy->Labels.push_back(freshLabel(F, Twine(X.name()) + "_split"));
  Copy->Insts = std::move(Body);
  // A block that loops to itself: its copy loops to itself too. Branching
  // back into X would enter X's loop from the side, the copy being a new
  // side entry of its own (nvcc's strided loop after a `continue`).
  redirectEdges(F, *Copy, X, *Copy, kStem, Site);
  // Where X went on to the next block, the copy jumps there (after a
  // guarded branch from a block of its own: a later split of an edge from
  // that branch must find it ending its block).
  if (XFallsThrough)
    appendJump(F, *Copy,
               Next ? plain(Site, Opcode::Bra, {labelOperand(F, *Next, kStem, Site.Loc)})
                    : plain(Site, Opcode::Ret, {}));
  redirectEdges(F, P, X, *Copy, kStem, Site);
  F.refreshNodes();
  return true;
}

} // namespace simt::cc

//===-- PostDominators.h - Immediate post-dominators ------------*- C++ -*-===//
//
// LLVM's generic dominator tree (Semi-NCA) in its post-dominator form, over
// the Function/BasicBlock graph of CFG.h. The virtual exit node is the root,
// so a block whose paths only meet at the function's end has `exit` as its
// immediate post-dominator: that is where a divergent branch reconverges.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/analysis/CFG.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/Support/GenericDomTree.h"

namespace simt::cc {

using PostDomTree = llvm::DominatorTreeBase<BasicBlock, /*IsPostDom=*/true>;

class PostDominators {
public:
  /// F's CFG must be built.
  void run(Function &F);
  /// The immediate post-dominator; null for the exit and for blocks that
  /// never reach it (endless loops).
  BasicBlock *ipdom(const BasicBlock *B) const;
  bool postDominates(const BasicBlock *A, const BasicBlock *B) const {
    return PDT.dominates(A, B);
  }
  PostDomTree &tree() { return PDT; }
  /// `block -> ipdom` per block (-print-after=postdom).
  void print(llvm::raw_ostream &OS, const Function &F) const;

private:
  PostDomTree PDT;
};

/// The blocks a branch at the end of B influences: those reachable from B's
/// successors without passing Join (B's immediate post-dominator; null means
/// no bound). Indexed by block index; includes B when B is in such a cycle.
llvm::BitVector influenceRegion(const Function &F, const BasicBlock *B,
                                const BasicBlock *Join);

} // namespace simt::cc

//===-- Reconvergence.h - Where divergent branches rejoin -------*- C++ -*-===//
//
// For each block ending in a conditional branch: whether the warp can split
// there (Uniformity), and if so where its threads meet again, the branch's
// immediate post-dominator. A divergent branch that can come back to itself
// before that point leaves a loop (threads exit in different iterations):
// the lowering brackets such loops with PBK/BRK, plain if/else with SSY and
// a sync at the join. Such a branch that stays in the loop on both sides
// (`if (a) x; else if (b) break;` in a loop body) is also an if/else inside
// the loop: its staying threads meet again at its loop join, the first block
// every way back to the branch passes; without a SYNC there, each iteration
// that splits the warp would leave a DIV token behind. This pass only
// decides; it changes nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/BitVector.h"

#include <vector>

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

class PostDominators;
class Uniformity;

enum class BranchKind : uint8_t {
  None,      // no conditional branch at the end of the block
  Uniform,   // every active thread goes the same way: a plain branch
  Divergent, // if/else: reconverge at Join
  LoopExit,  // divergent exit from a loop: reconverge at Join after the loop
};

struct BranchInfo {
  BranchKind Kind = BranchKind::None;
  const BasicBlock *Join = nullptr; // the exit node when paths only meet at the end
  /// A LoopExit branch whose both sides stay in the loop: where the threads
  /// that stay meet again inside it (null: they meet only at the branch).
  const BasicBlock *LoopJoin = nullptr;
};

class Reconvergence {
public:
  void run(const Function &F, const PostDominators &PDT, const Uniformity &UA);
  /// Off: every branch meets the others at its immediate post-dominator,
  /// dead ends included, and an inner loop's exits too where they meet only
  /// past its parent (the pipeline's second try when such joins make a
  /// function's lowering fail or its SIMT stack depth too costly to bound).
  void setLiveJoins(bool On) { LiveJoinsOn = On; }
  /// Whether some branch's join was moved past a dead end or into a parent loop.
  bool usedLiveJoins() const { return UsedLiveJoins; }
  const BranchInfo &branch(const BasicBlock *B) const { return Info[B->index()]; }
  /// Whether every path from B ends the thread at an `exit` or a `trap`
  /// (never at a return): threads there leave the warp and meet no join.
  bool deadEnd(const BasicBlock *B) const {
    return B->index() < DeadEnds.size() && DeadEnds.test(B->index());
  }
  /// One line per conditional branch (-print-after=reconvergence).
  void print(llvm::raw_ostream &OS, const Function &F) const;

private:
  std::vector<BranchInfo> Info;
  llvm::BitVector DeadEnds;
  bool LiveJoinsOn = true, UsedLiveJoins = false;
};

} // namespace simt::cc

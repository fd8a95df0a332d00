//===-- Uniformity.h - Which values and branches may diverge ----*- C++ -*-===//
//
// A register is divergent when threads of one warp may hold different
// values in it. Sources: %tid, %laneid (and other per-thread special
// registers), atomics, shuffles, loads from thread-private or
// thread-dependent addresses, results returned by calls. %ctaid, %ntid,
// kernel parameters and constants are uniform, as are loads from uniform
// addresses in .global/.shared/.const (all lanes read one location at once).
// Divergence flows through every instruction whose operands or guard are
// divergent, and through control: a register written between a divergent
// branch and its immediate post-dominator and live there differs by path.
// A conditional branch is divergent when its predicate is; `bra.uni` and
// branches on uniform predicates need no reconvergence.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/BitVector.h"

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

class Liveness;
class PostDominators;

class Uniformity {
public:
  void run(const Function &F, const PostDominators &PDT, const Liveness &LV);
  bool isDivergent(unsigned Reg) const { return DivergentRegs.test(Reg); }
  /// B ends in a conditional branch the threads of a warp may take apart.
  bool isDivergentBranch(const BasicBlock *B) const {
    return DivergentBranches.test(B->index());
  }
  /// Divergent registers, then each conditional branch and its kind
  /// (-print-after=uniformity).
  void print(llvm::raw_ostream &OS, const Function &F) const;

private:
  llvm::BitVector DivergentRegs, DivergentBranches;
};

} // namespace simt::cc

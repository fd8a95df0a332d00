//===-- Liveness.h - Live registers at block boundaries ---------*- C++ -*-===//
//
// Backward data-flow over the CFG with one bit per virtual register (PTX is
// not SSA: clang reassigns registers across loop iterations). A guarded
// write does not kill the register, since the old value survives in the
// threads whose guard is false.
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

class Liveness {
public:
  /// F's CFG must be built.
  void run(const Function &F);
  const llvm::BitVector &liveIn(const BasicBlock *B) const { return In[B->index()]; }
  const llvm::BitVector &liveOut(const BasicBlock *B) const { return Out[B->index()]; }
  /// `block: in {...} out {...}` per block (-print-after=liveness).
  void print(llvm::raw_ostream &OS, const Function &F) const;

private:
  std::vector<llvm::BitVector> In, Out;
};

/// `{%r1, %p2}`: the registers set in Regs, by name.
void printRegSet(llvm::raw_ostream &OS, const Function &F, const llvm::BitVector &Regs);

} // namespace simt::cc

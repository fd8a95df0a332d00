//===-- Loops.h - Natural loops of a PTX function ---------------*- C++ -*-===//
//
// A natural loop is a header and the blocks that reach one of its back
// edges (edges into the header from blocks it dominates) without passing
// it. Passes that reshape loops before the reconvergence lowering find
// them here; the function's CFG (buildCFG) must be current.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace simt::cc {

struct NaturalLoop {
  BasicBlock *Header = nullptr;
  llvm::DenseSet<const BasicBlock *> Body;
  /// Whether the edge From -> Header is a back edge (From in the loop).
  bool isLatch(const BasicBlock *From) const { return Body.contains(From); }
};

/// F's natural loops, inner loops first (smaller bodies first).
std::vector<NaturalLoop> naturalLoops(Function &F);

} // namespace simt::cc

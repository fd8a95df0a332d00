//===-- SplitSideEntry.h - Node splitting of a side entry -----------------===//
//
// The SIMT stack reconverges a divergent branch's threads at its join, so
// its region (the blocks between the branch and the join) may be entered
// only through the branch. Optimised code can jump into the middle of one
// (CUB's radix sort: a loop exit that lands inside the next branch's
// region). The reconvergence lowering (cc/mir/InsertReconvergence.h) hands
// such an edge back, and the pipeline gives the entering block its own copy
// of the entered one, as compilers make a CFG reducible by node splitting;
// the copy's successors are then entered from outside in turn, so the
// splits repeat, up to a bound, until the region's only entry is its
// branch.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Gives From its own copy of Block: a new block at the end of the layout
/// with Block's instructions, ending in a jump to where Block falls through;
/// From's edges into Block go to the copy. The CFG must be built again.
/// False (and nothing changed) when From has no edge into Block.
bool splitSideEntry(Function &F, const BasicBlock *Block, const BasicBlock *From);

} // namespace simt::cc

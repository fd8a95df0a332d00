//===-- UnifyLoopExits.h - Exits that leave two loops at once, made one ---===//
//
// The SIMT stack leaves a loop with BRK to the loop's PBK token: one level.
// A `return` or `goto` from inside a loop nested in another leaves both at
// once, and nvcc's PTX keeps such edges (clang's is structurized before it
// gets here). For a loop with an exit past its parent loop, every exit edge
// now sets a number in a register and goes to one new block inside the
// parent, which branches on the number to where each edge went: the loop
// has one exit, and what leaves the parent leaves it from that block, one
// level further out (the Fermi compiler's flag for a break out of two
// loops). Inner loops go first, so an exit past several levels takes one
// level per loop.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Gives every loop of F with an exit past its parent loop a single exit;
/// the number of loops changed. Leaves F's CFG to be built again.
unsigned unifyLoopExits(Function &F);

} // namespace simt::cc

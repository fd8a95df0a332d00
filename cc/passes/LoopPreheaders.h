//===-- LoopPreheaders.h - One way into each loop ---------------*- C++ -*-===//
//
// A loop header that more than one block outside the loop enters (an
// `if` just before a loop, whose arms both go on into it) is where that
// `if` reconverges, and a join at a loop header is passed again on every
// iteration: the SIMT stack's sync there would pop a token each time
// round. Each such header gets a preheader, an empty block just before it
// that the entries go to and that falls into the header, as LLVM's loop
// simplification makes; the `if` then reconverges there, once. Nothing
// else changes: the new block only passes control on.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Gives every loop header of F entered from more than one block outside
/// its loop a preheader; the number added. Leaves F's CFG to be built
/// again.
unsigned addLoopPreheaders(Function &F);

} // namespace simt::cc

//===-- LinePositions.h - Each emitted instruction's source position ------===//
//
// The line table gives a row to every instruction. Those selected from the
// PTX keep their `.loc`; those the translator makes (SSY and PBK before a
// branch, the NOP.S and BRK that end a path at its join, the BRA the
// layout adds, spill and frame code) have none, and must not borrow one
// from code their lanes never run: after a path's NOP.S the layout holds
// another path. So a made instruction that ends a path (a NOP.S, or the
// last of a block that does not fall through) gets line 0, DWARF's "no
// source line", which stepping passes over (the lanes go on at their
// join's line); any other made instruction takes the position of the first
// instruction from the PTX that it leads to without leaving its path (an
// SSY, its branch's; a reload, its use's), else of the last one before it
// in its block, else line 0.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/mir/MIR.h"

#include "llvm/ADT/DenseMap.h"

namespace simt::cc {

/// The position of every instruction of MF; empty when no instruction has
/// one (no `.loc` in the PTX).
llvm::DenseMap<const MInst *, DebugLoc> linePositions(const MFunction &MF);

} // namespace simt::cc

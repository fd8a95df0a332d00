//===-- BlockEdits.h - What passes that copy blocks share -------*- C++ -*-===//
//
// Passes that add blocks to a function's layout (node splitting, loops
// copied per space) keep its invariants: a block ends at its terminator, a
// block without one (or past a guarded one) falls through into the next in
// the layout, and a branch names its target by a label of the function.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace simt::cc {

/// Whether control can run past B's last instruction into the next block.
bool fallsThrough(const BasicBlock &B);

/// B's place in F.Blocks (F.Blocks.size() when it is not F's).
size_t indexOf(const Function &F, const BasicBlock *B);

/// Stem followed by the first number that makes a label F does not have.
std::string freshLabel(const Function &F, const llvm::Twine &Stem);

/// A label operand naming B, which is given a fresh label (Stem and a
/// number) if it has none.
Operand labelOperand(Function &F, BasicBlock &B, llvm::StringRef Stem, llvm::SMLoc Loc);

/// An unguarded instruction Op at Site's place (with its types and
/// modifiers).
Instruction plain(const Instruction &Site, Opcode Op, std::vector<Operand> Ops);
Instruction plain(const Instruction &Site, Opcode Op, std::initializer_list<PTXType> Types,
                  std::vector<Operand> Ops, std::initializer_list<Modifier> Mods = {});

/// A new block at the end of the layout. The block that was last, if it
/// could run off the function's end, first gets a `ret` (at Site's place),
/// so that it does not run into the new one.
BasicBlock *appendBlock(Function &F, const Instruction &Site);

/// Whether From branches or falls through into To.
bool hasEdge(const Function &F, const BasicBlock &From, const BasicBlock &To);

/// Jump (a bra or ret) at B's end, where control runs past it; after a
/// guarded branch, in a block of its own after B, so that the branch still
/// ends its block.
void appendJump(Function &F, BasicBlock &B, Instruction Jump);

/// From's edges into Old (its branch, its fall-through, or both) go to New
/// instead: a fall-through becomes a jump, in a block of its own after From
/// when From ends in a guarded branch. False (nothing changed) when From
/// has no edge into Old. Labels given to blocks that had none start with
/// Stem; a jump where From is empty goes at Site's place.
bool redirectEdges(Function &F, BasicBlock &From, const BasicBlock &Old, BasicBlock &New,
                   llvm::StringRef Stem, const Instruction &Site);

} // namespace simt::cc

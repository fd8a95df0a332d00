//===-- ExpandCopyAsync.h - cp.async as a copy that is done at once -------===//
//
// sm_80's cp.async copies 4, 8 or 16 bytes from global to shared memory
// without the thread waiting; cp.async.commit_group and wait_group/wait_all
// wait for them. A copy that is complete when it is issued satisfies every
// wait, so each copy becomes a load and a store (one vector of words), and
// the group instructions nothing. A source size below the copy's (a
// register or a constant) or a true ignore-src predicate fills the rest
// with zeros: the words wholly inside the source are loaded, the bytes of
// a word it ends in one by one, and nothing is read past it. Part of
// expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Appends Site's expansion (a cp.async of any kind) to Out; false (Out
/// unchanged) for a form it does not know (.bulk, a copy size other than
/// 4, 8 or 16, operands of other kinds).
bool expandCopyAsync(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

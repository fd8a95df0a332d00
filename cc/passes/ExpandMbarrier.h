//===-- ExpandMbarrier.h - mbarrier objects as words and atomics ----------===//
//
// sm_80's mbarrier is an opaque 64-bit object in shared (or generic)
// memory that counts arrivals in phases: init sets its expected count,
// arrive counts one (or N) and returns a state, the arrival that completes
// the phase starts the next one, and test_wait/try_wait say whether the
// phase of a state (or of a parity) has completed. cuda::barrier,
// cuda::pipeline and cooperative groups' memcpy_async use it. The object
// here is a word of three fields,
//
//     bits 0..31   arrivals pending in the current phase
//     bits 32..51  the expected count (PTX allows up to 2^20 - 1)
//     bits 52..63  the phase, counting up
//
// and each operation the atomics and loads that make it: arrive is an
// atom.add.u64 of -N (arrive_drop also lowers the expected count), and the
// arrival that brings the pending count from N to 0 adds 2^52 plus the
// expected count, the next phase; a state is the word as that arrival
// found it, and a phase has completed when the word's phase differs from
// the state's (with .parity, when its parity differs from the operand).
// try_wait does not wait: false goes round the caller's loop. The
// completing arrival's two atomics are not one, as the hardware's is: an
// arrival for the next phase that falls between them (a thread arriving
// again without waiting, racing the completion) is counted against a
// pending count of 0. Part of expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Appends Site's expansion (an mbarrier instruction, or
/// cp.async.mbarrier.arrive) to Out; false (Out unchanged) for a form it
/// does not know (expect_tx, complete_tx, pending_count, operands of other
/// kinds).
bool expandMbarrier(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

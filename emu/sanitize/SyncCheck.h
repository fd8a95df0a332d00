//===-- SyncCheck.h - synccheck: barriers a CTA does not reach together ---===//
//
// A barrier (BAR.SYNC, BAR.RED) executed by only part of a warp's live
// threads (a __syncthreads() in a divergent branch), and warps of one CTA
// whose n-th arrivals at a barrier id are different barrier instructions.
// And the warp-level syncs (WARPSYNC: `__syncwarp`, the `*_sync` masks): a
// lane outside its own mask, a live lane the mask names that is not there.
// This ISA's barriers count warps, not threads (ISA.md 4): there is no
// thread count to check. See docs/sanitizer.md.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Checker.h"

#include <memory>

namespace simt::emu::sanitize {

std::unique_ptr<Checker> makeSyncCheck();

} // namespace simt::emu::sanitize

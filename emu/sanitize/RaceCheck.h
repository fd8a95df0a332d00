//===-- RaceCheck.h - racecheck: shared- and global-memory races ----------===//
//
// Hazards between threads of a CTA on shared memory with no barrier between
// the two accesses (read-after-write, write-after-read, write-after-write),
// and races on global memory between threads of different CTAs of one launch
// not ordered by atomics. See docs/sanitizer.md for the rule and its limits.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Checker.h"

#include <memory>

namespace simt::emu::sanitize {

struct RaceCheckOptions {
  /// --racecheck-report hazard|all: one Finding per hazard (address and
  /// thread pair); else (analysis) one per pair of instructions and kind,
  /// Finding::hazards counting the hazards folded in.
  bool everyHazard = false;
  /// Also check global memory between CTAs.
  bool globalRaces = true;
  /// Also report hazards between lanes of one warp at different
  /// instructions, as warnings, as compute-sanitizer classifies warp-level
  /// programming: this ISA's warps run in lockstep, which orders them
  /// (warp-synchronous code is correct here), but Volta's independent
  /// thread scheduling does not.
  bool intraWarpHazards = true;
};

std::unique_ptr<Checker> makeRaceCheck(const RaceCheckOptions &options);

} // namespace simt::emu::sanitize

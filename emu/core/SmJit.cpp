//===-- SmJit.cpp - One SM: rounds of compiled runs -----------------------===//
//
// Compiled runs must leave every result and statistic as the interpreter's,
// the schedule included. An instruction of a run never changes which warps
// are ready (it cannot stall, wait or finish), so while every ready warp
// stands in a run, round-robin issue goes round the ready set in a fixed
// order: one instruction of each warp per round. If no sleeper wakes, the
// epoch does not end and the step budget lasts for m such rounds, the
// interpreter would issue exactly m instructions of each ready warp, one
// per cycle, in an order that only warps' private state (registers,
// predicates, CC) could tell apart -- and the runs touch nothing else. So a
// round runs m instructions of every ready warp at once, counts each one as
// countIssue does, and moves the clock, the budget and the round-robin
// pointer to where the m rounds would leave them.
//
// A round may also go through branches to fixed targets (jitRoundable):
// they move the PC and may push a token on the warp's own SIMT stack,
// nothing else. Where each warp's branches lead is known only as it runs,
// but how far it can go is known before: JitSite::reach, the fewest
// roundable instructions on any path from its PC, and the stack's room
// for pushes (roundsFrom). A round calls a warp's compiled runs and issues
// its branches (and instructions of runs not compiled) through the
// interpreter at the cycles the interpreter would issue them.
//
// compiledUntil() tells the device how long an SM can go on like this, so
// that an epoch may span several quanta (Device::compiledQuanta).
//
// The same test counts, for --jit auto, the interpreter's issues of runs
// not compiled yet, and has a run compiled when its count runs out
// (JitImage::untilHot): the next round may run it. It counts one issue in
// a period as the period's (jitSamplePeriod: 64 at the default --jit-hot),
// so that a plain issue pays a test, not a call: counting every issue cost
// the interpreter a third of its speed on ALU code. Counting and compiling
// happen only outside isolated epochs, so one thread at a time does them;
// compiled rounds run in them too (the runs touch only their warp).
//
// The random scheduler stays interpreted. Drawing its picks ahead was
// tried: some warp passes the end of its run within a few rounds (the warps
// drift apart), so rounds were short and the draws of failed ones cost more
// than they saved (bench/kernels/alu.s, 128 warps: 0.2M of 9.7M
// warp-instructions compiled, 3.8x slower than interpreted).
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/core/DeviceConfig.h"

namespace simt::emu {

namespace {
/// Fewer rounds than this are left to the interpreter: calling k compiled
/// functions for one instruction each gains nothing.
constexpr uint64_t kMinRounds = 2;

/// The longest wait, in cycles, after rounds that could not run before the
/// next try (Sm::jitRoundRefused).
constexpr uint32_t kMaxJitBackoff = 256;

/// The most instructions `w` may issue in a round from where it stands: no
/// path leaves the roundable instructions sooner (JitSite::reach), and the
/// SIMT stack has room for every push. Only branches push, none before the
/// next one (JitSite::toBranch) and at most one per instruction after it,
/// so `room` pushes allow toBranch + room instructions.
uint64_t roundsFrom(const Warp &w) {
  const uint32_t pc = w.ctl().pc;
  if (!w.jitSites || pc >= w.codeSize)
    return 0;
  const JitSite &site = w.jitSites[pc];
  const SimtStack &s = w.stack();
  return std::min<uint64_t>(site.reach, uint64_t(site.toBranch) + s.depthLimit() - s.depth());
}

/// The fewest rounds any warp of `ready` may run (roundsFrom), or some
/// number below `floor` as soon as one is found.
uint64_t fewestRounds(const std::vector<std::unique_ptr<Warp>> &warps, uint64_t ready,
                      uint64_t floor) {
  uint64_t rounds = UINT64_MAX;
  for (uint64_t m = ready; m && rounds >= floor; m &= m - 1)
    rounds = std::min(rounds, roundsFrom(*warps[std::countr_zero(m)]));
  return rounds;
}
} // namespace

uint32_t Sm::jitSamplePeriod() const {
  // One issue in 64 at the default --jit-hot (a million per instruction);
  // every issue at --jit-hot 1,024 and below.
  return static_cast<uint32_t>(std::clamp<uint64_t>(cfg_.jitHot / 1024, 1, 64));
}

bool Sm::jitRoundRefused() {
  jitBackoff_ = std::min(jitBackoff_ ? 2 * jitBackoff_ : 1, kMaxJitBackoff);
  jitRetryAt_ = cycle_ + jitBackoff_;
  return false;
}

uint64_t Sm::compiledUntil() const {
  if (readyMask_ == 0)
    return quietUntil();
  if (!epoch_->unset.empty() || epoch_->paused || hooks_.traceFn || hooks_.breakFn ||
      hooks_.profile || cfg_.sched != SchedPolicy::RoundRobin)
    return cycle_;
  // A kernel with nothing compiled yet pays one test per epoch.
  const Warp &first = *warps_[std::countr_zero(readyMask_)];
  if (!first.grid->jit || first.grid->jit->compiledRuns == 0)
    return cycle_;
  const uint64_t rounds = fewestRounds(warps_, readyMask_, 1);
  const uint64_t until = cycle_ + rounds * static_cast<uint64_t>(std::popcount(readyMask_));
  return sleepMask_ ? std::min(until, nextWake_) : until;
}

uint64_t Sm::roundsNow(uint64_t until, uint64_t budget, bool *blocked) const {
  const uint64_t ready = readyMask_;
  const uint64_t k = static_cast<uint64_t>(std::popcount(ready));
  uint64_t rounds = fewestRounds(warps_, ready, kMinRounds);
  // The cycles cycle_ .. cycle_ + rounds * k - 1 must all issue: before
  // the next wake-up (which would change the ready set), `until` and the
  // end of the budget.
  const uint64_t wake = sleepMask_ != 0 ? nextWake_ : UINT64_MAX;
  if (rounds < kMinRounds || wake < cycle_ + kMinRounds * k) {
    *blocked = true; // where the warps stand, not where the epoch ends
    return 0;
  }
  *blocked = false;
  const uint64_t last = std::min(until, wake);
  if (last <= cycle_)
    return 0;
  return std::min({rounds, (last - cycle_) / k, budget / k});
}

bool Sm::runJitRound(uint32_t slot, uint64_t until, uint64_t &budget) {
  const Warp &picked = *warps_[slot];
  const JitSite &site = picked.jitSites[picked.ctl().pc]; // jitAtPick found it
  if (!site.fn) {
    // The interpreter is to issue this instruction of a run, and the issue
    // is the one of its period that --jit auto counts (jitAtPick), outside
    // isolated epochs, so that the count is the same on any number of
    // threads: `period` more towards compiling the run. Only an issue that
    // a round could have run counts (whatever the epoch's end, which rounds
    // move once something is compiled, Device::compiledQuanta): a run whose
    // warps stand among loads and sleepers would never run compiled.
    const uint32_t period = jitSamplePeriod();
    jitSampleLeft_ = period;
    bool blocked;
    if (cfg_.sched != SchedPolicy::RoundRobin ||
        roundsNow(UINT64_MAX, budget, &blocked) < kMinRounds)
      return false;
    JitImage &image = *picked.grid->jit;
    uint64_t &left = image.untilHot[site.run];
    if (left != 0) {
      left = left > period ? left - period : 0;
      if (left == 0)
        image.compiler->compileRun(image, site.run);
    }
    if (!site.fn)
      return false;
  }
  if (cfg_.sched != SchedPolicy::RoundRobin)
    return false;
  const uint64_t ready = readyMask_;
  const uint64_t k = static_cast<uint64_t>(std::popcount(ready));
  bool blocked;
  const uint64_t rounds = roundsNow(until, budget, &blocked);
  if (rounds < kMinRounds) // an epoch's end or the budget waits for nothing
    return blocked ? jitRoundRefused() : false;
  jitBackoff_ = 0;

  // The warps in the order the rotation issues them from `slot`: the one
  // at position p issues its i-th instruction at cycle start + i * k + p.
  const uint64_t start = cycle_;
  uint64_t p = 0;
  for (uint64_t m = std::rotr(ready, static_cast<int>(slot)); m; m &= m - 1, ++p)
    runWarpRound(*warps_[(std::countr_zero(m) + slot) & 63], rounds, start + p, k);
  cycle_ = start + rounds * k;
  budget -= rounds * k;
  // Each round ends with the ready warp just before `slot` in the
  // rotation; the pointer stays past it, as after its issue.
  const uint64_t below = ready & (bit(slot) - 1);
  const uint64_t lastSlot = 63 - std::countl_zero(below ? below : ready);
  rrNext_ = static_cast<uint32_t>(lastSlot + 1) & 63;
  return true;
}

void Sm::runWarpRound(Warp &w, uint64_t rounds, uint64_t first, uint64_t k) {
  WarpControl &c = w.ctl();
  uint32_t masks[kMaxJitRun];
  for (uint64_t i = 0; i < rounds;) {
    const uint32_t pc = c.pc;
    const JitSite &site = w.jitSites[pc];
    if (!site.fn) {
      // A branch, or an instruction of a run not compiled (yet): the
      // interpreter issues it, at the cycle it would.
      cycle_ = first + i * k;
      issueInRound(w);
      ++i;
      continue;
    }
    const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(rounds - i, site.remaining));
    site.fn(&w.regs, w.grid, c.active, site.index, n, masks);
    for (uint32_t j = 0; j < n; ++j)
      countIssue<false>(w, w.code[pc + j].op, masks[j], c.active, pc + j);
    c.pc = pc + n;
    stats_.jitInstr += n;
    i += n;
  }
}

} // namespace simt::emu

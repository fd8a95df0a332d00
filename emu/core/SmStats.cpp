//===-- SmStats.cpp - One SM: statistics and warp records -----------------===//
//
// What an SM counts beyond the issue counters (Sm::countIssue): the SIMT
// stack and branch counters of its warps, added as each retires, and with
// --stats-detail one record per warp; a report adds the live warps'.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/core/DeviceConfig.h"
#include "emu/mem/ConstCache.h"

#include <algorithm>
#include <bit>

namespace simt::emu {

namespace {

/// The statistics record of warp `w` on SM `sm`, as if it ended at `endCycle`.
WarpRecord warpRecord(const Warp &w, uint32_t sm, uint64_t endCycle) {
  WarpRecord r;
  r.grid = w.grid->id;
  r.kernel = w.grid->kernelName();
  std::copy(w.cta->id, w.cta->id + 3, r.cta);
  r.warp = w.index;
  r.sm = sm;
  r.startCycle = w.startCycle;
  r.endCycle = endCycle;
  r.instructions = w.instructions;
  r.threads = w.threads;
  r.simt = w.stack().branchStats();
  r.stack = w.stack().cache().stats();
  return r;
}

} // namespace

void Sm::retireWarp(Warp &w) {
  if (epoch_->isolated) {
    const ContextId c = w.grid->params.context;
    std::vector<uint64_t> &r = epoch_->retiredInstructions;
    if (r.size() <= c)
      r.resize(c + 1, 0);
    r[c] += w.instructions;
  } else {
    hooks_.events.warpRetired(w);
  }
  const SimtStack &s = w.stack();
  stats_.stack.add(s.cache().stats());
  if (w.profGrid && hooks_.profile)
    w.profGrid->stack.add(s.cache().stats());
  stats_.simt.add(s.branchStats());
  if (cfg_.statsDetail)
    records_.push_back(warpRecord(w, id_, cycle_ + 1));
}

SmStats Sm::statsWithLive() const {
  SmStats s = stats_;
  s.cyclesBusy = s.instr.warp(); // one issue per busy cycle
  for (uint64_t m = residentMask_; m; m &= m - 1) {
    const Warp &w = *warps_[std::countr_zero(m)];
    if (w.state == WarpState::Done || !w.hasStack())
      continue;
    s.stack.add(w.stack().cache().stats());
    s.simt.add(w.stack().branchStats());
  }
  if (const ConstCache *cc = hooks_.constCache; cc && id_ < cc->config().numSMs)
    s.constCache = cc->smStats(id_);
  return s;
}

void Sm::appendLiveRecords(std::vector<WarpRecord> &out) const {
  for (uint64_t m = residentMask_; m; m &= m - 1) {
    const Warp &w = *warps_[std::countr_zero(m)];
    if (w.state == WarpState::Done || w.state == WarpState::Free)
      continue;
    out.push_back(warpRecord(w, id_, cycle_));
  }
}

void Sm::resetStats() {
  stats_ = SmStats{};
  stats_.sm = id_;
  records_.clear();
  for (auto &w : warps_)
    if (w->hasStack() && w->state != WarpState::Free) {
      w->stack().clearStats();
      w->instructions = w->threads = 0;
    }
}

} // namespace simt::emu

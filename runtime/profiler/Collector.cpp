//===-- Collector.cpp - The SMs' profile counters, summed -----------------===//
#include "runtime/profiler/Collector.h"

#include "emu/device/Facade.h"

#include <algorithm>
#include <bit>
#include <tuple>

namespace simt::prof {

Collector::Collector(emu::Device &device, std::chrono::steady_clock::time_point start,
                     NewCodeFn newCode)
    : device_(device), newCode_(std::move(newCode)), counters_(device.numSms(), start) {}

Collector::~Collector() {
  if (attached_)
    device_.unsubscribe(*this);
}

void Collector::launched(const emu::Grid &g) {
  if (described_.insert(g.params.kernel.code).second && newCode_)
    newCode_(g);
}

void Collector::attach() {
  device_.subscribe(*this);
  attached_ = true;
}

void Collector::detach() {
  if (!attached_)
    return;
  takeCounts();
  takeBins();
  takeCtas();
  device_.unsubscribe(*this);
  attached_ = false;
}

void Collector::takeCounts() {
  for (const emu::SmProfile &sm : counters_.sms) {
    for (const auto &[key, pcs] : sm.byCode()) {
      std::vector<PcCounts> &into = byCode_[key.first];
      into.resize(std::max(into.size(), pcs.size()));
      for (size_t i = 0; i < pcs.size(); ++i)
        into[i].add(pcs[i]);
    }
    for (const auto &[id, g] : sm.byGrid())
      byGrid_[id].add(g);
  }
  // The live warps' stack-cache counters, as --stats adds them
  // (Sm::statsWithLive): retired warps added theirs as they retired.
  for (uint32_t i = 0; i < device_.numSms(); ++i)
    emu::viewSm(device_, i).forEachResidentWarp([&](emu::WarpView w) {
      if (w.state() != emu::WarpState::Done && w.hasStack() && w.grid())
        byGrid_[w.gridId()].stack.add(w.stackCacheStats());
    });
}

void Collector::takeBins() {
  // Each SM's bins are as wide as its own last cycle needed; the widest
  // takes the others' pairwise sums, which is what one series for the
  // whole device would hold.
  for (const emu::SmProfile &sm : counters_.sms)
    if (!sm.bins().empty())
      binShift_ = std::max(binShift_, sm.binShift());
  for (uint32_t s = 0; s < counters_.sms.size(); ++s) {
    const emu::SmProfile &sm = counters_.sms[s];
    const unsigned shift = binShift_ - sm.binShift();
    for (size_t k = 0; k < sm.bins().size(); ++k) {
      const size_t i = k >> shift;
      while (bins_.size() <= i)
        bins_.push_back(TimeBin{0, 0, std::vector<uint64_t>(counters_.sms.size())});
      const emu::ProfileBin &b = sm.bins()[k];
      bins_[i].warp += b.warp;
      bins_[i].thread += b.thread;
      bins_[i].slotsPerSm[s] |= b.slots;
    }
  }
}

void Collector::takeCtas() {
  for (uint32_t s = 0; s < counters_.sms.size(); ++s) {
    const emu::SmProfile &sm = counters_.sms[s];
    ctas_.insert(ctas_.end(), sm.closedCtas().begin(), sm.closedCtas().end());
    for (const auto &[cta, span] : sm.residentCtas()) {
      CtaSpan open = span;
      open.last = std::max(open.first, emu::viewSm(device_, s).cycle());
      ctas_.push_back(open);
    }
  }
  auto key = [](const CtaSpan &c) {
    return std::tie(c.grid, c.cta[2], c.cta[1], c.cta[0], c.first, c.sm);
  };
  std::sort(ctas_.begin(), ctas_.end(),
            [&](const CtaSpan &a, const CtaSpan &b) { return key(a) < key(b); });
}

} // namespace simt::prof

//===-- ProfileCounters.cpp - What the SMs count for a profiler -----------===//
#include "emu/core/ProfileCounters.h"

#include "emu/core/Cta.h"

#include <algorithm>
#include <bit>

namespace simt::emu {

namespace {
constexpr uint64_t SegmentBytes = 128;
constexpr unsigned SharedBanks = 32, BankBytes = 4;
} // namespace

uint32_t sharedBankPasses(const MemAccess &a) {
  // A group's lanes ask for 32 words at most.
  const unsigned group = a.bytes > 8 ? WarpSize / 4 : a.bytes > 4 ? WarpSize / 2 : WarpSize;
  uint32_t passes = 0;
  for (unsigned first = 0; first < WarpSize; first += group) {
    const uint32_t lanes = a.lanes & (group == WarpSize ? ~0u : ((1u << group) - 1) << first);
    // The distinct words of the group (at most 32), chained per bank: a
    // word is looked for among its own bank's only, so an access without
    // conflicts costs a comparison or none a word.
    uint64_t words[SharedBanks];
    int8_t next[SharedBanks], head[SharedBanks];
    std::fill(head, head + SharedBanks, int8_t{-1});
    unsigned perBank[SharedBanks] = {};
    unsigned n = 0, most = 0;
    for (uint32_t m = lanes; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      for (uint64_t w = a.addr[l] / BankBytes; w <= (a.addr[l] + a.bytes - 1) / BankBytes; ++w) {
        const unsigned b = static_cast<unsigned>(w % SharedBanks);
        int i = head[b];
        while (i >= 0 && words[i] != w)
          i = next[i];
        if (i >= 0 || n == SharedBanks)
          continue;
        words[n] = w;
        next[n] = head[b];
        head[b] = static_cast<int8_t>(n++);
        most = std::max(most, ++perBank[b]);
      }
    }
    passes += most;
  }
  return passes;
}

void PcCounts::addMemory(const MemAccess &a) {
  // The distinct 128-byte segments the lanes touch: a coalescing measure.
  uint64_t seen[WarpSize];
  unsigned n = 0;
  uint64_t last = UINT64_MAX, lastAddr = UINT64_MAX;
  for (uint32_t m = a.lanes; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    if (a.addr[l] == lastAddr) // a lock word, a broadcast: the segments just counted
      continue;
    lastAddr = a.addr[l];
    for (uint64_t s = a.addr[l] / SegmentBytes; s <= (a.addr[l] + a.bytes - 1) / SegmentBytes;
         ++s) {
      if (s == last) // neighbouring lanes mostly share a segment
        continue;
      last = s;
      if (std::find(seen, seen + n, s) == seen + n && n < WarpSize)
        seen[n++] = s;
    }
  }
  ++memRequests;
  memBytes += uint64_t(std::popcount(a.lanes)) * a.bytes;
  memSegments += n;
  if (a.space == MemSpace::Shared)
    sharedPasses += sharedBankPasses(a);
}

void GridCounters::add(const GridCounters &o) {
  counts.add(o.counts);
  if (o.hostFirst >= 0) {
    noteHost(o.hostFirst);
    noteHost(o.hostLast);
  }
  barrierWaitCycles += o.barrierWaitCycles;
  lockFailures += o.lockFailures;
  l2Hits += o.l2Hits, l2Misses += o.l2Misses;
  l2ReadHits += o.l2ReadHits, l2ReadMisses += o.l2ReadMisses;
  stack.add(o.stack);
  constCache.merge(o.constCache);
}

PcCounts *SmProfile::pcs(const std::vector<Inst> *code, uint32_t size) {
  std::vector<PcCounts> &v = byCode_[{code, size}];
  v.resize(size); // a map's elements stay put: warps keep this pointer
  return v.data();
}

void SmProfile::growBins(uint64_t cycle) {
  uint64_t i = cycle >> binShift_;
  while (i >= MaxBins) {
    // Twice as wide: pairs merge, the series keeps its length.
    for (size_t k = 0; k < bins_.size(); ++k) {
      ProfileBin &into = bins_[k / 2];
      const ProfileBin from = bins_[k];
      if (k % 2 == 0) {
        into = from;
        continue;
      }
      into.warp += from.warp, into.thread += from.thread, into.slots |= from.slots;
    }
    bins_.resize((bins_.size() + 1) / 2);
    ++binShift_;
    i = cycle >> binShift_;
  }
  if (bins_.size() <= i)
    bins_.resize(i + 1);
  binsEnd_ = uint64_t(bins_.size()) << binShift_;
}

void SmProfile::ctaStarted(const Cta &cta, uint32_t sm, uint64_t cycle) {
  CtaSpan &s = resident_[&cta];
  s = CtaSpan{sm, cta.grid->id, {cta.id[0], cta.id[1], cta.id[2]}, cycle, cycle};
}

void SmProfile::ctaLeft(const Cta &cta, uint64_t cycle) {
  auto it = resident_.find(&cta);
  if (it == resident_.end())
    return;
  it->second.last = std::max(it->second.first, cycle);
  closed_.push_back(it->second);
  resident_.erase(it);
}

} // namespace simt::emu

//===-- Collector.h - The SMs' profile counters, summed -------------------===//
//
// The profiler's subscription (emu/device/Subscriber.h): attach() subscribes
// with a DeviceProfile (emu/core/ProfileCounters.h), into which each SM counts as it
// issues (per PC of each kernel image, per grid, per span of emulated
// cycles) and as CTAs come and go; detach() takes it back and sums the SMs'
// parts: per kernel image its instructions' counters, per grid its totals
// (with its stack-cache, constant-cache, L2, barrier and lock figures), the
// time bins at the widest SM's width, and every CTA's residency. No trace
// hook: a trace writer or a sanitizer attached to the same device keeps its
// own, and the profile counts what it would without them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Device.h"
#include "emu/core/ProfileCounters.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

namespace simt::prof {

using PcCounts = emu::PcCounts;
using CtaSpan = emu::CtaSpan;
/// Per grid: its totals and when (host time) its first CTA started and its
/// last ended.
using GridTotals = emu::GridCounters;

/// A span of emulated cycles: executed work and, per SM, the warps (slots)
/// that issued in it.
struct TimeBin {
  uint64_t warp = 0, thread = 0;
  std::vector<uint64_t> slotsPerSm; ///< bit per SM slot
};

class Collector final : public emu::Subscriber {
public:
  static constexpr unsigned MaxBins = emu::SmProfile::MaxBins;

  /// `newCode` is called during the run for each kernel image's first
  /// grid, as it is launched (while the session's printers and files are at
  /// hand).
  using NewCodeFn = std::function<void(const emu::Grid &)>;
  Collector(emu::Device &device, std::chrono::steady_clock::time_point start, NewCodeFn newCode);
  ~Collector();
  Collector(const Collector &) = delete;
  Collector &operator=(const Collector &) = delete;

  void attach();
  /// Takes the SMs' counters and detaches; the accessors hold them then.
  void detach();

  /// The per-PC counters of each kernel image the grids ran.
  const std::map<const std::vector<emu::Inst> *, std::vector<PcCounts>> &byCode() const {
    return byCode_;
  }
  const std::unordered_map<emu::GridId, GridTotals> &byGrid() const { return byGrid_; }
  const std::vector<TimeBin> &bins() const { return bins_; }
  uint64_t binCycles() const { return uint64_t(1) << binShift_; }
  /// Every CTA's residency, those still resident at detach() up to their
  /// SM's clock then.
  const std::vector<CtaSpan> &ctaSpans() const { return ctas_; }

  emu::Interests interests() const override {
    return {.counters = const_cast<emu::DeviceProfile *>(&counters_)};
  }
  void launched(const emu::Grid &g) override;

private:
  void takeCounts();
  void takeBins();
  void takeCtas();

  emu::Device &device_;
  NewCodeFn newCode_;
  emu::DeviceProfile counters_;
  bool attached_ = false;
  std::set<const std::vector<emu::Inst> *> described_;

  std::map<const std::vector<emu::Inst> *, std::vector<PcCounts>> byCode_;
  std::unordered_map<emu::GridId, GridTotals> byGrid_;
  std::vector<TimeBin> bins_;
  unsigned binShift_ = emu::SmProfile::FirstBinShift;
  std::vector<CtaSpan> ctas_;
};

} // namespace simt::prof

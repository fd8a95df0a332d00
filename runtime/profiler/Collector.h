//===-- Collector.h - Per-PC counters from the emulator's trace hook ------===//
//
// The profiler's consumer of the trace hook (emu/report/Trace.h): for each
// executed warp-instruction it adds to its PC's counters (warp- and
// thread-instructions, divergent branches, memory requests, bytes and
// 128-byte segments), to its grid's totals, to the time bins (SIMD
// efficiency and active warps per SM over emulated cycles) and to the
// running interval of the warp in its SM slot (the CTAs resident per SM).
// A hook attached before it (a trace writer, a sanitizer) keeps receiving
// every record: the collector forwards them and asks for the union of both
// detail bits. The host clock is read once per 1024 records and as each
// warp ends.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Device.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <unordered_map>
#include <vector>

namespace simt::prof {

/// What one instruction (or a sum of them) did.
struct PcCounts {
  uint64_t warp = 0;      ///< warp-instructions executed
  uint64_t thread = 0;    ///< threads that executed them (active & guard)
  uint64_t divergent = 0; ///< branches that split the warp
  uint64_t memRequests = 0, memBytes = 0, memSegments = 0;

  void add(const PcCounts &o) {
    warp += o.warp, thread += o.thread, divergent += o.divergent;
    memRequests += o.memRequests, memBytes += o.memBytes, memSegments += o.memSegments;
  }
  double simdEfficiency() const { return warp ? double(thread) / (32.0 * double(warp)) : 0.0; }
  /// Lanes idle in the warp-instructions (32 per warp-instruction minus threads).
  uint64_t lanesLost() const { return 32 * warp - thread; }
};

/// A span of emulated cycles: executed work and, per SM, the warps (slots)
/// that issued in it.
struct TimeBin {
  uint64_t warp = 0, thread = 0;
  std::vector<uint64_t> slotsPerSm; ///< bit per SM slot
};

/// A CTA's residency on an SM: from its first to its last instruction.
struct CtaSpan {
  uint32_t sm = 0;
  emu::GridId grid = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint64_t first = 0, last = 0;
};

/// Per grid: its totals and when (host time) its first and last instruction ran.
struct GridTotals {
  PcCounts counts;
  double hostFirst = -1, hostLast = -1; ///< seconds since the collector started
};

class Collector {
public:
  static constexpr unsigned MaxBins = 256;

  /// `newCode` is called during the run for each kernel image's first
  /// grid (while the session's printers and files are at hand).
  using NewCodeFn = std::function<void(const emu::Grid &)>;
  Collector(emu::Device &device, std::chrono::steady_clock::time_point start, NewCodeFn newCode);
  ~Collector();
  Collector(const Collector &) = delete;
  Collector &operator=(const Collector &) = delete;

  void attach();
  /// Puts back the hook found at attach().
  void detach();

  /// The per-PC counters of each kernel image the grids ran.
  const std::map<const std::vector<emu::Inst> *, std::vector<PcCounts>> &byCode() const {
    return byCode_;
  }
  const std::unordered_map<emu::GridId, GridTotals> &byGrid() const { return byGrid_; }
  const std::vector<TimeBin> &bins() const { return bins_; }
  uint64_t binCycles() const { return uint64_t(1) << binShift_; }
  /// Every CTA that issued, with the spans of warps still resident closed now.
  std::vector<CtaSpan> ctaSpans() const;

private:
  struct GridCache {
    std::vector<PcCounts> *pcs = nullptr;
    GridTotals *totals = nullptr;
  };
  struct SlotRun {
    bool open = false;
    emu::GridId grid = 0;
    uint32_t cta[3] = {0, 0, 0};
    uint32_t warp = 0;
    uint64_t first = 0, last = 0;
  };
  static void hook(void *self, const emu::TraceRecord &r);
  void record(const emu::TraceRecord &r);
  GridCache &gridCache(emu::GridId id);
  void countMemory(const emu::TraceRecord &r, PcCounts &c, GridTotals &t);
  TimeBin &binAt(uint64_t cycle);
  void trackSlot(const emu::TraceRecord &r);
  /// Closed CTA spans by (grid, linear CTA index).
  using CtaMap = std::map<std::pair<emu::GridId, uint64_t>, CtaSpan>;
  /// Widens the CTA's span in `into` by warp run `s` on SM `sm`.
  void mergeSpan(CtaMap &into, uint32_t sm, const SlotRun &s) const;

  emu::Device &device_;
  std::chrono::steady_clock::time_point start_;
  NewCodeFn newCode_;
  emu::TraceFn prevFn_ = nullptr;
  void *prevCtx_ = nullptr;
  uint8_t prevDetail_ = 0;
  bool attached_ = false;

  std::map<const std::vector<emu::Inst> *, std::vector<PcCounts>> byCode_;
  std::unordered_map<emu::GridId, GridTotals> byGrid_;
  std::vector<GridCache> gridCache_; ///< index: grid id
  emu::GridId lastGrid_ = 0;         ///< the last record's grid (0: none)
  GridCache *lastCache_ = nullptr;
  std::vector<TimeBin> bins_;
  unsigned binShift_ = 6;
  std::vector<std::vector<SlotRun>> slots_; ///< [sm][slot]
  CtaMap ctas_; ///< merged as each warp's run ends
  uint32_t untilClock_ = 0;
  double hostNow_ = 0;
};

} // namespace simt::prof

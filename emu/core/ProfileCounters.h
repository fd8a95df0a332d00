//===-- ProfileCounters.h - What the SMs count for a profiler ---*- C++ -*-===//
//
// A subscriber counts into a DeviceProfile (Interests::counters); while one
// does, the SMs run the profiled instantiation of their issue loop, which
// adds each warp-instruction to plain arrays: its PC's counters (PcCounts) in the
// kernel image's array, its grid's totals, and the SM's time bins. What
// happens per CTA (residency, host times), per warp (stack-cache counters at
// retirement), per barrier opening, per lock and per L2 or constant-cache
// access goes to the grid's GridCounters. Every SM has its own SmProfile,
// touched only by the thread running that SM (or by the host between runs),
// so parallel epochs need no locks; the profiler sums them afterwards
// (runtime/profiler/Collector.h). Nothing here is virtual; without a
// DeviceProfile the plain loop never looks at it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Inst.h"
#include "emu/mem/ConstCache.h"
#include "emu/core/StackCache.h"
#include "emu/core/Trace.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace simt::emu {

class Cta;
class Grid;
using GridId = uint32_t;

/// What one instruction (or a sum of them) did.
struct PcCounts {
  uint64_t warp = 0;      ///< warp-instructions executed
  uint64_t thread = 0;    ///< threads that executed them (active & guard)
  /// Threads active when they issued, guard-false ones too (nvprof's
  /// thread_inst_executed; `thread` is its not_predicated_off_...).
  uint64_t active = 0;
  uint64_t divergent = 0; ///< branches that split the warp
  uint64_t memRequests = 0, memBytes = 0, memSegments = 0;
  /// Shared-memory accesses only: the bank-conflict-free passes they take
  /// (sharedBankPasses(), nvprof's shared transactions).
  uint64_t sharedPasses = 0;

  void add(const PcCounts &o) {
    warp += o.warp, thread += o.thread, active += o.active, divergent += o.divergent;
    memRequests += o.memRequests, memBytes += o.memBytes, memSegments += o.memSegments;
    sharedPasses += o.sharedPasses;
  }
  double simdEfficiency() const { return warp ? double(thread) / (32.0 * double(warp)) : 0.0; }
  /// Lanes idle in the warp-instructions (32 per warp-instruction minus threads).
  uint64_t lanesLost() const { return 32 * warp - thread; }
  /// Adds one memory access (a MemAccess of a trace record): a request, its
  /// bytes and the distinct 128-byte segments its lanes touch; a shared
  /// access also its passes (sharedBankPasses()).
  void addMemory(const MemAccess &a);
};

/// The passes a shared-memory access `a` takes through Fermi's 32 banks of
/// 4 bytes (successive words in successive banks): each pass delivers one
/// word per bank, so a group of lanes costs the most distinct words any one
/// bank holds for it (lanes on one word share it: a broadcast). Accesses of
/// up to 4 bytes a lane go as one group, 8 bytes as two half-warps, 16 as
/// four quarter-warps (32 words at most a group); a group without lanes
/// costs nothing. 0 if no lane accessed.
uint32_t sharedBankPasses(const MemAccess &a);

/// A grid's figures beyond its instructions' PcCounts (per SM; summed).
struct GridCounters {
  PcCounts counts;
  /// Steady-clock seconds (since DeviceProfile::start) of its first CTA's
  /// set-up and its last CTA's end; -1: none yet.
  double hostFirst = -1, hostLast = -1;
  uint64_t barrierWaitCycles = 0; ///< cycles from each arrival to its barrier's opening
  uint64_t lockFailures = 0;      ///< LDLK / LDSLK lanes that found the lock taken
  uint64_t l2Hits = 0, l2Misses = 0;
  /// Of those, the lines global loads read (not stores or atomics).
  uint64_t l2ReadHits = 0, l2ReadMisses = 0;
  StackCacheStats stack;          ///< its retired warps' stack-cache counters
  ConstCacheStats constCache;     ///< its constant-cache accesses (hits and misses)

  void add(const GridCounters &o);
  void noteHost(double at) {
    hostFirst = hostFirst < 0 ? at : std::min(hostFirst, at);
    hostLast = std::max(hostLast, at);
  }
};

/// Executed work in a span of emulated cycles on one SM, and its slots that
/// issued in it (a bit per slot).
struct ProfileBin {
  uint64_t warp = 0, thread = 0, slots = 0;
};

/// A CTA's residency on an SM, in emulated cycles: from its start to the
/// cycle of its last instruction (or of its removal).
struct CtaSpan {
  uint32_t sm = 0;
  GridId grid = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint64_t first = 0, last = 0;
};

class SmProfile {
public:
  /// At most this many time bins: when a cycle lies beyond them, the bins
  /// merge pairwise (each twice as wide).
  static constexpr unsigned MaxBins = 256;
  static constexpr unsigned FirstBinShift = 6;

  /// The per-PC counters of kernel image `code` (`size` instructions).
  PcCounts *pcs(const std::vector<Inst> *code, uint32_t size);
  GridCounters &grid(GridId id) { return byGrid_[id]; }

  void addToBin(uint64_t cycle, uint64_t threads, uint32_t slot) {
    if (cycle >= binsEnd_) [[unlikely]]
      growBins(cycle);
    ProfileBin &b = bins_[cycle >> binShift_];
    ++b.warp;
    b.thread += threads;
    b.slots |= uint64_t{1} << (slot & 63);
  }

  void ctaStarted(const Cta &cta, uint32_t sm, uint64_t cycle);
  /// The CTA leaves the SM (finished, discarded, saved) at `cycle`.
  void ctaLeft(const Cta &cta, uint64_t cycle);

  /// Scratch for an instruction's memory accesses when no trace asks.
  std::vector<MemAccess> mem;

  const std::map<std::pair<const std::vector<Inst> *, uint32_t>, std::vector<PcCounts>> &
  byCode() const {
    return byCode_;
  }
  const std::unordered_map<GridId, GridCounters> &byGrid() const { return byGrid_; }
  const std::vector<ProfileBin> &bins() const { return bins_; }
  unsigned binShift() const { return binShift_; }
  /// Closed spans, and the CTAs still resident with their spans so far.
  const std::vector<CtaSpan> &closedCtas() const { return closed_; }
  const std::unordered_map<const Cta *, CtaSpan> &residentCtas() const { return resident_; }

private:
  /// Widens (MaxBins) and lengthens the bins to hold `cycle`.
  void growBins(uint64_t cycle);

  std::map<std::pair<const std::vector<Inst> *, uint32_t>, std::vector<PcCounts>> byCode_;
  std::unordered_map<GridId, GridCounters> byGrid_;
  std::vector<ProfileBin> bins_;
  unsigned binShift_ = FirstBinShift;
  uint64_t binsEnd_ = 0; ///< the first cycle past the bins
  std::vector<CtaSpan> closed_;
  std::unordered_map<const Cta *, CtaSpan> resident_;
};

/// What a profiler's subscription counts into (Interests::counters).
struct DeviceProfile {
  explicit DeviceProfile(uint32_t numSms,
                         std::chrono::steady_clock::time_point start =
                             std::chrono::steady_clock::now())
      : sms(numSms), start(start) {}

  std::vector<SmProfile> sms;
  std::chrono::steady_clock::time_point start;

  double hostNow() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

} // namespace simt::emu

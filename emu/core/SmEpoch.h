//===-- SmEpoch.h - What an SM holds back during a parallel epoch ---------===//
//
// A parallel epoch (emu/device/Device.h) runs in two phases. In the isolated
// phase every SM runs alone (possibly on its own host thread) against the
// device as it was when the epoch began: its global stores wait in `stores`,
// its L2 accesses see the tags as they were plus its own lines and are
// logged, a fault stops only this SM and waits in `fault`, and it pauses
// before any instruction that touches state shared with other SMs at once
// (global atomics and locks, user constant banks: Sm::serializes). The device then
// commits the SMs in SM order (stores, L2 log, faults) and runs the paused
// SMs in turn to the epoch's end, directly on the device. Through the whole
// epoch, finished CTAs wait in `finished` and are handed to the device (grid
// ends, dispatch of new CTAs) at its end, in SM order.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Context.h"
#include "emu/mem/L2.h"
#include "emu/mem/StoreBuffer.h"
#include "emu/core/Fault.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace simt::emu {

class Grid;
class Cta;

/// A set of (context, L2 line) keys: open addressing, cleared every epoch.
class LineSet {
public:
  /// Adds the key; whether it was there already.
  bool insert(uint32_t ctx, uint64_t line) {
    const uint64_t key = (uint64_t{ctx} + 1) << 48 | (line & ((uint64_t{1} << 48) - 1));
    if (2 * (count_ + 1) > slots_.size())
      grow();
    for (size_t i = hash(key);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == key)
        return true;
      if (slots_[i] == 0) {
        slots_[i] = key;
        ++count_;
        return false;
      }
    }
  }
  void clear() {
    if (count_)
      std::fill(slots_.begin(), slots_.end(), 0);
    count_ = 0;
  }

private:
  size_t hash(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, 0);
    count_ = 0;
    for (uint64_t k : old)
      if (k)
        for (size_t i = hash(k);; i = (i + 1) & (slots_.size() - 1))
          if (slots_[i] == 0) {
            slots_[i] = k;
            ++count_;
            break;
          }
  }
  std::vector<uint64_t> slots_; // 0: empty
  size_t count_ = 0;
};

struct alignas(64) SmEpoch { // aligned: SMs on different threads share no line
  /// The isolated phase: stores, L2 accesses and faults are held back.
  bool isolated = false;

  StoreBuffer stores;

  /// The L2 as the SM sees it while isolated: a line hits if the device's
  /// tags held it when the epoch began or this SM accessed it since
  /// (`seen`); the accesses are replayed into the tags at the commit, with
  /// the outcomes the SM saw.
  LineSet seen;
  /// A logged access, in 16 bytes: the logs are what the commit's threads
  /// read from other cores.
  struct L2Access {
    uint64_t tag;
    uint32_t set;
    uint16_t slice;
    bool hit;
    L2System::Where where() const { return {slice, set, tag}; }
  };
  /// The commit thread (of `threads`) that replays the accesses to `slice`:
  /// thread 0, the device's own, takes half a share, for it goes on to the
  /// hand-over alone while the others finish theirs.
  static unsigned replayThread(uint32_t slice, unsigned threads) {
    return threads == 1 ? 0 : (slice % (2 * threads - 1) + 1) / 2;
  }
  /// The log, one per commit thread: thread t replays the accesses to the
  /// slices replayThread() gives it (Device::commitShare), reading only those.
  std::vector<std::vector<L2Access>> l2Logs;
  void logL2(const L2System::Where &w, bool hit) {
    l2Logs[replayThread(w.slice, static_cast<unsigned>(l2Logs.size()))].push_back(
        {w.tag, w.set, static_cast<uint16_t>(w.slice), hit});
  }

  struct Fault {
    uint32_t slot;
    FaultKind kind;
    const char *reason;
    uint32_t lanes;
    uint32_t pc; // bytes
    uint64_t cycle;
  };
  std::optional<Fault> fault;
  /// Set with `fault`: the SM's run returns.
  bool halted = false;
  /// The isolated run stopped before an instruction that must run in turn.
  bool paused = false;

  struct FinishedCta {
    Grid *grid;
    uint64_t cycle; // the cycle after the last warp's exit
  };
  std::vector<FinishedCta> finished;
  /// CTAs of `reservedGrid` this SM starts as room frees up inside the
  /// epoch (Device::reserveCtas): `reservedCount` of them from position
  /// `reservedFrom` of the grid's dispatch order (Grid::ctaAt, which holds
  /// still through the epoch), the k-th with warp uids from reservedUid +
  /// k * warpsPerCta; `reservedNext` started so far. Those left stay in the
  /// dispatch order at its end.
  Grid *reservedGrid = nullptr;
  uint32_t reservedFrom = 0;
  uint32_t reservedCount = 0;
  uint32_t reservedNext = 0;
  uint64_t reservedUid = 0;
  struct UnsetCta {
    Cta *cta;
    uint64_t firstUid;
  };
  std::vector<UnsetCta> unset;
  /// The SM lost its last CTA (the constant cache hears it at the end).
  bool drained = false;
  /// Instructions of warps that retired, per context (ContextScheduler
  /// counters), in the isolated phase.
  std::vector<uint64_t> retiredInstructions;

  /// The isolated phase begins (on the SM's thread), its commit to be
  /// shared by `threads`: what the last commit replayed is dropped here, not
  /// by the threads that replayed it.
  void beginIsolated(unsigned threads) {
    isolated = true;
    paused = halted = false;
    seen.clear();
    l2Logs.resize(threads);
    for (std::vector<L2Access> &log : l2Logs)
      log.clear();
  }
};

} // namespace simt::emu

//===-- SmHooks.h - What an SM uses of the device that owns it --*- C++ -*-===//
//
// The device (emu/device/Device.h) owns one SmHooks and hands it to each of
// its SMs; an SM sees nothing else of the device. It reads the run state and
// the instrumentation hooks here (the device writes them between and, for a
// stop, during runs) and reports what only the device can handle -- a fault,
// a finished CTA, a retired warp -- through SmEvents.
//
// The events are virtual calls, made per fault, per CTA and per warp, never
// per instruction or lane; everything the issue loop reads per instruction
// is a plain field.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Cta.h"
#include "emu/core/ExecContext.h"
#include "emu/core/Warp.h"
#include "emu/core/ProfileCounters.h"
#include "emu/core/Trace.h"

#include <atomic>
#include <cstdint>

namespace simt::emu {

class ConstCache;
class Grid;

/// What the device does when one of its SMs reports (implemented by Device).
class SmEvents {
public:
  /// Warp `w` faulted at byte address `pc`: the report is built and its
  /// grid stops (its warps freeze, SmHooks::stop is set).
  virtual void warpFaulted(Warp &w, FaultKind kind, const char *reason, uint32_t lanes,
                           uint32_t pc) = 0;
  /// A CTA of `g` finished; its SM's clock was at `now` - 1. Waiting CTAs
  /// are dispatched at `dispatchAt`.
  virtual void ctaFinished(Grid &g, uint64_t now, uint64_t dispatchAt) = 0;
  /// Warp `w` retired: its instructions count for its context.
  virtual void warpRetired(const Warp &w) = 0;
  /// `n` consecutive warp uids (for a CTA's warps); the first.
  virtual uint64_t takeWarpUids(uint32_t n) = 0;

protected:
  ~SmEvents() = default;
};

struct SmHooks {
  SmHooks(SmEvents &events, GlobalLocks &locks) : events(events), locks(locks) {}
  /// A copy of `o` for a cloned device (emu/device/Clone.cpp): its events,
  /// locks and constant-cache model; no hooks and no pending stop request.
  SmHooks(const SmHooks &o, SmEvents &events, GlobalLocks &locks, ConstCache *constCache);
  SmHooks(const SmHooks &) = delete;
  SmHooks &operator=(const SmHooks &) = delete;

  SmEvents &events;
  /// The global-memory locks (LDLK / STUL, ISA.md 3.3).
  GlobalLocks &locks;
  /// The constant-cache model (Device::setConstCache); null: banks 2..15 read 0.
  ConstCache *constCache = nullptr;

  //===-- Instrumentation (the subscribers combined, emu/device/Subscriber.h) ===//

  TraceFn traceFn = nullptr;
  void *traceCtx = nullptr;
  uint8_t traceDetail = 0; // TraceDetail bits
  BreakFn breakFn = nullptr;
  void *breakCtx = nullptr;
  /// Ask the break hook before every instruction, not only at break sites.
  bool breakEverywhere = false;
  /// Device::resumeFrom: the warp (uid) whose instruction (count) issues
  /// without asking the break hook; uids start at 1.
  uint64_t skipUid = 0, skipCount = 0;
  /// The counting subscriber's profile (emu/core/ProfileCounters.h).
  DeviceProfile *profile = nullptr;

  //===-- Run state ---------------------------------------------------------===//

  /// A fault asks the SMs to stop.
  bool stop = false;
  /// A parallel epoch runs (both phases): SMs hold finished CTAs back for
  /// its end (SmEpoch::finished) and ignore stopRequest.
  bool deferCtas = false;
  /// Finished CTAs are being handed over at a parallel epoch's end with
  /// threads: CTAs started now take their slots at once, and their SM's
  /// next run sets them up (fills their memory, binds their warps) on its
  /// own thread (SmEpoch::unset).
  bool deferSetUp = false;
  /// Device::requestStop(): lock-free, set from signal handlers.
  std::atomic<bool> stopRequest{false};
  static_assert(std::atomic<bool>::is_always_lock_free, "requestStop() runs in signal handlers");

  /// Whether resumeFrom() exempts this instruction of `w` from the break
  /// hook; the exemption is used up.
  bool takeBreakSkip(const Warp &w) {
    if (w.uid != skipUid || w.instructions != skipCount)
      return false;
    skipUid = 0;
    return true;
  }
};

} // namespace simt::emu

//===-- Subscriber.h - What a tool that watches the device implements -----===//
//
// The instrumentation bus has one shape: every tool that watches the device
// (the trace writer, capture, the sanitizer, the profiler, a run's watcher,
// the debugger's breakpoints and watchpoints, benchmarks) is a Subscriber.
// Device::subscribe() adds one; its interests() say what it wants, and the
// device combines every subscriber's interests into the SMs' fast-path
// choice (emu/core/SmHooks.h) when one subscribes or leaves, at each launch,
// and on Device::interestsChanged(). Records and events reach the
// subscribers in the order they subscribed. A plain run has no subscribers
// and pays nothing per instruction; one subscriber costs one call per
// record or break site; several cost a loop over the ones that asked.
//
// Device events (records, breaks, launches, the watch) are sent by the
// device; host events (a host write, a run's end) are sent by whoever drives
// the device (rt::DeviceSession) through Device::hostWrite and
// Device::runEnded, so that a subscriber sees one stream of everything.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Grid.h"
#include "emu/core/ProfileCounters.h"
#include "emu/core/Trace.h"

#include <cstdint>
#include <string>

namespace simt::emu {

struct RunResult;

/// What a subscriber asks of the device.
struct Interests {
  /// Records of the executed warp-instructions (record()), with `detail`
  /// (TraceDetail bits: only what some subscriber asks for is built). With
  /// TraceMemoryOnly this subscriber gets only the records that accessed
  /// memory; the SMs skip the others altogether when every recording
  /// subscriber says so.
  bool records = false;
  uint8_t detail = 0;
  /// Asked before the instructions marked as break sites
  /// (Device::setBreakSite) and, while Device::setBreakEverywhere is on,
  /// before every instruction (breakBefore()).
  bool breaks = false;
  /// The SMs count into this profile (emu/core/ProfileCounters.h; one
  /// entry per SM). At most one subscriber counts at a time.
  DeviceProfile *counters = nullptr;
  /// watch() is called on the running thread between epochs once this many
  /// device cycles or warp-instructions have passed since the last call
  /// (whichever comes first), and as each run ends. 0 and 0: no watch.
  uint64_t watchCycles = 0, watchSteps = 0;

  bool watches() const { return watchCycles || watchSteps; }
};

class Subscriber {
public:
  /// Read at subscribe(), at each launch and at Device::interestsChanged().
  virtual Interests interests() const = 0;

  /// One executed warp-instruction (Interests::records).
  virtual void record(const TraceRecord &) {}
  /// Before an instruction (Interests::breaks): true stops the run there
  /// with RunStatus::Breakpoint. Every breaking subscriber is asked.
  virtual bool breakBefore(const BreakQuery &) { return false; }
  /// A grid was queued; its CTAs are not yet dispatched. A subscriber may
  /// change its interests here (they are read again right after).
  virtual void launched(const Grid &) {}
  /// Interests::watch*: a non-empty answer stops the run with
  /// RunStatus::Interrupted (resumable) and that reason as its message; as
  /// a run ends (`ended`) it makes one that ended well Interrupted too.
  virtual std::string watch(bool ended) {
    (void)ended;
    return {};
  }

  /// The host wrote [addr, addr + bytes) of context `ctx` into device memory.
  virtual void hostWrote(ContextId ctx, uint64_t addr, uint64_t bytes) {
    (void)ctx, (void)addr, (void)bytes;
  }
  /// A device run returned `r`: true when the subscriber has dealt with its
  /// fault (reported it and discarded the grid), so the driver runs on.
  virtual bool runEnded(const RunResult &) { return false; }

protected:
  ~Subscriber() = default;
};

} // namespace simt::emu

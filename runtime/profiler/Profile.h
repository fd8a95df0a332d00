//===-- Profile.h - A finished profile: kernels, launches, timeline -------===//
//
// What the profiler's outputs (the summary table, the Chrome trace, the HTML
// report) read: plain data taken from a session when its run ends
// (harvest), so that it outlives the session (a program's cudaDeviceReset
// starts another). Its GPU activities (kernels, copies, sets) lie on one
// modeled timeline (DeviceModel.h): a session's kernels at their emulated
// cycles, each copy where the device's clock stood when it was made, the
// copies' modeled durations pushing what comes after them later (the model
// does not overlap a copy with the kernels after it), each session after
// the last one's activities. Per-kernel figures are sums of per-instruction and
// per-grid counters (runtime/profiler/Collector.h); the device-wide ones are
// the statistics --stats prints (emu/core/Stats.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Collector.h"
#include "runtime/profiler/HostEvents.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace simt::rt {
class DeviceSession;
}

namespace simt::prof {

/// What the reports count by instruction (isa/SIMTEvents.td).
using CountedEvent = SIMT::CountedEvent;

/// One instruction of a kernel image with what it did.
struct InstProfile {
  uint32_t pc = 0;       ///< byte address in the image
  std::string text;      ///< assembly
  std::string mnemonic;  ///< base mnemonic ("BRA")
  emu::Op op = emu::Op::NumOps; ///< NumOps: a word that decodes to nothing
  std::string file;      ///< source file ("" without a line table)
  unsigned line = 0;
  std::string source;    ///< the text of that line ("" if unreadable)
  bool popSync = false;  ///< the .S bit (SYNC is NOP.S)
  PcCounts counts;
};

/// What a kernel's or a launch's grids did beyond their instructions'
/// counters: barrier waits, lock failures, L2 and constant-cache traffic,
/// SIMT stack-cache spills and restores (emu::GridCounters, summed).
struct EventCounts {
  uint64_t barrierWaitCycles = 0; ///< emulated cycles from arrivals to openings
  uint64_t lockFailures = 0;      ///< LDLK / LDSLK lanes that found the lock taken
  uint64_t l2Hits = 0, l2Misses = 0;
  uint64_t l2ReadHits = 0, l2ReadMisses = 0; ///< of those, global loads'
  emu::StackCacheStats stack;
  emu::ConstCacheStats constCache;

  void add(const emu::GridCounters &g);
  void add(const EventCounts &o);
};

struct KernelProfile {
  std::string name;
  std::vector<InstProfile> insts;
  PcCounts totals;
  EventCounts events;
  std::set<uint64_t> constVersions; ///< the constants versions its launches read
  uint64_t launches = 0;
  uint64_t cycles = 0, minCycles = 0, maxCycles = 0; ///< launch to end, summed
  double hostSeconds = 0, minHost = 0, maxHost = 0;
  uint32_t regs = 0, shared = 0, local = 0;
  bool hasLines = false;

  /// Warp-instructions of the records that count as `event` (their Counts
  /// in isa/SIMTEvents.td: barriers, atomics, shuffles, ...).
  uint64_t executed(SIMT::CountedEvent event) const;
  /// Warp-instructions with the .S bit (SYNC and the X.S forms): the
  /// reconvergence the SSYs ask for.
  uint64_t popSyncs() const;
  /// Warp-instructions per semantic class (the records' SemClass; "Invalid"
  /// for words that decode to nothing), sorted by class name.
  std::map<std::string, uint64_t> mix() const;
};

struct LaunchProfile {
  emu::GridId grid = 0;
  std::string kernel;
  uint32_t gridDim[3] = {1, 1, 1}, blockDim[3] = {1, 1, 1};
  uint32_t stream = 0;
  uint64_t launchCycle = 0, endCycle = 0;
  double start = 0; ///< modeled seconds on the profile's GPU timeline
  double hostLaunch = -1, hostFirst = -1, hostLast = -1; ///< seconds; -1: unknown
  PcCounts counts;
  EventCounts events;
  uint64_t constVersion = 0;
  uint32_t staticShared = 0; ///< of sharedPerCta, what the kernel declares
  uint32_t regsPerThread = 0, sharedPerCta = 0, localPerThread = 0, warpsPerCta = 0;
  uint32_t ctasPerSmPossible = 0; ///< what fits an empty SM
  uint32_t ctasPerSmAchieved = 0; ///< the most resident at once on one SM
  /// Cycles in which an SM held at least one of its CTAs, and their warps
  /// resident in each cycle, summed over the SMs.
  uint64_t activeCycles = 0, activeWarps = 0;
  size_t kernelIndex = 0; ///< in Profile::kernels
  std::string state;              ///< "done", "faulted", ...

  uint64_t cycles() const { return endCycle > launchCycle ? endCycle - launchCycle : 0; }
  double hostSeconds() const { return hostFirst >= 0 ? hostLast - hostFirst : 0; }
};

/// One of nvprof's GPU activities: a launch, a copy or a set.
struct GpuActivity {
  std::string name;   ///< the kernel's, or activityName(copy)
  double start = 0, seconds = 0; ///< modeled
  uint32_t stream = 0;
  int launch = -1;   ///< the launch's index in Profile::launches, or -1
  CopyKind copy = CopyKind::HtoD; ///< if not a launch
  uint64_t bytes = 0; ///< a copy's or set's
  size_t order = 0;   ///< in the order the device met them
  double issued = -1; ///< host seconds when the runtime launched, copied or set; -1: unknown
};

struct Profile {
  std::vector<KernelProfile> kernels;
  std::vector<GpuActivity> activities; ///< in start order
  std::vector<LaunchProfile> launches;
  std::vector<CtaSpan> ctas;
  std::vector<TimeBin> bins;
  uint64_t binCycles = 1;
  uint32_t sms = 0, warpsPerSm = 0;
  std::vector<HostCall> calls;
  emu::DeviceStats stats; ///< the --stats counters, summed over sessions
  std::string statsJson;  ///< the last session's --stats JSON (L2, contexts too)
  uint64_t cycles = 0;
  double hostSeconds = 0;
  std::string program; ///< what ran (for titles)
  std::string device;  ///< its name (cudaGetDeviceProperties')

  /// Notes the instructions of grid `g`'s kernel image (text, source
  /// line): called during the run, when the image first executes, since at
  /// a program's exit the printers and file caches may be gone (`full`
  /// false: the opcodes only, no text or lines).
  void describeCode(const rt::DeviceSession &session, const emu::Grid &g, bool full = true);
  /// Adds what `session` ran, as `collector` and `host` saw it.
  void harvest(rt::DeviceSession &session, const Collector &collector, const HostEvents &host);

private:
  struct CodeInfo {
    std::vector<InstProfile> insts; ///< without counts
    bool hasLines = false;
  };
  /// Places the session's launches (from `firstLaunch`) and its copies
  /// on the GPU timeline.
  void placeActivities(size_t firstLaunch, const HostEvents &host);

  std::map<const std::vector<emu::Inst> *, CodeInfo> described_; ///< this session's images
  size_t copiesTaken_ = 0; ///< the host's copies earlier sessions placed
  double gpuEnd_ = 0;      ///< where the next session's timeline begins
};

} // namespace simt::prof

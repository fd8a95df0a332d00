//===-- Device.h - The emulated GPU: SMs, grids, the device clock ---------===//
//
// The public face of the emulator core. A Device has `sms` SMs (emu/core/Sm.h) and
// runs any number of grids concurrently: launch() checks that a CTA can fit
// and queues its CTAs; they are dispatched in launch order, each to the
// least-loaded SM with room (warp slots, registers, shared memory, and the
// SM's constants version, ISA.md 6; ties round robin, ISA.md 1) as soon as
// resources free.
//
// Time: the device advances only inside runUntilIdle / runUntil / advance /
// stepWarp. Each SM issues at most one warp-instruction per cycle. SMs run in
// turn for `quantum` cycles each (SM 0 first), so effects between SMs (global
// memory, locks, CTA dispatch) are ordered deterministically at that
// granularity; quantum = 1 gives cycle-by-cycle lockstep. A run is
// deterministic for a configuration, scheduler seed and host command sequence.
//
// Parallel epochs (DeviceConfig::parallelEpochs, --epochs parallel): each
// epoch runs every SM alone against the device as the epoch began, its own
// global stores and L2 accesses visible to it only, then commits them in SM
// order (emu/core/SmEpoch.h); instructions that need other SMs' effects at once
// (global atomics and locks, user constant banks) run in turn after the
// commit, and CTAs that finished are handed over (grid ends, dispatch) at the
// epoch's end. Nothing in an epoch depends on the order in which the SMs ran,
// so `threads` host threads give bit-identical results to one. Epochs run
// in turn (the schedule above) while a break hook is attached and when the
// --max-steps budget could run out within the epoch; a trace hook keeps the
// model but one host thread.
//
// Faults (ISA.md 8) stop their grid: its warps freeze where they are (memory
// and registers intact), the run returns RunStatus::Fault and the report is
// kept with the grid. discardGrid() frees a stopped grid's SM resources.
//
// Memory system (ISA.md 7, emu/mem/L2.h): the device owns the memory-side L2
// slices of its partitions; SMs account their global accesses there and the
// host writes into them (hostWrite). Contexts (ISA.md 7, emu/core/Context.h):
// every launch names its context; the ContextScheduler places CTAs and, with
// several contexts, allocates, switches, drains, preempts and rebalances SMs
// at epoch (quantum) boundaries, never inside an SM's run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstCache.h"
#include "emu/core/Context.h"
#include "emu/device/ContextScheduler.h"
#include "emu/core/DeviceConfig.h"
#include "emu/device/EpochWorkers.h"
#include "emu/device/LaunchCheck.h"
#include "emu/device/Subscriber.h"
#include "emu/core/Cta.h"
#include "emu/core/Fault.h"
#include "emu/core/Grid.h"
#include "emu/mem/L2.h"
#include "emu/mem/Memory.h"
#include "emu/core/Sm.h"
#include "emu/core/StackCache.h"
#include "emu/report/StatsJson.h"
#include "emu/core/Trace.h"
#include "emu/core/Warp.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace simt::emu {

enum class RunStatus : uint8_t {
  Idle,       // no grid is running
  GridDone,   // runUntil: the grid finished (or had already)
  Advanced,   // advance: the cycles elapsed with grids still running
  Fault,      // a grid faulted (report in RunResult::fault)
  StepLimit,  // --max-steps reached; grids stay as they are
  Breakpoint, // the break hook stopped before an instruction
  Stepped,    // stepWarp executed one instruction
  Blocked,    // stepWarp: the warp cannot issue (barrier, finished, frozen);
              // a run: running grids cannot proceed (SMs held by stopped grids)
  Interrupted, // requestStop(): stopped before an instruction, resumable
};

const char *runStatusName(RunStatus s);

/// Names a resident warp; stale once the slot holds another warp.
struct WarpRef {
  uint32_t sm = 0;
  uint32_t slot = 0;
  uint64_t uid = 0;
  bool operator==(const WarpRef &) const = default;
};

struct RunResult {
  RunStatus status = RunStatus::Idle;
  GridId grid = 0;                   // Fault, Breakpoint, Interrupted, StepLimit, Stepped
  WarpRef warp;                      // Fault (when a warp is to blame), Breakpoint,
                                     // Interrupted and StepLimit (the warp about to issue)
  const FaultReport *fault = nullptr; // Fault: owned by the grid
  std::string message;               // StepLimit etc.: one line
};

struct LaunchResult {
  GridId grid = 0; // 0 on error
  std::string error;
  bool ok() const { return grid != 0; }
};

/// A resident warp, for `info warps`.
struct WarpInfo {
  WarpRef ref;
  GridId grid = 0;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0;
  uint32_t pc = 0; // bytes
  uint32_t active = 0, exited = 0, launched = 0;
  WarpState state = WarpState::Free;
};

class Device final : private SmEvents { // final: deleted as itself (unique_ptr<Device>)
public:
  explicit Device(const DeviceConfig &cfg = {});
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const DeviceConfig &config() const { return cfg_; }
  /// The device's level of the ISA (isa/SIMTLevel.h) and the limits that
  /// come with it (an SM's registers, CTA and warp slots). A level only rises, so the CTAs
  /// already resident keep fitting.
  void setLevel(unsigned level);

  //===-- Attachments ---------------------------------------------------------===//

  /// The constant-cache model (owned by the runtime with its ConstStore);
  /// without one, banks 2..15 read 0. Its numSMs must be >= config().sms.
  void setConstCache(ConstCache *cc) {
    hooks_.constCache = cc;
    sched_.setConstCache(cc);
  }
  ConstCache *constCache() const { return hooks_.constCache; }
  /// The compiler of the JIT (emu/jit/); grids launched from now on run
  /// compiled when the configuration's `jit` is not off.
  void setJitCompiler(std::shared_ptr<JitCompiler> jit) { jit_ = std::move(jit); }
  /// Assembly text of an instruction for fault reports (the runtime's MC
  /// printer). Without one, reports name the opcode.
  using InstPrinter = std::function<std::string(const Grid &, const Inst &)>;
  void setInstPrinter(InstPrinter p) { printer_ = std::move(p); }
  /// The instruction at `pcIndex` of `g` as fault reports and traces show it.
  std::string instText(const Grid &g, uint32_t pcIndex) const;
  //===-- The instrumentation bus (emu/device/Subscriber.h) -------------------===//

  /// Adds `s` (after those already subscribed) and combines its interests
  /// into the SMs' fast path. Between runs only; `s` must outlive its
  /// subscription. Not copied by clone().
  void subscribe(Subscriber &s);
  /// Removes `s` (nothing if it is not subscribed). Between runs only.
  void unsubscribe(Subscriber &s);
  bool subscribed(const Subscriber &s) const;
  /// A subscriber's interests() changed: read them all again. Between runs.
  void interestsChanged();
  /// The host's events for the subscribers (Subscriber::runEnded): true
  /// when one of them dealt with the run's fault.
  bool runEnded(const RunResult &r);

  /// Marks (`on`) or unmarks the instruction at byte address `pc` of the
  /// kernel image `code` (a KernelDesc::code) as a break site, for every
  /// grid of that image, running or launched later. The SMs keep one byte
  /// per instruction, so the run loop tests a byte instead of calling the
  /// hook before every instruction. Between runs only.
  void setBreakSite(const std::vector<Inst> &code, uint32_t pc, bool on);
  /// Unmarks every break site.
  void clearBreakSites();
  /// Asks the breaking subscribers before every instruction (watchpoints,
  /// replays).
  /// Takes effect at once, also when called from a hook during a run.
  void setBreakEverywhere(bool on) { hooks_.breakEverywhere = on; }

  /// Makes the run under way return at the next instruction boundary with
  /// RunStatus::Interrupted, the warps as they are (a later run resumes
  /// them). Thread- and async-signal-safe (a lock-free atomic store): for
  /// Ctrl-C. The run that honours the request consumes it; a request made
  /// while no run is under way stops the next run before its first
  /// instruction, unless cancelStopRequest() drops it.
  void requestStop() { hooks_.stopRequest.store(true, std::memory_order_relaxed); }
  void cancelStopRequest() { hooks_.stopRequest.store(false, std::memory_order_relaxed); }
  bool stopRequestPending() const { return hooks_.stopRequest.load(std::memory_order_relaxed); }

  //===-- Checkpoints (emu/device/Clone.cpp) ------------------------------------------===//

  /// What a clone must rebind that the device does not own.
  struct CloneBindings {
    /// The copy of the attached constant-cache model (null: none).
    ConstCache *constCache = nullptr;
    /// The copy of each global memory the grids run against, by the
    /// original's GlobalMemory::ctx; a memory not listed is shared.
    std::unordered_map<const void *, GlobalMemory> memories;
  };
  /// A deep copy of the whole emulated state (SMs, CTAs, warps with their
  /// SIMT stacks and stack caches, grids, context scheduling, L2 slices,
  /// scheduler RNGs, statistics, break sites, locks) that runs on exactly as
  /// this device would. Decoded code is shared (it is immutable). Hooks, the
  /// instruction printer and a pending requestStop() are not copied. Between
  /// runs only.
  std::unique_ptr<Device> clone(const CloneBindings &b) const;
  /// Approximate bytes of host memory a clone takes (warps, CTA memory, L2
  /// tags, records), without the runtime's global memory.
  size_t footprint() const;

  //===-- Host commands -------------------------------------------------------===//

  /// Whether a launch of this shape can run here (emu/device/LaunchCheck.h):
  /// launch() refuses what this refuses, and the runtimes ask first.
  LaunchCheck validateLaunch(const LaunchShape &launch) const;
  /// Queues a grid and dispatches what fits at the current cycle.
  LaunchResult launch(LaunchParams params);

  /// Runs until no grid is running (or a fault / the step limit / a break).
  RunResult runUntilIdle();
  /// Runs until grid `id` has ended.
  RunResult runUntil(GridId id);
  /// Runs for `cycles` cycles.
  RunResult advance(uint64_t cycles);
  /// The debugger's stepi: one instruction of `warp`, now, ignoring the
  /// scheduler; the device clock does not move (the SM's clock does by one).
  RunResult stepWarp(WarpRef warp);
  /// After a breakpoint: the next run lets this warp issue its next
  /// instruction without asking the break hook (that instruction only).
  void resumeFrom(WarpRef warp);

  /// Stops a grid (pending CTAs dropped, resident warps freed) — a fault's
  /// aftermath or the end of a script. Releases its constants version.
  void discardGrid(GridId id);

  //===-- Memory system (ISA.md 7) -------------------------------------------===//

  /// The host writes [addr, addr + bytes) of context `ctx` (a `write`, an
  /// initialised `alloc`, a message): the data is already in the runtime's
  /// memory; this routes it into the L2 slices of its partitions, where SM
  /// loads then hit, and tells the subscribers. Counted as host writes per
  /// line.
  void hostWrite(ContextId ctx, uint64_t addr, uint64_t bytes);
  /// The host wrote memory behind the L2 (their copies of those lines drop).
  void hostWriteMemory(ContextId ctx, uint64_t addr, uint64_t bytes) {
    l2_.hostWriteMemory(ctx, addr, bytes);
  }
  L2System &l2() { return l2_; }
  const L2System &l2() const { return l2_; }
  /// The patent's Table 1 for this device: a message of `words` words plus a
  /// ready flag via `via`, with latency T (default: --mem-latency).
  MessageTiming measureMessage(MessageVia via, uint64_t words,
                               std::optional<uint64_t> latency = std::nullopt) const {
    return messageTiming(via, words, latency.value_or(cfg_.l2.memLatency));
  }
  /// The global-memory locks held now (ISA.md 3.3).
  const GlobalLocks &globalLocks() const { return locks_; }

  //===-- Contexts (ISA.md 7) -------------------------------------------------===//

  /// The id of context `name`, created on first use (ContextScheduler::context).
  ContextId context(std::string_view name) { return sched_.context(name); }
  /// The contexts, their SMs, counters and reports.
  const ContextScheduler &scheduler() const { return sched_; }

  //===-- State -----------------------------------------------------------------===//

  uint64_t cycle() const { return cycle_; }
  uint64_t steps() const { return steps_; }
  const Grid *grid(GridId id) const;
  GridState gridState(GridId id) const;
  /// Grids launched and not yet ended (Running), in launch order.
  std::vector<GridId> runningGrids() const;
  bool idle() const { return running_ == 0; }
  /// The most recent fault report (any grid), or null.
  const FaultReport *lastFault() const { return lastFault_; }

  uint32_t numSms() const { return static_cast<uint32_t>(sms_.size()); }
  Sm &sm(uint32_t i) { return *sms_[i]; }
  const Sm &sm(uint32_t i) const { return *sms_[i]; }
  std::vector<WarpInfo> warps() const;
  /// The warp named by `ref`, or null if it is stale.
  Warp *warp(WarpRef ref);
  /// The uid of the newest warp bound so far (0: none).
  uint64_t lastWarpUid() const { return warpUids_; }

  //===-- Statistics --------------------------------------------------------------===//

  DeviceStats stats() const;
  /// The statistics JSON; "l2" and "contexts" come from the device unless
  /// `extras` gives them.
  std::string statsJson(const StatsJsonExtras &extras = {}) const;
  void resetStats();

private:
  friend struct CloneAudit; // lists the members for test/unit/EmuCloneAuditTest.cpp
  Device(const Device &o, const CloneBindings &b);
  enum class Goal : uint8_t { Idle, Grid, Cycle };
  RunResult run(Goal goal, GridId gridId, uint64_t untilCycle);
  void gridEnded(Grid &g, uint64_t endCycle);
  void finishGrid(Grid &g, GridState state);
  void stopGrid(Grid &g, GridState state);
  void noteFault(Grid &g, WarpRef ref);
  Grid *gridMut(GridId id);
  /// The report of warp `w` at byte address `pc` (a fault's, or where the
  /// step limit stopped).
  FaultReport reportAt(const Warp &w, FaultKind kind, std::string reason, uint32_t lanes,
                       uint32_t pc) const;
  std::string stepLimitMessage(const Warp *next) const;
  /// Reads every subscriber's interests into the SMs' hooks and the
  /// fan-out lists.
  void combineInterests();
  /// What the SMs call: one subscriber directly, several through the lists.
  static void recordOne(void *sub, const TraceRecord &r);
  static void recordAll(void *self, const TraceRecord &r);
  static bool breakOne(void *sub, const BreakQuery &q);
  static bool breakAll(void *self, const BreakQuery &q);
  /// Asks the watchers (due between epochs, or the run `ended`): the first
  /// reason to stop, or empty.
  std::string askWatchers(bool ended);
  /// The watch is next due a period from now.
  void restartWatch();
  /// The break-site bytes of kernel image `code` (created on first use).
  const uint8_t *breakSitesFor(const std::vector<Inst> &code);

  //===-- For the SMs (SmEvents, emu/core/SmHooks.h) ---------------------------===//

  void warpFaulted(Warp &w, FaultKind kind, const char *reason, uint32_t lanes,
                   uint32_t pc) override {
    faultWarp(w, kind, reason, lanes, pc);
  }
  void ctaFinished(Grid &g, uint64_t now, uint64_t dispatchAt) override;
  void warpRetired(const Warp &w) override { sched_.warpRetired(w); }
  uint64_t takeWarpUids(uint32_t n) override {
    const uint64_t first = warpUids_ + 1;
    warpUids_ += n;
    return first;
  }
  /// Builds a report for warp `w` at byte address `pc` and stops its grid;
  /// `cycle`: when an isolated SM held the fault back (SmEpoch).
  void faultWarp(Warp &w, FaultKind kind, const char *reason, uint32_t lanes, uint32_t pc,
                 std::optional<uint64_t> cycle = std::nullopt);
  /// Names in `result` the warp the first SM with work would issue next
  /// (where a run stopped between epochs).
  void nameNextToIssue(RunResult &result);
  /// One epoch of the SMs in turn to `epochEnd`: true if the run stops.
  bool runSerialEpoch(uint64_t epochEnd, RunResult &result);
  /// One epoch of the parallel model to `epochEnd`: true if the run stops
  /// (`result` says why).
  bool runParallelEpoch(uint64_t epochEnd, RunResult &result);
  /// A parallel epoch's start: CTAs of the grid the dispatch serves next
  /// (ContextScheduler::reservableGrid) reserved for each SM in SM order, so
  /// that an SM starts them inside the epoch as its CTAs finish.
  void reserveCtas();
  /// How many CTAs of `g` an epoch reserves for each SM that takes them
  /// (as many as fit an empty SM: whatever room can free up in the epoch).
  uint32_t reservedPerSm(const Grid &g) const;
  /// Whether SM `sm` takes reserved CTAs of `g`: the constant cache is not
  /// told inside an epoch, so only an SM already running the grid's
  /// constants version starts more of its CTAs there.
  bool reservesFor(const Sm &sm, const Grid &g) const;
  /// Passes over the parallel epochs from the clock on in which no SM can
  /// issue (every warp asleep past them, at a barrier or frozen), up to
  /// `limit`: the SMs' clocks move to the last one's end, and the grid's
  /// reservations and warp uids advance as each epoch's reservation and
  /// hand-over would have moved them. True if at least one was skipped.
  bool skipQuietEpochs(uint64_t limit);
  /// Whether no two SMs' held stores may write one host line (then each
  /// SM's can be written out on its own thread).
  bool storesDisjoint() const;
  /// The host threads of parallel epochs for this run: workers, the jobs
  /// they run and per-thread totals (--threads; one with a trace hook).
  void setUpThreads();
  /// SM i's isolated run to parallelEnd_, on thread i % parallelThreads_:
  /// its steps, retired instructions, fault and pause are added to that
  /// thread's totals (reset by its first SM).
  void runIsolated(unsigned i);
  /// Thread t's share (of `threads`) of a parallel epoch's commit: the
  /// logged accesses to the L2 slices SmEpoch::replayThread() gives it
  /// replayed into them in SM order (no slice depends on another), and if
  /// `ownStores` the held stores of its SMs (t, t + threads, ...) written
  /// out.
  void commitShare(unsigned t, unsigned threads, bool ownStores);
  /// The rest of the commit: held stores written out in SM order (if
  /// `stores`), the threads' totals added, held faults reported in SM order
  /// (if `faulted`).
  void commitHeld(bool stores, bool faulted);
  /// A parallel epoch's end: the CTAs that finished in it handed over in SM
  /// order (grid ends, dispatch); `deferSetUp`: new CTAs are set up by
  /// their SM's next run (on its thread).
  void handOverCtas(uint64_t epochEnd, bool deferSetUp);
  /// How many quanta the epoch from the clock may last: more than one with
  /// --jit while every SM issues only compiled runs' instructions
  /// (Sm::compiledUntil) for that many, so that no boundary among them could
  /// tell: no memory access, control, fault or finished CTA, nothing a
  /// watcher, the step budget or the dispatch would see between them.
  uint64_t compiledQuanta() const;
  /// Whether the epoch to `epochEnd` runs in parallel (see the file comment).
  bool parallelEpoch(uint64_t epochEnd) const;

  // Device(const Device &, const CloneBindings &) copies every member: keep
  // it in step (CloneAudit in emu/device/Clone.cpp lists them; test/unit/
  // EmuCloneAuditTest.cpp checks the list).
  DeviceConfig cfg_;
  GlobalLocks locks_;
  /// What the SMs see of the device: its run state, hooks, locks and
  /// constant cache, and this device's SmEvents.
  SmHooks hooks_{*this, locks_};
  std::vector<std::unique_ptr<Sm>> sms_;
  std::vector<std::unique_ptr<Grid>> grids_; // index id - 1
  uint32_t running_ = 0;
  L2System l2_;
  ContextScheduler sched_; // after sms_, which it schedules onto
  uint64_t cycle_ = 0;
  uint64_t steps_ = 0;
  uint64_t warpUids_ = 0;
  RunResult pending_;                        // fault found during a run
  const FaultReport *lastFault_ = nullptr;
  InstPrinter printer_;
  /// One byte per instruction of each kernel image launched or marked here.
  /// Found by the code's address and size (a freed image's address may come
  /// back with other code); never resized, so grids and warps keep pointers.
  struct BreakSites {
    const std::vector<Inst> *code = nullptr;
    std::vector<uint8_t> bits;
  };
  std::vector<BreakSites> breakSites_;
  /// The JIT's compiler (--jit, emu/core/Jit.h), shared with clones, whose
  /// grids keep pointers into its tables; null: every grid interpreted.
  std::shared_ptr<JitCompiler> jit_;
  double wallSeconds_ = 0;
  /// The subscribers in subscription order, and the ones that asked for
  /// records, breaks and the watch (combineInterests()).
  std::vector<Subscriber *> subscribers_;
  struct Recorder {
    Subscriber *sub = nullptr;
    bool memoryOnly = false; // Interests::detail has TraceMemoryOnly
  };
  std::vector<Recorder> recorders_;
  std::vector<Subscriber *> breakers_, watchers_;
  /// The watchers' shortest periods and when the watch is next due.
  struct Watch {
    uint64_t everyCycles = 0, everySteps = 0;
    uint64_t nextCycle = 0, nextStep = 0;
  };
  Watch watch_;
  std::unique_ptr<EpochWorkers> workers_; // made by the first parallel epoch with threads
  /// What a thread's SMs did in an epoch's isolated phase, summed: the
  /// device reads these few lines, not every SM's epoch state.
  struct alignas(64) ThreadTotals {
    uint64_t steps = 0;
    LineVector<uint64_t> retired; // instructions of retired warps, per context
    bool faulted = false, paused = false;
    uint64_t quiet = UINT64_MAX; // the least Sm::quietUntil() of its SMs after their runs
  };
  std::vector<ThreadTotals> threadTotals_;
  // The parallel epoch the workers run: its end, its threads, its jobs, and
  // whether the threads wrote the stores out.
  uint64_t parallelEnd_ = 0;
  unsigned parallelThreads_ = 1;
  std::function<void(unsigned)> isolatedJob_, commitJob_;
  bool storesCommitted_ = false;
  /// No SM can issue before quietBound_ (skipQuietEpochs), if known: set by
  /// a parallel epoch from the threads' totals, dropped by anything else.
  uint64_t quietBound_ = 0;
  bool quietKnown_ = false;
};

} // namespace simt::emu

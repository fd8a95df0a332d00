//===-- Sm.h - One SM: warp slots and the issue loop ----------------------===//
//
// An SM holds up to warpsPerSm warp slots, the register file / shared memory
// budget, its resident CTAs and its clock. run() issues at most one
// warp-instruction per cycle, choosing among the ready warps round-robin or at
// random (seeded), until a given cycle; it issues many instructions per call
// and touches no per-lane state outside the semantics functions. Warps that
// wait for a modeled latency sleep until their ready cycle; warps at a
// barrier leave the ready set until it opens.
//
// Ready set: a 64-bit mask of slots, so warpsPerSm <= 64 (kMaxWarpSlots).
//
// The SM sees its device only through SmHooks (emu/core/SmHooks.h). Its
// members are defined by concern: SmResidency.cpp (warp slots and CTAs),
// SmIssue.cpp (scheduling and the issue loop), SmBarriers.cpp,
// SmMemory.cpp (global-memory and constant accounting), SmTrace.cpp,
// SmProfiling.cpp and SmStats.cpp; the copy for checkpoints in
// emu/device/Clone.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Context.h"
#include "emu/core/Cta.h"
#include "emu/core/ExecContext.h"
#include "emu/core/SmEpoch.h"
#include "emu/core/SmHooks.h"
#include "emu/mem/L2.h"
#include "emu/core/Stats.h"
#include "emu/core/Trace.h"
#include "emu/core/Warp.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace simt::emu {

struct CloneMap;
struct DeviceConfig;

/// Applies what a SIMT-stack operation reported to the instruction's
/// context: a fault, stall cycles, the warp finishing (emu/sem/Control.cpp).
void applyControlResult(ExecContext &ctx, const ControlResult &r);

/// Why Sm::run returned.
enum class SmStop : uint8_t {
  Reached,    // the SM's clock reached `until`
  Empty,      // no resident warp left (the clock stays at its last issue)
  Stop,       // the device asked to stop (a fault elsewhere, a grid finished)
  StepLimit,  // the device's step budget ran out
  Breakpoint, // the break hook asked to stop before an instruction
  Interrupted, // Device::requestStop(), seen before an instruction
  Paused,     // isolated: before an instruction that must run in turn
};

class alignas(64) Sm { // aligned: SMs on different host threads share no line
public:
  Sm(SmHooks &hooks, uint32_t id, const DeviceConfig &cfg);
  ~Sm();
  Sm(const Sm &) = delete;
  Sm &operator=(const Sm &) = delete;

  /// Makes the warp slots the configuration now has (a device whose level
  /// rose has more: Device::setLevel).
  void addWarpSlots();

  uint32_t id() const { return id_; }
  uint64_t cycle() const { return cycle_; }
  /// A copy for a cloned device (emu/device/Clone.cpp) with its hooks and
  /// configuration; registers its CTAs in `m` and rebinds its warps. Its L2
  /// is unset (setL2).
  std::unique_ptr<Sm> clone(SmHooks &hooks, const DeviceConfig &cfg, CloneMap &m) const;

  //===-- Resources and CTAs ------------------------------------------------===//

  /// Whether a CTA of `g` fits now (a CTA slot, warps, registers, shared
  /// memory; the constants version is checked by the device).
  bool fits(const Grid &g) const;
  /// Starts CTA `linear` of `g` here (fits() must hold), at max(clock, now).
  /// While the SM's epoch state defers set-ups, the CTA takes its slots and
  /// resources now and is set up by setUpStartedCtas().
  Cta &startCta(Grid &g, uint32_t linear, uint64_t now);
  /// The same with its warps' uids from `firstUid` (taken beforehand).
  Cta &startCta(Grid &g, uint32_t linear, uint64_t now, uint64_t firstUid);
  /// Sets up the CTAs started while set-ups were deferred (SmEpoch): their
  /// memory filled, their warps bound. run() begins with it.
  void setUpStartedCtas();
  bool empty() const { return ctas_.empty(); }
  /// Frees every CTA of `g` here (a stopped grid's frozen warps).
  void discardCtas(Grid &g);
  /// Takes `cta` off this SM with its warps (context preemption, ISA.md 7);
  /// its slots and resources are free afterwards. Not during this SM's run.
  SavedCta saveCta(Cta &cta, uint64_t now);
  /// Puts a saved CTA back here (fits() must hold for its grid), in any free
  /// slots; its warps issue no earlier than `readyAt`.
  Cta &restoreCta(SavedCta &&saved, uint64_t now, uint64_t readyAt);
  /// Whether a CTA ever ran here (a context switch of a fresh SM is free).
  bool everUsed() const { return everUsed_; }
  const std::vector<std::unique_ptr<Cta>> &ctas() const { return ctas_; }
  uint32_t usedWarps() const { return usedWarps_; }

  //===-- Execution ---------------------------------------------------------===//

  /// Issues instructions until the clock reaches `until` or something stops
  /// it. `budget` is the device's remaining step count (decremented).
  SmStop run(uint64_t until, uint64_t &budget);
  /// Executes one instruction of warp `slot` now (the debugger's stepi),
  /// ignoring the scheduler; false if the warp cannot issue (barrier, done).
  bool stepWarp(uint32_t slot);
  /// The warp a run stopped before (SmStop::Breakpoint, Interrupted,
  /// StepLimit): the scheduler had picked it; it has not issued.
  uint32_t stopSlot() const { return stopSlot_; }
  /// The slot the scheduler would issue from now, or -1 (for reports: with
  /// the random policy, the lowest ready slot; else the first sleeper).
  int nextToIssue() const;

  //===-- Warps -------------------------------------------------------------===//

  uint32_t numSlots() const { return static_cast<uint32_t>(warps_.size()); }
  Warp &warp(uint32_t slot) { return *warps_[slot]; }
  const Warp &warp(uint32_t slot) const { return *warps_[slot]; }
  /// Slots holding a warp that has not finished (active, waiting, frozen).
  uint64_t residentMask() const { return residentMask_; }
  uint64_t readyMask() const { return readyMask_; }
  /// Some warp is ready or waiting only for a latency.
  bool hasLiveWork() const { return (readyMask_ | sleepMask_) != 0; }
  /// The first cycle this SM may issue at unless another SM or the host
  /// acts: its clock if a warp is ready, the next wake-up if some sleep,
  /// UINT64_MAX if the rest wait at barriers, are frozen or none is resident.
  uint64_t quietUntil() const {
    if (readyMask_ != 0 || !epoch_->unset.empty())
      return cycle_;
    return sleepMask_ ? nextWake_ : UINT64_MAX;
  }
  /// With --jit: the cycle up to which this SM can issue nothing but
  /// instructions of compiled runs, which touch only their own warp's
  /// registers, predicates and condition codes: while every ready warp stands
  /// in one, round-robin issue stays inside them for the fewest instructions
  /// any has left times the ready warps' count, unless a sleeper wakes first.
  /// quietUntil() where nothing is ready; the clock where something else may
  /// issue, or where a hook watches or the random scheduler picks
  /// (SmJit.cpp, Device::compiledQuanta).
  uint64_t compiledUntil() const;
  /// What a run to `until` does when quietUntil() >= until: a clock with
  /// resident warps moves to `until` (an empty SM's stays at its last issue).
  void idleUntil(uint64_t until) {
    if (residentMask_ != 0)
      cycle_ = std::max(cycle_, until);
  }

  /// Scheduling state changes (used by barriers and the device).
  void makeReady(Warp &w, uint64_t at);
  void blockWarp(Warp &w);
  void freezeWarp(Warp &w);

  //===-- Services for the semantics functions -----------------------------===//

  /// Host pointer for global [addr, addr + bytes) of `mem`, or null. Caches
  /// the last mapped range (dropped by dropCaches()).
  uint8_t *globalAt(const GlobalMemory &mem, uint64_t addr, uint64_t bytes) {
    if (memTag_ == mem.ctx) [[likely]] {
      if (uint8_t *p = memRange_.at(addr, bytes)) [[likely]]
        return p;
    }
    return globalSlow(mem, addr, bytes);
  }
  void dropCaches() {
    memTag_ = nullptr;
    memRange_ = {};
  }
  /// One global-memory access of a warp-instruction, after its lanes resolved
  /// (addrs[l] for the lanes in `mask`, aligned): the L2 model counts
  /// one access per distinct line in that line's slice and charges the
  /// latency to ctx.stallCycles (emu/mem/L2.h). Nothing per lane is virtual.
  void globalAccess(ExecContext &ctx, const uint64_t *addrs, uint32_t mask, MemOp op) {
    if (l2_ && mask) [[likely]]
      l2Access(ctx, addrs, mask, op);
  }
  /// The same for a warp-instruction whose lanes all take part and access
  /// consecutive elements, lane 0's at `first` and lane 31's at `last`: its
  /// distinct lines are every line from first's to last's, ascending.
  void globalAccessSpan(ExecContext &ctx, uint64_t first, uint64_t last, MemOp op) {
    if (l2_) [[likely]]
      l2AccessSpan(ctx, first, last, op);
  }
  /// The same for `count` runs of lanes, run r on [firsts[r], firsts[r] +
  /// bytes): their distinct lines, in lane order.
  void globalAccessRuns(ExecContext &ctx, const uint64_t *firsts, unsigned count, uint64_t bytes,
                        MemOp op);
  void setL2(L2System *l2) { l2_ = l2; }
  /// In a parallel epoch's isolated phase (SmEpoch): global stores are held
  /// back in heldStores() and loads see them through it.
  bool isolated() const { return epoch_->isolated; }
  StoreBuffer &heldStores() { return epoch_->stores; }
  /// The parallel-epoch state, which the device begins, commits and hands
  /// over (emu/core/SmEpoch.h).
  SmEpoch &epoch() { return *epoch_; }
  /// Whether `inst` touches state shared with other SMs at once (global
  /// atomics, reductions and locks; user constant banks through the
  /// constant-cache model), so that an isolated SM pauses before it.
  static bool serializes(const Inst &inst);
  /// A user constant (banks 2..15) through the constant-cache model:
  /// `words` (1 or 2) consecutive words, low word first, charged as one
  /// access per distinct line (ISA.md 6).
  uint64_t userConstant(ExecContext &ctx, uint8_t bank, uint32_t offset,
                        unsigned words = 1);
  /// One modeled access to the line of c[bank][offset] (bank 2..15); returns
  /// the stall cycles it costs beyond issue.
  uint32_t constAccess(const Grid &g, uint8_t bank, uint32_t offset);

  /// The device's global-memory locks (LDLK / STUL).
  GlobalLocks &globalLocks() { return hooks_.locks; }
  /// The device's constant-cache model, or null.
  ConstCache *constCache() const { return hooks_.constCache; }

  //===-- Statistics --------------------------------------------------------===//

  const SmStats &stats() const { return stats_; }
  /// stats() plus the live warps' stack and branch counters.
  SmStats statsWithLive() const;
  void resetStats();
  const std::vector<WarpRecord> &warpRecords() const { return records_; }
  void appendLiveRecords(std::vector<WarpRecord> &out) const;

  //===-- Profiling (SmHooks::profile, emu/core/ProfileCounters.h) -------===//

  /// The device attached or detached its profile: every bound warp's
  /// counter pointers are set (or cleared) and, attached, the resident
  /// CTAs' spans begin now.
  void profileAttached();

private:
  friend struct CloneAudit; // lists the members for test/unit/EmuCloneAuditTest.cpp
  Sm(const Sm &o, SmHooks &hooks, const DeviceConfig &cfg, CloneMap &m);
  static uint64_t bit(uint32_t slot) { return uint64_t{1} << slot; }
  template <bool Profiled> SmStop runWith(uint64_t until, uint64_t &budget);
  template <bool Traced, bool Breaks, bool Isolated, bool Profiled>
  SmStop runImpl(uint64_t until, uint64_t &budget);
  /// A fault of warp `w`: the device's report at once, or, isolated, held
  /// back in the epoch state until the commit (the SM stops).
  void fault(Warp &w, FaultKind kind, const char *reason, uint32_t lanes, uint32_t pc);
  template <bool Traced, bool Profiled> bool issue(Warp &w);
  /// With --jit, at a pick of `slot`: when every ready warp stands in a
  /// compiled run, runs as many rounds of them as the interpreter would
  /// issue undisturbed and returns true; false, having done nothing,
  /// otherwise (SmJit.cpp).
  [[gnu::noinline]] bool runJitRound(uint32_t slot, uint64_t until, uint64_t &budget);
  /// `rounds` instructions of `w`, its first at cycle `first` and one every
  /// `k` cycles: compiled runs' calls, the rest through issueInRound.
  void runWarpRound(Warp &w, uint64_t rounds, uint64_t first, uint64_t k);
  /// A round was tried and cannot run: the next try waits (jitRetryAt_),
  /// twice as long as the last one's wait. Returns false.
  bool jitRoundRefused();
  /// How many rounds of every ready warp could run from this cycle, ending
  /// before `until`, within `budget` and before the next wake-up; 0 when
  /// fewer than the least worth running. *blocked tells whether the warps
  /// (where they stand, the next wake-up) left too few, whatever `until`
  /// and `budget`.
  uint64_t roundsNow(uint64_t until, uint64_t budget, bool *blocked) const;
  /// One roundable instruction (jitRoundable) through the interpreter:
  /// issueFast, or issue() for a branch that diverges (SmIssue.cpp).
  void issueInRound(Warp &w);
  /// Whether the pick of `w` may start a compiled round or count towards
  /// compiling its run: it stands at a compiled instruction, or at one of
  /// a run whose issue --jit auto counts now. Inline, so that a plain
  /// issue under the default auto pays a load and a test, not a call.
  bool jitAtPick(const Warp &w);
  /// --jit auto counts one issue in this many of instructions in runs, as
  /// that many: exact for small --jit-hot (tests), and a sample for the
  /// default's millions, whose error of a few issues in a million does not
  /// matter (SmJit.cpp).
  uint32_t jitSamplePeriod() const;
  /// The round-robin choice among the slots of `m` (nonzero): the first at
  /// or after rrNext_, wrapping around.
  uint32_t roundRobinPick(uint64_t m) const {
    const uint64_t upper = m & (~uint64_t{0} << rrNext_);
    return static_cast<uint32_t>(std::countr_zero(upper ? upper : m));
  }
  /// The statistics of one issued warp-instruction of `w` at `pc` whose
  /// lanes in `mask` took part, of the lanes `active` then; profiled, its
  /// PC's and grid's counters too.
  template <bool Profiled>
  void countIssue(Warp &w, Op op, uint32_t mask, [[maybe_unused]] uint32_t active, uint32_t pc) {
    const uint32_t threads = static_cast<uint32_t>(std::popcount(mask));
    ++stats_.instr.byOp[static_cast<unsigned>(op)];
    stats_.instr.thread += threads;
    ++w.instructions;
    w.threads += threads;
    if constexpr (Profiled)
      profileIssue(w, pc, threads, static_cast<uint32_t>(std::popcount(active)));
  }
  /// The profile's share of countIssue: plain increments, no call.
  void profileIssue(Warp &w, uint32_t pc, uint32_t threads, uint32_t activeThreads) {
    GridCounters *g = w.profGrid;
    if (!g) [[unlikely]]
      return;
    ++g->counts.warp;
    g->counts.thread += threads;
    g->counts.active += activeThreads;
    if (pc < w.codeSize) [[likely]] {
      PcCounts &c = w.profPcs[pc];
      ++c.warp;
      c.thread += threads;
      c.active += activeThreads;
    }
    hooks_.profile->sms[id_].addToBin(cycle_, threads, w.slot);
  }
  /// What the profile counts of an executed instruction beyond its issue
  /// (divergence, memory requests, lock failures), before afterEvent().
  void profileEffects(Warp &w, const Inst *inst, uint32_t pc, uint32_t activeBefore,
                      uint32_t mask, const ExecContext &ctx);
  /// This SM's part of the attached profile.
  SmProfile &profile() { return hooks_.profile->sms[id_]; }
  /// Points `w`'s counters at this SM's for its grid and kernel image.
  void bindProfile(Warp &w);
  /// The constant-cache counters of this SM moved from `before` by an
  /// access of grid `g`: the difference is the grid's.
  void noteConstAccess(const Grid &g, const ConstCacheStats &before);
  /// issue<false, Profiled> for an instruction with a fast form
  /// (Inst::fast, emu/core/FastForms.h): the same effect, statistics and PC
  /// advance, with no ExecContext; false, having done nothing, for any other.
  template <bool Profiled> bool issueFast(Warp &w);
  void afterEvent(Warp &w, ExecContext &ctx, uint32_t pc);
  /// The PC moves past the instruction at `pc`: to the next one, or through
  /// the SIMT stack when it carries the `.S` bit.
  void advance(Warp &w, ExecContext &ctx, const Inst &inst, uint32_t pc) {
    if (!inst.popSync) [[likely]]
      w.ctl().pc = pc + 1;
    else
      applyControlResult(ctx, w.stack().popSync(ctx.mask, pc + 1, cycle_));
  }
  /// Completes an instruction whose body stated a barrier arrival: the
  /// arrival, then (unless it faulted) advance().
  void completeArrival(Warp &w, ExecContext &ctx, uint32_t pc);
  /// afterEvent() for an instruction whose arrival is still to complete.
  [[gnu::noinline]] void arrivalEvent(Warp &w, ExecContext &ctx, uint32_t pc);
  /// Performs ctx's barrier arrival (ExecContext::arrives, ISA.md 4): the
  /// warp waits until its barrier opens (possibly at once; BAR.ARV goes on).
  /// Raises the deadlock fault when every live warp of the CTA waits and
  /// none can go on.
  void arriveAtBarrier(ExecContext &ctx);
  /// Whether the arrival's thread count is the one of the barrier's earlier
  /// arrivals and fits the CTA; raises the fault that says why not.
  bool countAgrees(ExecContext &ctx, const Barrier &b);
  /// "barrier 0: 1 of 2 arrivals (warps 0)" for the deadlock report.
  std::string describeBarriers(const Cta &cta) const;
  void warpFinished(Warp &w);
  void openBarrier(Cta &cta, unsigned id, uint64_t now);
  void barriersAfterExit(Cta &cta);
  uint32_t pickRandom();
  void invalidInstruction(ExecContext &ctx, Warp &w, const Inst *inst);
  void wakeSleepers();
  /// Puts `slot` to sleep until cycle `at` (its warp's readyAt).
  void sleepUntil(uint32_t slot, uint64_t at) {
    sleepMask_ |= uint64_t{1} << slot;
    wakeAt_[slot] = at;
    // Sorted insert: latencies are mostly alike, so it lands at or near the end.
    size_t i = wakeQ_.size();
    wakeQ_.push_back({at, slot});
    for (; i > wakeHead_ && wakeQ_[i - 1].at > at; --i)
      wakeQ_[i] = wakeQ_[i - 1];
    wakeQ_[i] = {at, slot};
    nextWake_ = std::min(nextWake_, at);
  }
  /// A started CTA's shared memory and local windows filled and its warps
  /// bound, with consecutive uids from `firstUid`.
  void setUpCta(Cta &cta, uint64_t firstUid);
  void ctaFinished(Cta &cta);
  void releaseCta(Cta &cta);
  /// A slot no warp uses any more: free, not resident, ready or asleep.
  void vacateSlot(uint32_t slot);
  /// Returns the CTA's warps, registers and shared memory to the SM and takes
  /// the CTA out of ctas_ (to be destroyed or saved by the caller); an SM
  /// left without CTAs tells the constant cache it drained.
  std::unique_ptr<Cta> detachCta(Cta &cta);
  void retireWarp(Warp &w);
  uint8_t *globalSlow(const GlobalMemory &mem, uint64_t addr, uint64_t bytes);
  void l2Access(ExecContext &ctx, const uint64_t *addrs, uint32_t mask, MemOp op);
  void l2AccessSpan(ExecContext &ctx, uint64_t first, uint64_t last, MemOp op);
  void l2Charge(ExecContext &ctx, const uint64_t *lines, unsigned n, MemOp op);
  /// Starts the trace record of the instruction about to issue in `w`: what
  /// the hook's TraceDetail needs before it executes.
  void beginTrace(Warp &w, ExecContext &ctx);
  void emitTrace(Warp &w, const Inst *inst, uint32_t pc, uint32_t activeBefore,
                 uint32_t participating, FaultKind fault);

  // The copy for clone() copies every member: keep it in step (CloneAudit
  // in emu/device/Clone.cpp lists them; test/unit/EmuCloneAuditTest.cpp
  // checks the list).
  SmHooks &hooks_;
  const DeviceConfig &cfg_;
  uint32_t id_;
  uint64_t cycle_ = 0;

  std::vector<std::unique_ptr<Warp>> warps_;
  uint64_t freeMask_ = 0;     // unused slots
  uint64_t residentMask_ = 0; // bound, not finished
  uint64_t readyMask_ = 0;    // Active and readyAt <= cycle (approximately: see sleepers)
  uint64_t sleepMask_ = 0;    // Active, waiting for readyAt
  uint64_t nextWake_ = UINT64_MAX;
  uint64_t wakeAt_[64] = {};  // per sleeping slot: its warp's readyAt (sleepUntil)
  struct Wake {
    uint64_t at;
    uint32_t slot;
  };
  std::vector<Wake> wakeQ_; // [wakeHead_, end): wake-ups by cycle (see wakeSleepers)
  size_t wakeHead_ = 0;
  uint32_t rrNext_ = 0;
  uint64_t rng_ = 0;
  /// --jit auto: the issues in runs until the next counted one
  /// (jitSamplePeriod); 1 counts the next.
  uint32_t jitSampleLeft_ = 1;
  /// A round that cannot run is not tried again before this cycle; the
  /// wait doubles with every failed try (jitBackoff_, up to
  /// kMaxJitBackoff) and ends with a round that runs (SmJit.cpp).
  uint64_t jitRetryAt_ = 0;
  uint32_t jitBackoff_ = 0;

  std::vector<std::unique_ptr<Cta>> ctas_;
  /// Finished CTAs' records, for startCta to reuse (no emulated state).
  std::vector<std::unique_ptr<Cta>> spareCtas_;
  static constexpr size_t kSpareCtas = 8;
  uint32_t usedWarps_ = 0, usedRegs_ = 0, usedShared_ = 0;

  const void *memTag_ = nullptr;
  MemRange memRange_;
  L2System *l2_ = nullptr;
  bool everUsed_ = false;

  uint32_t stopSlot_ = 0;
  bool inLoop_ = false; // inside runImpl/stepWarp: the loop owns the clock

  SmStats stats_;
  std::vector<WarpRecord> records_;
  std::unique_ptr<WarpRegs> traceBefore_;
  std::vector<Token> stackBefore_; // TraceStack: the warp's tokens before the instruction
  TraceRecord trace_;
  /// Parallel-epoch state; transient (empty between runs), so a clone
  /// starts with its own.
  std::unique_ptr<SmEpoch> epoch_;
};

inline bool Sm::jitAtPick(const Warp &w) {
  const uint32_t pc = w.ctl().pc;
  if (!w.jitSites || pc >= w.codeSize)
    return false;
  const JitSite &site = w.jitSites[pc];
  if (site.fn)
    return cycle_ >= jitRetryAt_;
  // The count is kept outside isolated epochs only, as runJitRound's, so
  // that it is the same on any number of threads.
  return site.remaining != 0 && !epoch_->isolated && --jitSampleLeft_ == 0;
}

} // namespace simt::emu

//===-- ContextScheduler.h - Which CTAs run on which SM, across contexts --===//
//
// The device's CTA dispatch and the context scheduling of emu/core/Context.h: the
// queue of each context's running grids and preempted CTAs, the SMs each
// context is allocated (static or an even split, rebalanced on demand), the
// context each SM holds, its time slices, switch costs, draining and
// preemption, and the per-context counters and reports. The Device tells it
// about grids and CTAs (launched, finished, stopped, discarded) and epoch
// boundaries; it places CTAs on the Device's SMs.
//
// With one context and no --ctx-alloc only dispatch() runs: CTAs go in launch
// order, each to the SM with room and the fewest resident CTAs, ties round
// robin from the SM after the last one given a CTA (ISA.md 1).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Context.h"
#include "emu/core/Grid.h"
#include "emu/report/StatsJson.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

class ConstCache;
class Sm;
class Warp;
struct CloneMap;

class ContextScheduler {
public:
  /// Schedules onto `sms` (owned by the device, which outlives this).
  ContextScheduler(const ContextConfig &cfg, std::vector<std::unique_ptr<Sm>> &sms);
  ContextScheduler(const ContextScheduler &) = delete;
  ContextScheduler &operator=(const ContextScheduler &) = delete;

  /// The constant-cache model whose versions decide where a CTA may start.
  void setConstCache(ConstCache *cc) { constCache_ = cc; }

  //===-- Contexts (ISA.md 7) -------------------------------------------------===//

  /// The id of context `name`, created on first use. "default" is 0; the
  /// names of --ctx-alloc exist from the start (ids 1.. in spec order).
  ContextId context(std::string_view name);
  /// The id of an existing context, or kNoContext.
  ContextId findContext(std::string_view name) const;
  uint32_t numContexts() const { return static_cast<uint32_t>(ctxs_.size()); }
  const std::string &contextName(ContextId id) const { return ctxs_.at(id).name; }
  /// The contexts each SM is allocated to serve.
  const std::vector<ContextId> &smOwners(uint32_t sm) const { return smCtx_.at(sm).owners; }
  std::vector<ContextInfo> contexts() const;
  const std::vector<AllocationRecord> &allocationHistory() const { return history_; }
  /// Several contexts are being scheduled (a second context launched, or
  /// --ctx-alloc): allocation, switching and preemption are on.
  bool multiContext() const { return multi_; }
  /// CTAs the dispatch has started or restored on SMs so far: a change
  /// says some SM has work it did not have.
  uint64_t ctasPlaced() const { return ctasPlaced_; }
  /// `info contexts`: one block per context (allocation, SMs, CTAs, counters)
  /// and the allocation history.
  std::string contextsReport() const;
  /// The "contexts" statistics object.
  std::string contextsJson() const;

  //===-- The device's events ---------------------------------------------------===//

  /// Queues a launched grid's CTAs in its context (whose id is valid).
  void gridLaunched(Grid &g);
  /// Places what can start at `now`: with several contexts, after updating
  /// the allocation and each SM's context (`boundary`: at an epoch boundary,
  /// where SMs may be preempted); else the plain in-order dispatch.
  void schedule(uint64_t now, bool boundary);
  /// The start of an epoch at `now` (rebalancing, switches, preemption).
  void epochBegins(uint64_t now) {
    if (multi_)
      manageContexts(now, true);
  }
  /// An epoch [from, to) ran: blocked and busy cycles per context.
  void epochEnded(uint64_t from, uint64_t to) {
    if (multi_)
      accountEpoch(from, to);
  }
  /// A CTA of `g` finished (its SM resources are already free).
  void ctaFinished(const Grid &g) { ++ctxs_[g.params.context].counters.ctasDone; }
  /// A warp retired (per-context instruction counts).
  void warpRetired(const Warp &w);
  /// The grid whose CTAs SMs may start inside a parallel epoch (reserved
  /// at its start, Device::reserveCtas): the one the in-order dispatch
  /// serves next, when there is a single context and nothing preempted
  /// waits; else none.
  Grid *reservableGrid() const;
  /// Instructions of warps of context `c` that retired in a parallel
  /// epoch's isolated phase (counted there, added at its commit).
  void addRetiredInstructions(ContextId c, uint64_t n) {
    if (c < ctxs_.size())
      ctxs_[c].counters.instructions += n;
  }
  /// Grid `g`, still in its old state, ends in `state`: no more CTAs of it
  /// are dispatched.
  void gridEnded(Grid &g, GridState state);
  /// A stopped grid's preempted CTAs never run again: their warps freeze and
  /// wait (parked) to be discarded.
  void parkSaved(Grid &g);
  /// Drops the saved and parked CTAs of a discarded grid.
  void dropSaved(Grid &g);
  /// SM `sm` was given a CTA outside the dispatch (a reservation started
  /// in a parallel epoch): the round robin goes on after it.
  void placed(uint32_t sm);

  //===-- Preempted CTAs (statistics, checkpoints) ---------------------------===//

  /// The live stack and branch counters of preempted warps.
  void addPreemptedStats(StackCacheStats &stack, BranchStats &simt) const;
  /// Approximate host bytes of the saved and parked CTAs.
  size_t savedBytes() const;

private:
  friend class Device; // its clone copies the state (emu/device/Clone.cpp)
  friend struct CloneAudit;
  /// Becomes a copy of `o`'s state (a cloned device's scheduler, built on
  /// the copies of the SMs); grids and saved CTAs are rebound through `m`,
  /// constant-cache versions are checked in `cc`.
  void copyFrom(const ContextScheduler &o, CloneMap &m, ConstCache *cc);

  struct CtxState {
    std::string name;
    std::vector<Grid *> queue;   // running grids with CTAs to dispatch, in launch order
    std::deque<SavedCta> saved;  // preempted CTAs, restored first
    std::deque<SavedCta> parked; // preempted CTAs of stopped grids (until discarded)
    uint32_t runningGrids = 0;
    uint32_t quota = 0;          // SMs allocated
    int32_t delta = 0;           // rebalancing's adjustment since the last context change
    int32_t staticSms = -1;      // --ctx-alloc count, or -1
    uint64_t windowBlocked = 0;  // blocked cycles since the last rebalance
    ContextCounters counters;
    bool active() const { return runningGrids != 0; }
    bool waiting() const { return !queue.empty() || !saved.empty(); }
  };
  struct SmCtx {
    ContextId held = 0;              // the context whose CTAs may be resident
    std::vector<ContextId> owners{0}; // contexts allocated to the SM
    bool accepting = true;           // new CTAs of `held` may start here
    bool draining = false;           // `held` lost the SM: waiting for its CTAs
    uint64_t since = 0;              // cycle `held` began (its time slice)
    uint64_t drainSince = 0;         // cycle `held` lost the SM
    uint64_t busyUntil = 0;          // end of the current switch
  };

  void dispatch(uint64_t now);
  bool dispatchContext(ContextId c, uint64_t now);
  /// The SM the next CTA of `g` (context `c`) starts on, or null.
  Sm *pickSm(const Grid &g, ContextId c) const;
  void manageContexts(uint64_t now, bool boundary);
  void recomputeAllocation(uint64_t now, const char *reason);
  void rebalance(uint64_t now);
  void updateSm(uint32_t s, uint64_t now, bool boundary);
  void switchSm(uint32_t s, ContextId to, uint64_t now);
  bool preemptSm(uint32_t s, uint64_t now);
  bool hasWorkFor(ContextId c, uint32_t s) const;
  void accountEpoch(uint64_t from, uint64_t to);
  bool accepts(uint32_t s, ContextId c) const {
    const SmCtx &x = smCtx_[s];
    return x.held == c && x.accepting;
  }

  // copyFrom() copies every member: keep it in step (CloneAudit in
  // emu/device/Clone.cpp lists them; test/unit/EmuCloneAuditTest.cpp checks
  // the list).
  const ContextConfig &cfg_;
  std::vector<std::unique_ptr<Sm>> &sms_;
  ConstCache *constCache_ = nullptr;
  std::deque<CtxState> ctxs_;  // index = ContextId (stable addresses)
  std::vector<SmCtx> smCtx_;   // per SM
  bool multi_ = false;
  bool allocDirty_ = false;
  uint64_t nextRebalance_ = 0;
  uint64_t ctxSwitches_ = 0;
  uint64_t ctasPlaced_ = 0; // CTAs started or restored by the dispatch
  uint32_t nextSm_ = 0;      // where the round robin among equally loaded SMs starts
  std::vector<AllocationRecord> history_;
};

} // namespace simt::emu

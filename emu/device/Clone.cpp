//===-- Clone.cpp - Deep copies of the device (debugger checkpoints) ------===//
//
// Every object is copied with its ordinary copy (plain data, vectors, the
// SIMT stack and stack cache) and then its pointers are rebound through a
// CloneMap (emu/device/Clone.h). Decoded code (Warp::code, KernelDesc::code) is
// immutable and shared by the copies. The copies of Device, its SmHooks, Sm,
// ContextScheduler and its per-context state, and SavedCta are written out
// member by member; each is followed by its CloneAudit list, which names the
// same members: a member added to one of those classes must be added to both
// (test/unit/EmuCloneAuditTest.cpp fails until it is in the list).
//
//===----------------------------------------------------------------------===//
#include "emu/device/Clone.h"

#include "emu/device/Device.h"

#include <algorithm>
#include <type_traits>

namespace simt::emu {

// offsetof on classes that are not standard-layout: GCC and Clang give the
// member's offset for any class without virtual bases, which is all we use.
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
#define SIMT_MEMBER(T, m) MemberBytes{offsetof(T, m), memberSize<decltype(T::m)>(), #m}

namespace {
/// A member's bytes in its object (a reference member is stored as a pointer).
template <class M> constexpr size_t memberSize() {
  return std::is_reference_v<M> ? sizeof(void *) : sizeof(M);
}

std::unique_ptr<Cta> cloneCta(const Cta &c, CloneMap &m, Sm *sm) {
  auto copy = std::make_unique<Cta>(c);
  copy->grid = m.grid(c.grid);
  copy->sm = sm;
  m.ctas[&c] = copy.get();
  return copy;
}

SavedCta cloneSaved(const SavedCta &s, CloneMap &m) {
  SavedCta copy;
  copy.cta = cloneCta(*s.cta, m, nullptr); // a saved CTA has no SM
  for (const std::unique_ptr<Warp> &w : s.warps)
    copy.warps.push_back(w->clone(m, w->sm ? m.sms.at(w->sm->id()) : nullptr));
  copy.oldSlots = s.oldSlots;
  copy.fromSm = s.fromSm;
  copy.savedAt = s.savedAt;
  return copy;
}

template <class Queue> Queue cloneSavedQueue(const Queue &q, CloneMap &m) {
  Queue copy;
  for (const SavedCta &s : q)
    copy.push_back(cloneSaved(s, m));
  return copy;
}
} // namespace

std::vector<MemberBytes> CloneAudit::savedCtaMembers() {
  return {SIMT_MEMBER(SavedCta, cta), SIMT_MEMBER(SavedCta, warps),
          SIMT_MEMBER(SavedCta, oldSlots), SIMT_MEMBER(SavedCta, fromSm),
          SIMT_MEMBER(SavedCta, savedAt)};
}

std::unique_ptr<Warp> Warp::clone(const CloneMap &m, Sm *newSm) const {
  auto w = std::make_unique<Warp>(*this);
  w->grid = m.grid(grid);
  w->sm = newSm;
  w->breakSites = m.sites(breakSites);
  w->serialSites = w->grid && serialSites ? w->grid->serialSites.data() : nullptr;
  w->cta = m.cta(cta);
  w->profPcs = nullptr; // a clone runs without the profile (a hook)
  w->profGrid = nullptr;
  // A warp without a CTA (a freed slot) keeps no pointers into memory: the
  // next bind() gives it new ones.
  w->local = cta && local ? rebase(local, cta->local, w->cta->local) : nullptr;
  if (w->stack_) {
    const std::span<uint8_t> spill = stack_->cache().spillRegion();
    w->stack_->relocateSpillRegion(
        cta && !spill.empty()
            ? std::span<uint8_t>(rebase(spill.data(), cta->local, w->cta->local), spill.size())
            : std::span<uint8_t>());
  }
  return w;
}

std::unique_ptr<Sm> Sm::clone(SmHooks &hooks, const DeviceConfig &cfg, CloneMap &m) const {
  return std::unique_ptr<Sm>(new Sm(*this, hooks, cfg, m));
}

Sm::Sm(const Sm &o, SmHooks &hooks, const DeviceConfig &cfg, CloneMap &m)
    : hooks_(hooks), cfg_(cfg), id_(o.id_), cycle_(o.cycle_), warps_(),
      freeMask_(o.freeMask_), residentMask_(o.residentMask_), readyMask_(o.readyMask_),
      sleepMask_(o.sleepMask_), nextWake_(o.nextWake_), wakeQ_(o.wakeQ_),
      wakeHead_(o.wakeHead_), rrNext_(o.rrNext_), rng_(o.rng_),
      jitSampleLeft_(o.jitSampleLeft_), jitRetryAt_(o.jitRetryAt_),
      jitBackoff_(o.jitBackoff_), ctas_(), spareCtas_(),
      usedWarps_(o.usedWarps_), usedRegs_(o.usedRegs_), usedShared_(o.usedShared_),
      memTag_(nullptr), memRange_(), l2_(nullptr), everUsed_(o.everUsed_),
      stopSlot_(o.stopSlot_), inLoop_(false), stats_(o.stats_), records_(o.records_),
      traceBefore_(), stackBefore_(), trace_(o.trace_),
      epoch_(std::make_unique<SmEpoch>()) {
  // memTag_/memRange_ (a translation cache) start empty, as after
  // dropCaches(); l2_ is the new device's to set; traceBefore_ and stackBefore_ are scratch space for traces,
  // spareCtas_ records for reuse (an empty pool behaves the same).
  std::copy(std::begin(o.wakeAt_), std::end(o.wakeAt_), wakeAt_);
  m.sms.at(id_) = this;
  for (const std::unique_ptr<Cta> &c : o.ctas_)
    ctas_.push_back(cloneCta(*c, m, this));
  for (const std::unique_ptr<Warp> &w : o.warps_)
    warps_.push_back(w->clone(m, this));
}

std::vector<MemberBytes> CloneAudit::smMembers() {
  return {SIMT_MEMBER(Sm, hooks_),        SIMT_MEMBER(Sm, cfg_),
          SIMT_MEMBER(Sm, id_),           SIMT_MEMBER(Sm, cycle_),
          SIMT_MEMBER(Sm, warps_),        SIMT_MEMBER(Sm, freeMask_),
          SIMT_MEMBER(Sm, residentMask_), SIMT_MEMBER(Sm, readyMask_),
          SIMT_MEMBER(Sm, sleepMask_),    SIMT_MEMBER(Sm, nextWake_),
          SIMT_MEMBER(Sm, wakeAt_),       SIMT_MEMBER(Sm, wakeQ_),
          SIMT_MEMBER(Sm, wakeHead_),     SIMT_MEMBER(Sm, rrNext_),
          SIMT_MEMBER(Sm, rng_),          SIMT_MEMBER(Sm, jitSampleLeft_),
          SIMT_MEMBER(Sm, jitRetryAt_),   SIMT_MEMBER(Sm, jitBackoff_),
          SIMT_MEMBER(Sm, ctas_),
          SIMT_MEMBER(Sm, spareCtas_),
          SIMT_MEMBER(Sm, usedWarps_),    SIMT_MEMBER(Sm, usedRegs_),
          SIMT_MEMBER(Sm, usedShared_),   SIMT_MEMBER(Sm, memTag_),
          SIMT_MEMBER(Sm, memRange_),     SIMT_MEMBER(Sm, l2_),
          SIMT_MEMBER(Sm, everUsed_),     SIMT_MEMBER(Sm, stopSlot_),
          SIMT_MEMBER(Sm, inLoop_),       SIMT_MEMBER(Sm, stats_),
          SIMT_MEMBER(Sm, records_),      SIMT_MEMBER(Sm, traceBefore_),
          SIMT_MEMBER(Sm, stackBefore_),  SIMT_MEMBER(Sm, trace_),
          SIMT_MEMBER(Sm, epoch_)};
}

void ContextScheduler::copyFrom(const ContextScheduler &o, CloneMap &m, ConstCache *cc) {
  // cfg_ and sms_ are the cloned device's already; the copies of the SMs
  // (and so of every resident CTA) are in `m`.
  constCache_ = cc;
  ctxs_.clear();
  for (const CtxState &c : o.ctxs_) {
    CtxState &copy = ctxs_.emplace_back();
    copy.name = c.name;
    for (const Grid *g : c.queue)
      copy.queue.push_back(m.grid(g));
    copy.saved = cloneSavedQueue(c.saved, m);
    copy.parked = cloneSavedQueue(c.parked, m);
    copy.runningGrids = c.runningGrids;
    copy.quota = c.quota;
    copy.delta = c.delta;
    copy.staticSms = c.staticSms;
    copy.windowBlocked = c.windowBlocked;
    copy.counters = c.counters;
  }
  smCtx_ = o.smCtx_;
  multi_ = o.multi_;
  allocDirty_ = o.allocDirty_;
  nextRebalance_ = o.nextRebalance_;
  ctxSwitches_ = o.ctxSwitches_;
  ctasPlaced_ = o.ctasPlaced_;
  nextSm_ = o.nextSm_;
  history_ = o.history_;
}

std::vector<MemberBytes> CloneAudit::contextStateMembers() {
  using C = ContextState;
  return {SIMT_MEMBER(C, name),          SIMT_MEMBER(C, queue),     SIMT_MEMBER(C, saved),
          SIMT_MEMBER(C, parked),        SIMT_MEMBER(C, runningGrids),
          SIMT_MEMBER(C, quota),         SIMT_MEMBER(C, delta),     SIMT_MEMBER(C, staticSms),
          SIMT_MEMBER(C, windowBlocked), SIMT_MEMBER(C, counters)};
}

std::vector<MemberBytes> CloneAudit::schedulerMembers() {
  using S = ContextScheduler;
  return {SIMT_MEMBER(S, cfg_),          SIMT_MEMBER(S, sms_),
          SIMT_MEMBER(S, constCache_),   SIMT_MEMBER(S, ctxs_),
          SIMT_MEMBER(S, smCtx_),        SIMT_MEMBER(S, multi_),
          SIMT_MEMBER(S, allocDirty_),   SIMT_MEMBER(S, nextRebalance_),
          SIMT_MEMBER(S, ctxSwitches_),  SIMT_MEMBER(S, ctasPlaced_),
          SIMT_MEMBER(S, nextSm_),       SIMT_MEMBER(S, history_)};
}

SmHooks::SmHooks(const SmHooks &o, SmEvents &events, GlobalLocks &locks,
                 ConstCache *constCache)
    : events(events), locks(locks), constCache(constCache), traceFn(nullptr),
      traceCtx(nullptr), traceDetail(0), breakFn(nullptr), breakCtx(nullptr),
      breakEverywhere(o.breakEverywhere), skipUid(o.skipUid), skipCount(o.skipCount),
      profile(nullptr), stop(o.stop), deferCtas(o.deferCtas), deferSetUp(o.deferSetUp), stopRequest(false) {}

std::vector<MemberBytes> CloneAudit::smHooksMembers() {
  using H = SmHooks;
  return {SIMT_MEMBER(H, events),      SIMT_MEMBER(H, locks),     SIMT_MEMBER(H, constCache),
          SIMT_MEMBER(H, traceFn),     SIMT_MEMBER(H, traceCtx),  SIMT_MEMBER(H, traceDetail),
          SIMT_MEMBER(H, breakFn),     SIMT_MEMBER(H, breakCtx),  SIMT_MEMBER(H, breakEverywhere),
          SIMT_MEMBER(H, skipUid),     SIMT_MEMBER(H, skipCount), SIMT_MEMBER(H, profile),
          SIMT_MEMBER(H, stop),
          SIMT_MEMBER(H, deferCtas),   SIMT_MEMBER(H, deferSetUp), SIMT_MEMBER(H, stopRequest)};
}

SmHooks &CloneAudit::smHooks(Device &d) { return d.hooks_; }

Device::Device(const Device &o, const CloneBindings &b)
    : cfg_(o.cfg_), locks_(), hooks_(o.hooks_, *this, locks_, b.constCache), sms_(), grids_(),
      running_(o.running_), l2_(o.l2_), sched_(cfg_.contexts, sms_), cycle_(o.cycle_),
      steps_(o.steps_), warpUids_(o.warpUids_), pending_(o.pending_), lastFault_(nullptr),
      printer_(), breakSites_(o.breakSites_), jit_(o.jit_), wallSeconds_(o.wallSeconds_), subscribers_(), recorders_(), breakers_(), watchers_(), watch_(), workers_(), threadTotals_(), parallelEnd_(0), parallelThreads_(1), isolatedJob_(),
      commitJob_(), storesCommitted_(false), quietBound_(0), quietKnown_(false) {
  // The subscribers, the printer and a pending requestStop() are the
  // original's user's.
  CloneMap m;
  m.memories = &b.memories;
  m.sms.resize(o.sms_.size(), nullptr);
  pending_.fault = nullptr; // rebound to the copies below, with lastFault_
  for (size_t i = 0; i < breakSites_.size(); ++i)
    m.breakSites[o.breakSites_[i].bits.data()] = breakSites_[i].bits.data();

  for (const std::unique_ptr<Grid> &g : o.grids_) {
    auto copy = std::make_unique<Grid>(*g);
    copy->params.memory = m.memory(g->params.memory);
    copy->breakSites = m.sites(g->breakSites);
    m.grids[g.get()] = copy.get();
    // Fault reports live in their grid; the device points at one.
    if (g->fault) {
      if (o.lastFault_ == &*g->fault)
        lastFault_ = &*copy->fault;
      if (o.pending_.fault == &*g->fault)
        pending_.fault = &*copy->fault;
    }
    grids_.push_back(std::move(copy));
  }

  for (const std::unique_ptr<Sm> &s : o.sms_) {
    sms_.push_back(s->clone(hooks_, cfg_, m));
    sms_.back()->setL2(&l2_);
  }

  sched_.copyFrom(o.sched_, m, constCache());

  // Global locks are keyed by their memory's identity.
  for (const auto &[key, holder] : o.locks_)
    locks_.emplace(LockKey{m.memoryIdentity(key.mem), key.addr}, holder);
}

std::vector<MemberBytes> CloneAudit::deviceMembers() {
  static_assert(std::is_polymorphic_v<Device> && std::is_base_of_v<SmEvents, Device>);
  return {// SmEvents, Device's only base: its vtable pointer comes first.
          MemberBytes{0, sizeof(void *), "(SmEvents vtable pointer)"},
          SIMT_MEMBER(Device, cfg_),         SIMT_MEMBER(Device, locks_),
          SIMT_MEMBER(Device, hooks_),       SIMT_MEMBER(Device, sms_),
          SIMT_MEMBER(Device, grids_),       SIMT_MEMBER(Device, running_),
          SIMT_MEMBER(Device, l2_),          SIMT_MEMBER(Device, sched_),
          SIMT_MEMBER(Device, cycle_),       SIMT_MEMBER(Device, steps_),
          SIMT_MEMBER(Device, warpUids_),    SIMT_MEMBER(Device, pending_),
          SIMT_MEMBER(Device, lastFault_),   SIMT_MEMBER(Device, printer_),
          SIMT_MEMBER(Device, breakSites_),  SIMT_MEMBER(Device, jit_),
          SIMT_MEMBER(Device, wallSeconds_),
          SIMT_MEMBER(Device, subscribers_), SIMT_MEMBER(Device, recorders_),
          SIMT_MEMBER(Device, breakers_),    SIMT_MEMBER(Device, watchers_),
          SIMT_MEMBER(Device, watch_),       SIMT_MEMBER(Device, workers_),
          SIMT_MEMBER(Device, threadTotals_),
          SIMT_MEMBER(Device, parallelEnd_), SIMT_MEMBER(Device, parallelThreads_),
          SIMT_MEMBER(Device, isolatedJob_), SIMT_MEMBER(Device, commitJob_),
          SIMT_MEMBER(Device, storesCommitted_), SIMT_MEMBER(Device, quietBound_),
          SIMT_MEMBER(Device, quietKnown_)};
}

std::unique_ptr<Device> Device::clone(const CloneBindings &b) const {
  return std::unique_ptr<Device>(new Device(*this, b));
}

size_t Device::footprint() const {
  size_t bytes = sizeof(Device);
  for (const std::unique_ptr<Sm> &s : sms_) {
    bytes += sizeof(Sm) + s->numSlots() * sizeof(Warp) +
             s->warpRecords().size() * sizeof(WarpRecord);
    for (const std::unique_ptr<Cta> &c : s->ctas())
      bytes += sizeof(Cta) + c->shared.size() + c->local.size();
  }
  bytes += sched_.savedBytes();
  for (const std::unique_ptr<Grid> &g : grids_)
    bytes += sizeof(Grid) + g->bank0.size() + g->bank1.size();
  const L2Config &l2 = cfg_.l2;
  bytes += size_t{l2.partitions} * (l2.sliceBytes / l2.lineBytes) * sizeof(uint64_t);
  return bytes;
}

} // namespace simt::emu

//===-- Clone.cpp - Deep copies of the device (debugger checkpoints) ------===//
//
// Every object is copied with its ordinary copy (plain data, vectors, the
// SIMT stack and stack cache) and then its pointers are rebound through a
// CloneMap (emu/Clone.h). Decoded code (Warp::code, KernelDesc::code) is
// immutable and shared by the copies. The copy constructors below list every
// member of Device and Sm: a member added there must be added here.
//
//===----------------------------------------------------------------------===//
#include "emu/Clone.h"

#include "emu/Device.h"

#include <algorithm>

namespace simt::emu {

namespace {
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

std::unique_ptr<Warp> Warp::clone(const CloneMap &m, Sm *newSm) const {
  auto w = std::make_unique<Warp>(*this);
  w->grid = m.grid(grid);
  w->sm = newSm;
  w->breakSites = m.sites(breakSites);
  w->cta = m.cta(cta);
  // A warp without a CTA (a freed slot) keeps no pointers into memory: the
  // next bind() gives it new ones.
  w->local = cta && local ? rebase(local, cta->local, w->cta->local) : nullptr;
  if (w->stack_) {
    const std::span<uint8_t> spill = stack_->cache().spillRegion();
    w->stack_->relocateSpillRegion(
        cta && !spill.empty()
            ? std::span<uint8_t>(rebase(spill.data(), cta->local, w->cta->local), spill.size())
            : std::span<uint8_t>());
    w->ctl_ = &w->stack_->control();
  } else {
    w->ctl_ = nullptr;
  }
  return w;
}

Sm::Sm(const Sm &o, Device &dev, CloneMap &m)
    : dev_(dev), cfg_(dev.config()), id_(o.id_), cycle_(o.cycle_), freeMask_(o.freeMask_),
      residentMask_(o.residentMask_), readyMask_(o.readyMask_), sleepMask_(o.sleepMask_),
      nextWake_(o.nextWake_), wakeQ_(o.wakeQ_), wakeHead_(o.wakeHead_), rrNext_(o.rrNext_),
      rng_(o.rng_), usedWarps_(o.usedWarps_), usedRegs_(o.usedRegs_),
      usedShared_(o.usedShared_), l2_(o.l2_ ? &dev.l2() : nullptr), everUsed_(o.everUsed_),
      stopSlot_(o.stopSlot_), stats_(o.stats_), records_(o.records_), trace_(o.trace_) {
  // memTag_/memRange_ (a translation cache) start empty, as after
  // dropCaches(); traceBefore_ is scratch space made on demand.
  std::copy(std::begin(o.wakeAt_), std::end(o.wakeAt_), wakeAt_);
  m.sms.at(id_) = this;
  for (const std::unique_ptr<Cta> &c : o.ctas_)
    ctas_.push_back(cloneCta(*c, m, this));
  for (const std::unique_ptr<Warp> &w : o.warps_)
    warps_.push_back(w->clone(m, this));
}

Device::Device(const Device &o, const CloneBindings &b)
    : cfg_(o.cfg_), running_(o.running_), l2_(o.l2_), smCtx_(o.smCtx_), multi_(o.multi_),
      allocDirty_(o.allocDirty_), nextRebalance_(o.nextRebalance_),
      ctxSwitches_(o.ctxSwitches_), history_(o.history_), cycle_(o.cycle_), steps_(o.steps_),
      warpUids_(o.warpUids_), stop_(o.stop_), pending_(o.pending_),
      constCache_(b.constCache), breakEverywhere_(o.breakEverywhere_),
      skipUid_(o.skipUid_), skipCount_(o.skipCount_), breakSites_(o.breakSites_),
      wallSeconds_(o.wallSeconds_) {
  CloneMap m;
  m.memories = &b.memories;
  m.sms.resize(o.sms_.size(), nullptr);
  pending_.fault = lastFault_ = nullptr; // rebound to the copies below
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

  for (const std::unique_ptr<Sm> &s : o.sms_)
    sms_.push_back(std::unique_ptr<Sm>(new Sm(*s, *this, m)));

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

  // Global locks are keyed by their memory's identity.
  for (const auto &[key, holder] : o.locks_)
    locks_.emplace(LockKey{m.memoryIdentity(key.mem), key.addr}, holder);
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
  for (const CtxState &c : ctxs_)
    for (const auto *q : {&c.saved, &c.parked})
      for (const SavedCta &s : *q)
        bytes += sizeof(Cta) + s.cta->shared.size() + s.cta->local.size() +
                 s.warps.size() * sizeof(Warp);
  for (const std::unique_ptr<Grid> &g : grids_)
    bytes += sizeof(Grid) + g->bank0.size() + g->bank1.size();
  const L2Config &l2 = cfg_.l2;
  bytes += size_t{l2.partitions} * (l2.sliceBytes / l2.lineBytes) * sizeof(uint64_t);
  return bytes;
}

} // namespace simt::emu

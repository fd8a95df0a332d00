//===-- SmResidency.cpp - One SM: warp slots and resident CTAs ------------===//
//
// An SM's warp slots and what occupies them: a CTA takes as many slots and
// as much of the register file and shared memory as it declares, its warps
// bound to the slots, until it finishes (the slots and resources return,
// its record kept for the next CTA), is discarded with its stopped grid, or
// is saved for a context switch and restored, possibly elsewhere.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/core/DeviceConfig.h"
#include "emu/mem/ConstCache.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

namespace simt::emu {

namespace {

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

} // namespace

Sm::Sm(SmHooks &hooks, uint32_t id, const DeviceConfig &cfg)
    : hooks_(hooks), cfg_(cfg), id_(id), epoch_(std::make_unique<SmEpoch>()) {
  addWarpSlots();
  stats_.sm = id;
  uint64_t seed = cfg.seed ^ (uint64_t{id} + 1) * 0xD1B54A32D192ED03ull;
  rng_ = splitmix64(seed) | 1;
}

Sm::~Sm() = default;

void Sm::addWarpSlots() {
  // Slots only grow (a level only rises): a resident CTA keeps its own.
  warps_.reserve(cfg_.warpsPerSm);
  for (uint32_t i = uint32_t(warps_.size()); i < cfg_.warpsPerSm; ++i) {
    warps_.push_back(std::make_unique<Warp>());
    warps_.back()->slot = i;
    warps_.back()->sm = this;
    freeMask_ |= bit(i);
  }
}

//===-- Resources and CTAs ------------------------------------------------===//

bool Sm::fits(const Grid &g) const {
  // The rule emu/device/Occupancy.h counts for an empty SM.
  return ctas_.size() < cfg_.maxCtasPerSm && usedWarps_ + g.warpsPerCta <= cfg_.warpsPerSm &&
         uint64_t{usedRegs_} + g.regsPerCta <= cfg_.regsPerSm &&
         uint64_t{usedShared_} + g.sharedPerCta <= cfg_.sharedPerSm &&
         static_cast<uint32_t>(std::popcount(freeMask_)) >= g.warpsPerCta;
}

Cta &Sm::startCta(Grid &g, uint32_t linear, uint64_t now) {
  return startCta(g, linear, now, hooks_.events.takeWarpUids(g.warpsPerCta));
}

Cta &Sm::startCta(Grid &g, uint32_t linear, uint64_t now, uint64_t firstUid) {
  assert(fits(g));
  if (!inLoop_ && residentMask_ == 0 && cycle_ < now)
    cycle_ = now; // an idle SM's clock catches up with the dispatch time
  const uint64_t start = std::max(cycle_, now);
  everUsed_ = true;

  // A finished CTA's record is reused (its buffers keep their capacity):
  // starting a CTA costs what it declares, not allocations.
  std::unique_ptr<Cta> owned;
  if (!spareCtas_.empty()) {
    owned = std::move(spareCtas_.back());
    spareCtas_.pop_back();
  } else {
    owned = std::make_unique<Cta>();
  }
  Cta &cta = *owned;
  cta.grid = &g;
  cta.sm = this;
  cta.linear = linear;
  g.ctaCoords(linear, cta.id);
  cta.numWarps = g.warpsPerCta;
  cta.liveWarps = g.warpsPerCta;
  cta.waitingWarps = 0;
  for (Barrier &b : cta.barriers)
    b.reset();
  cta.sharedLocks.clear();
  cta.startCycle = start;
  cta.slots.resize(g.warpsPerCta);
  for (uint32_t i = 0; i < g.warpsPerCta; ++i) {
    const uint32_t slot = static_cast<uint32_t>(std::countr_zero(freeMask_));
    freeMask_ &= ~bit(slot);
    residentMask_ |= bit(slot);
    cta.slots[i] = slot;
    if (start <= cycle_) {
      readyMask_ |= bit(slot);
    } else {
      sleepUntil(slot, start);
    }
  }
  usedWarps_ += g.warpsPerCta;
  usedRegs_ += g.regsPerCta;
  usedShared_ += g.sharedPerCta;
  ctas_.push_back(std::move(owned));
  if (hooks_.profile) [[unlikely]]
    profile().ctaStarted(cta, id_, start);

  if (hooks_.deferSetUp)
    epoch_->unset.push_back({&cta, firstUid});
  else
    setUpCta(cta, firstUid);
  return cta;
}

void Sm::setUpCta(Cta &cta, uint64_t firstUid) {
  const Grid &g = *cta.grid;
  cta.shared.assign(g.sharedPerCta, cfg_.fillUninit);
  const uint64_t spillBytes = uint64_t{g.maxStack} * 8;
  const uint64_t windows = uint64_t{g.localWindow} * WarpSize;
  cta.localPerWarp = static_cast<uint32_t>(windows + spillBytes);
  const uint64_t localBytes = uint64_t{cta.localPerWarp} * g.warpsPerCta;
  if (cta.local.size() != localBytes) {
    cta.local.assign(localBytes, cfg_.fillUninit);
  } else if (windows != 0) {
    // The threads' windows start filled (ISA.md 2); each warp's SIMT-stack
    // spill region after them is written before it is read.
    for (uint32_t i = 0; i < g.warpsPerCta; ++i)
      std::memset(cta.local.data() + uint64_t{cta.localPerWarp} * i, cfg_.fillUninit, windows);
  }
  for (uint32_t i = 0; i < g.warpsPerCta; ++i) {
    const uint32_t lanes = std::min<uint32_t>(WarpSize, g.threadsPerCta - i * WarpSize);
    const uint32_t launched = lanes == WarpSize ? AllLanes : (1u << lanes) - 1;
    uint8_t *base = cta.local.data() + uint64_t{cta.localPerWarp} * i;
    warps_[cta.slots[i]]->bind(*cta.grid, cta, *this, i, launched, base, g.localWindow,
                               std::span<uint8_t>(base + uint64_t{g.localWindow} * WarpSize,
                                                  spillBytes),
                               cfg_.stackCache, cta.startCycle, firstUid + i);
  }
  if (hooks_.profile) [[unlikely]] {
    for (uint32_t slot : cta.slots)
      bindProfile(*warps_[slot]);
    profile().grid(g.id).noteHost(hooks_.profile->hostNow());
  }
}

void Sm::setUpStartedCtas() {
  for (const SmEpoch::UnsetCta &u : epoch_->unset)
    setUpCta(*u.cta, u.firstUid);
  epoch_->unset.clear();
}

void Sm::discardCtas(Grid &g) {
  setUpStartedCtas();
  for (size_t i = 0; i < ctas_.size();) {
    Cta &cta = *ctas_[i];
    if (cta.grid != &g) {
      ++i;
      continue;
    }
    for (uint32_t slot : cta.slots) {
      Warp &w = *warps_[slot];
      if (w.state != WarpState::Done && w.state != WarpState::Free)
        retireWarp(w);
    }
    if (hooks_.profile)
      profile().ctaLeft(cta, cycle_);
    releaseCta(cta); // erases ctas_[i]
    --g.ctasResident;
  }
}

void Sm::vacateSlot(uint32_t slot) {
  freeMask_ |= bit(slot);
  residentMask_ &= ~bit(slot);
  readyMask_ &= ~bit(slot);
  sleepMask_ &= ~bit(slot);
}

std::unique_ptr<Cta> Sm::detachCta(Cta &cta) {
  const Grid &g = *cta.grid;
  usedWarps_ -= g.warpsPerCta;
  usedRegs_ -= g.regsPerCta;
  usedShared_ -= g.sharedPerCta;
  auto it = std::find_if(ctas_.begin(), ctas_.end(),
                         [&](const std::unique_ptr<Cta> &p) { return p.get() == &cta; });
  assert(it != ctas_.end());
  std::unique_ptr<Cta> owned = std::move(*it);
  ctas_.erase(it);
  if (ctas_.empty()) {
    if (hooks_.deferCtas)
      epoch_->drained = true; // told at the epoch's end, in SM order
    else if (ConstCache *cc = hooks_.constCache)
      cc->smDrained(id_);
  }
  return owned;
}

SavedCta Sm::saveCta(Cta &cta, uint64_t now) {
  assert(!inLoop_);
  setUpStartedCtas();
  SavedCta saved;
  saved.fromSm = id_;
  saved.savedAt = now;
  saved.oldSlots = cta.slots;
  saved.warps.reserve(cta.slots.size());
  if (hooks_.profile)
    profile().ctaLeft(cta, cycle_);
  for (uint32_t slot : cta.slots) {
    // The warp object leaves with the CTA; the slot gets a blank one.
    saved.warps.push_back(std::move(warps_[slot]));
    warps_[slot] = std::make_unique<Warp>();
    warps_[slot]->slot = slot;
    warps_[slot]->sm = this;
    vacateSlot(slot);
  }
  saved.cta = detachCta(cta);
  saved.cta->sm = nullptr;
  return saved;
}

Cta &Sm::restoreCta(SavedCta &&saved, uint64_t now, uint64_t readyAt) {
  Cta &cta = *saved.cta;
  Grid &g = *cta.grid;
  assert(fits(g) && saved.warps.size() == cta.slots.size());
  if (!inLoop_ && residentMask_ == 0 && cycle_ < now)
    cycle_ = now;
  everUsed_ = true;
  cta.sm = this;
  uint32_t newSlot[64];
  for (size_t i = 0; i < saved.warps.size(); ++i) {
    const uint32_t slot = static_cast<uint32_t>(std::countr_zero(freeMask_));
    freeMask_ &= ~bit(slot);
    newSlot[i] = slot;
    warps_[slot] = std::move(saved.warps[i]);
    Warp &w = *warps_[slot];
    w.slot = slot;
    w.sm = this;
    bindProfile(w); // this SM's counters from now on
    cta.slots[i] = slot;
    switch (w.state) {
    case WarpState::Active:
      residentMask_ |= bit(slot);
      w.readyAt = std::max(w.readyAt, readyAt);
      if (w.readyAt <= cycle_) {
        readyMask_ |= bit(slot);
      } else {
        sleepUntil(slot, w.readyAt);
      }
      break;
    case WarpState::Barrier:
    case WarpState::Frozen:
      residentMask_ |= bit(slot);
      break;
    default: // Done: the slot stays taken until the CTA ends
      break;
    }
  }
  // Barrier waiter masks name slots: move them to the new ones.
  for (Barrier &b : cta.barriers) {
    uint64_t m = 0;
    for (size_t i = 0; i < saved.oldSlots.size(); ++i)
      if (b.waiters & bit(saved.oldSlots[i]))
        m |= bit(newSlot[i]);
    b.waiters = m;
  }
  usedWarps_ += g.warpsPerCta;
  usedRegs_ += g.regsPerCta;
  usedShared_ += g.sharedPerCta;
  ctas_.push_back(std::move(saved.cta));
  if (hooks_.profile)
    profile().ctaStarted(cta, id_, std::max(cycle_, readyAt));
  return cta;
}

void Sm::releaseCta(Cta &cta) {
  for (uint32_t slot : cta.slots) {
    Warp &w = *warps_[slot];
    w.state = WarpState::Free;
    w.cta = nullptr;
    vacateSlot(slot);
  }
  std::unique_ptr<Cta> done = detachCta(cta);
  if (spareCtas_.size() < kSpareCtas)
    spareCtas_.push_back(std::move(done)); // else destroyed: `cta` is gone from here on
}

void Sm::ctaFinished(Cta &cta) {
  Grid &g = *cta.grid;
  if (hooks_.profile) [[unlikely]] {
    profile().ctaLeft(cta, cycle_);
    profile().grid(g.id).noteHost(hooks_.profile->hostNow());
  }
  releaseCta(cta);
  if (!hooks_.deferCtas) {
    hooks_.events.ctaFinished(g, cycle_ + 1, cycle_ + 1);
    return;
  }
  epoch_->finished.push_back({&g, cycle_ + 1});
  // Reserved CTAs take the room at once, as the dispatch would.
  SmEpoch &e = *epoch_;
  while (e.reservedNext < e.reservedCount && fits(*e.reservedGrid)) {
    Grid &r = *e.reservedGrid;
    const uint32_t k = e.reservedNext++;
    startCta(r, r.ctaAt(e.reservedFrom + k), cycle_ + 1,
             e.reservedUid + uint64_t{k} * r.warpsPerCta);
  }
}

void Sm::warpFinished(Warp &w) {
  w.state = WarpState::Done;
  blockWarp(w);
  residentMask_ &= ~bit(w.slot); // the slot stays taken until the CTA ends
  retireWarp(w);
  Cta &cta = *w.cta;
  --cta.liveWarps;
  if (cta.liveWarps == 0) {
    ctaFinished(cta);
    return;
  }
  barriersAfterExit(cta);
}

} // namespace simt::emu

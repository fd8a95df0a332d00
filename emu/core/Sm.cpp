//===-- Sm.cpp - One SM: warp slots and the issue loop --------------------===//
//
// The hot path is runImpl<false, false> -> issue<false>: pick a ready warp (a rotate
// and a count-trailing-zeros for round robin), build the ExecContext on the
// stack, switch on the opcode to its exec_ function (the switch is generated
// from SIMTInstrs.def; control instructions also run when no lane
// participates), count the opcode and the participating threads, advance the
// PC. Everything unusual (faults, latencies, barrier arrivals and waits,
// finished warps) is flagged by the semantics and handled once in
// afterEvent(); an instruction that states a barrier arrival
// (ExecContext::arrives) completes there: the arrival, then the PC advance.
//
// The hooks take other instantiations: Traced (a trace hook: the record it
// asked for, emu/report/Trace.h) and Breaks (a break hook: a break-site byte tested
// before each instruction). A break hook alone keeps issue<false>, so a
// breakpoint that is never hit costs only that test.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/device/Device.h"
#include "emu/sem/FastForms.h"

#include <algorithm>
#include <atomic>
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

inline uint64_t bit(uint32_t slot) { return uint64_t{1} << slot; }

/// The statistics record of warp `w` on SM `sm`, as if it ended at `endCycle`.
WarpRecord warpRecord(const Warp &w, uint32_t sm, uint64_t endCycle) {
  WarpRecord r;
  r.grid = w.grid->id;
  r.kernel = w.grid->kernelName();
  std::copy(w.cta->id, w.cta->id + 3, r.cta);
  r.warp = w.index;
  r.sm = sm;
  r.startCycle = w.startCycle;
  r.endCycle = endCycle;
  r.instructions = w.instructions;
  r.threads = w.threads;
  r.simt = w.stack().branchStats();
  r.stack = w.stack().cache().stats();
  return r;
}

} // namespace

Sm::Sm(Device &dev, uint32_t id, const DeviceConfig &cfg)
    : dev_(dev), cfg_(cfg), id_(id), epoch_(std::make_unique<SmEpoch>()) {
  warps_.reserve(cfg.warpsPerSm);
  for (uint32_t i = 0; i < cfg.warpsPerSm; ++i) {
    warps_.push_back(std::make_unique<Warp>());
    warps_.back()->slot = i;
    warps_.back()->sm = this;
  }
  freeMask_ = cfg.warpsPerSm >= 64 ? ~uint64_t{0} : bit(cfg.warpsPerSm) - 1;
  stats_.sm = id;
  uint64_t seed = cfg.seed ^ (uint64_t{id} + 1) * 0xD1B54A32D192ED03ull;
  rng_ = splitmix64(seed) | 1;
}

Sm::~Sm() = default;

//===-- Resources and CTAs ------------------------------------------------===//

bool Sm::fits(const Grid &g) const {
  return usedWarps_ + g.warpsPerCta <= cfg_.warpsPerSm &&
         uint64_t{usedRegs_} + g.regsPerCta <= cfg_.regsPerSm &&
         uint64_t{usedShared_} + g.sharedPerCta <= cfg_.sharedPerSm &&
         static_cast<uint32_t>(std::popcount(freeMask_)) >= g.warpsPerCta;
}

std::string Sm::neverFits(const Grid &g, const DeviceConfig &cfg) {
  if (g.warpsPerCta > cfg.warpsPerSm)
    return "a CTA of " + std::to_string(g.threadsPerCta) + " threads needs " +
           std::to_string(g.warpsPerCta) + " warps; an SM holds " +
           std::to_string(cfg.warpsPerSm) + " (--warps-per-sm)";
  if (g.regsPerCta > cfg.regsPerSm)
    return "a CTA needs " + std::to_string(g.regsPerCta) + " registers (" +
           std::to_string(g.params.kernel.regs) + " per thread x " +
           std::to_string(g.warpsPerCta * WarpSize) + " threads); an SM has " +
           std::to_string(cfg.regsPerSm);
  if (g.sharedPerCta > cfg.sharedPerSm)
    return "a CTA needs " + std::to_string(g.sharedPerCta) +
           " bytes of shared memory; an SM has " + std::to_string(cfg.sharedPerSm);
  return {};
}

Cta &Sm::startCta(Grid &g, uint32_t linear, uint64_t now) {
  return startCta(g, linear, now, dev_.takeWarpUids(g.warpsPerCta));
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

  if (dev_.deferSetUp_)
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
    if (dev_.deferCtas_)
      epoch_->drained = true; // told at the epoch's end, in SM order
    else if (ConstCache *cc = dev_.constCache())
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
  releaseCta(cta);
  if (!dev_.deferCtas_) {
    dev_.ctaFinished(g, cycle_ + 1, cycle_ + 1);
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

//===-- Scheduling ----------------------------------------------------------===//

void Sm::makeReady(Warp &w, uint64_t at) {
  w.readyAt = std::max(w.readyAt, at);
  // Ready for the next issue cycle: in the ready set already (the loop
  // issues one instruction per cycle, so it cannot issue again this cycle).
  if (w.readyAt <= cycle_ + 1) {
    readyMask_ |= bit(w.slot);
    sleepMask_ &= ~bit(w.slot);
  } else {
    sleepUntil(w.slot, w.readyAt);
  }
}

void Sm::blockWarp(Warp &w) {
  readyMask_ &= ~bit(w.slot);
  sleepMask_ &= ~bit(w.slot);
}

void Sm::freezeWarp(Warp &w) {
  if (w.state == WarpState::Free || w.state == WarpState::Done)
    return;
  w.state = WarpState::Frozen;
  blockWarp(w);
}

void Sm::wakeSleepers() {
  // Every sleeper has an entry (its wake cycle) in wakeQ_, sorted by cycle;
  // entries whose slot no longer sleeps until that cycle (woken, blocked,
  // reused, slept again for longer) are stale and dropped as they reach the
  // front. Wakes every sleeper that is due; nextWake_ becomes the earliest
  // of the rest.
  while (wakeHead_ < wakeQ_.size()) {
    const Wake e = wakeQ_[wakeHead_];
    const bool live = (sleepMask_ & bit(e.slot)) && wakeAt_[e.slot] == e.at;
    if (live && e.at > cycle_)
      break;
    ++wakeHead_;
    if (live) {
      sleepMask_ &= ~bit(e.slot);
      readyMask_ |= bit(e.slot);
    }
  }
  if (wakeHead_ == wakeQ_.size()) {
    wakeQ_.clear();
    wakeHead_ = 0;
  } else if (wakeHead_ >= 64 && 2 * wakeHead_ >= wakeQ_.size()) {
    wakeQ_.erase(wakeQ_.begin(), wakeQ_.begin() + static_cast<ptrdiff_t>(wakeHead_));
    wakeHead_ = 0;
  }
  nextWake_ = wakeHead_ < wakeQ_.size() ? wakeQ_[wakeHead_].at : UINT64_MAX;
}

uint32_t Sm::pickRandom() {
  // xorshift64*, uniform among the ready slots.
  const uint64_t m = readyMask_;
  rng_ ^= rng_ >> 12;
  rng_ ^= rng_ << 25;
  rng_ ^= rng_ >> 27;
  const uint64_t r = rng_ * 0x2545F4914F6CDD1Dull;
  uint32_t k = static_cast<uint32_t>((r >> 32) % static_cast<uint32_t>(std::popcount(m)));
  uint64_t rest = m;
  while (k--)
    rest &= rest - 1;
  return static_cast<uint32_t>(std::countr_zero(rest));
}

//===-- Issue -------------------------------------------------------------===//

SmStop Sm::run(uint64_t until, uint64_t &budget) {
  setUpStartedCtas();
  inLoop_ = true;
  SmStop s;
  if (epoch_->isolated) // never with a break hook (the device runs in turn then)
    s = dev_.traceFn_ ? runImpl<true, true, true>(until, budget)
                      : runImpl<false, false, true>(until, budget);
  else
    s = dev_.traceFn_   ? runImpl<true, true, false>(until, budget)
        : dev_.breakFn_ ? runImpl<false, true, false>(until, budget)
                        : runImpl<false, false, false>(until, budget);
  inLoop_ = false;
  return s;
}

int Sm::nextToIssue() const {
  if (readyMask_ == 0)
    return sleepMask_ ? std::countr_zero(sleepMask_) : -1;
  if (cfg_.sched == SchedPolicy::RoundRobin)
    return static_cast<int>(roundRobinPick(readyMask_));
  return std::countr_zero(readyMask_);
}

bool Sm::serializes(const Inst &inst) {
  switch (inst.op) {
  case Op::ATOM:
  case Op::ATOMCAS:
  case Op::RED:
  case Op::LDLK:
  case Op::STUL: return true;
  case Op::LDC: return inst.constBank >= 2;
  default: // a user constant bank read as Sb or as the third source
    return (inst.sb.kind == SrcKind::Const && inst.sb.bank >= 2) ||
           (inst.sc.kind == SrcKind::Const && inst.sc.bank >= 2);
  }
}

namespace {
const std::atomic<bool> kNeverStop{false};
} // namespace

template <bool Traced, bool Breaks, bool Isolated>
SmStop Sm::runImpl(uint64_t until, uint64_t &budget) {
  // Device::requestStop() may set it at any time (a signal handler, another
  // thread): tested with the step budget, one branch per instruction. A
  // parallel epoch honours it at its end only (Device::run).
  const std::atomic<bool> &stopFlag = dev_.deferCtas_ ? kNeverStop : dev_.stopRequest_;
  while (cycle_ < until) {
    if (sleepMask_ != 0 && nextWake_ <= cycle_) [[unlikely]]
      wakeSleepers();
    if (readyMask_ == 0) [[unlikely]] {
      if (residentMask_ == 0)
        return SmStop::Empty;
      // Nothing ready: skip to the next wake-up (or idle to `until` when
      // every warp waits at a barrier or is frozen).
      cycle_ = sleepMask_ ? std::min(std::max(nextWake_, cycle_), until) : until;
      continue;
    }
    const uint32_t savedRr = rrNext_;
    const uint64_t savedRng = rng_;
    uint32_t slot;
    if (cfg_.sched == SchedPolicy::RoundRobin) [[likely]] {
      // The first ready slot at or after rrNext_, wrapping around.
      slot = roundRobinPick(readyMask_);
      rrNext_ = (slot + 1) & 63;
    } else {
      slot = pickRandom();
    }
    Warp &w = *warps_[slot];
    // Every stop before an instruction puts the scheduler back, so that the
    // next run picks this warp first: stopping is invisible to the schedule.
    if ((budget == 0) | stopFlag.load(std::memory_order_relaxed)) [[unlikely]] {
      rrNext_ = savedRr;
      rng_ = savedRng;
      stopSlot_ = slot;
      return stopFlag.load(std::memory_order_relaxed) ? SmStop::Interrupted : SmStop::StepLimit;
    }
    if constexpr (Isolated) {
      if (w.serialSites && w.ctl().pc < w.codeSize && w.serialSites[w.ctl().pc]) [[unlikely]] {
        rrNext_ = savedRr;
        rng_ = savedRng;
        stopSlot_ = slot;
        epoch_->paused = true;
        return SmStop::Paused;
      }
    }
    if constexpr (Breaks) {
      // The hook only where the debugger marked a break site (or everywhere
      // while it watches or replays): elsewhere a breakpoint costs this test.
      const uint32_t pc = w.ctl().pc;
      const bool site = pc < w.codeSize && w.breakSites[pc];
      if (site || dev_.breakEverywhere_) [[unlikely]] {
        BreakFn fn = dev_.breakFn_; // null with only a trace hook
        if (fn && !dev_.takeBreakSkip(w)) {
          BreakQuery q{id_, slot, w.grid->id, pc * 8, w.ctl().active, site};
          if (fn(dev_.breakCtx_, q)) {
            rrNext_ = savedRr;
            rng_ = savedRng;
            stopSlot_ = slot;
            return SmStop::Breakpoint;
          }
        }
      }
    }
    --budget;
    if (cfg_.sched == SchedPolicy::RoundRobin) {
      // The two lines the next warp's issue reads first (predicates, code
      // pointer, statistics, PC and active mask: Warp.h): with warps issuing
      // in turn they have left the host's L1 since its last instruction.
      if (const uint64_t m = readyMask_ & ~bit(slot)) {
        const Warp &n = *warps_[roundRobinPick(m)];
        __builtin_prefetch(&n.regs.pred);
        __builtin_prefetch(&n.ctl());
      }
    }
    if constexpr (!Traced) {
      if (issueFast(w)) {
        ++cycle_;
        continue;
      }
    }
    const bool slow = issue<Traced>(w);
    ++cycle_;
    if (slow && (dev_.stop_ || (Isolated && epoch_->halted))) [[unlikely]]
      return SmStop::Stop;
  }
  return SmStop::Reached;
}

bool Sm::stepWarp(uint32_t slot) {
  Warp &w = *warps_[slot];
  if (w.state != WarpState::Active)
    return false;
  if (sleepMask_ & bit(slot)) {
    sleepMask_ &= ~bit(slot);
    readyMask_ |= bit(slot);
  }
  cycle_ = std::max(cycle_, w.readyAt);
  inLoop_ = true;
  if (dev_.traceFn_)
    issue<true>(w);
  else
    issue<false>(w);
  inLoop_ = false;
  ++cycle_;
  return true;
}

void Sm::invalidInstruction(ExecContext &ctx, Warp &w, const Inst *inst) {
  if (!inst) {
    ctx.raise(FaultKind::InvalidInstruction, ctx.active, "PC outside the kernel image");
    w.faultDetail = "the kernel image has " + std::to_string(w.codeSize) + " instructions";
  } else {
    ctx.raise(FaultKind::InvalidInstruction, ctx.active, "undefined instruction encoding");
  }
}

inline void Sm::advance(Warp &w, ExecContext &ctx, const Inst &inst, uint32_t pc) {
  if (!inst.popSync) [[likely]]
    w.ctl().pc = pc + 1;
  else
    applyControlResult(ctx, w.stack().popSync(ctx.mask, pc + 1, cycle_));
}

[[gnu::always_inline]] inline bool Sm::issueFast(Warp &w) {
  WarpControl &c = w.ctl();
  const uint32_t pc = c.pc;
  if (pc >= w.codeSize)
    return false;
  const Inst &inst = w.code[pc];
  if (!inst.fast)
    return false;
  const uint32_t mask = c.active & w.regs.predMask(inst.guard);
  if (fast::isControl(fast::Form(inst.fast >> 2))) [[unlikely]] {
    if (inst.op == Op::BRA) {
      if (!w.stack().branchWithoutSplit(mask, mask, inst.target / 8, pc + 1,
                                        inst.mod[SIMT::MG_Uni] != 0))
        return false;
    } else if (mask != 0) { // EXIT, BRK, RET that no lane takes: the next PC
      return false;
    } else {
      c.pc = pc + 1;
    }
    countIssue(w, inst.op, mask);
    return true;
  }
  if (mask != 0)
    execFast(w.regs, *w.grid, inst, mask);
  countIssue(w, inst.op, mask);
  c.pc = pc + 1; // a fast form never carries the .S bit
  return true;
}

template <bool Traced> bool Sm::issue(Warp &w) {
  WarpControl &c = w.ctl();
  const uint32_t pc = c.pc;
  const uint32_t active = c.active;
  const Inst *inst = pc < w.codeSize ? &w.code[pc] : nullptr;
  const Op op = inst ? inst->op : Op::NumOps;
  const uint32_t mask = inst ? active & w.regs.predMask(inst->guard) : 0;
  ExecContext ctx{w.regs, w, *w.cta, *this, dev_, mask, active, cycle_};

  if constexpr (Traced) {
    if (dev_.traceFn_)
      beginTrace(w, ctx);
  }

  bool next = false;
  // One body per opcode, generated from SIMTInstrs.def: control instructions
  // always run (they also act on guard-false lanes); the others only when a
  // lane participates, and then fall through to the next PC.
#define SIMT_EXEC_BODY(Rec, IsControl)                                                         \
  if constexpr (IsControl) {                                                                   \
    exec_##Rec(ctx, *inst);                                                                    \
  } else {                                                                                     \
    if (mask != 0)                                                                             \
      exec_##Rec(ctx, *inst);                                                                  \
    next = true;                                                                               \
  }
#if SIMT_COMPUTED_GOTO
  static const void *const labels[NumOps + 1] = {
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, MayDiverge, IsControl, ...)                  \
  &&L_##Rec,
#include "SIMTInstrs.def"
      &&L_invalid};
  goto *labels[std::min(static_cast<unsigned>(op), NumOps)];
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, MayDiverge, IsControl, ...)                  \
  L_##Rec : SIMT_EXEC_BODY(Rec, IsControl) goto L_done;
#include "SIMTInstrs.def"
L_invalid:
  invalidInstruction(ctx, w, inst);
L_done:
#else
  switch (op) {
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, MayDiverge, IsControl, ...)                  \
  case Op::Rec:                                                                                \
    SIMT_EXEC_BODY(Rec, IsControl)                                                             \
    break;
#include "SIMTInstrs.def"
  default:
    invalidInstruction(ctx, w, inst);
    break;
  }
#endif
#undef SIMT_EXEC_BODY

  countIssue(w, op, mask);

  // A barrier arrival (which also flags w.event) completes on the slow path:
  // the arrival first, then the PC moves on unless it faulted.
  if (next && ctx.fault == FaultKind::None && !ctx.arrives) [[likely]]
    advance(w, ctx, *inst, pc);

  if constexpr (Traced) {
    if (dev_.traceFn_) {
      if (ctx.arrives) // the record shows the completed instruction
        completeArrival(w, ctx, pc);
      emitTrace(w, inst, pc, active, mask, ctx.fault);
    }
  }

  if ((ctx.fault != FaultKind::None) | (ctx.stallCycles != 0) | w.event) [[unlikely]] {
    afterEvent(w, ctx, pc);
    return true;
  }
  return false;
}

void Sm::afterEvent(Warp &w, ExecContext &ctx, uint32_t pc) {
  if (ctx.arrives) [[unlikely]]
    return arrivalEvent(w, ctx, pc); // a tail call: no frame here
  w.event = false;
  if (ctx.fault != FaultKind::None) {
    fault(w, ctx.fault, ctx.faultReason, ctx.faultLanes, pc * 8);
    return;
  }
  if (w.state == WarpState::Frozen)
    return; // its grid stopped during the instruction
  if (w.ctl().finished) {
    warpFinished(w); // may free the CTA and reuse the slot: `w` is dead
    return;
  }
  if (ctx.stallCycles != 0)
    w.readyAt = std::max(w.readyAt, cycle_ + 1 + ctx.stallCycles);
  if (w.state == WarpState::Barrier) {
    blockWarp(w);
    return;
  }
  if (w.readyAt > cycle_ + 1) {
    readyMask_ &= ~bit(w.slot);
    sleepUntil(w.slot, w.readyAt);
  }
}

void Sm::fault(Warp &w, FaultKind kind, const char *reason, uint32_t lanes, uint32_t pc) {
  if (!epoch_->isolated) {
    dev_.faultWarp(w, kind, reason, lanes, pc);
    return;
  }
  if (w.grid->state != GridState::Running || epoch_->fault)
    return;
  epoch_->fault = SmEpoch::Fault{w.slot, kind, reason, lanes, pc, cycle_};
  epoch_->halted = true;
}

void Sm::retireWarp(Warp &w) {
  if (epoch_->isolated) {
    const ContextId c = w.grid->params.context;
    std::vector<uint64_t> &r = epoch_->retiredInstructions;
    if (r.size() <= c)
      r.resize(c + 1, 0);
    r[c] += w.instructions;
  } else {
    dev_.sched_.warpRetired(w);
  }
  const SimtStack &s = w.stack();
  stats_.stack.add(s.cache().stats());
  stats_.simt.add(s.branchStats());
  if (cfg_.statsDetail)
    records_.push_back(warpRecord(w, id_, cycle_ + 1));
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

//===-- Barriers ------------------------------------------------------------===//

void Sm::openBarrier(Cta &cta, unsigned id, uint64_t now) {
  Barrier &b = cta.barriers[id];
  const Barrier snapshot = b;
  b.reset();
  for (uint64_t m = snapshot.waiters; m; m &= m - 1) {
    Warp &x = *warps_[std::countr_zero(m)];
    if (x.state != WarpState::Barrier)
      continue;
    if (x.bar.red) {
      uint32_t value = 0;
      switch (x.bar.op) {
      case SIMT::BarRed::POPC: value = snapshot.popc; break;
      case SIMT::BarRed::AND: value = snapshot.all ? 1 : 0; break;
      case SIMT::BarRed::OR: value = snapshot.any ? 1 : 0; break;
      }
      uint32_t v[WarpSize];
      std::fill(v, v + WarpSize, value);
      x.regs.writeReg(x.bar.rd, v, x.bar.lanes);
    }
    x.state = WarpState::Active;
    --cta.waitingWarps;
    makeReady(x, now + 1);
  }
}

void Sm::completeArrival(Warp &w, ExecContext &ctx, uint32_t pc) {
  ctx.arrives = false;
  arriveAtBarrier(ctx);
  if (ctx.fault == FaultKind::None)
    advance(w, ctx, w.code[pc], pc);
}

void Sm::arrivalEvent(Warp &w, ExecContext &ctx, uint32_t pc) {
  completeArrival(w, ctx, pc);
  afterEvent(w, ctx, pc);
}

void Sm::arriveAtBarrier(ExecContext &ctx) {
  Warp &w = ctx.warp;
  Cta &cta = ctx.cta;
  const BarrierWait &wait = w.bar;
  Barrier &b = cta.barriers[wait.id];
  ++b.arrivals;
  b.waiters |= bit(w.slot);
  if (wait.red) {
    b.popc += static_cast<uint32_t>(std::popcount(wait.votes));
    b.all = b.all && wait.votes == wait.lanes;
    b.any = b.any || wait.votes != 0;
  }
  w.state = WarpState::Barrier;
  w.event = true;
  ++cta.waitingWarps;
  if (b.arrivals >= cta.liveWarps) {
    openBarrier(cta, wait.id, ctx.cycle);
    return;
  }
  if (cta.waitingWarps >= cta.liveWarps) {
    w.faultDetail = describeBarriers(cta);
    ctx.raise(FaultKind::Deadlock, wait.lanes,
              "barrier deadlock: every live warp of the CTA waits and no barrier can open");
  }
}

std::string Sm::describeBarriers(const Cta &cta) const {
  std::string out;
  for (unsigned id = 0; id < NumBarriers; ++id) {
    const Barrier &b = cta.barriers[id];
    if (!b.arrivals)
      continue;
    if (!out.empty())
      out += "; ";
    out += "barrier " + std::to_string(id) + ": " + std::to_string(b.arrivals) + " of " +
           std::to_string(cta.liveWarps) + " arrivals (warps";
    for (uint64_t m = b.waiters; m; m &= m - 1)
      out += ' ' + std::to_string(warps_[std::countr_zero(m)]->index);
    out += ')';
  }
  return out;
}

void Sm::barriersAfterExit(Cta &cta) {
  // A barrier holds arrivals only while their warps wait (an opening resets
  // it): with no warp waiting there is nothing to open or to deadlock.
  if (cta.waitingWarps == 0)
    return;
  bool opened = false;
  for (unsigned id = 0; id < NumBarriers; ++id) {
    const Barrier &b = cta.barriers[id];
    if (b.arrivals != 0 && b.arrivals >= cta.liveWarps) {
      openBarrier(cta, id, cycle_);
      opened = true;
    }
  }
  if (opened || cta.waitingWarps == 0 || cta.waitingWarps < cta.liveWarps)
    return;
  // Every live warp waits and nothing can open: blame the lowest waiting warp.
  for (uint32_t slot : cta.slots) {
    Warp &x = *warps_[slot];
    if (x.state != WarpState::Barrier)
      continue;
    x.faultDetail = describeBarriers(cta);
    fault(x, FaultKind::Deadlock,
                   "barrier deadlock: every live warp of the CTA waits and no barrier can open",
                   x.bar.lanes, x.bar.pc * 8);
    return;
  }
}

//===-- Memory and constants -------------------------------------------------===//

GlobalLocks &Sm::globalLocks() { return dev_.locks_; }

uint8_t *Sm::globalSlow(const GlobalMemory &mem, uint64_t addr, uint64_t bytes) {
  MemRange r;
  if (!mem.find(addr, &r))
    return nullptr;
  memTag_ = mem.ctx;
  memRange_ = r;
  return r.at(addr, bytes);
}

namespace {
/// Appends `line` to lines[0..n) unless it is there already (in order).
inline void addDistinctLine(uint64_t *lines, unsigned &n, uint64_t line) {
  for (unsigned i = 0; i < n; ++i)
    if (lines[i] == line)
      return;
  lines[n++] = line;
}
} // namespace

void Sm::l2Access(ExecContext &ctx, const uint64_t *a, uint32_t mask, MemOp op) {
  // Distinct lines of the participating lanes, in lane order. Neighbouring
  // lanes mostly share a line, so compare with the previous one first.
  const uint32_t shift = l2_->lineShift();
  uint64_t lines[WarpSize];
  unsigned n = 0;
  uint64_t prev = ~uint64_t{0};
  for (uint32_t m = mask; m; m &= m - 1) {
    const uint64_t line = a[std::countr_zero(m)] >> shift;
    if (line == prev)
      continue;
    prev = line;
    addDistinctLine(lines, n, line);
  }
  l2Charge(ctx, lines, n, op);
}

void Sm::l2AccessSpan(ExecContext &ctx, uint64_t first, uint64_t last, MemOp op) {
  const uint32_t shift = l2_->lineShift();
  const uint64_t line0 = first >> shift;
  uint64_t lines[WarpSize];
  // At most one line per lane: no more than 32.
  const unsigned n =
      static_cast<unsigned>(std::min<uint64_t>((last >> shift) - line0 + 1, WarpSize));
  for (unsigned i = 0; i < n; ++i)
    lines[i] = line0 + i;
  l2Charge(ctx, lines, n, op);
}

void Sm::globalAccessRuns(ExecContext &ctx, const uint64_t *firsts, unsigned count,
                          uint64_t bytes, MemOp op) {
  if (!l2_ || count == 0)
    return;
  const uint32_t shift = l2_->lineShift();
  uint64_t lines[WarpSize];
  unsigned n = 0;
  for (unsigned r = 0; r < count; ++r)
    for (uint64_t line = firsts[r] >> shift, last = (firsts[r] + bytes - 1) >> shift;
         line <= last && n < WarpSize; ++line)
      addDistinctLine(lines, n, line);
  l2Charge(ctx, lines, n, op);
}

/// The L2 model for `n` distinct lines, in order: one access each in its
/// slice, then the latency charge.
void Sm::l2Charge(ExecContext &ctx, const uint64_t *lines, unsigned n, MemOp op) {
  const ContextId c = ctx.warp.grid->params.context;
  uint32_t worst = 0;
  if (epoch_->isolated) {
    // A parallel epoch's isolated SM: the tags as the epoch began plus its
    // own lines; logged for the commit (SmEpoch).
    for (unsigned i = 0; i < n; ++i) {
      const L2System::Where where = l2_->locate(c, lines[i]);
      const bool hit = epoch_->seen.insert(c, lines[i]) || l2_->holds(where);
      epoch_->logL2(where, hit);
      worst = std::max(worst, l2_->latency(hit, op));
    }
  } else {
    for (unsigned i = 0; i < n; ++i)
      worst = std::max(worst, l2_->access(c, lines[i], op));
  }
  if (l2_->missLatency() == 0)
    return; // T = 0: counted, not charged
  // A load or atomic waits for its slowest line, the requests for the others
  // following one per cycle; a store is posted: one cycle per further line.
  // The issue cycle itself is already counted.
  const uint32_t cost = op == MemOp::Write ? n : worst + n - 1;
  if (cost > 1)
    ctx.stallCycles = std::max(ctx.stallCycles, cost - 1);
}

uint32_t Sm::constAccess(const Grid &g, uint8_t bank, uint32_t offset) {
  ConstCache *cc = dev_.constCache();
  if (!cc || !g.holdsConstRef)
    return 0;
  const uint32_t lat = cc->accessLine(id_, g.constVersion, bank, offset);
  return lat > 1 ? lat - 1 : 0; // an L1 hit is covered by the issue cycle
}

uint64_t Sm::userConstant(ExecContext &ctx, uint8_t bank, uint32_t offset,
                          unsigned words) {
  const Grid &g = *ctx.warp.grid;
  ConstCache *cc = dev_.constCache();
  if (!cc || !g.holdsConstRef || bank >= kConstBanks || offset > kConstBankBytes - 4)
    return 0;
  const uint32_t lineBytes = cc->config().lineBytes;
  uint32_t lat = cc->accessLine(id_, g.constVersion, bank, offset);
  uint64_t v = cc->value32(g.constVersion, bank, offset);
  const uint32_t hiOffset = offset + 4;
  if (words == 2 && hiOffset <= kConstBankBytes - 4) {
    if (hiOffset / lineBytes != offset / lineBytes) // a misaligned pair spans two lines
      lat = std::max(lat, cc->accessLine(id_, g.constVersion, bank, hiOffset));
    v |= uint64_t(cc->value32(g.constVersion, bank, hiOffset)) << 32;
  }
  if (lat > 1)
    ctx.stallCycles = std::max(ctx.stallCycles, lat - 1);
  return v;
}

uint32_t readConstant(ExecContext &ctx, uint8_t bank, uint32_t offset) {
  const Grid &g = *ctx.warp.grid;
  if (bank == 0)
    return g.bank0Word(offset);
  if (bank == 1)
    return g.bank1Word(offset);
  return static_cast<uint32_t>(ctx.sm.userConstant(ctx, bank, offset));
}

uint64_t readConstant64(ExecContext &ctx, uint8_t bank, uint32_t offset) {
  if (bank <= 1)
    return readConstant(ctx, bank, offset) |
           uint64_t(readConstant(ctx, bank, offset + 4)) << 32;
  return ctx.sm.userConstant(ctx, bank, offset, 2);
}

//===-- Trace -----------------------------------------------------------------===//

void Sm::beginTrace(Warp &w, ExecContext &ctx) {
  const uint8_t detail = dev_.traceDetail_;
  if (detail & TraceWrites) {
    if (!traceBefore_)
      traceBefore_ = std::make_unique<WarpRegs>();
    std::memcpy(static_cast<void *>(traceBefore_.get()), &w.regs, sizeof(WarpRegs));
  }
  trace_.mem.clear();
  if (detail & TraceMemory)
    ctx.memEffects = &trace_.mem;
  if (detail & TraceStack) {
    // The tokens as they are: what an instruction pops is gone afterwards.
    const SimtStack &s = w.stack();
    stackBefore_.clear();
    for (uint32_t i = 0; i < s.depth(); ++i)
      stackBefore_.push_back(s.level(i).token);
  }
}

void Sm::emitTrace(Warp &w, const Inst *inst, uint32_t pc, uint32_t activeBefore,
                   uint32_t participating, FaultKind fault) {
  TraceRecord &t = trace_;
  t.cycle = cycle_;
  t.sm = id_;
  t.grid = w.grid->id;
  std::copy(w.cta->id, w.cta->id + 3, t.cta);
  t.warp = w.index;
  t.slot = w.slot;
  t.pc = pc * 8;
  t.inst = inst;
  t.activeBefore = activeBefore;
  t.participating = participating;
  t.activeAfter = w.ctl().active;
  t.pcAfter = w.ctl().pc * 8;
  t.finished = w.ctl().finished;
  t.fault = fault;
  t.regs.clear();
  t.preds.clear();
  t.ccLanes = 0;
  const WarpRegs &after = w.regs;
  if (dev_.traceDetail_ & TraceWrites) {
    const WarpRegs &before = *traceBefore_;
    for (unsigned r = 0; r < RZ; ++r) {
      uint32_t lanes = 0;
      for (unsigned l = 0; l < WarpSize; ++l)
        lanes |= uint32_t(after.r[r][l] != before.r[r][l]) << l;
      if (!lanes)
        continue;
      RegWrite rw;
      rw.reg = static_cast<uint8_t>(r);
      rw.lanes = lanes;
      std::memcpy(rw.value, after.r[r], sizeof rw.value);
      t.regs.push_back(rw);
    }
    for (unsigned p = 0; p < PT; ++p)
      if (const uint32_t lanes = after.pred[p] ^ before.pred[p])
        t.preds.push_back({static_cast<uint8_t>(p), lanes, after.pred[p]});
    t.ccLanes = (after.ccZF ^ before.ccZF) | (after.ccSF ^ before.ccSF) |
                (after.ccCF ^ before.ccCF) | (after.ccOF ^ before.ccOF);
  }
  t.ccAfter[0] = after.ccZF;
  t.ccAfter[1] = after.ccSF;
  t.ccAfter[2] = after.ccCF;
  t.ccAfter[3] = after.ccOF;
  t.stack.clear();
  if (dev_.traceDetail_ & TraceStack) {
    // An instruction only pushes or only pops: the depth tells which.
    const SimtStack &s = w.stack();
    const uint32_t was = static_cast<uint32_t>(stackBefore_.size()), now = s.depth();
    for (uint32_t i = was; i < now; ++i)
      t.stack.push_back({true, s.level(i).token, i + 1});
    for (uint32_t i = was; i > now; --i)
      t.stack.push_back({false, stackBefore_[i - 1], i - 1});
  }
  dev_.traceFn_(dev_.traceCtx_, t);
}

//===-- Statistics ------------------------------------------------------------===//

SmStats Sm::statsWithLive() const {
  SmStats s = stats_;
  s.cyclesBusy = s.instr.warp(); // one issue per busy cycle
  for (uint64_t m = residentMask_; m; m &= m - 1) {
    const Warp &w = *warps_[std::countr_zero(m)];
    if (w.state == WarpState::Done || !w.hasStack())
      continue;
    s.stack.add(w.stack().cache().stats());
    s.simt.add(w.stack().branchStats());
  }
  if (const ConstCache *cc = dev_.constCache(); cc && id_ < cc->config().numSMs)
    s.constCache = cc->smStats(id_);
  return s;
}

void Sm::appendLiveRecords(std::vector<WarpRecord> &out) const {
  for (uint64_t m = residentMask_; m; m &= m - 1) {
    const Warp &w = *warps_[std::countr_zero(m)];
    if (w.state == WarpState::Done || w.state == WarpState::Free)
      continue;
    out.push_back(warpRecord(w, id_, cycle_));
  }
}

void Sm::resetStats() {
  stats_ = SmStats{};
  stats_.sm = id_;
  records_.clear();
  for (auto &w : warps_)
    if (w->hasStack() && w->state != WarpState::Free) {
      w->stack().clearStats();
      w->instructions = w->threads = 0;
    }
}

template SmStop Sm::runImpl<false, false, false>(uint64_t, uint64_t &);
template SmStop Sm::runImpl<false, true, false>(uint64_t, uint64_t &);
template SmStop Sm::runImpl<true, true, false>(uint64_t, uint64_t &);
template SmStop Sm::runImpl<false, false, true>(uint64_t, uint64_t &);
template SmStop Sm::runImpl<true, true, true>(uint64_t, uint64_t &);

} // namespace simt::emu

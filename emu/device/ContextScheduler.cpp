//===-- ContextScheduler.cpp - Which CTAs run on which SM -----------------===//
//
// In-order CTA dispatch to the least-loaded SM, and with several contexts:
// allocation (static or an even split), its mapping onto SMs (an SM keeps
// the context it holds while that context still has SMs to fill, so a
// change moves as few SMs as possible), per-SM switching, draining,
// preemption and time slices, blocked-cycle accounting and rebalancing,
// and the reports.
//
//===----------------------------------------------------------------------===//
#include "emu/device/ContextScheduler.h"

#include "emu/mem/ConstCache.h"
#include "emu/core/Sm.h"

#include <algorithm>

namespace simt::emu {

ContextScheduler::ContextScheduler(const ContextConfig &cfg,
                                   std::vector<std::unique_ptr<Sm>> &sms)
    : cfg_(cfg), sms_(sms) {
  smCtx_.resize(sms_.size());
  ctxs_.emplace_back();
  ctxs_[0].name = "default";
  for (const CtxShare &share : cfg_.alloc) {
    CtxState &c = ctxs_[context(share.name)];
    c.staticSms = std::max(c.staticSms, 0) + static_cast<int32_t>(share.sms);
  }
  if (!cfg_.alloc.empty()) {
    multi_ = true;
    allocDirty_ = true;
  }
  nextRebalance_ = cfg_.rebalancePeriod;
}

//===-- Grids and CTAs --------------------------------------------------------------===//

void ContextScheduler::gridLaunched(Grid &g) {
  CtxState &cs = ctxs_[g.params.context];
  cs.queue.push_back(&g);
  ++cs.counters.gridsLaunched;
  if (cs.runningGrids++ == 0 && (multi_ || g.params.context != 0)) {
    multi_ = true; // a context change (ISA.md 7)
    allocDirty_ = true;
  }
}

void ContextScheduler::schedule(uint64_t now, bool boundary) {
  if (multi_)
    manageContexts(now, boundary);
  else
    dispatch(now);
}

void ContextScheduler::dispatch(uint64_t now) {
  for (ContextId c = 0; c < ctxs_.size(); ++c)
    if (ctxs_[c].waiting())
      dispatchContext(c, now);
}

Sm *ContextScheduler::pickSm(const Grid &g, ContextId c) const {
  // The least-loaded SM that can take the CTA; ties go round robin from
  // the SM after the last one given a CTA (ISA.md 1).
  const uint32_t n = static_cast<uint32_t>(sms_.size());
  Sm *best = nullptr;
  for (uint32_t k = 0; k < n; ++k) {
    Sm &sm = *sms_[(nextSm_ + k) % n];
    if (multi_ && !accepts(sm.id(), c))
      continue;
    if (!sm.fits(g))
      continue;
    if (constCache_ && g.holdsConstRef && !constCache_->canRunVersion(sm.id(), g.constVersion))
      continue;
    if (!best || sm.ctas().size() < best->ctas().size())
      best = &sm;
  }
  return best;
}

void ContextScheduler::placed(uint32_t sm) {
  nextSm_ = (sm + 1) % static_cast<uint32_t>(sms_.size());
}

bool ContextScheduler::dispatchContext(ContextId c, uint64_t now) {
  CtxState &cs = ctxs_[c];
  // Preempted CTAs first, on any SM serving the context (migration).
  while (!cs.saved.empty()) {
    SavedCta &sv = cs.saved.front();
    Grid &g = *sv.cta->grid;
    Sm *target = pickSm(g, c);
    if (!target)
      return false;
    if (constCache_ && g.holdsConstRef)
      constCache_->smBegin(target->id(), g.constVersion);
    const uint64_t at = std::max(now, smCtx_[target->id()].busyUntil);
    target->restoreCta(std::move(sv), now, at);
    placed(target->id());
    cs.saved.pop_front();
    ++cs.counters.restored;
    ++ctasPlaced_;
  }
  while (!cs.queue.empty()) {
    Grid &g = *cs.queue.front();
    while (g.ctasToDispatch()) {
      Sm *target = pickSm(g, c);
      if (!target)
        return false; // in order: later CTAs and grids wait for room
      if (constCache_ && g.holdsConstRef)
        constCache_->smBegin(target->id(), g.constVersion);
      target->startCta(g, g.takeCta(), std::max(now, smCtx_[target->id()].busyUntil));
      placed(target->id());
      ++g.ctasResident;
      ++ctasPlaced_;
    }
    cs.queue.erase(cs.queue.begin());
  }
  return true;
}

Grid *ContextScheduler::reservableGrid() const {
  if (multi_ || !ctxs_[0].saved.empty() || ctxs_[0].queue.empty())
    return nullptr;
  Grid *g = ctxs_[0].queue.front();
  if (!g->ctasToDispatch())
    return nullptr;
  return g;
}

void ContextScheduler::warpRetired(const Warp &w) {
  if (w.grid && w.grid->params.context < ctxs_.size())
    ctxs_[w.grid->params.context].counters.instructions += w.instructions;
}

void ContextScheduler::gridEnded(Grid &g, GridState state) {
  CtxState &cs = ctxs_[g.params.context];
  if (g.state == GridState::Running && --cs.runningGrids == 0 && multi_)
    allocDirty_ = true; // a context change
  if (state == GridState::Done)
    ++cs.counters.gridsDone;
  cs.queue.erase(std::remove(cs.queue.begin(), cs.queue.end(), &g), cs.queue.end());
}

void ContextScheduler::parkSaved(Grid &g) {
  CtxState &cs = ctxs_[g.params.context];
  for (auto it = cs.saved.begin(); it != cs.saved.end();) {
    if (it->cta->grid != &g) {
      ++it;
      continue;
    }
    for (auto &w : it->warps)
      if (w->state != WarpState::Done)
        w->state = WarpState::Frozen;
    cs.parked.push_back(std::move(*it));
    it = cs.saved.erase(it);
  }
}

void ContextScheduler::addPreemptedStats(StackCacheStats &stack, BranchStats &simt) const {
  for (const CtxState &c : ctxs_)
    for (const SavedCta &sv : c.saved)
      for (const auto &w : sv.warps)
        if (w->state != WarpState::Done && w->hasStack()) {
          stack.add(w->stack().cache().stats());
          simt.add(w->stack().branchStats());
        }
}

size_t ContextScheduler::savedBytes() const {
  size_t bytes = 0;
  for (const CtxState &c : ctxs_)
    for (const auto *q : {&c.saved, &c.parked})
      for (const SavedCta &s : *q)
        bytes += sizeof(Cta) + s.cta->shared.size() + s.cta->local.size() +
                 s.warps.size() * sizeof(Warp);
  return bytes;
}

//===-- Contexts --------------------------------------------------------------------===//

ContextId ContextScheduler::findContext(std::string_view name) const {
  for (ContextId c = 0; c < ctxs_.size(); ++c)
    if (ctxs_[c].name == name)
      return c;
  return kNoContext;
}

ContextId ContextScheduler::context(std::string_view name) {
  if (ContextId c = findContext(name); c != kNoContext)
    return c;
  ctxs_.emplace_back();
  ctxs_.back().name = std::string(name);
  return static_cast<ContextId>(ctxs_.size() - 1);
}

bool ContextScheduler::hasWorkFor(ContextId c, uint32_t s) const {
  return ctxs_[c].waiting() || (smCtx_[s].held == c && !sms_[s]->empty());
}

void ContextScheduler::manageContexts(uint64_t now, bool boundary) {
  if (!multi_)
    return;
  if (allocDirty_) {
    // A context change starts from the plain split again.
    for (CtxState &cs : ctxs_)
      cs.delta = 0;
    recomputeAllocation(now, cfg_.alloc.empty() ? "context change" : "static");
  }
  if (boundary && cfg_.rebalancePeriod && now >= nextRebalance_)
    rebalance(now);
  for (uint32_t s = 0; s < sms_.size(); ++s)
    updateSm(s, now, boundary);
  dispatch(now);
}

void ContextScheduler::recomputeAllocation(uint64_t now, const char *reason) {
  allocDirty_ = false;
  const uint32_t S = static_cast<uint32_t>(sms_.size());
  const bool isStatic = !cfg_.alloc.empty();

  // Quotas: --ctx-alloc counts (kept even while the context is idle), the
  // rest split evenly among the active contexts; rebalancing's deltas on top.
  std::vector<uint32_t> quota(ctxs_.size(), 0);
  std::vector<ContextId> others;
  uint32_t reserved = 0;
  for (ContextId c = 0; c < ctxs_.size(); ++c) {
    CtxState &cs = ctxs_[c];
    if (isStatic && cs.staticSms >= 0)
      reserved += static_cast<uint32_t>(cs.staticSms);
    else if (cs.active())
      others.push_back(c);
  }
  const uint32_t pool = isStatic ? (S > reserved ? S - reserved : 0) : S;
  const uint32_t n = static_cast<uint32_t>(others.size());
  for (uint32_t i = 0; i < n; ++i)
    quota[others[i]] = std::max<uint32_t>(1, pool / n + (i < pool % n ? 1 : 0));
  for (ContextId c = 0; c < ctxs_.size(); ++c) {
    CtxState &cs = ctxs_[c];
    if (isStatic && cs.staticSms >= 0)
      quota[c] = static_cast<uint32_t>(cs.staticSms);
    if (quota[c] && cs.active())
      quota[c] = static_cast<uint32_t>(std::max<int64_t>(1, int64_t{quota[c]} + cs.delta));
    cs.quota = quota[c];
  }

  // Placement order: the contexts of --ctx-alloc in spec order (their ids),
  // then the others by id.
  std::vector<ContextId> order;
  for (ContextId c = 0; c < ctxs_.size(); ++c)
    if (quota[c] && isStatic && ctxs_[c].staticSms >= 0)
      order.push_back(c);
  for (ContextId c = 0; c < ctxs_.size(); ++c)
    if (quota[c] && !(isStatic && ctxs_[c].staticSms >= 0))
      order.push_back(c);

  std::vector<std::vector<ContextId>> owners(S);
  std::vector<uint32_t> rem = quota;
  // 1. An SM keeps the context it holds while that context has SMs to fill.
  for (uint32_t s = 0; s < S; ++s) {
    const ContextId h = smCtx_[s].held;
    if (h != kNoContext && h < rem.size() && rem[h] > 0 && sms_[s]->everUsed()) {
      owners[s] = {h};
      --rem[h];
    }
  }
  // 2. Free SMs, lowest first, in placement order.
  for (ContextId c : order)
    for (uint32_t s = 0; s < S && rem[c] > 0; ++s)
      if (owners[s].empty()) {
        owners[s] = {c};
        --rem[c];
      }
  // 3. More SMs asked for than exist: share, the least shared SM first.
  for (ContextId c : order)
    while (rem[c] > 0) {
      uint32_t best = S;
      for (uint32_t s = 0; s < S; ++s)
        if (std::find(owners[s].begin(), owners[s].end(), c) == owners[s].end() &&
            (best == S || owners[s].size() < owners[best].size()))
          best = s;
      if (best == S)
        break;
      owners[best].push_back(c);
      --rem[c];
    }

  bool changed = history_.empty();
  for (uint32_t s = 0; s < S; ++s)
    if (smCtx_[s].owners != owners[s]) {
      changed = true;
      smCtx_[s].owners = owners[s];
    }
  if (changed && history_.size() < 10000)
    history_.push_back({now, reason, owners});
}

void ContextScheduler::rebalance(uint64_t now) {
  const uint64_t period = cfg_.rebalancePeriod;
  nextRebalance_ = now + period;
  ContextId most = kNoContext, least = kNoContext;
  for (ContextId c = 0; c < ctxs_.size(); ++c) {
    const CtxState &cs = ctxs_[c];
    if (!cs.active() || cs.quota == 0)
      continue;
    if (most == kNoContext || cs.windowBlocked > ctxs_[most].windowBlocked)
      most = c;
    if (least == kNoContext || cs.windowBlocked < ctxs_[least].windowBlocked)
      least = c;
  }
  const uint64_t threshold =
      cfg_.rebalanceThreshold ? cfg_.rebalanceThreshold : period / 4;
  if (most != kNoContext && most != least &&
      ctxs_[most].windowBlocked > ctxs_[least].windowBlocked + threshold &&
      ctxs_[least].quota > 1) {
    ++ctxs_[most].delta;
    --ctxs_[least].delta;
    recomputeAllocation(now, "rebalance");
  }
  for (CtxState &cs : ctxs_)
    cs.windowBlocked = 0;
}

bool ContextScheduler::preemptSm(uint32_t s, uint64_t now) {
  Sm &sm = *sms_[s];
  for (const auto &cta : sm.ctas())
    if (cta->grid->state != GridState::Running)
      return false; // a stopped grid's frozen CTAs stay for inspection
  const ContextId held = smCtx_[s].held;
  while (!sm.ctas().empty()) {
    Cta &cta = *sm.ctas().front();
    ctxs_[held].saved.push_back(sm.saveCta(cta, now));
    ++ctxs_[held].counters.preempted;
  }
  return true;
}

void ContextScheduler::switchSm(uint32_t s, ContextId to, uint64_t now) {
  SmCtx &x = smCtx_[s];
  if (x.held != to && sms_[s]->everUsed()) {
    x.busyUntil = std::max(x.busyUntil, now) + cfg_.switchCycles;
    ++ctxSwitches_;
    ++ctxs_[to].counters.switchesIn;
  }
  x.held = to;
  x.since = now;
  x.draining = false;
  x.accepting = std::find(x.owners.begin(), x.owners.end(), to) != x.owners.end();
}

void ContextScheduler::updateSm(uint32_t s, uint64_t now, bool boundary) {
  SmCtx &x = smCtx_[s];
  Sm &sm = *sms_[s];
  const ContextId held = x.held;
  const bool owned = std::find(x.owners.begin(), x.owners.end(), held) != x.owners.end();
  // The owners with work for this SM, and the next one after `held` (round
  // robin in owner order).
  ContextId next = kNoContext;
  bool heldHasWork = false;
  uint32_t withWork = 0;
  const size_t n = x.owners.size();
  size_t start = 0;
  for (size_t i = 0; i < n; ++i)
    if (x.owners[i] == held)
      start = i + 1;
  for (size_t k = 0; k < n; ++k) {
    const ContextId c = x.owners[(start + k) % n];
    if (!hasWorkFor(c, s))
      continue;
    ++withWork;
    if (c == held)
      heldHasWork = true;
    else if (next == kNoContext)
      next = c;
  }
  bool sliceEnd = false;
  ContextId target = held;
  if (next != kNoContext) {
    if (!owned || !heldHasWork)
      target = next; // the SM was reallocated, or `held` has nothing for it
    else if (withWork > 1 && now - x.since >= cfg_.slice) {
      target = next; // a shared SM's time slice ended
      sliceEnd = true;
    }
  }
  if (target == held) {
    x.accepting = owned;
    x.draining = false;
    return;
  }
  x.accepting = false; // no new CTAs of `held` here
  if (!sm.empty()) {
    if (!sliceEnd) {
      // Migration: let the CTAs of `held` finish, for one slice at most.
      if (!x.draining) {
        x.draining = true;
        x.drainSince = now;
      }
      if (now - x.drainSince < cfg_.slice)
        return;
    }
    if (!boundary || !preemptSm(s, now))
      return;
  }
  // A switch that costs something (the SM ran before) fills this SM at once,
  // before the next SM decides: the work may fit here, sparing that SM a
  // switch. An SM that never ran switches for free; the dispatch after the
  // last SM spreads the work over every such SM (ISA.md 1).
  const bool paid = sm.everUsed();
  switchSm(s, target, now);
  if (paid)
    dispatch(now);
}

void ContextScheduler::accountEpoch(uint64_t from, uint64_t to) {
  if (to <= from)
    return;
  const uint64_t len = to - from;
  for (CtxState &cs : ctxs_)
    if (cs.active() && cs.waiting()) {
      cs.counters.blockedCycles += len;
      cs.windowBlocked += len;
    }
  for (uint32_t s = 0; s < sms_.size(); ++s) {
    const ContextId h = smCtx_[s].held;
    if (h < ctxs_.size() && !sms_[s]->empty())
      ctxs_[h].counters.smCycles += len;
  }
}

void ContextScheduler::dropSaved(Grid &g) {
  CtxState &cs = ctxs_[g.params.context];
  for (auto *q : {&cs.saved, &cs.parked})
    for (auto it = q->begin(); it != q->end();) {
      if (it->cta->grid == &g) {
        --g.ctasResident;
        it = q->erase(it);
      } else {
        ++it;
      }
    }
}

//===-- Reports -------------------------------------------------------------------===//

std::vector<ContextInfo> ContextScheduler::contexts() const {
  std::vector<ContextInfo> out;
  for (ContextId c = 0; c < ctxs_.size(); ++c) {
    const CtxState &cs = ctxs_[c];
    ContextInfo i;
    i.id = c;
    i.name = cs.name;
    i.quota = multi_ ? cs.quota : (c == 0 ? static_cast<uint32_t>(sms_.size()) : 0);
    for (uint32_t s = 0; s < sms_.size(); ++s) {
      const auto &o = smCtx_[s].owners;
      if (std::find(o.begin(), o.end(), c) != o.end())
        i.sms.push_back(s);
      if (smCtx_[s].held == c && !sms_[s]->empty())
        i.heldBy.push_back(s);
      for (const auto &cta : sms_[s]->ctas())
        if (cta->grid->params.context == c)
          ++i.residentCtas;
    }
    i.runningGrids = cs.runningGrids;
    for (const Grid *g : cs.queue)
      i.pendingCtas += g->ctasUndispatched();
    i.savedCtas = static_cast<uint32_t>(cs.saved.size() + cs.parked.size());
    i.counters = cs.counters;
    out.push_back(std::move(i));
  }
  return out;
}

namespace {
std::string smList(const std::vector<uint32_t> &v) {
  if (v.empty())
    return "none";
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}
} // namespace

std::string ContextScheduler::contextsReport() const {
  std::string out;
  const auto infos = contexts();
  out += "contexts: " + std::to_string(infos.size()) + " (" +
         (!multi_ ? "single" : cfg_.alloc.empty() ? "dynamic" : "static") +
         " allocation), switch cost " + std::to_string(cfg_.switchCycles) +
         " cycles, slice " + std::to_string(cfg_.slice) + " cycles";
  if (cfg_.rebalancePeriod)
    out += ", rebalance every " + std::to_string(cfg_.rebalancePeriod) + " cycles";
  out += "\n";
  for (const ContextInfo &i : infos) {
    out += "  context " + std::to_string(i.id) + " \"" + i.name + "\": " +
           std::to_string(i.quota) + " SMs [" + smList(i.sms) + "], holding [" +
           smList(i.heldBy) + "], " + std::to_string(i.runningGrids) + " grids running, CTAs " +
           std::to_string(i.residentCtas) + " resident " + std::to_string(i.pendingCtas) +
           " pending " + std::to_string(i.savedCtas) + " saved; blocked " +
           std::to_string(i.counters.blockedCycles) + " cycles, " +
           std::to_string(i.counters.switchesIn) + " switches in, " +
           std::to_string(i.counters.preempted) + " CTAs preempted\n";
  }
  for (const AllocationRecord &r : history_) {
    out += "  cycle " + std::to_string(r.cycle) + " (" + r.reason + "):";
    for (uint32_t s = 0; s < r.owners.size(); ++s) {
      out += " sm" + std::to_string(s) + "=";
      if (r.owners[s].empty())
        out += "-";
      for (size_t k = 0; k < r.owners[s].size(); ++k)
        out += (k ? "+" : "") + ctxs_[r.owners[s][k]].name;
    }
    out += "\n";
  }
  return out;
}

std::string ContextScheduler::contextsJson() const {
  JsonWriter w;
  w.beginObject();
  w.field("count", numContexts());
  w.field("mode", !multi_ ? "single" : cfg_.alloc.empty() ? "dynamic" : "static");
  w.field("switch_cycles", cfg_.switchCycles);
  w.field("slice", cfg_.slice);
  w.field("rebalance_period", cfg_.rebalancePeriod);
  w.field("switches", ctxSwitches_);
  w.key("by_context").beginArray();
  for (const ContextInfo &i : contexts()) {
    w.beginObject();
    w.field("id", i.id);
    w.field("name", i.name);
    w.field("sms", i.quota);
    w.key("sm_list").beginArray();
    for (uint32_t s : i.sms)
      w.value(s);
    w.endArray();
    w.field("grids", i.counters.gridsLaunched);
    w.field("grids_done", i.counters.gridsDone);
    w.field("ctas_done", i.counters.ctasDone);
    w.field("instructions", i.counters.instructions);
    w.field("blocked_cycles", i.counters.blockedCycles);
    w.field("sm_cycles", i.counters.smCycles);
    w.field("switches_in", i.counters.switchesIn);
    w.field("preempted_ctas", i.counters.preempted);
    w.field("restored_ctas", i.counters.restored);
    w.endObject();
  }
  w.endArray();
  w.key("history").beginArray();
  for (const AllocationRecord &r : history_) {
    w.beginObject();
    w.field("cycle", r.cycle);
    w.field("reason", r.reason);
    w.key("alloc").beginObject();
    for (ContextId c = 0; c < ctxs_.size(); ++c) {
      std::vector<uint32_t> list;
      for (uint32_t s = 0; s < r.owners.size(); ++s)
        if (std::find(r.owners[s].begin(), r.owners[s].end(), c) != r.owners[s].end())
          list.push_back(s);
      if (list.empty())
        continue;
      w.key(ctxs_[c].name).beginArray();
      for (uint32_t s : list)
        w.value(s);
      w.endArray();
    }
    w.endObject();
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.take();
}

} // namespace simt::emu

//===-- SmProfiling.cpp - One SM: the profile's counters ------------------===//
//
// What an SM counts into an attached profile (SmHooks::profile,
// emu/core/ProfileCounters.h) beyond each instruction's issue
// (Sm::profileIssue): a slow-path instruction's divergence, memory requests
// and lock failures, and the warps' pointers to their counters. Residency,
// barrier, L2 and constant-cache events add to the grid's counters where
// they happen (SmResidency.cpp, SmBarriers.cpp, SmMemory.cpp).
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include <bit>

namespace simt::emu {

void Sm::profileEffects(Warp &w, const Inst *inst, uint32_t pc, uint32_t activeBefore,
                        uint32_t mask, const ExecContext &ctx) {
  GridCounters *g = w.profGrid;
  if (!g || !inst)
    return;
  PcCounts d;
  // A split leaves the taken lanes active: fewer than before, but some.
  const uint32_t after = w.ctl().active;
  if (opInfo(inst->op).mayDiverge && after && after != activeBefore &&
      ctx.fault == FaultKind::None && !w.ctl().finished)
    d.divergent = 1;
  if (ctx.memEffects)
    for (const MemAccess &a : *ctx.memEffects)
      d.addMemory(a);
  if (d.divergent | d.memRequests) {
    g->counts.add(d);
    if (pc < w.codeSize)
      w.profPcs[pc].add(d);
  }
  // A lane whose load-and-lock found the word locked reads false.
  if (opInfo(inst->op).isLockLoad() && ctx.fault == FaultKind::None) {
    const uint32_t taken = inst->pd == PT ? mask : w.regs.pred[inst->pd];
    g->lockFailures += static_cast<uint32_t>(std::popcount(mask & ~taken));
  }
}

void Sm::bindProfile(Warp &w) {
  if (!hooks_.profile || !w.grid) {
    w.profPcs = nullptr;
    w.profGrid = nullptr;
    return;
  }
  SmProfile &p = profile();
  w.profPcs = p.pcs(w.grid->params.kernel.code, w.codeSize);
  w.profGrid = &p.grid(w.grid->id);
}

void Sm::profileAttached() {
  for (auto &w : warps_)
    if (w->state != WarpState::Free)
      bindProfile(*w);
    else
      w->profPcs = nullptr, w->profGrid = nullptr;
  if (hooks_.profile)
    for (const auto &c : ctas_)
      profile().ctaStarted(*c, id_, cycle_);
}

void Sm::noteConstAccess(const Grid &g, const ConstCacheStats &before) {
  const ConstCacheStats &now = hooks_.constCache->smStats(id_);
  ConstCacheStats &c = profile().grid(g.id).constCache;
  c.l1_hits += now.l1_hits - before.l1_hits;
  c.l1_misses += now.l1_misses - before.l1_misses;
  c.l2_hits += now.l2_hits - before.l2_hits;
  c.l2_misses += now.l2_misses - before.l2_misses;
  c.l1_to_l1_copies += now.l1_to_l1_copies - before.l1_to_l1_copies;
  c.l1_to_l2_copies += now.l1_to_l2_copies - before.l1_to_l2_copies;
  c.locked_stalls += now.locked_stalls - before.locked_stalls;
}

} // namespace simt::emu

//===-- SmBarriers.cpp - One SM: CTA barriers -----------------------------===//
//
// BAR.SYNC, BAR.RED and BAR.ARV (ISA.md 4): a warp's arrival, completed by
// the SM after the instruction's body; the opening once every live warp of
// the CTA has arrived, or the warps of its thread count (reductions written
// to the waiters); and the deadlock fault when every live warp waits and no
// barrier can open, also after a warp exits.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include <algorithm>
#include <bit>

namespace simt::emu {

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
    if (hooks_.profile && x.profGrid) [[unlikely]]
      x.profGrid->barrierWaitCycles += now - x.bar.since;
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

bool Sm::countAgrees(ExecContext &ctx, const Barrier &b) {
  const BarrierWait &wait = ctx.warp.bar;
  const auto threads = [](uint32_t warps) {
    return warps ? std::to_string(warps * WarpSize) + " threads" : std::string("the whole CTA");
  };
  const char *reason = nullptr;
  if (b.arrivals != 0 && b.expected != wait.warps) {
    reason = "barrier thread count mismatch";
    ctx.warp.faultDetail = "an arrival for " + threads(wait.warps) + " at barrier " +
                           std::to_string(wait.id) + ", whose earlier arrivals were for " +
                           threads(b.expected);
  } else if (wait.warps > ctx.cta.slots.size()) {
    reason = "invalid barrier thread count";
    ctx.warp.faultDetail = "barrier " + std::to_string(wait.id) + " waits for " +
                           threads(wait.warps) + "; the CTA has " +
                           std::to_string(ctx.cta.slots.size() * WarpSize);
  }
  if (!reason)
    return true;
  ctx.raise(FaultKind::InvalidInstruction, wait.lanes, reason);
  return false;
}

void Sm::arriveAtBarrier(ExecContext &ctx) {
  Warp &w = ctx.warp;
  Cta &cta = ctx.cta;
  const BarrierWait &wait = w.bar;
  Barrier &b = cta.barriers[wait.id];
  if (!countAgrees(ctx, b))
    return;
  b.expected = wait.warps;
  w.bar.since = ctx.cycle;
  ++b.arrivals;
  w.event = true;
  if (!wait.waits) { // BAR.ARV
    if (b.arrivals >= b.needed(cta.liveWarps))
      openBarrier(cta, wait.id, ctx.cycle);
    return;
  }
  b.waiters |= bit(w.slot);
  if (wait.red) {
    b.popc += static_cast<uint32_t>(std::popcount(wait.votes));
    b.all = b.all && wait.votes == wait.lanes;
    b.any = b.any || wait.votes != 0;
  }
  w.state = WarpState::Barrier;
  ++cta.waitingWarps;
  if (b.arrivals >= b.needed(cta.liveWarps)) {
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
           std::to_string(b.needed(cta.liveWarps)) + " arrivals (warps";
    for (uint64_t m = b.waiters; m; m &= m - 1)
      out += ' ' + std::to_string(warps_[std::countr_zero(m)]->index);
    out += ')';
  }
  return out;
}

void Sm::barriersAfterExit(Cta &cta) {
  // With no warp waiting there is nothing to open (a barrier that holds
  // only BAR.ARV arrivals releases nobody) or to deadlock.
  if (cta.waitingWarps == 0)
    return;
  bool opened = false;
  for (unsigned id = 0; id < NumBarriers; ++id) {
    const Barrier &b = cta.barriers[id];
    if (b.arrivals != 0 && b.arrivals >= b.needed(cta.liveWarps)) {
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

} // namespace simt::emu

//===-- SyncCheck.cpp - synccheck: barriers a CTA does not reach together -===//
#include "emu/sanitize/SyncCheck.h"

#include "emu/core/Fault.h"
#include "support/Text.h"

#include <algorithm>
#include <bit>
#include <map>
#include <unordered_map>

namespace simt::emu::sanitize {
namespace {

/// One barrier id of one CTA: each warp's arrival count and, for the
/// phases still open (at most two: a barrier opens only once every live
/// warp has arrived), the pc of the first arrival of each.
struct BarrierState {
  std::vector<uint32_t> arrivals; // by warp
  std::map<uint32_t, uint32_t> phases;
};

struct CtaState {
  bool diverged = false; // a divergent arrival makes the phases meaningless
  std::map<uint32_t, BarrierState> barriers;
};

class SyncCheck final : public Checker {
public:
  uint8_t traceDetail() const override { return 0; }
  void beginGrid(const GridInfo &g) override { grids_[g.grid] = {g, {}}; }
  void observe(const TraceRecord &r, std::vector<Finding> &out) override;
  void endGrid(GridId g, std::vector<Finding> &) override { grids_.erase(g); }

private:
  struct GridState {
    GridInfo info;
    std::unordered_map<uint64_t, CtaState> ctas;
  };
  std::unordered_map<GridId, GridState> grids_;
};

Finding barrierFinding(const TraceRecord &r, FindingKind kind, uint32_t lane) {
  Finding f;
  f.tool = Tool::Synccheck;
  f.kind = kind;
  f.access.grid = r.grid;
  std::copy(r.cta, r.cta + 3, f.access.cta);
  f.access.thread = r.warp * WarpSize + lane;
  f.access.pc = r.pc;
  return f;
}

/// compute-sanitizer's records of a barrier error: one per thread that
/// arrived, in lane order (no more: the sanitizer ends the kernel there).
void eachArrivingThread(const TraceRecord &r, FindingKind kind, std::vector<Finding> &out) {
  for (uint32_t lanes = r.participating; lanes; lanes &= lanes - 1)
    out.push_back(barrierFinding(r, kind, static_cast<uint32_t>(std::countr_zero(lanes))));
}

/// A WARPSYNC (a `*_sync` member mask, `__syncwarp`): in a warp that runs
/// in lockstep every executing lane is in its mask, and every live lane the
/// masks name executes it with them (PTX ISA, bar.warp.sync and shfl.sync,
/// for sm_6x and earlier); a shuffle's value from a lane that is not there
/// is undefined.
std::string lanesPhrase(uint32_t lanes) {
  return (std::popcount(lanes) == 1 ? "lane " : "lanes ") + formatLanes(lanes);
}

void checkWarpSync(const TraceRecord &r, std::vector<Finding> &out) {
  if (const uint32_t outside = r.sync.outside) {
    out.push_back(barrierFinding(r, FindingKind::WarpSyncNotInMask,
                                 static_cast<uint32_t>(std::countr_zero(outside))));
    out.back().detail = "executed by " + lanesPhrase(outside) + ", which the mask leaves out";
  }
  if (const uint32_t missing = r.sync.named & r.live & ~r.participating) {
    out.push_back(barrierFinding(r, FindingKind::WarpSyncMissingLanes,
                                 static_cast<uint32_t>(std::countr_zero(r.participating))));
    out.back().detail = "the mask names " + lanesPhrase(missing) +
                        (std::popcount(missing) == 1 ? ", which does" : ", which do") +
                        " not execute it with " + lanesPhrase(r.participating);
  }
}

void SyncCheck::observe(const TraceRecord &r, std::vector<Finding> &out) {
  if (!r.inst || r.inst->op >= Op::NumOps || r.fault != FaultKind::None || !r.participating)
    return;
  const OpInfo &facts = opInfo(r.inst->op);
  if (facts.isWarpBarrier)
    return checkWarpSync(r, out);
  if (!facts.isBarrier)
    return;
  auto g = grids_.find(r.grid);
  if (g == grids_.end())
    return;
  const GridInfo &info = g->second.info;
  const uint64_t ctaKey =
      (uint64_t{r.cta[2]} * info.gridDim[1] + r.cta[1]) * info.gridDim[0] + r.cta[0];
  CtaState &cta = g->second.ctas[ctaKey];
  if (r.participating != r.live) {
    eachArrivingThread(r, FindingKind::DivergentBarrier, out);
    cta.diverged = true;
  }
  // A barrier of a thread count is for the warps that name it, which may
  // do so at different instructions (producers' BAR.ARV, consumers'
  // BAR.SYNC): the instruction each phase is reached at is not checked.
  if (cta.diverged || facts.isCountedBarrier)
    return;
  const uint32_t id = r.inst->sb.kind == SrcKind::Imm ? r.inst->sb.value : ~0u;
  BarrierState &b = cta.barriers[id];
  if (b.arrivals.size() <= r.warp)
    b.arrivals.resize(r.warp + 1);
  const uint32_t phase = b.arrivals[r.warp]++;
  auto [at, isFirst] = b.phases.try_emplace(phase, r.pc);
  if (!isFirst && at->second != r.pc) {
    eachArrivingThread(r, FindingKind::BarrierMismatch, out);
    cta.diverged = true;
  }
  while (!b.phases.empty() && b.phases.begin()->first + 1 < phase)
    b.phases.erase(b.phases.begin());
}

} // namespace

std::unique_ptr<Checker> makeSyncCheck() { return std::make_unique<SyncCheck>(); }

} // namespace simt::emu::sanitize

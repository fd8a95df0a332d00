//===-- Warp.cpp - Warp slots and the special registers -------------------===//
#include "emu/Warp.h"

#include "emu/Cta.h"
#include "emu/Sm.h"

#include <cstring>

namespace simt::emu {

const char *warpStateName(WarpState s) {
  switch (s) {
  case WarpState::Free: return "free";
  case WarpState::Active: return "active";
  case WarpState::Barrier: return "barrier";
  case WarpState::Done: return "done";
  case WarpState::Frozen: return "frozen";
  }
  return "?";
}

void Warp::bind(Grid &g, Cta &c, Sm &s, uint32_t warpIndex, uint32_t launched,
                uint8_t *localBase, uint32_t window, std::span<uint8_t> spill,
                const StackCacheConfig &cacheCfg, uint64_t cycle, uint64_t newUid) {
  grid = &g;
  cta = &c;
  sm = &s;
  index = warpIndex;
  uid = newUid;
  code = g.code();
  codeSize = g.codeSize;
  breakSites = g.breakSites;
  local = localBase;
  localWindow = window;
  state = WarpState::Active;
  readyAt = cycle;
  bar = {};
  event = false;
  instructions = threads = 0;
  startCycle = cycle;
  faultDetail.clear();
  faultHasAddress = false;
  faultAddress = 0;

  std::memset(regs.r, 0, sizeof regs.r);
  for (unsigned p = 0; p < PT; ++p)
    regs.pred[p] = 0;
  regs.pred[PT] = AllLanes;
  regs.ccZF = regs.ccSF = regs.ccCF = regs.ccOF = 0;

  if (!stack_ || stackDepthLimit_ != g.maxStack) {
    stack_.emplace(cacheCfg, g.maxStack, spill);
    stackDepthLimit_ = g.maxStack;
  } else {
    stack_->attachSpillRegion(spill);
  }
  stack_->clearStats();
  stack_->launch(launched, 0);
  ctl_ = &stack_->control();
}

uint32_t specialRegister(ExecContext &ctx, unsigned sr, unsigned lane) {
  const Warp &w = ctx.warp;
  const Grid &g = *w.grid;
  const uint32_t *b = g.params.block;
  switch (sr) {
  case 0: return w.threadIndex(lane) % b[0];                    // SR_TID.X
  case 1: return (w.threadIndex(lane) / b[0]) % b[1];           // SR_TID.Y
  case 2: return w.threadIndex(lane) / (b[0] * b[1]);           // SR_TID.Z
  case 3: case 4: case 5: return b[sr - 3];                     // SR_NTID
  case 6: case 7: case 8: return ctx.cta.id[sr - 6];            // SR_CTAID
  case 9: case 10: case 11: return g.params.grid[sr - 9];       // SR_NCTAID
  case 12: return lane;                                         // SR_LANEID
  case 13: return w.index;                                      // SR_WARPID
  case 14: return ctx.cta.numWarps;                             // SR_NWARPID
  case 15: return ctx.sm.id();                                  // SR_SMID
  case 16: return static_cast<uint32_t>(ctx.cycle);             // SR_CLOCK
  case 17: return 1u << lane;                                   // SR_LANEMASK_EQ
  case 18: return (1u << lane) - 1;                             // SR_LANEMASK_LT
  case 19: return lane == 31 ? AllLanes : (2u << lane) - 1;     // SR_LANEMASK_LE
  case 20: return lane == 31 ? 0 : ~((2u << lane) - 1);         // SR_LANEMASK_GT
  case 21: return ~((1u << lane) - 1);                          // SR_LANEMASK_GE
  default: return 0;
  }
}

} // namespace simt::emu

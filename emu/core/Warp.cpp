//===-- Warp.cpp - Warp slots and the special registers -------------------===//
#include "emu/core/Warp.h"

#include "emu/core/Cta.h"
#include "emu/core/Sm.h"

#include <algorithm>
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
  serialSites = g.serialSites.empty() ? nullptr : g.serialSites.data();
  jitSites = g.jit ? g.jit->sites.data() : nullptr;
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
  faultAccess.reset();

  // Registers start zero (the semantics tests rely on it); only those a
  // previous warp of the slot may have written and those the kernel can
  // read need clearing.
  const uint32_t span = std::max(regsDirty, g.regSpan);
  std::memset(regs.r, 0, span * sizeof regs.r[0]);
  regsDirty = g.regSpan;
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
}

uint32_t registerSpan(const std::vector<Inst> &code) {
  unsigned top = 0; // one past the highest register named
  auto see = [&](unsigned r) {
    if (r < RZ)
      top = std::max(top, r + 1);
  };
  for (const Inst &i : code) {
    see(i.rd);
    see(i.ra.reg);
    see(i.rb.reg);
    see(i.rc.reg);
    if (i.sb.kind == SrcKind::Reg)
      see(i.sb.reg.reg);
    see(i.memBase);
  }
  // A 64-bit pair or a 128-bit vector reaches 3 registers past its first.
  return top == 0 ? 0 : std::min<unsigned>(top + 3, RZ);
}

void specialRegisterLanes(ExecContext &ctx, unsigned sr, uint32_t (&out)[WarpSize]) {
  const Warp &w = ctx.warp;
  const uint32_t *b = w.grid->params.block;
  const uint32_t first = w.index * WarpSize; // thread index of lane 0
  using enum SIMT::SpecialReg;
  switch (SIMT::SpecialReg(sr)) {
  case SR_TID_X:
  case SR_TID_Y:
  case SR_TID_Z: {
    if (b[1] == 1 && b[2] == 1) { // a 1-D block: tid.x is the thread index
      for (unsigned l = 0; l < WarpSize; ++l)
        out[l] = sr == unsigned(SR_TID_X) ? first + l : 0;
      return;
    }
    // Lane 0's coordinates by division, the others by counting on: x wraps
    // at ntid.x into y, y at ntid.y into z.
    const unsigned axis = sr - unsigned(SR_TID_X);
    uint32_t c[3] = {first % b[0], (first / b[0]) % b[1], first / (b[0] * b[1])};
    for (unsigned l = 0; l < WarpSize; ++l) {
      out[l] = c[axis];
      if (++c[0] == b[0]) {
        c[0] = 0;
        if (++c[1] == b[1]) {
          c[1] = 0;
          ++c[2];
        }
      }
    }
    return;
  }
  case SR_LANEID:
    for (unsigned l = 0; l < WarpSize; ++l)
      out[l] = l;
    return;
  case SR_LANEMASK_EQ: case SR_LANEMASK_LT: case SR_LANEMASK_LE:
  case SR_LANEMASK_GT: case SR_LANEMASK_GE:
    break;
  default: // the same in every lane
    std::fill(out, out + WarpSize, specialRegister(ctx, sr, 0));
    return;
  }
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = specialRegister(ctx, sr, l);
}

/// The global timer at `cycle`: nanoseconds since the device started at the
/// modeled shader clock (kHz: cycles a millisecond), rounded down.
static uint64_t globalTimerNs(uint64_t cycle) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(cycle) * 1000000 /
                               limits::kShaderClockKHz);
}

uint32_t specialRegister(ExecContext &ctx, unsigned sr, unsigned lane) {
  const Warp &w = ctx.warp;
  const Grid &g = *w.grid;
  const uint32_t *b = g.params.block;
  using enum SIMT::SpecialReg;
  const SIMT::SpecialReg r = SIMT::SpecialReg(sr);
  switch (r) { // .X .Y .Z are consecutive values
  case SR_TID_X: return w.threadIndex(lane) % b[0];
  case SR_TID_Y: return (w.threadIndex(lane) / b[0]) % b[1];
  case SR_TID_Z: return w.threadIndex(lane) / (b[0] * b[1]);
  case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z:
    return b[sr - unsigned(SR_NTID_X)];
  case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z:
    return ctx.cta.id[sr - unsigned(SR_CTAID_X)];
  case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z:
    return g.params.grid[sr - unsigned(SR_NCTAID_X)];
  case SR_LANEID: return lane;
  case SR_WARPID: return w.index;
  case SR_NWARPID: return ctx.cta.numWarps;
  case SR_SMID: return ctx.sm.id();
  case SR_CLOCK: return static_cast<uint32_t>(ctx.cycle);
  case SR_CLOCKHI: return static_cast<uint32_t>(ctx.cycle >> 32);
  case SR_GLOBALTIMERLO: return static_cast<uint32_t>(globalTimerNs(ctx.cycle));
  case SR_GLOBALTIMERHI: return static_cast<uint32_t>(globalTimerNs(ctx.cycle) >> 32);
  case SR_LANEMASK_EQ: return 1u << lane;
  case SR_LANEMASK_LT: return (1u << lane) - 1;
  case SR_LANEMASK_LE: return lane == 31 ? AllLanes : (2u << lane) - 1;
  case SR_LANEMASK_GT: return lane == 31 ? 0 : ~((2u << lane) - 1);
  case SR_LANEMASK_GE: return ~((1u << lane) - 1);
  }
  return 0;
}

} // namespace simt::emu

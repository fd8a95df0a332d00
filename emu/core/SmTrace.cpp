//===-- SmTrace.cpp - One SM: the trace hook's records --------------------===//
//
// With a subscriber asking for records (emu/device/Subscriber.h) every
// instruction gets a TraceRecord (emu/core/Trace.h) holding only what the
// subscribers' TraceDetail asked for: the registers, predicates and
// condition codes it wrote (against a copy taken before it), its memory
// accesses, its SIMT-stack pushes and pops.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include <algorithm>
#include <cstring>

namespace simt::emu {

void Sm::beginTrace(Warp &w, ExecContext &ctx) {
  const uint8_t detail = hooks_.traceDetail;
  if (detail & TraceWrites) {
    if (!traceBefore_)
      traceBefore_ = std::make_unique<WarpRegs>();
    std::memcpy(static_cast<void *>(traceBefore_.get()), &w.regs, sizeof(WarpRegs));
  }
  trace_.mem.clear();
  if (detail & TraceMemory) {
    ctx.memEffects = &trace_.mem;
    ctx.memValues = detail & TraceValues;
  }
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
  if ((hooks_.traceDetail & TraceMemoryOnly) && t.mem.empty())
    return;
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
  t.live = w.ctl().live();
  t.fault = fault;
  const bool warpSync = inst && (inst->op == Op::WARPSYNC || inst->op == Op::WARPSYNCi);
  t.sync = warpSync ? w.syncMembers : WarpSyncMembers{};
  t.regs.clear();
  t.preds.clear();
  t.ccLanes = 0;
  const WarpRegs &after = w.regs;
  if (hooks_.traceDetail & TraceWrites) {
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
  if (hooks_.traceDetail & TraceStack) {
    // An instruction only pushes or only pops: the depth tells which.
    const SimtStack &s = w.stack();
    const uint32_t was = static_cast<uint32_t>(stackBefore_.size()), now = s.depth();
    for (uint32_t i = was; i < now; ++i)
      t.stack.push_back({true, s.level(i).token, i + 1});
    for (uint32_t i = was; i > now; --i)
      t.stack.push_back({false, stackBefore_[i - 1], i - 1});
  }
  hooks_.traceFn(hooks_.traceCtx, t);
}

} // namespace simt::emu

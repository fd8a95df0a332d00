//===-- Control.cpp - Control flow over the SIMT stack --------------------===//
//
// ISA.md 5.1: every control instruction is one SimtStack operation (emu/
// SimtStack.h) with the participating lanes (active & guard); the stack
// updates the warp's PC and masks, this file turns its ControlResult into a
// fault, stall cycles or the warp's end. PCs: Inst::target and the BRX/JMX
// results are byte addresses, the stack works in instruction indices.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Cta.h"
#include "emu/core/Sm.h"
#include "emu/core/Operands.h"

#include <array>
#include <bit>
#include <cstdio>

namespace simt::emu {

void applyControlResult(ExecContext &ctx, const ControlResult &r) {
  Warp &w = ctx.warp;
  switch (r.status) {
  case ControlStatus::Ok:
    break;
  case ControlStatus::StackOverflow:
    w.faultDetail = "SIMT stack depth " + std::to_string(r.depth) + ", limit " +
                    std::to_string(w.stack().depthLimit()) + " entries (.max_stack / max_stack=)";
    ctx.raise(FaultKind::StackOverflow, r.faultLanes ? r.faultLanes : ctx.mask,
              "SIMT stack overflow");
    return;
  case ControlStatus::EmptyStackPop:
    w.faultDetail = "live lanes " + formatLanes(r.faultLanes) + " wait with no token left";
    ctx.raise(FaultKind::StackUnderflow, r.faultLanes,
              "pop of an empty SIMT stack with live threads");
    return;
  }
  if (r.stallCycles)
    ctx.stallCycles += r.stallCycles;
  if (r.finished)
    w.event = true;
}

namespace {

inline uint32_t nextPc(ExecContext &ctx) { return ctx.warp.ctl().pc + 1; }
inline uint32_t targetIndex(const Inst &inst) { return inst.target / 8; }

/// BRX / JMX: per-lane byte targets (base + Ra + imm), checked and turned
/// into instruction indices.
void multiTarget(ExecContext &ctx, const Inst &inst, uint32_t base) {
  Warp &w = ctx.warp;
  std::array<uint32_t, WarpSize> targets{};
  const uint32_t *ra = ctx.regs.r[inst.memBase & 63];
  uint32_t bad = 0;
  uint32_t firstBad = 0;
  for (uint32_t m = ctx.mask; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(m));
    const uint32_t t = base + ra[l] + static_cast<uint32_t>(inst.memOffset);
    if ((t & 7) != 0 || t / 8 >= w.codeSize) {
      if (!bad)
        firstBad = t;
      bad |= 1u << l;
      continue;
    }
    targets[l] = t / 8;
  }
  if (bad) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "jump target 0x%x is %s", firstBad,
                  (firstBad & 7) ? "not instruction-aligned" : "outside the kernel image");
    w.faultDetail = buf;
    ctx.raise(FaultKind::InvalidInstruction, bad, "invalid indirect jump target");
    return;
  }
  applyControlResult(ctx, w.stack().multiBranch(ctx.mask, targets, nextPc(ctx)));
}

} // namespace

void exec_SSY(ExecContext &ctx, const Inst &inst) {
  applyControlResult(ctx, ctx.warp.stack().ssy(ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_PBK(ExecContext &ctx, const Inst &inst) {
  applyControlResult(ctx, ctx.warp.stack().pbk(ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_CAL(ExecContext &ctx, const Inst &inst) {
  applyControlResult(ctx, ctx.warp.stack().call(ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_JCAL(ExecContext &ctx, const Inst &inst) {
  applyControlResult(ctx, ctx.warp.stack().call(ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_JMP(ExecContext &ctx, const Inst &inst) {
  // Participating lanes jump; guard-false lanes wait at the next instruction.
  applyControlResult(
      ctx, ctx.warp.stack().branch(ctx.mask, ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_BRA(ExecContext &ctx, const Inst &inst) {
  SimtStack &s = ctx.warp.stack();
  if (inst.mod[SIMT::MG_Uni])
    applyControlResult(ctx, s.uniformBranch(ctx.mask, targetIndex(inst), nextPc(ctx)));
  else
    applyControlResult(ctx, s.branch(ctx.mask, ctx.mask, targetIndex(inst), nextPc(ctx)));
}

void exec_BRAcc(ExecContext &ctx, const Inst &inst) {
  // The per-thread condition is guard and CC test (ISA.md 3.1).
  SimtStack &s = ctx.warp.stack();
  const uint32_t taken = ctx.mask & sem::ccTest(SIMT::CCTest(inst.imm), sem::readCC(ctx));
  if (inst.mod[SIMT::MG_Uni])
    applyControlResult(ctx, s.uniformBranch(taken, targetIndex(inst), nextPc(ctx)));
  else
    applyControlResult(ctx, s.branch(ctx.mask, taken, targetIndex(inst), nextPc(ctx)));
}

void exec_BRX(ExecContext &ctx, const Inst &inst) {
  multiTarget(ctx, inst, nextPc(ctx) * 8);
}

void exec_JMX(ExecContext &ctx, const Inst &inst) { multiTarget(ctx, inst, 0); }

void exec_BRK(ExecContext &ctx, const Inst &) {
  applyControlResult(ctx, ctx.warp.stack().brk(ctx.mask, nextPc(ctx), ctx.cycle));
}

void exec_RET(ExecContext &ctx, const Inst &) {
  applyControlResult(ctx, ctx.warp.stack().ret(ctx.mask, nextPc(ctx), ctx.cycle));
}

void exec_EXIT(ExecContext &ctx, const Inst &) {
  applyControlResult(ctx, ctx.warp.stack().exit(ctx.mask, nextPc(ctx), ctx.cycle));
}

} // namespace simt::emu

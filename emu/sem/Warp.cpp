//===-- Warp.cpp - Warp- and CTA-level instructions -----------------------===//
//
// VOTE (ISA.md 3.2), SHFL and WARPSYNC (section 7), the CTA barriers
// BAR.SYNC / BAR.RED / BAR.ARV (section 4: the
// body states the arrival in ExecContext::arrives, the SM performs it,
// emu/core/SmBarriers.cpp), MEMBAR and NOP (no effect in this memory model: every access is
// performed when it issues), and BPT.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Cta.h"
#include "emu/core/Operands.h"
#include "isa/SIMTLimits.h"
#include "support/Text.h"

#include <bit>

namespace simt::emu {

void exec_VOTE(ExecContext &ctx, const Inst &inst) {
  const uint32_t part = ctx.mask;
  const uint32_t ballot = ctx.regs.predMask(inst.ps) & part;
  bool result = false;
  switch (inst.modValue<SIMT::MG_Vote>()) {
  case SIMT::Vote::ALL: result = ballot == part; break;
  case SIMT::Vote::ANY: result = ballot != 0; break;
  case SIMT::Vote::EQ: result = ballot == 0 || ballot == part; break;
  }
  ctx.regs.writePred(inst.pd, result ? AllLanes : 0, part);
  sem::Lanes v;
  sem::fill(v, ballot);
  ctx.regs.writeReg(inst.rd, v, part);
}

namespace {

/// SHFL as PTX's shfl defines it: for each participating lane, the source
/// lane j from the mode, the lane operand b and c (clamp lane in bits 0..4,
/// segment mask in bits 8..12); Rd = Ra of lane j when j is in range, else
/// the lane's own Ra; Pd = in range. A source lane that does not
/// participate gives the value its register holds.
using sem::Lanes;

template <class CT>
void shuffle(ExecContext &ctx, const Inst &inst, const CT &c) {
  const SIMT::ShflMode mode = inst.modValue<SIMT::MG_ShflMode>();
  Lanes a;
  sem::readReg(ctx, inst.ra.reg, a);
  Lanes r;
  uint32_t inRange = 0;
  sem::withB(ctx, inst.sb, [&](const auto &b) {
    for (unsigned l = 0; l < WarpSize; ++l) {
      const int lane = int(l);
      const int bval = int(b[l] & 31);
      const int clamp = int(c[l] & 31), segmask = int(c[l] >> 8 & 31);
      const int maxLane = (lane & segmask) | (clamp & ~segmask);
      const int minLane = lane & segmask;
      int j = lane;
      bool p = false;
      switch (mode) {
      case SIMT::ShflMode::UP: j = lane - bval; p = j >= maxLane; break;
      case SIMT::ShflMode::DOWN: j = lane + bval; p = j <= maxLane; break;
      case SIMT::ShflMode::BFLY: j = lane ^ bval; p = j <= maxLane; break;
      case SIMT::ShflMode::IDX: j = minLane | (bval & ~segmask); p = j <= maxLane; break;
      }
      r[l] = a[p ? unsigned(j) & 31 : l];
      inRange |= uint32_t(p) << l;
    }
  });
  sem::writeRd(ctx, inst.rd, r);
  ctx.regs.writePred(inst.pd, inRange, ctx.mask);
}

} // namespace

void exec_SHFL(ExecContext &ctx, const Inst &inst) {
  sem::Lanes c;
  sem::readReg(ctx, inst.rc.reg, c);
  shuffle(ctx, inst, c);
}

void exec_SHFLi(ExecContext &ctx, const Inst &inst) {
  sem::Uniform c{inst.imm};
  shuffle(ctx, inst, c);
}

namespace {

/// WARPSYNC's member masks, one a lane: the warp runs in lockstep, so
/// nothing waits; the lanes the masks name and the executing lanes their own
/// mask leaves out are stated for the trace (synccheck's two checks).
template <class MT> void stateMembers(ExecContext &ctx, const MT &mask) {
  WarpSyncMembers members;
  for (uint32_t lanes = ctx.mask; lanes; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    members.named |= mask[l];
    if (!(mask[l] >> l & 1))
      members.outside |= 1u << l;
  }
  ctx.warp.syncMembers = members;
}

} // namespace

void exec_WARPSYNC(ExecContext &ctx, const Inst &inst) {
  sem::Lanes mask;
  sem::readReg(ctx, inst.ra.reg, mask);
  stateMembers(ctx, mask);
}

void exec_WARPSYNCi(ExecContext &ctx, const Inst &inst) {
  stateMembers(ctx, sem::Uniform{inst.imm});
}

namespace {

/// The barrier id: an immediate, a constant, or a register (its value in the
/// lowest participating lane). False (and a fault) if it is not 0..15.
bool barrierId(ExecContext &ctx, const Inst &inst, unsigned &id) {
  uint32_t v = 0;
  switch (inst.sb.kind) {
  case SrcKind::Imm: v = inst.sb.value; break;
  case SrcKind::Const: v = readConstant(ctx, inst.sb.bank, inst.sb.offset); break;
  case SrcKind::Reg:
    v = ctx.regs.r[inst.sb.reg.reg & 63][std::countr_zero(ctx.mask)];
    break;
  }
  if (v >= NumBarriers) {
    ctx.warp.faultDetail = "barrier id " + std::to_string(v) + " is not 0..15";
    ctx.raise(FaultKind::InvalidInstruction, ctx.mask, "invalid barrier id");
    return false;
  }
  id = v;
  return true;
}

/// States the warp's arrival; the SM performs it once the body has returned.
void arrive(ExecContext &ctx, const BarrierWait &wait) {
  ctx.warp.bar = wait;
  ctx.warp.event = true;
  ctx.arrives = true;
}

} // namespace

void exec_BARSYNC(ExecContext &ctx, const Inst &inst) {
  unsigned id;
  if (!barrierId(ctx, inst, id))
    return;
  BarrierWait wait;
  wait.id = static_cast<uint8_t>(id);
  wait.lanes = ctx.mask;
  wait.pc = ctx.warp.ctl().pc;
  arrive(ctx, wait);
}

namespace {

/// BAR.SYNC id, count and BAR.ARV id, count: an arrival for count / 32
/// warps, where the count is a multiple of 32 from 32 to 1024.
void arriveCounted(ExecContext &ctx, const Inst &inst, uint32_t count, bool waits) {
  unsigned id;
  if (!barrierId(ctx, inst, id))
    return;
  if (!limits::isBarrierThreadCount(count)) {
    ctx.warp.faultDetail = "thread count " + std::to_string(count) + " of barrier " +
                           std::to_string(id) + " is not a multiple of 32 from 32 to 1024";
    ctx.raise(FaultKind::InvalidInstruction, ctx.mask, "invalid barrier thread count");
    return;
  }
  BarrierWait wait;
  wait.id = static_cast<uint8_t>(id);
  wait.warps = static_cast<uint8_t>(count / WarpSize);
  wait.waits = waits;
  wait.lanes = ctx.mask;
  wait.pc = ctx.warp.ctl().pc;
  arrive(ctx, wait);
}

/// A count in Ra: its first participating lane's (a count is the warp's).
uint32_t countInRa(ExecContext &ctx, const Inst &inst) {
  return ctx.regs.r[inst.ra.reg & 63][std::countr_zero(ctx.mask)];
}

} // namespace

void exec_BARSYNCr(ExecContext &ctx, const Inst &inst) {
  arriveCounted(ctx, inst, countInRa(ctx, inst), true);
}

void exec_BARSYNCi(ExecContext &ctx, const Inst &inst) { arriveCounted(ctx, inst, inst.imm, true); }

void exec_BARARV(ExecContext &ctx, const Inst &inst) {
  arriveCounted(ctx, inst, countInRa(ctx, inst), false);
}

void exec_BARARVi(ExecContext &ctx, const Inst &inst) { arriveCounted(ctx, inst, inst.imm, false); }

void exec_BARRED(ExecContext &ctx, const Inst &inst) {
  unsigned id;
  if (!barrierId(ctx, inst, id))
    return;
  BarrierWait wait;
  wait.id = static_cast<uint8_t>(id);
  wait.red = true;
  wait.op = inst.modValue<SIMT::MG_BarRed>();
  wait.rd = inst.rd;
  wait.lanes = ctx.mask;
  wait.votes = ctx.regs.predMask(inst.pp) & ctx.mask;
  wait.pc = ctx.warp.ctl().pc;
  arrive(ctx, wait);
}

void exec_MEMBAR(ExecContext &, const Inst &) {}

void exec_NOP(ExecContext &, const Inst &) {}

void exec_BPT(ExecContext &ctx, const Inst &inst) {
  if (inst.modValue<SIMT::MG_Bpt>() == SIMT::Bpt::DRAIN)
    return;
  // The instruction line above shows the code; say what it means.
  if (inst.imm == uint32_t(limits::TrapCode::SurfaceBounds))
    ctx.warp.faultDetail = "a surface read or write outside the surface, in trap mode "
                           "(cudaBoundaryModeTrap; trap code " + hex(inst.imm) + ")";
  else
    ctx.warp.faultDetail = "the kernel stopped itself (__trap(), a failed assert or a refused "
                           "device free; trap code " + hex(inst.imm) + ")";
  ctx.raise(FaultKind::Trap, ctx.mask, "trap (BPT.TRAP)");
}

} // namespace simt::emu

//===-- SmIssue.cpp - One SM: warp scheduling and the issue loop ----------===//
//
// The hot path is runImpl<false, false, false> -> issueFast / issue<false>:
// pick a ready warp (a rotate and a count-trailing-zeros for round robin),
// build the ExecContext on the stack, switch on the opcode to its exec_
// function (the switch is generated from SIMTInstrs.def; control
// instructions also run when no lane participates), count the opcode and the
// participating threads, advance the PC. Everything unusual (faults,
// latencies, barrier arrivals and waits, finished warps) is flagged by the
// semantics and handled once in afterEvent(); an instruction that states a
// barrier arrival (ExecContext::arrives) completes there: the arrival, then
// the PC advance. Nothing here is virtual and nothing calls into LLVM.
//
// The hooks (SmHooks) take other instantiations: Traced (a trace hook: the
// record it asked for, emu/core/Trace.h) and Breaks (a break hook: a
// break-site byte tested before each instruction). A break hook alone keeps
// issue<false>, so a breakpoint that is never hit costs only that test.
// Isolated: a parallel epoch's isolated phase (emu/core/SmEpoch.h).
// Profiled: a profile is attached (SmHooks::profile): each instruction also
// counts into its PC's and grid's plain counters and the SM's time bins
// (Sm::profileIssue); the slow path adds divergence, memory requests and
// lock failures (SmProfiling.cpp). The plain loop has none of it.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Sm.h"

#include "emu/core/DeviceConfig.h"
#include "emu/core/FastForms.h"

#include <algorithm>
#include <atomic>
#include <bit>

namespace simt::emu {

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
  const SmStop s = hooks_.profile ? runWith<true>(until, budget) : runWith<false>(until, budget);
  inLoop_ = false;
  return s;
}

template <bool Profiled> SmStop Sm::runWith(uint64_t until, uint64_t &budget) {
  if (epoch_->isolated) // never with a break hook (the device runs in turn then)
    return hooks_.traceFn ? runImpl<true, true, true, Profiled>(until, budget)
                          : runImpl<false, false, true, Profiled>(until, budget);
  return hooks_.traceFn   ? runImpl<true, true, false, Profiled>(until, budget)
         : hooks_.breakFn ? runImpl<false, true, false, Profiled>(until, budget)
                          : runImpl<false, false, false, Profiled>(until, budget);
}

int Sm::nextToIssue() const {
  if (readyMask_ == 0)
    return sleepMask_ ? std::countr_zero(sleepMask_) : -1;
  if (cfg_.sched == SchedPolicy::RoundRobin)
    return static_cast<int>(roundRobinPick(readyMask_));
  return std::countr_zero(readyMask_);
}

namespace {
const std::atomic<bool> kNeverStop{false};
} // namespace

template <bool Traced, bool Breaks, bool Isolated, bool Profiled>
SmStop Sm::runImpl(uint64_t until, uint64_t &budget) {
  // Device::requestStop() may set it at any time (a signal handler, another
  // thread): tested with the step budget, one branch per instruction. A
  // parallel epoch honours it at its end only (Device::run).
  const std::atomic<bool> &stopFlag = hooks_.deferCtas ? kNeverStop : hooks_.stopRequest;
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
      if (site || hooks_.breakEverywhere) [[unlikely]] {
        BreakFn fn = hooks_.breakFn; // null with only a trace hook
        if (fn && !hooks_.takeBreakSkip(w)) {
          BreakQuery q{id_, slot, w.grid->id, pc * 8, w.ctl().active, site};
          if (fn(hooks_.breakCtx, q)) {
            rrNext_ = savedRr;
            rng_ = savedRng;
            stopSlot_ = slot;
            return SmStop::Breakpoint;
          }
        }
      }
    }
    if constexpr (!Traced && !Breaks && !Profiled) {
      // One test of a field beside `sched` while the JIT is off.
      if (cfg_.jit != JitMode::Off && jitAtPick(w) && runJitRound(slot, until, budget))
        continue;
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
        if constexpr (Profiled)
          __builtin_prefetch(&n.profPcs);
      }
    }
    // A fast form accesses no memory: a hook that wants only the memory
    // instructions (TraceMemoryOnly) does not see it.
    if (!Traced || (hooks_.traceDetail & TraceMemoryOnly)) {
      if (issueFast<Profiled>(w)) {
        ++cycle_;
        continue;
      }
    }
    const bool slow = issue<Traced, Profiled>(w);
    ++cycle_;
    if (slow && (hooks_.stop || (Isolated && epoch_->halted))) [[unlikely]]
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
  const bool traced = hooks_.traceFn != nullptr;
  if (hooks_.profile)
    traced ? issue<true, true>(w) : issue<false, true>(w);
  else
    traced ? issue<true, false>(w) : issue<false, false>(w);
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

template <bool Profiled> [[gnu::always_inline]] inline bool Sm::issueFast(Warp &w) {
  WarpControl &c = w.ctl();
  const uint32_t pc = c.pc;
  if (pc >= w.codeSize)
    return false;
  const Inst &inst = w.code[pc];
  if (!inst.fast)
    return false;
  const uint32_t active = c.active;
  const uint32_t mask = active & w.regs.predMask(inst.guard);
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
    countIssue<Profiled>(w, inst.op, mask, active, pc);
    return true;
  }
  if (mask != 0)
    execFast(w.regs, *w.grid, inst, mask);
  countIssue<Profiled>(w, inst.op, mask, active, pc);
  c.pc = pc + 1; // a fast form never carries the .S bit
  return true;
}

template <bool Traced, bool Profiled> bool Sm::issue(Warp &w) {
  WarpControl &c = w.ctl();
  const uint32_t pc = c.pc;
  const uint32_t active = c.active;
  const Inst *inst = pc < w.codeSize ? &w.code[pc] : nullptr;
  const Op op = inst ? inst->op : Op::NumOps;
  const uint32_t mask = inst ? active & w.regs.predMask(inst->guard) : 0;
  ExecContext ctx{w.regs, w, *w.cta, *this, mask, active, cycle_};

  if constexpr (Traced) {
    if (hooks_.traceFn)
      beginTrace(w, ctx);
  }
  if constexpr (Profiled) {
    // Only a body that runs accesses memory; a trace's list serves both.
    if (mask != 0 && !ctx.memEffects) {
      std::vector<MemAccess> &mem = profile().mem;
      mem.clear();
      ctx.memEffects = &mem;
    }
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

  countIssue<Profiled>(w, op, mask, active, pc);

  // A barrier arrival (which also flags w.event) completes on the slow path:
  // the arrival first, then the PC moves on unless it faulted.
  if (next && ctx.fault == FaultKind::None && !ctx.arrives) [[likely]]
    advance(w, ctx, *inst, pc);

  if constexpr (Traced) {
    if (hooks_.traceFn) {
      if (ctx.arrives) // the record shows the completed instruction
        completeArrival(w, ctx, pc);
      emitTrace(w, inst, pc, active, mask, ctx.fault);
    }
  }
  if constexpr (Profiled) {
    // Only a change of the active mask, a memory access or a lock request
    // has more to count.
    if (w.ctl().active != active || (ctx.memEffects && !ctx.memEffects->empty()) ||
        (op < Op::NumOps && opInfo(op).isLockLoad()))
      profileEffects(w, inst, pc, active, mask, ctx);
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
    hooks_.events.warpFaulted(w, kind, reason, lanes, pc);
    return;
  }
  if (w.grid->state != GridState::Running || epoch_->fault)
    return;
  epoch_->fault = SmEpoch::Fault{w.slot, kind, reason, lanes, pc, cycle_};
  epoch_->halted = true;
}

void Sm::issueInRound(Warp &w) {
  if (!issueFast<false>(w))
    issue<false, false>(w); // a branch's push: no event (jitRoundable)
}

} // namespace simt::emu

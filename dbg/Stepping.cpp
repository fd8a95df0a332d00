//===-- Stepping.cpp - stepi, nexti, finish, step cta/all -----------------===//
//
// Single-warp steps through Device::stepWarp: the other warps do not move.
// nexti and finish step the focused warp until the CALL token they watch has
// been popped (the warp is back at the return address at that depth);
// finish's is the call of the selected frame (`up`, `frame N`; frame 0: the
// innermost call the focused lane made); back in the caller it shows what a
// non-void function returned, as gdb's.
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"

#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/Interrupt.h"
#include "dbg/ProgramControl.h"
#include "dbg/Repl.h"
#include "dbg/Variables.h"
#include "emu/core/Fault.h"


namespace simt::dbg {

namespace {
bool isCall(const emu::Inst &in) {
  return in.op < emu::Op::NumOps && emu::opInfo(in.op).isCall;
}

/// The type the function at byte pc `pc` of w's code returns; null when it
/// returns void or its object has no variables (not compiled with -g).
TypeRef returnTypeAt(Debugger &d, emu::WarpView w, uint32_t lane, uint32_t pc) {
  const EvalScope sc = d.scopeFor(w, lane);
  std::optional<VarScope> s = sc.kernel ? varScopeAt(*sc.kernel, pc) : std::nullopt;
  return s ? returnTypeOf(*s) : nullptr;
}

/// gdb's "Value returned is $N = V" at the return address, shown as `print`
/// shows a value and kept in the value history as its values are.
void showReturned(Debugger &d, emu::WarpView w, uint32_t lane, const TypeRef &type) {
  const EvalScope sc = d.scopeFor(w, lane);
  const std::string text = formatCValue(returnedValue(type, sc, lane), sc);
  d.out() << "Value returned is $" << d.history().record(text) << " = " << text << "\n";
}
} // namespace

//===-- Single-warp steps ------------------------------------------------------===//

std::optional<emu::RunResult> Execution::stepOnce(emu::WarpRef ref, std::string *why) {
  std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref);
  if (!w || w->state() != emu::WarpState::Active) {
    if (why) {
      if (!w)
        *why = "the warp has finished";
      else if (w->state() == emu::WarpState::Barrier)
        *why = "the warp waits at a barrier: `continue` or `step all` lets the others arrive";
      else if (w->state() == emu::WarpState::Frozen)
        *why = "the warp's grid has stopped (fault): it is kept for inspection only";
      else
        *why = std::string("the warp cannot issue (") + emu::warpStateName(w->state()) + ")";
    }
    return std::nullopt;
  }
  const HostState before = host_;
  if (host_.resume && *host_.resume == ref)
    host_.resume.reset();
  attachHooks(false);
  emu::RunResult r = dbg_.device().stepWarp(ref);
  detachHooks();
  if (r.status == emu::RunStatus::Blocked) {
    host_ = before;
    if (why)
      *why = "the warp cannot issue";
    return std::nullopt;
  }
  log_.addStep(before, host_, ref);
  return r;
}

std::optional<StopEvent> Execution::afterStep(const emu::RunResult &r, emu::WarpRef ref,
                                              const char *reason) {
  if (r.status == emu::RunStatus::Fault)
    return faultEvent(r);
  std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref);
  if (!w || w->control().finished || w->state() == emu::WarpState::Done) {
    // The warp ended (its slot may already hold a warp of another CTA).
    emu::WarpView slot = emu::viewSlot(dbg_.device(), ref.sm, ref.slot);
    StopEvent e;
    e.reason = "exited";
    e.hasWarp = true;
    e.where = dbg_.focus();
    e.pc = slot.uid() == ref.uid ? slot.pcBytes() : 0;
    e.mask = 0;
    e.finished = true;
    addWatchHits(e, false);
    return e;
  }
  if (!hits_.empty() || sanitizerHit_ || interruptPending()) {
    clearInterrupt();
    const char *why = !hits_.empty() ? reason : sanitizerHit_ ? "sanitizer" : "interrupt";
    StopEvent e = eventAt(*w, dbg_.focus().lane, why);
    addWatchHits(e, true);
    if (sanitizerHit_)
      addSanitizerReports(e);
    return e;
  }
  return std::nullopt;
}

void Execution::stepi(uint64_t count) {
  checkpoint();
  std::optional<emu::WarpView> w = dbg_.focusedWarp();
  const emu::WarpRef ref = w->ref();
  prepareStop();
  for (uint64_t i = 0; i < count; ++i) {
    std::string why;
    auto r = stepOnce(ref, &why);
    if (!r) {
      if (i == 0)
        throw CommandError(why);
      break;
    }
    if (auto e = afterStep(*r, ref, "step")) {
      dbg_.reportStop(*e);
      return;
    }
  }
  std::optional<emu::WarpView> now = emu::viewWarp(dbg_.device(), ref);
  if (now)
    dbg_.reportStop(eventAt(*now, dbg_.focus().lane, "step"));
}

bool Execution::stepUntil(emu::WarpRef ref, const std::function<bool(emu::WarpView)> &done,
                          uint64_t maxSteps, const char *reason) {
  prepareStop();
  bool reached = false;
  for (uint64_t i = 0; i < maxSteps; ++i) {
    std::string why;
    auto r = stepOnce(ref, &why);
    if (!r) {
      dbg_.out() << "stopped stepping: " << why << "\n";
      break;
    }
    if (auto e = afterStep(*r, ref, reason)) {
      dbg_.reportStop(*e);
      return false;
    }
    if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref); w && done(*w)) {
      reached = true;
      break;
    }
    // As gdb's finish and nexti: a breakpoint in the code run on the way
    // (a call's body) stops there.
    if (stepHitsBreakpoint(ref, dbg_.focus().lane))
      return false;
  }
  if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref)) {
    StopEvent e = eventAt(*w, dbg_.focus().lane, reason);
    // `finish` ends in the caller, shown as gdb's: its frame (an address
    // within the call's line), then the line.
    e.sourceStep = e.newFrame = std::string_view(reason) == "finish";
    dbg_.reportStop(e);
  }
  return reached;
}

bool Execution::stepQuiet(emu::WarpRef ref, bool resumeAtExit) {
  std::string why;
  auto r = stepOnce(ref, &why);
  if (!r)
    throw CommandError(why);
  std::optional<StopEvent> e = afterStep(*r, ref, "step");
  if (!e)
    return true;
  ProgramControl *program = dbg_.program();
  if (resumeAtExit && program && e->finished && e->preface.empty())
    program->resume(); // to the next stop, as `continue`
  else
    dbg_.reportStop(*e);
  return false;
}

void Execution::nexti(uint64_t count) {
  checkpoint();
  prepareStop();
  for (uint64_t i = 0; i < count; ++i) {
    std::optional<emu::WarpView> w = dbg_.focusedWarp();
    const emu::WarpRef ref = w->ref();
    const uint32_t pc = w->pc();
    const bool last = i + 1 == count;
    const bool call = pc < w->code().size() && isCall(w->code()[pc]);
    if (!call) {
      if (!stepQuiet(ref))
        return;
      continue;
    }
    // Over the call: until the warp is back after it with the CALL popped.
    const uint32_t ret = pc + 1;
    const uint32_t depth = w->stackDepth();
    auto back = [&](emu::WarpView x) { return x.pc() == ret && x.stackDepth() <= depth; };
    if (last) {
      stepUntil(ref, back, UINT64_MAX, "step");
      return;
    }
    for (;;) {
      if (!stepQuiet(ref))
        return;
      if (std::optional<emu::WarpView> x = emu::viewWarp(dbg_.device(), ref); !x || back(*x))
        break;
    }
  }
  if (std::optional<emu::WarpView> w = dbg_.focusedWarp(false))
    dbg_.reportStop(eventAt(*w, dbg_.focus().lane, "step"));
}

void Execution::finish() {
  checkpoint();
  std::optional<emu::WarpView> w = dbg_.focusedWarp();
  const uint32_t lane = dbg_.focus().lane;
  const emu::SimtStack &s = *w->stack();
  // gdb's finish runs until the *selected* frame returns: after `up` or
  // `frame N` the calls of the frames inside it return on the way. framesOf
  // lists a frame for each CALL token, innermost first, so frame n returns
  // through the (n+1)th token from the top; the outermost frame (the
  // kernel's) has none.
  const std::vector<FrameSpec> frames = framesOf(*w);
  const size_t selected = std::min(dbg_.selectedFrame(), frames.size() - 1);
  size_t calls = 0;
  bool otherCall = false;
  for (uint32_t d = s.depth(); d-- > 0;) {
    const emu::SimtLevelView v = s.level(d);
    if (v.token.type != emu::TokenType::Call)
      continue;
    if (++calls <= selected)
      continue; // the call of a frame inside the selected one
    // The focused lane's function: a call it made (lanes that did not make
    // this one wait in their caller below it).
    if (!(v.token.mask >> lane & 1)) {
      otherCall = true;
      continue;
    }
    const uint32_t ret = v.token.pc;
    const emu::WarpRef ref = w->ref();
    const FrameSpec &from = frames[selected];
    if (typedAtTerminal()) // gdb's from_tty
      dbg_.out() << "Run till exit from #" << selected << "  "
                 << frameText(dbg_, *w, lane, from) << "\n";
    // The selected frame's function: at its pc (frame 0) or its call.
    const TypeRef returns = returnTypeAt(dbg_, *w, lane, from.linePc);
    const bool back = stepUntil(
        ref, [&](emu::WarpView x) { return x.pc() == ret && x.stackDepth() <= d; }, UINT64_MAX,
        "finish");
    if (std::optional<emu::WarpView> x = emu::viewWarp(dbg_.device(), ref); back && x && returns)
      showReturned(dbg_, *x, lane, returns);
    return;
  }
  // gdb's words; with why, when other lanes are in a call the lane is not.
  if (otherCall)
    throw CommandError("\"finish\" not meaningful in the outermost frame (lane " +
                       std::to_string(lane) + " is in no call: the other lanes' call does not "
                       "hold it).");
  throw CommandError("\"finish\" not meaningful in the outermost frame.");
}

void Execution::stepGroup(bool wholeDevice) {
  checkpoint();
  std::optional<emu::WarpView> focus = dbg_.focusedWarp();
  const emu::GridId grid = focus->grid()->id;
  const std::array<uint32_t, 3> cta{focus->cta().id()[0], focus->cta().id()[1],
                                    focus->cta().id()[2]};
  const emu::WarpRef focusRef = focus->ref();
  std::vector<emu::WarpInfo> todo;
  for (const emu::WarpInfo &i : dbg_.device().warps()) {
    if (i.state != emu::WarpState::Active)
      continue;
    if (!wholeDevice && (i.grid != grid || i.cta[0] != cta[0] || i.cta[1] != cta[1] ||
                         i.cta[2] != cta[2]))
      continue;
    todo.push_back(i);
  }
  prepareStop();
  unsigned stepped = 0;
  for (const emu::WarpInfo &i : todo) {
    auto r = stepOnce(i.ref, nullptr);
    if (!r)
      continue;
    ++stepped;
    if (r->status == emu::RunStatus::Fault) {
      dbg_.reportStop(faultEvent(*r));
      return;
    }
  }
  dbg_.out() << "stepped " << stepped << " warp" << (stepped == 1 ? "" : "s") << "\n";
  if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), focusRef)) {
    StopEvent e = eventAt(*w, dbg_.focus().lane, "step");
    addWatchHits(e, false);
    dbg_.reportStop(e);
  } else {
    StopEvent e;
    e.reason = "exited";
    e.hasWarp = true;
    e.where = dbg_.focus();
    e.finished = true;
    dbg_.reportStop(e);
  }
}

} // namespace simt::dbg

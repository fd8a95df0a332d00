//===-- SourceStepping.cpp - step, next, until by source line -------------===//
//
// Source steps follow the focused lane, as cuda-gdb's follow the focused
// thread: the focused warp goes instruction by instruction (as stepi) until
// that lane is active at the start of another source line than where it
// started (not back from a call in the middle of one, as in gdb). While
// the lane waits on the SIMT stack (the other side of a divergent branch
// runs, or the lanes still in a loop it has left), the warp runs on without
// stopping until the lane is active again; a lane that waits when the step
// begins stops as soon as it runs, and the step says so first. The stop
// names the lane, so the focus stays on it, unless it exits: then the step
// follows the lowest active lane to its next line, and says so. From code
// of no line, a step goes to the first line start. `next` runs a CAL to
// its return; `step` stops at the callee's first line after its prologue,
// where its arguments are readable, as gdb's (a callee without line
// information is stepped through). A step that reaches an enabled
// breakpoint (its condition holding in an active lane), also within a call
// `next` runs, stops there as the breakpoint's hit, as gdb's steps do. A warp waiting at a barrier lets
// its CTA's other warps run until it can go on. In a program session a step
// past the kernel's last line (the warp exits) resumes the program, as
// cuda-gdb's does; in a script session it stops where the warp exited.
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"
#include "dbg/Frames.h"

#include "dbg/Debugger.h"
#include "dbg/SourceView.h"
#include "dbg/Variables.h"
#include "dbg/Views.h"

namespace simt::dbg {

namespace {
/// Instructions a source step lets its warp issue without a store before it
/// stops as waiting for others (stepLine).
constexpr uint64_t kSpinSteps = 1'000'000;

bool isCallAt(emu::WarpView w) {
  const uint32_t pc = w.pc();
  return pc < w.code().size() && w.code()[pc].op < emu::Op::NumOps &&
         emu::opInfo(w.code()[pc].op).isCall;
}

bool sameLine(const rt::SourcePos &a, const rt::SourcePos &b) {
  return a.line == b.line && a.file == b.file;
}
} // namespace

bool Execution::waitOutBarrier(emu::WarpRef ref) {
  std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), ref);
  if (!w || w->state() != emu::WarpState::Barrier)
    return true;
  const emu::GridId grid = w->grid()->id;
  const std::array<uint32_t, 3> cta{w->cta().id()[0], w->cta().id()[1], w->cta().id()[2]};
  for (;;) {
    bool moved = false;
    for (const emu::WarpInfo &i : dbg_.device().warps()) {
      if (i.state != emu::WarpState::Active || i.grid != grid || i.cta[0] != cta[0] ||
          i.cta[1] != cta[1] || i.cta[2] != cta[2] || i.ref.uid == ref.uid)
        continue;
      auto r = stepOnce(i.ref, nullptr);
      if (!r)
        continue;
      moved = true;
      if (r->status == emu::RunStatus::Fault) {
        dbg_.reportStop(faultEvent(*r));
        return false;
      }
    }
    w = emu::viewWarp(dbg_.device(), ref);
    if (!w || w->state() != emu::WarpState::Barrier)
      return true;
    if (!moved)
      throw CommandError("the warp waits at a barrier that the other warps of its CTA "
                         "cannot reach: `continue` runs the whole grid");
  }
}

std::string Execution::frameKey(emu::WarpView w, uint32_t lane) {
  const FrameSpec f{w.pcBytes(), w.pcBytes(), false, /*withArgs=*/false};
  return std::to_string(framesOf(w).size()) + " " + frameFunctionText(dbg_, w, lane, f);
}

void Execution::stepLine(bool over, bool untilMode) {
  std::optional<emu::WarpView> w = dbg_.focusedWarp();
  uint32_t lane = dbg_.focus().lane;
  const rt::LoadedKernel *k = dbg_.kernelOf(*w->grid());
  const LaneState state = laneState(*w, lane);
  if ((state.kind == LaneState::Exited || state.kind == LaneState::Absent) &&
      w->state() != emu::WarpState::Done)
    throw CommandError(laneStateText(dbg_, *w, lane) + ": `focus lane " +
                       std::to_string(lowestLane(w->active())) + "` follows one that runs");
  const bool waiting = state.kind == LaneState::Waiting;
  if (!k || !linesOf(*k)) {
    // No line information: an instruction, as gdb's stepi.
    over ? nexti(1) : stepi(1);
    return;
  }
  // None (code of no line, or a lane that waits): the first line start.
  std::optional<rt::SourcePos> start = waiting ? std::nullopt : sourcePos(*k, w->pcBytes());
  std::string exitNote;
  std::optional<uint64_t> prologueEnd; // a step into a function stops there
  if (waiting)
    dbg_.out() << "lane " << lane << " is not active (" << waitingText(dbg_, *w, state)
               << "): " << (untilMode ? "until" : over ? "next" : "step")
               << " runs the active lanes until it is\n";
  const std::string startFrame = frameKey(*w, lane);
  const uint64_t startPc = w->pcBytes();
  checkpoint();
  const emu::WarpRef ref = w->ref();
  prepareStop();
  // One instruction of the step; false once it has stopped (reported). A
  // warp that issues kSpinSteps instructions without writing memory waits
  // for warps a step does not run (a grid-wide sync's spin, a lock held by
  // another CTA): the step stops there and says so, rather than spinning
  // for ever.
  uint64_t sinceStore = 0;
  auto stepOne = [&]() {
    if (!waitOutBarrier(ref))
      return false;
    const std::optional<emu::WarpView> at = emu::viewWarp(dbg_.device(), ref);
    const bool stores = at && at->pc() < at->code().size() &&
                        at->code()[at->pc()].op < emu::Op::NumOps &&
                        emu::opInfo(at->code()[at->pc()].op).mayStore;
    if (!stepQuiet(ref, true) || stepHitsBreakpoint(ref, lane))
      return false;
    sinceStore = stores ? 0 : sinceStore + 1;
    if (sinceStore < kSpinSteps)
      return true;
    const std::optional<emu::WarpView> now = emu::viewWarp(dbg_.device(), ref);
    if (!now)
      return false;
    StopEvent e = eventAt(*now, lane, "step");
    e.sourceStep = true;
    e.preface.push_back("the warp has run " + std::to_string(kSpinSteps) +
                        " instructions without writing memory: it waits for warps a step does "
                        "not run (a grid-wide sync, a lock); `continue` runs them");
    host_.resume = ref;
    dbg_.reportStop(e);
    return false;
  };
  for (;;) {
    w = emu::viewWarp(dbg_.device(), ref);
    if (over && w && isCallAt(*w)) {
      const uint32_t ret = w->pc() + 1, depth = w->stackDepth();
      do {
        if (!stepOne())
          return;
        w = emu::viewWarp(dbg_.device(), ref);
      } while (w && !(w->pc() == ret && w->stackDepth() <= depth));
    } else if (!stepOne()) {
      return;
    }
    w = emu::viewWarp(dbg_.device(), ref);
    if (!w)
      return;
    const LaneState now = laneState(*w, lane);
    if (now.kind == LaneState::Exited) {
      // The warp goes on without the lane: the step follows one that runs
      // to its next line.
      const uint32_t next = lowestLane(w->active(), lane);
      exitNote = "lane " + std::to_string(lane) + " has exited: the focus moves to lane " +
                 std::to_string(next);
      lane = next;
      start.reset();
      continue;
    }
    if (now.kind != LaneState::Active)
      continue; // the other path runs until the lane is back
    const std::optional<rt::SourcePos> pos = sourcePos(*k, w->pcBytes());
    if (!pos)
      continue;
    if (prologueEnd) {
      if (w->pcBytes() != *prologueEnd)
        continue; // still in the prologue the step entered
    } else {
      if ((start && sameLine(*pos, *start)) || !startsLine(*k, w->pcBytes()))
        continue;
      // gdb's until: not back to code before the pc it began at, in the
      // same frame (its step range runs from the function's entry to the
      // end of the line). A loop's increment that the compiler put after
      // the body goes on past the loop, not into the body again, whatever
      // the lines' numbers.
      if (start && untilMode && w->pcBytes() < startPc && frameKey(*w, lane) == startFrame)
        continue;
      // Into a function: past its prologue (the parameters' stores, on its
      // declaration's line), where its arguments are readable, as gdb's.
      if (const uint64_t after = afterPrologue(*k, w->pcBytes()); after != w->pcBytes()) {
        prologueEnd = after;
        continue;
      }
    }
    // A line that starts right after a barrier the warp waits at: the step
    // ends once the barrier has released, so that what the line reads is
    // what the CTA's other warps wrote before it.
    if (w->state() == emu::WarpState::Barrier) {
      if (!waitOutBarrier(ref))
        return;
      w = emu::viewWarp(dbg_.device(), ref);
      if (!w)
        return;
    }
    // As after a breakpoint: `continue` lets this instruction issue even
    // when a breakpoint is on it (gdb steps over the breakpoint at the PC).
    host_.resume = ref;
    StopEvent e = eventAt(*w, lane, "step");
    e.sourceStep = true;
    e.newFrame = frameKey(*w, lane) != startFrame;
    if (!exitNote.empty())
      e.preface.push_back(exitNote);
    dbg_.reportStop(e);
    return;
  }
}

} // namespace simt::dbg

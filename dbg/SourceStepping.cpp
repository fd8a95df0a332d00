//===-- SourceStepping.cpp - step, next, until by source line -------------===//
//
// The focused warp goes instruction by instruction (as stepi) until the
// code its active lanes run is on another source line than where it
// started. A warp that diverges stops on each path's new line as its lanes
// take it, so stepping across an `if` shows the `then` lines (the lanes that
// took them active) and then the `else` lines; when the focused lane is not
// on the path that runs, the stop names the lowest active lane. `next` runs
// a CAL to its return; `step` stops at the callee's first line (a callee
// without line information is stepped through). A warp waiting at a barrier
// lets its CTA's other warps run until it can go on.
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"

#include "dbg/Debugger.h"
#include "dbg/SourceView.h"
#include "emu/core/Cta.h"

namespace simt::dbg {

namespace {
bool isCallAt(const emu::Warp &w) {
  const uint32_t pc = w.ctl().pc;
  return pc < w.codeSize && w.code[pc].op < emu::Op::NumOps && emu::opInfo(w.code[pc].op).isCall;
}

bool sameLine(const rt::SourcePos &a, const rt::SourcePos &b) {
  return a.line == b.line && a.file == b.file;
}
} // namespace

bool Execution::waitOutBarrier(emu::WarpRef ref) {
  emu::Warp *w = dbg_.device().warp(ref);
  if (!w || w->state != emu::WarpState::Barrier)
    return true;
  const emu::GridId grid = w->grid->id;
  const std::array<uint32_t, 3> cta{w->cta->id[0], w->cta->id[1], w->cta->id[2]};
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
    w = dbg_.device().warp(ref);
    if (!w || w->state != emu::WarpState::Barrier)
      return true;
    if (!moved)
      throw CommandError("the warp waits at a barrier that the other warps of its CTA "
                         "cannot reach: `continue` runs the whole grid");
  }
}

void Execution::stepLine(bool over, bool untilMode) {
  emu::Warp *w = dbg_.focusedWarp();
  const rt::LoadedKernel *k = dbg_.kernelOf(*w->grid);
  const std::optional<rt::SourcePos> start = k ? sourcePos(*k, w->pcBytes()) : std::nullopt;
  if (!start) {
    // No line information here: an instruction, as gdb's stepi.
    over ? nexti(1) : stepi(1);
    return;
  }
  checkpoint();
  const emu::WarpRef ref{w->sm->id(), w->slot, w->uid};
  prepareStop();
  for (;;) {
    if (!waitOutBarrier(ref))
      return;
    w = dbg_.device().warp(ref);
    if (over && w && isCallAt(*w)) {
      const uint32_t ret = w->ctl().pc + 1, depth = w->stack().depth();
      do {
        if (!waitOutBarrier(ref) || !stepQuiet(ref))
          return;
        w = dbg_.device().warp(ref);
      } while (w && !(w->ctl().pc == ret && w->stack().depth() <= depth));
    } else if (!stepQuiet(ref)) {
      return;
    }
    w = dbg_.device().warp(ref);
    if (!w)
      return;
    const std::optional<rt::SourcePos> now = sourcePos(*k, w->pcBytes());
    if (!now || sameLine(*now, *start))
      continue;
    if (untilMode && now->file == start->file && now->line < start->line)
      continue; // back up a loop: until goes on to a line after it
    const uint32_t lane = (w->ctl().active >> dbg_.focus().lane) & 1
                              ? dbg_.focus().lane
                              : lowestLane(w->ctl().active, dbg_.focus().lane);
    // As after a breakpoint: `continue` lets this instruction issue even
    // when a breakpoint is on it (gdb steps over the breakpoint at the PC).
    host_.resume = ref;
    dbg_.reportStop(eventAt(*w, lane, "step"));
    return;
  }
}

} // namespace simt::dbg

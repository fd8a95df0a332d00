//===-- Gather.cpp - The other warps arrive at a breakpoint's stop --------===//
//
// On a GPU every resident warp runs at once: when cuda-gdb reports a
// breakpoint, the warps that were on their way there have arrived too (its
// `info cuda threads` lists every thread of a small grid at the kernel's
// first line), and `continue` does not stop again for each of them. The
// emulator runs its SMs in turn, so at the first warp's stop the others
// have not moved. gather() moves them: each other resident warp is stepped
// until it stands at a breakpoint (its condition true for some lane), waits
// at a barrier, ends, or has run a budget of instructions; the warps left at
// a breakpoint are exempt from it at their next instruction, so the next
// `continue` goes past them as cuda-gdb's does. The steps are the log's, as
// stepi's are, so reverse execution goes back through them. Only in a
// program's session: a run script's keeps its warp-by-warp stops.
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"

#include "dbg/Debugger.h"

namespace simt::dbg {

namespace {
/// Instructions one warp may run to reach a breakpoint: a warp that does
/// not come within this many stays where it is (a real card's warps may
/// also be anywhere at a stop).
constexpr unsigned kGatherBudget = 4096;
} // namespace

bool Execution::atBreakpoint(emu::WarpView w) {
  const rt::LoadedKernel *k = w.grid() ? dbg_.kernelOf(*w.grid()) : nullptr;
  if (!k)
    return false;
  for (Breakpoint *b : dbg_.breakpoints().at(*k, w.pcBytes()))
    if (breakLanes(*b, w, nullptr))
      return true;
  return false;
}

void Execution::gather(emu::WarpRef stopped) {
  // Only in a program (simt-dbg --args), cuda-gdb's sessions: a run
  // script's session keeps the SIMT views' warp-by-warp stops. A
  // watchpoint's or the sanitizer's stop on the way would be lost: with
  // either on, the other warps stay where they are.
  if (!dbg_.program() || dbg_.breakpoints().anyWatch() || dbg_.sanitizer().on())
    return;
  // The stopped warp too: a step of another warp may use up the device's
  // own resumeFrom() exemption of it.
  // The stopped warp's arrival count here: a warp that a `continue` took
  // past this breakpoint before and that the gather would bring to it
  // again (a loop's next iteration: the SMs take turns, so it may be an
  // iteration ahead) is not exempted, or that hit would never be reported;
  // it stays at the breakpoint and the next `continue` stops there.
  unsigned round = 1;
  if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), stopped)) {
    exempt_.insert({w->uid(), w->instructions()});
    round = ++arrivals_[{w->uid(), w->pcBytes()}];
  }
  for (const emu::WarpInfo &i : dbg_.device().warps()) {
    if (i.ref == stopped || i.state != emu::WarpState::Active)
      continue;
    for (unsigned n = 0; n < kGatherBudget; ++n) {
      std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), i.ref);
      if (!w || w->state() != emu::WarpState::Active)
        break;
      if (atBreakpoint(*w)) {
        if (unsigned &seen = arrivals_[{w->uid(), w->pcBytes()}]; seen < round) {
          ++seen;
          exempt_.insert({w->uid(), w->instructions()});
        }
        break;
      }
      std::optional<emu::RunResult> r = stepOnce(i.ref, nullptr);
      if (!r || r->status == emu::RunStatus::Fault || !hits_.empty() || sanitizerHit_)
        break;
    }
  }
}

bool Execution::takeExemption(emu::WarpView w) {
  return exempt_.erase({w.uid(), w.instructions()}) != 0;
}

} // namespace simt::dbg

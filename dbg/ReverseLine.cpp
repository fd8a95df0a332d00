//===-- ReverseLine.cpp - reverse-step, -next, -continue, -finish ---------===//
//
// Going back by line, to a call or to a breakpoint needs the past: a trace
// replay (ReverseStep.h) re-executes the log to its end, recording the
// focused warp's states where the focused lane's line, activity or call
// depth changes, and every point where a breakpoint or watchpoint set now
// would have stopped a warp. That
// names an instruction of some warp, and replayTo goes back to just before
// it. The trace starts at the newest checkpoint before the focused warp's
// current instruction, and again from the start when the answer lies
// further back.
//
// Lines follow the focused lane as the forward steps do: a state counts
// where that lane is active on a line (for reverse-next, not inside the
// calls made from the current function). A step back goes to where the
// lane's line last began before the current instruction: the start of the
// current line when the stop is inside it, else of the line before, which
// is where `next` would have stopped.
//
//===----------------------------------------------------------------------===//
#include "dbg/Execution.h"

#include "dbg/Breakpoints.h"
#include "dbg/Debugger.h"
#include "dbg/SourceView.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace simt::dbg {

/// Builds a Trace while a replay runs: keeps the traced warp's states only
/// where the lane's line, activity or call depth changes, so that a trace
/// grows with the lines run, not the instructions.
class TraceRecorder {
public:
  explicit TraceRecorder(Trace &t) : trace(t) {}
  Trace &trace;

  void add(const TraceState &s, const rt::LoadedKernel *k) {
    const uint32_t line = lineId(s.pc, k);
    const bool same = last && last->active == s.active && last->calls == s.calls &&
                      lastLine == line;
    if (!same) {
      // The run's end before a call or a return: where reverse-finish goes.
      if (last && last->calls != s.calls && trace.states.back().count != last->count)
        trace.states.push_back(*last);
      trace.states.push_back(s);
    }
    last = s;
    lastLine = line;
  }
  /// The last state seen: before the warp's last instruction so far.
  void finish() {
    if (last && (trace.states.empty() || trace.states.back().count != last->count))
      trace.states.push_back(*last);
  }

private:
  /// A number for the source line at `pc` (0: none), the same for every pc
  /// of that line.
  uint32_t lineId(uint32_t pc, const rt::LoadedKernel *k) {
    auto [it, added] = lineOfPc.try_emplace(pc, 0);
    if (added && k)
      if (auto p = sourcePos(*k, pc))
        it->second = lines.try_emplace({p->file, p->line}, uint32_t(lines.size() + 1)).first->second;
    return it->second;
  }

  std::optional<TraceState> last;
  uint32_t lastLine = 0;
  std::unordered_map<uint32_t, uint32_t> lineOfPc;
  std::map<std::pair<std::string, unsigned>, uint32_t> lines;
};

namespace {

/// The CALL tokens holding `lane`: how deep in calls it is.
uint32_t callsHolding(emu::WarpView w, uint32_t lane) {
  const emu::SimtStack &s = *w.stack();
  uint32_t n = 0;
  for (uint32_t d = 0; d < s.depth(); ++d) {
    const emu::SimtLevelView v = s.level(d);
    n += v.token.type == emu::TokenType::Call && (v.token.mask >> lane & 1);
  }
  return n;
}

/// Whether the trace holds the warp's history from its first instruction.
bool fromStart(const Trace &t) {
  return t.whole || (!t.states.empty() && t.states.front().count == 0);
}

bool sameLine(const rt::SourcePos &a, const rt::SourcePos &b) {
  return a.line == b.line && a.file == b.file;
}

/// Where the traced lane's line began last before instruction `before`,
/// counting only states at most `maxCalls` calls deep: the state, or null
/// when there is none (*unsure: the trace may not reach far enough back).
/// A line entered in its middle (back from a call) is not where a step
/// stops: its start is the line's before it.
const TraceState *lineStart(const Trace &t, const rt::LoadedKernel &k, uint64_t before,
                            uint32_t maxCalls, bool *unsure) {
  *unsure = false;
  auto lineOf = [&](const TraceState &s) -> std::optional<rt::SourcePos> {
    if (!s.active || s.calls > maxCalls)
      return std::nullopt;
    return sourcePos(k, s.pc);
  };
  auto end = std::lower_bound(t.states.begin(), t.states.end(), before,
                              [](const TraceState &s, uint64_t c) { return s.count < c; });
  size_t j = size_t(end - t.states.begin());
  for (;;) {
    std::optional<rt::SourcePos> line;
    while (j-- > 0 && !(line = lineOf(t.states[j])))
      ;
    if (!line) {
      *unsure = !fromStart(t);
      return nullptr;
    }
    size_t first = j;
    bool begun = false;
    for (size_t m = j; m-- > 0 && !begun;) {
      const std::optional<rt::SourcePos> p = lineOf(t.states[m]);
      if (p && !sameLine(*p, *line))
        begun = true;
      else if (p)
        first = m;
    }
    if (!begun && !fromStart(t)) {
      *unsure = true; // the line may have begun before the trace
      return nullptr;
    }
    if (startsLine(k, t.states[first].pc) || first == 0)
      return &t.states[first];
    j = first;
  }
}

} // namespace

//===-- Traces ---------------------------------------------------------------------===//

void Execution::traceBefore(emu::WarpView w, std::optional<bool> site) {
  Trace &t = trace_->trace;
  if (w.uid() == t.uid)
    trace_->add({w.instructions(), w.pcBytes(), uint16_t(callsHolding(w, t.lane)),
                 (w.active() >> t.lane & 1) != 0},
                w.grid() ? dbg_.kernelOf(*w.grid()) : nullptr);
  if (site == false || !w.grid() || !dbg_.breakpoints().anyBreakpoint())
    return;
  const rt::LoadedKernel *k = dbg_.kernelOf(*w.grid());
  if (!k)
    return;
  for (Breakpoint *b : dbg_.breakpoints().at(*k, w.pcBytes()))
    if (const uint32_t lanes = breakLanes(*b, w, nullptr)) {
      t.hits.push_back({w.uid(), w.instructions(), lanes, breakReason(*b), ""});
      return;
    }
}

void Execution::traceHit(TraceHit hit) { trace_->trace.hits.push_back(std::move(hit)); }

void Execution::traceFrom(Trace &t, Checkpoint *from) {
  t.states.clear();
  t.hits.clear();
  t.whole = from == nullptr;
  TraceRecorder recorder(t);
  trace_ = &recorder;
  try {
    // A target never reached: the whole log runs again.
    replayTo(t.uid, UINT64_MAX, from);
  } catch (...) {
    trace_ = nullptr;
    throw;
  }
  trace_ = nullptr;
  recorder.finish();
  refreshWatchValues();
  // A run that stopped asks again before the warp goes on: one state each.
  std::stable_sort(t.states.begin(), t.states.end(),
                   [](const TraceState &a, const TraceState &b) { return a.count < b.count; });
  t.states.erase(std::unique(t.states.begin(), t.states.end(),
                             [](const TraceState &a, const TraceState &b) {
                               return a.count == b.count;
                             }),
                 t.states.end());
}

std::optional<uint64_t>
Execution::searchPast(uint64_t uid, uint32_t lane, uint64_t now,
                      const std::function<std::optional<uint64_t>(const Trace &)> &decide) {
  Trace t;
  t.uid = uid;
  t.lane = lane;
  if (Checkpoint *c = checkpoints_.newestBefore(uid, now)) {
    traceFrom(t, c);
    if (auto r = decide(t))
      return r;
  }
  traceFrom(t, nullptr);
  return decide(t);
}

//===-- Commands ---------------------------------------------------------------------===//

Execution::PastWarp Execution::pastFocus() {
  if (std::optional<emu::WarpView> w = dbg_.focusedWarp(false))
    return {w->uid(), w->grid() ? w->grid()->id : 0, w->instructions()};
  const Focus &f = dbg_.focus();
  if (!f.valid() || !f.uid)
    dbg_.focusedWarp(); // throws why there is none
  return {f.uid, f.grid, std::nullopt};
}

void Execution::reverseLine(uint64_t n, bool over) {
  const PastWarp p = pastFocus();
  const emu::Grid *g = dbg_.device().grid(p.grid);
  const rt::LoadedKernel *k = g ? dbg_.kernelOf(*g) : nullptr;
  if (!k || !linesOf(*k)) {
    reverseStepi(n); // no line information: an instruction, as forward
    return;
  }
  const uint32_t lane = dbg_.focus().lane;
  const uint64_t uid = p.uid, now = p.count.value_or(UINT64_MAX);
  if (now == 0)
    throw CommandError("the focused warp has not executed an instruction yet: nothing to "
                       "reverse");
  std::optional<emu::WarpView> w = dbg_.focusedWarp(false);
  const uint32_t frame = w ? callsHolding(*w, lane) : 0;
  auto decide = [&](const Trace &t) -> std::optional<uint64_t> {
    // The trace replay made a new session: the kernel is its copy.
    const emu::Grid *grid = dbg_.device().grid(p.grid);
    const rt::LoadedKernel *kernel = grid ? dbg_.kernelOf(*grid) : nullptr;
    if (!kernel)
      return std::nullopt;
    uint64_t before = now;
    uint32_t calls = frame;
    for (uint64_t i = 0; i < n; ++i) {
      bool unsure = false;
      const TraceState *s = lineStart(t, *kernel, before, over ? calls : UINT32_MAX, &unsure);
      if (unsure)
        return std::nullopt;
      if (!s)
        break; // the start of the history
      before = s->count;
      calls = s->calls; // reverse-next from a function's first line: its caller's
    }
    if (before == now)
      return std::nullopt;
    return before;
  };
  const std::optional<uint64_t> to = searchPast(uid, lane, now, decide);
  if (!to)
    throw CommandError("lane " + std::to_string(lane) +
                       " ran no earlier source line: no more reverse-execution history");
  goBackTo(uid, *to, lane, "reverse-step");
}

void Execution::reverseFinish() {
  std::optional<emu::WarpView> w = dbg_.focusedWarp();
  const uint32_t lane = dbg_.focus().lane;
  const uint32_t frame = callsHolding(*w, lane); // an exited lane is in no call
  if (frame == 0)
    throw CommandError("\"reverse-finish\" not meaningful in the outermost frame (lane " +
                       std::to_string(lane) + " is in no call)");
  const uint64_t uid = w->uid(), now = w->instructions();
  auto decide = [&](const Trace &t) -> std::optional<uint64_t> {
    // The CAL that made the call: the last state before it, one call less deep.
    for (size_t j = t.states.size(); j-- > 0;)
      if (t.states[j].count < now && t.states[j].calls < frame)
        return t.states[j].count;
    return std::nullopt;
  };
  const std::optional<uint64_t> to = searchPast(uid, lane, now, decide);
  if (!to)
    throw CommandError("cannot reverse: the call is not in the execution log");
  dbg_.out() << "run back to the call of lane " << lane << "'s function\n";
  goBackTo(uid, *to, lane, "reverse-finish");
}

void Execution::reverseContinue() {
  const PastWarp p = pastFocus();
  const uint32_t lane = dbg_.focus().lane;
  const uint64_t uid = p.uid, now = p.count.value_or(UINT64_MAX);
  TraceHit hit;
  auto decide = [&](const Trace &t) -> std::optional<uint64_t> {
    for (size_t j = t.hits.size(); j-- > 0;) {
      // A warp still before the hit's instruction is stopped there now.
      std::optional<emu::WarpView> x = warpByUid(dbg_.device(), t.hits[j].uid);
      if (x && x->instructions() == t.hits[j].count)
        continue;
      hit = t.hits[j];
      return hit.count;
    }
    return std::nullopt;
  };
  if (searchPast(uid, lane, now, decide)) {
    // The stop names the focused lane when it is one that hit, as cuda-gdb
    // keeps the focus on its thread.
    const bool keep = hit.uid == uid && (hit.lanes >> lane & 1);
    goBackTo(hit.uid, hit.count, keep ? lane : lowestLane(hit.lanes), hit.reason, hit.note);
    return;
  }
  if (now == 0)
    throw CommandError("no breakpoint or watchpoint was hit before, and the focused warp has "
                       "not executed an instruction yet: nothing to reverse");
  goBackTo(uid, 0, lane, "history start",
           "no breakpoint or watchpoint was hit before: back at the focused warp's first "
           "instruction (no more reverse-execution history)");
}

} // namespace simt::dbg

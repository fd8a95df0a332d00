//===-- Execution.cpp - The script, its goals and the device runs ---------===//
#include "dbg/Execution.h"

#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"
#include "dbg/ProgramControl.h"
#include "dbg/SourceView.h"
#include "emu/core/Fault.h"
#include "runtime/KernelNames.h"

namespace simt::dbg {

Execution::Execution(Debugger &d) : dbg_(d) {
  d.sanitizer().onReport([this](const emu::TraceRecord &rec) { sanitizerReported(rec); });
}

void Execution::reset() {
  host_ = HostState{};
  log_.clear();
  checkpoints_.clear();
  checkpointSerial_.reset();
  exempt_.clear();
  arrivals_.clear();
  clearStopState();
}

void Execution::clearStopState() {
  pending_.reset();
  hits_.clear();
  stopNext_ = false;
  sanitizerHit_ = false;
}

void Execution::checkpoint() {
  // An empty log is a fresh session: a replay starts from one anyway.
  if (log_.size() == 0 || checkpointSerial_ == log_.serial())
    return;
  checkpoints_.take(dbg_.session(), host_, log_.size());
  log_.seal();
  checkpointSerial_ = log_.serial();
}

//===-- The script and its goals ----------------------------------------------------===//

void Execution::run() {
  if (ProgramControl *p = dbg_.program()) {
    p->run();
    return;
  }
  if (!dbg_.hasScript())
    throw CommandError("no run script was given: type run-script commands (alloc, launch, "
                       "wait, ...) at the prompt");
  if (host_.started || log_.size()) {
    dbg_.out() << "restarting: a new session runs the script from the start\n";
    dbg_.resetSession();
    dbg_.breakpoints().clearHitCounts();
  }
  host_ = HostState{};
  host_.started = true;
  continueLoop();
}

void Execution::cont() {
  if (ProgramControl *p = dbg_.program()) {
    if (!p->started())
      throw CommandError("The program is not being run.");
    checkpoint();
    p->resume();
    return;
  }
  if (host_.goals.empty() && (!host_.started || host_.finished)) {
    if (!host_.started && dbg_.hasScript())
      throw CommandError("the script is not running: use `run`");
    if (host_.finished)
      throw CommandError("the script has finished (`run` starts it again)");
    throw CommandError("nothing to continue: no wait is pending");
  }
  checkpoint();
  continueLoop();
}

void Execution::hostCommand(const rt::Command &cmd, const std::filesystem::path &baseDir) {
  if (dbg_.program())
    throw CommandError("run-script commands are for run-script sessions: the program's own host "
                       "code allocates, copies and launches");
  checkpoint();
  if (executeHost(cmd, baseDir, true) && !host_.goals.empty() && host_.goals.back().fromPrompt)
    continueLoop();
}

bool Execution::executeHost(const rt::Command &cmd, const std::filesystem::path &baseDir,
                            bool fromPrompt) {
  auto error = [&](const std::string &m) {
    if (fromPrompt)
      throw CommandError(m);
    dbg_.out() << dbg_.options().script << ":" << cmd.line << ": error: " << m << "\n";
    return false;
  };
  if (const auto *w = std::get_if<rt::WaitCommand>(&cmd.op)) {
    Goal g;
    g.fromPrompt = fromPrompt;
    if (w->grid) {
      auto id = dbg_.runner().gridNamed(*w->grid);
      if (!id)
        return error("no grid named '" + *w->grid + "'");
      g.kind = Goal::Grid;
      g.grid = *id;
    }
    host_.goals.push_back(g);
    return true;
  }
  if (const auto *a = std::get_if<rt::AdvanceCommand>(&cmd.op)) {
    Goal g;
    g.kind = Goal::Cycles;
    g.until = dbg_.device().cycle() + a->cycles;
    g.fromPrompt = fromPrompt;
    host_.goals.push_back(g);
    return true;
  }
  Action act;
  act.kind = Action::Host;
  act.before = host_;
  act.command = cmd;
  act.baseDir = baseDir;
  const emu::GridId lastBefore = dbg_.session().lastGrid();
  rt::Status s = dbg_.runner().execute(cmd, baseDir);
  act.after = host_;
  log_.push(std::move(act));
  if (!s)
    return error(s.message());
  if (std::holds_alternative<rt::LoadCommand>(cmd.op))
    dbg_.breakpoints().invalidate();
  refreshWatchValues();
  if (std::holds_alternative<rt::LaunchCommand>(cmd.op) && dbg_.breakOnLaunch &&
      dbg_.session().lastGrid() != lastBefore)
    return !stopAtLaunch(dbg_.session().lastGrid());
  return true;
}

bool Execution::stopAtLaunch(emu::GridId g) {
  // Code with line tables: cuda-gdb's stop, at the kernel's first line after
  // its prologue (as `break KERNEL`), when the grid's first warp gets there.
  const emu::Grid *grid = dbg_.device().grid(g);
  if (const rt::LoadedKernel *k = grid ? dbg_.kernelOf(*grid) : nullptr; k && linesOf(*k)) {
    Location entry;
    entry.kernel = entry.label = k->info.name;
    entry.text = rt::demangleKernelName(k->info.name);
    dbg_.breakpoints().addInternal(std::move(entry), kKernelEntryReason);
    return false;
  }
  for (const emu::WarpInfo &i : dbg_.device().warps())
    if (i.grid == g) {
      if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), i.ref)) {
        dbg_.reportStop(eventAt(*w, lowestLane(w->active()), "launch"));
        return true;
      }
    }
  dbg_.out() << "grid " << g << " launched; no CTA is resident yet\n";
  return false;
}

void Execution::continueLoop() {
  for (;;) {
    if (!host_.goals.empty()) {
      RunOutcome o = runGoal();
      if (o.stop) {
        dbg_.reportStop(*o.stop);
        return;
      }
      if (o.goalDone && o.promptGoal)
        return;
      continue;
    }
    if (host_.started && !host_.finished) {
      if (host_.scriptPos < dbg_.script().commands.size()) {
        const rt::Command &cmd = dbg_.script().commands[host_.scriptPos++];
        if (!executeHost(cmd, dbg_.scriptDir(), false))
          return;
        continue;
      }
      host_.finished = true;
      dbg_.out() << "script finished\n";
      dbg_.runner().reportRunning(dbg_.out());
    }
    return;
  }
}

emu::RunResult Execution::runDevice(const Goal &g) {
  emu::Device &d = dbg_.device();
  switch (g.kind) {
  case Goal::Idle:
    return d.runUntilIdle();
  case Goal::Grid:
    return d.runUntil(g.grid);
  case Goal::Cycles:
    return d.advance(g.until > d.cycle() ? g.until - d.cycle() : 0);
  }
  return {};
}

Execution::RunOutcome Execution::runGoal() {
  const Goal g = host_.goals.back();
  Action act;
  act.kind = Action::Run;
  act.goal = g;
  act.before = host_;
  act.resume = host_.resume;
  prepareStop();
  if (host_.resume)
    dbg_.device().resumeFrom(*host_.resume);
  host_.resume.reset();
  attachHooks(true);
  const emu::RunResult r = runDevice(g);
  lastRun_ = r;
  detachHooks();
  dbg_.session().flushPrintf(); // what grids that ended printed

  RunOutcome o;
  switch (r.status) {
  case emu::RunStatus::Breakpoint:
    act.end = stopKey_;
    host_.resume = r.warp;
    o.stop = pending_ ? *pending_ : StopEvent{};
    if (!pending_) {
      if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), r.warp))
        o.stop = eventAt(*w, lowestLane(w->active()), "breakpoint");
    }
    break;
  case emu::RunStatus::Interrupted:
    // Ctrl-C (Device::requestStop): before an instruction of r.warp, as a
    // breakpoint stops, so `continue` and the replay log treat it alike.
    clearInterrupt();
    o.stop = StopEvent{};
    o.stop->reason = "interrupt";
    if (std::optional<emu::WarpView> w = emu::viewWarp(dbg_.device(), r.warp)) {
      act.end = StopKey{r.warp.sm, r.warp.slot, w->uid(), w->instructions()};
      host_.resume = r.warp;
      o.stop = eventAt(*w, lowestLane(w->active()), "interrupt");
    }
    break;
  case emu::RunStatus::Fault:
    o.stop = faultEvent(r);
    break;
  case emu::RunStatus::StepLimit:
  case emu::RunStatus::Blocked:
    o.stop = limitEvent(r);
    break;
  default:
    o.goalDone = true;
    o.promptGoal = g.fromPrompt;
    host_.goals.pop_back();
    break;
  }
  if (!hits_.empty()) {
    if (!o.stop)
      o.stop = StopEvent{};
    addWatchHits(*o.stop, o.stop->reason.empty() || o.stop->reason == "watchpoint");
  }
  if (sanitizerHit_ && o.stop)
    addSanitizerReports(*o.stop);
  act.after = host_;
  log_.push(std::move(act));
  if (r.status == emu::RunStatus::Breakpoint && o.stop && o.stop->breakpoint)
    gather(r.warp);
  return o;
}

void Execution::beginProgramRun(std::optional<emu::GridId> grid) {
  reset();
  host_.started = true;
  Goal g;
  if (grid) {
    g.kind = Goal::Grid;
    g.grid = *grid;
  }
  host_.goals.push_back(g);
}

std::optional<StopEvent> Execution::runProgramGoal(emu::RunResult *result) {
  checkpoint();
  RunOutcome o = runGoal();
  *result = lastRun_;
  return o.stop;
}

void Execution::recordEdit(std::function<void(Debugger &)> edit) {
  Action a;
  a.kind = Action::Edit;
  a.before = host_;
  a.after = host_;
  a.edit = std::move(edit);
  log_.push(std::move(a));
  refreshWatchValues();
}

} // namespace simt::dbg

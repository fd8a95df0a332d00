//===-- ReverseStep.cpp - Replays of the execution log, reverse-stepi -----===//
#include "dbg/ReverseStep.h"
#include "dbg/Debugger.h"
#include "dbg/Execution.h"
#include "dbg/Interrupt.h"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace simt::dbg {

void ExecutionLog::addStep(const HostState &before, const HostState &after, emu::WarpRef warp) {
  ++serial_;
  if (actions_.size() > sealed_) {
    Action &last = actions_.back();
    if (last.kind == Action::Step && last.warp == warp) {
      ++last.count;
      last.after = after;
      return;
    }
  }
  Action a;
  a.kind = Action::Step;
  a.before = before;
  a.after = after;
  a.warp = warp;
  a.count = 1;
  actions_.push_back(std::move(a));
}

bool Execution::replayQuery(const emu::BreakQuery &q, emu::WarpView w) {
  if (trace_)
    traceBefore(w, q.site);
  if (targetActive_ && w.uid() == targetUid_ && w.instructions() == targetCount_) {
    targetFound_ = true;
    stopKey_ = StopKey{q.sm, q.slot, w.uid(), w.instructions()};
    return true;
  }
  if (replayEnd_ && q.sm == replayEnd_->sm && q.slot == replayEnd_->slot &&
      w.uid() == replayEnd_->uid && w.instructions() == replayEnd_->count) {
    stopKey_ = *replayEnd_;
    return true;
  }
  return false;
}

std::optional<emu::WarpView> warpByUid(emu::Device &d, uint64_t uid) {
  for (uint32_t s = 0; s < d.numSms(); ++s)
    for (uint32_t slot = 0; slot < emu::viewSm(d, s).numSlots(); ++slot) {
      emu::WarpView w = emu::viewSlot(d, s, slot);
      if (w.uid() == uid && w.state() != emu::WarpState::Free)
        return w;
    }
  return std::nullopt;
}

namespace {
constexpr const char *kReplayInterrupted =
    "Quit (reverse execution interrupted: the program is where it was)";

/// Tells a person at a terminal, once a replay has taken a while, that it
/// goes on and how to stop it (only there: a script's output stays the same
/// whatever the machine's speed).
class ReplayProgress {
public:
  void show(size_t done, size_t total) {
    if (shown_ || !isatty(STDERR_FILENO) ||
        std::chrono::steady_clock::now() - start_ < std::chrono::seconds(2))
      return;
    shown_ = true;
    std::fprintf(stderr, "reverse execution: replaying the execution log from a checkpoint "
                         "(%zu of %zu actions; Ctrl-C stops it)\n", done, total);
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool shown_ = false;
};

/// Commands that only print or write files: not replayed.
bool outputOnly(const rt::Command &c) {
  return std::holds_alternative<rt::DumpCommand>(c.op) ||
         std::holds_alternative<rt::SaveCommand>(c.op) ||
         std::holds_alternative<rt::ExpectCommand>(c.op) ||
         std::holds_alternative<rt::StatsCommand>(c.op);
}
} // namespace

bool Execution::replayTo(uint64_t uid, uint64_t count, std::optional<Checkpoint *> from) {
  std::vector<Action> past = std::move(log_.actions());
  log_.clear();
  clearStopState();
  dbg_.muteSession(true);
  // Start from the newest checkpoint with the target ahead: the actions
  // before it are kept as they are, only those after it run again. The
  // state now is kept until the replay is done: Ctrl-C puts it back.
  size_t start = 0;
  const HostState hostNow = host_;
  host_ = HostState{};
  std::unique_ptr<rt::DeviceSession> now;
  if (Checkpoint *c = from ? *from : checkpoints_.newestBefore(uid, count)) {
    now = dbg_.exchangeSession(c->session->clone(dbg_.sessionStream()));
    start = c->logSize;
    host_ = c->host;
    for (size_t k = 0; k < start; ++k)
      log_.push(std::move(past[k]));
  } else {
    now = dbg_.exchangeSession(replayStart_ ? std::move(replayStart_) : dbg_.newSession());
  }
  ReplayProgress progress;
  auto interrupted = [&] {
    if (!interruptPending())
      return false;
    // Everything as it was before the command: the session, the log (its
    // first `start` actions are in log_ now) and the host state.
    std::vector<Action> whole;
    for (size_t k = 0; k < start; ++k)
      whole.push_back(std::move(log_.actions()[k]));
    for (size_t k = start; k < past.size(); ++k)
      whole.push_back(std::move(past[k]));
    log_.clear();
    for (Action &a : whole)
      log_.push(std::move(a));
    log_.seal();
    host_ = hostNow;
    targetActive_ = replaying_ = false;
    dbg_.device().setBreakEverywhere(false);
    listen(std::nullopt, breaks_);
    dbg_.exchangeSession(std::move(now));
    dbg_.muteSession(false);
    clearInterrupt();
    return true;
  };
  if (trace_) {
    // The break sites tell the trace where breakpoints are; the watched
    // values are the start's.
    dbg_.breakpoints().markSites(dbg_.session());
    refreshWatchValues();
    if (dbg_.breakpoints().anyWatch())
      listen(emu::TraceMemory, breaks_);
  }
  targetUid_ = uid;
  targetCount_ = count;
  targetActive_ = true;
  targetFound_ = false;
  bool found = false;

  auto atTarget = [&]() {
    std::optional<emu::WarpView> w = warpByUid(dbg_.device(), uid);
    return w && w->instructions() == count;
  };
  // An action (or the part of it before the target) happened again: it
  // stays in the log and its host state is current.
  auto replayed = [&](const Action &done) {
    log_.push(done);
    host_ = done.after;
  };

  size_t k = start;
  for (; k < past.size() && !found; ++k) {
    if (interrupted())
      throw CommandError(kReplayInterrupted);
    progress.show(k - start, past.size() - start);
    Action &a = past[k];
    switch (a.kind) {
    case Action::Host:
      if (a.command && !outputOnly(*a.command))
        (void)dbg_.runner().execute(*a.command, a.baseDir);
      replayed(a);
      break;
    case Action::Edit:
      if (a.edit) {
        try {
          a.edit(dbg_);
        } catch (const std::exception &) {
        }
      }
      replayed(a);
      break;
    case Action::Step: {
      uint64_t done = 0;
      for (; done < a.count; ++done) {
        if (a.warp.uid == uid && atTarget()) {
          found = true;
          break;
        }
        if (done % 4096 == 4095 && interrupted())
          throw CommandError(kReplayInterrupted);
        if (std::optional<emu::WarpView> w =
                trace_ ? emu::viewWarp(dbg_.device(), a.warp) : std::nullopt)
          traceBefore(*w, std::nullopt);
        (void)dbg_.device().stepWarp(a.warp);
      }
      if (found) {
        host_ = a.before;
        if (done) {
          // The steps before the target happened; a step of the resumed
          // warp used up its resume.
          Action part = a;
          part.count = done;
          part.after = a.before;
          if (a.before.resume && *a.before.resume == a.warp)
            part.after.resume.reset();
          replayed(part);
        }
      } else {
        replayed(a);
      }
      break;
    }
    case Action::Run: {
      if (a.resume && a.resume->uid == uid && atTarget()) {
        // The run began by letting the target warp issue: stop before it.
        found = true;
        host_ = a.before;
        break;
      }
      if (a.resume)
        dbg_.device().resumeFrom(*a.resume);
      replaying_ = true;
      // Every instruction may be the target, the run's end or a traced
      // state; replayHistory's runs to their end need none of that.
      dbg_.device().setBreakEverywhere(count != UINT64_MAX || trace_ || a.end);
      replayEnd_ = a.end;
      targetFound_ = false;
      listen(recordDetail_, true);
      const emu::RunResult r = runDevice(a.goal);
      listen(recordDetail_, false);
      replaying_ = false;
      dbg_.device().setBreakEverywhere(false);
      replayEnd_.reset();
      if (r.status == emu::RunStatus::Interrupted) {
        requestInterrupt(); // the run took the Ctrl-C; the replay ends on it
        if (interrupted())
          throw CommandError(kReplayInterrupted);
      }
      if (targetFound_ && r.status == emu::RunStatus::Breakpoint) {
        found = true;
        Action part = a;
        part.end = stopKey_;
        part.after = a.before;
        part.after.resume = r.warp;
        replayed(part);
      } else {
        replayed(a);
      }
      break;
    }
    }
  }
  targetActive_ = false;
  listen(std::nullopt, breaks_);
  dbg_.muteSession(false);
  // The log now ends inside (or before) action k - 1 of the past: later
  // checkpoints name states that are no longer ahead.
  if (found)
    checkpoints_.dropAfter(k - 1);
  log_.seal(); // a checkpoint may name the state after the last action
  return found;
}

void Execution::replayHistory(std::unique_ptr<rt::DeviceSession> start) {
  replayStart_ = std::move(start);
  // A target never reached: the whole log runs again.
  replayTo(0, UINT64_MAX, std::optional<Checkpoint *>(nullptr));
  replayStart_.reset();
}

void Execution::reverseStepi(uint64_t n) {
  const PastWarp p = pastFocus();
  std::optional<uint64_t> have = p.count;
  if (!have) {
    // The warp has exited: its last instruction is in a trace of the log.
    have = searchPast(p.uid, dbg_.focus().lane, UINT64_MAX,
                      [](const Trace &t) -> std::optional<uint64_t> {
                        if (t.states.empty())
                          return std::nullopt;
                        return t.states.back().count + 1;
                      });
    if (!have)
      throw CommandError("cannot reverse: the focused warp is not in the execution log");
  }
  if (*have == 0)
    throw CommandError("the focused warp has not executed an instruction yet: nothing to "
                       "reverse");
  goBackTo(p.uid, n >= *have ? 0 : *have - n, dbg_.focus().lane, "reverse-step");
}

void Execution::goBackTo(uint64_t uid, uint64_t count, uint32_t lane, const std::string &reason,
                         const std::string &note) {
  if (!replayTo(uid, count))
    throw CommandError("cannot reverse: the log does not lead back to that instruction");
  refreshWatchValues();
  prepareStop();
  std::optional<emu::WarpView> now = warpByUid(dbg_.device(), uid);
  if (!now)
    throw CommandError("the warp is not resident after the replay");
  StopEvent e = eventAt(*now, lane, reason);
  if (!note.empty())
    e.preface.push_back(note);
  dbg_.reportStop(e);
}

} // namespace simt::dbg

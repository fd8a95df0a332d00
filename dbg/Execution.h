//===-- Execution.h - Running the script and device under the debugger ----===//
//
// `run` queues the run script's commands; `continue` executes them in order:
// host commands go to the ScriptRunner, `wait`/`advance` become goals that
// run the device. While the device runs, a break hook (asked at the
// breakpoints' instructions, marked as the device's break sites) stops it at
// breakpoints, and after a watched location changed (a trace hook reads the
// memory writes each instruction reports); Ctrl-C stops it through
// Device::requestStop; faults stop it with their report. A stopped goal stays pending: `continue`
// resumes it, letting the stopped warp issue first. Single-warp steps
// (stepi, nexti, finish, step cta/all) use Device::stepWarp. Every action
// is logged (ReverseStep.h) so that reverse execution can re-execute the past.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Checkpoints.h"
#include "dbg/Focus.h"
#include "dbg/ReverseStep.h"
#include "emu/device/Facade.h"
#include "runtime/RunScript.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace simt::dbg {

class Debugger;
struct Breakpoint;
class TraceRecorder;

/// Why and where the program stopped (Debugger::reportStop prints it).
/// The reason of break-on-launch's stop at a kernel's first line.
inline constexpr const char *kKernelEntryReason = "kernel entry";

struct StopEvent {
  std::string reason;                // "breakpoint 1", "step", "fault", ...
  std::vector<std::string> preface;  // lines before the stop line
  bool hasWarp = false;
  Focus where;                       // the warp and lane the stop is about
  uint32_t pc = 0, mask = 0;
  bool finished = false;             // the warp has exited
  std::vector<int> deleteAfter;      // temporary breakpoints that were hit
  int breakpoint = 0;                // the user breakpoint that was hit (0: none)
  bool temporary = false;            // ... and it was a tbreak
  /// A source step's end (next, step, until): shown as gdb's, the line, and
  /// the frame first when the step entered or left a function.
  bool sourceStep = false;
  bool newFrame = false;
  /// A fault's kind (cuda-gdb reports the hardware's as CUDA exceptions)
  /// and, for a load, store or atomic, the memory space it faulted in.
  emu::FaultKind fault = emu::FaultKind::None;
  std::optional<emu::MemSpace> faultSpace;
};

class Execution final : public emu::Subscriber {
public:
  explicit Execution(Debugger &d);

  HostState &host() { return host_; }
  ExecutionLog &log() { return log_; }
  /// Forgets the host state, the log and the checkpoints (a new session).
  void reset();
  /// Before a forward action: keeps a checkpoint of the state now, unless
  /// the newest one already is (Checkpoints.h).
  void checkpoint();
  CheckpointStore &checkpoints() { return checkpoints_; }

  //===-- Commands -------------------------------------------------------------===//

  /// Starts the script from the beginning (a new session if anything ran).
  void run();
  void cont();
  /// A run-script command typed at the prompt.
  void hostCommand(const rt::Command &cmd, const std::filesystem::path &baseDir);
  void stepi(uint64_t count);
  void nexti(uint64_t count);
  /// One instruction for every warp of the focused CTA / of the device.
  void stepGroup(bool wholeDevice);
  void finish();
  /// step / next (over: CAL runs to its return) / until (untilMode: no
  /// stop on an earlier line of the file, i.e. back up a loop) by source line (SourceStepping.cpp); without line
  /// information at the PC, one instruction.
  void stepLine(bool over, bool untilMode);
  void reverseStepi(uint64_t count);
  /// reverse-step / reverse-next (over: calls are one line) by source line,
  /// following the focused lane as the forward steps do (ReverseLine.cpp).
  void reverseLine(uint64_t count, bool over);
  /// Back to the previous breakpoint or watchpoint hit of any warp.
  void reverseContinue();
  /// Back to the call of the focused lane's function.
  void reverseFinish();

  //===-- A program's device runs (dbg/program/) ---------------------------------===//

  /// The program's runtime runs the device until `grid` (nullopt: every
  /// grid) ends: a new log and checkpoints (reverse execution stays within
  /// this run) and that goal pending.
  void beginProgramRun(std::optional<emu::GridId> grid);
  /// Runs the pending goal until it is done (nullopt) or something stops it
  /// (the stop, to report). `*result` receives the device's result.
  std::optional<StopEvent> runProgramGoal(emu::RunResult *result);
  /// `set break-on-launch on`: stops at grid `g`'s first resident warp
  /// (true, the stop reported), or says that none is resident yet.
  bool stopAtLaunch(emu::GridId g);
  /// Whether the program run's goal is still pending.
  bool programGoalPending() const { return !host_.goals.empty(); }
  /// Logs a state edit (`set var`) so that replays apply it again.
  void recordEdit(std::function<void(Debugger &)> edit);
  /// Re-reads every watched value (after host writes and edits).
  void refreshWatchValues();
  /// Leaves the device (between commands: a command may have thrown out
  /// of a run).
  void stopListening() { listen(std::nullopt, false); }

  /// Runs the whole execution log again in `start` (a fresh session with
  /// the objects loaded) and leaves it in the slot: what the session did
  /// since `run`, once, in order, without its stops (ToolReplay.h). Not
  /// interruptible: the caller keeps Ctrl-C away.
  void replayHistory(std::unique_ptr<rt::DeviceSession> start);

private:
  struct RunOutcome {
    bool goalDone = false;
    bool promptGoal = false;
    std::optional<StopEvent> stop;
  };
  struct WatchHit {
    int number = 0;
    std::vector<uint8_t> oldBytes, newBytes;
    bool hadOld = false;
    uint32_t pc = 0;
    emu::GridId grid = 0;
    uint32_t sm = 0, slot = 0;
    uint64_t uid = 0;
    uint32_t cta[3] = {0, 0, 0};
    uint32_t warp = 0; // index within the CTA
    uint32_t lanes = 0;
  };

  void continueLoop();
  bool executeHost(const rt::Command &cmd, const std::filesystem::path &baseDir,
                   bool fromPrompt);
  RunOutcome runGoal();
  emu::RunResult lastRun_; // the result of runGoal's device run
  emu::RunResult runDevice(const Goal &g);
  /// One instruction of `ref`, logged; nullopt when it cannot issue (the
  /// reason in *why).
  std::optional<emu::RunResult> stepOnce(emu::WarpRef ref, std::string *why);
  /// One logged step; false (the stop reported) when the step stopped.
  /// Throws CommandError when the warp cannot issue. With `resumeAtExit`,
  /// in a program session, the warp's exit resumes the program instead of
  /// stopping, as a cuda-gdb source step past a kernel's last line does.
  bool stepQuiet(emu::WarpRef ref, bool resumeAtExit = false);
  /// A source step that reaches a breakpoint stops there, as gdb's do:
  /// reports the hit and returns true.
  bool stepHitsBreakpoint(emu::WarpRef ref, uint32_t lane);
  /// While `ref` waits at a barrier, steps its CTA's other warps; false
  /// when that stopped (reported). Throws when none of them can move.
  bool waitOutBarrier(emu::WarpRef ref);
  /// Steps the focused warp until `done` holds (or a stop, a breakpoint
  /// reached on the way included); true when it holds (the stop there
  /// reported).
  bool stepUntil(emu::WarpRef ref, const std::function<bool(emu::WarpView)> &done,
                 uint64_t maxSteps, const char *reason);
  std::optional<StopEvent> afterStep(const emu::RunResult &r, emu::WarpRef ref,
                                     const char *reason);
  void attachHooks(bool forRun);
  void detachHooks();
  void prepareStop();
  StopEvent eventAt(emu::WarpView w, uint32_t lane, std::string reason);
  /// A source step's notion of "the same frame": the call depth and the
  /// innermost function.
  std::string frameKey(emu::WarpView w, uint32_t lane);
  StopEvent faultEvent(const emu::RunResult &r);
  /// The step limit (at the warp about to issue) or a blocked run.
  StopEvent limitEvent(const emu::RunResult &r);
  void addWatchHits(StopEvent &e, bool replaceReason);
  StopKey keyOf(const emu::BreakQuery &q, emu::WarpView w) const;

  //===-- The device's events (emu/device/Subscriber.h) ---------------------===//
  emu::Interests interests() const override;
  bool breakBefore(const emu::BreakQuery &q) override;
  void record(const emu::TraceRecord &rec) override;
  /// What the next runs ask of the device: records with `detail` (nullopt:
  /// none) and the breaks; subscribes or leaves accordingly.
  void listen(std::optional<uint8_t> records, bool breaks);
  std::optional<uint8_t> recordDetail_;
  bool breaks_ = false;
  bool checkBreakpoints(const emu::BreakQuery &q, emu::WarpView w);
  /// The stop at the first enabled breakpoint at `pc` whose condition holds
  /// in an active lane of w (counted as a hit); it names `lane` when that
  /// lane is one of them (32: the lowest).
  std::optional<StopEvent> breakpointHit(emu::WarpView w, uint32_t pc, uint32_t lane);
  /// The active lanes of `w` for which breakpoint b stops (its condition;
  /// all of them, and the error in *condError, when evaluating it fails).
  uint32_t breakLanes(const Breakpoint &b, emu::WarpView w, std::string *condError);
  /// Gather.cpp: after warp `stopped`'s breakpoint stop, the other resident
  /// warps arrive at their breakpoints as a GPU's would have.
  void gather(emu::WarpRef stopped);
  bool atBreakpoint(emu::WarpView w);
  /// Whether w's next instruction was gathered at a breakpoint already
  /// reported (the exemption is used up).
  bool takeExemption(emu::WarpView w);
  static std::string breakReason(const Breakpoint &b);
  void checkWatch(const emu::TraceRecord &rec);
  /// `set sanitize`: the record to the tool; a report stops the run before
  /// the next instruction.
  /// The sanitizer reported while it observed `rec`: stop before the next
  /// instruction, at the first report's warp.
  void sanitizerReported(const emu::TraceRecord &rec);
  /// The tool's reports since the last stop, at the head of `e`.
  void addSanitizerReports(StopEvent &e);

  // Reverse execution (ReverseStep.cpp, ReverseLine.cpp).
  /// Replays the log from `from` (a checkpoint, or a fresh session when
  /// null; by default the newest checkpoint with the target ahead) until
  /// warp `uid` is about to issue its instruction count + 1.
  bool replayTo(uint64_t uid, uint64_t count, std::optional<Checkpoint *> from = std::nullopt);
  /// Replays the whole log from `from` (null: a fresh session) into t.
  void traceFrom(Trace &t, Checkpoint *from);
  /// The past of the focused warp (uid) and lane, traced from the newest
  /// checkpoint before its instruction `now`, then from the start when
  /// `decide` finds no answer in that part; nullopt when neither has one.
  std::optional<uint64_t> searchPast(uint64_t uid, uint32_t lane, uint64_t now,
                                     const std::function<std::optional<uint64_t>(const Trace &)> &decide);
  /// Before an instruction of `w` while tracing: its state, the breakpoints
  /// at it (`site`: whether it is a break site; unknown for a step).
  void traceBefore(emu::WarpView w, std::optional<bool> site);
  /// A watched value written while tracing (before the writing instruction).
  void traceHit(TraceHit hit);
  /// The focused warp as reverse execution names it: its uid, grid and
  /// instructions so far, which are unknown (its whole history counts) when
  /// it has exited and left its slot.
  struct PastWarp {
    uint64_t uid = 0;
    emu::GridId grid = 0;
    std::optional<uint64_t> count;
  };
  PastWarp pastFocus();
  /// Goes back to just before warp uid's instruction count + 1 and reports
  /// the stop there (`reason`, on `lane`, after `note`).
  void goBackTo(uint64_t uid, uint64_t count, uint32_t lane, const std::string &reason,
                const std::string &note = "");
  /// Clears what a run's hooks left (the stop being built).
  void clearStopState();
  bool replayQuery(const emu::BreakQuery &q, emu::WarpView w);

  Debugger &dbg_;
  HostState host_;
  ExecutionLog log_;
  CheckpointStore checkpoints_;
  std::optional<uint64_t> checkpointSerial_; // log serial of the newest checkpoint

  // Stop bookkeeping of the current run (filled by the hooks).
  std::optional<StopEvent> pending_;
  StopKey stopKey_;
  bool stopNext_ = false;
  std::vector<WatchHit> hits_;
  bool sanitizerHit_ = false; // the stop coming is the sanitizer's
  std::set<std::pair<uint64_t, uint64_t>> exempt_; // gathered warps: (uid, instructions)
  /// Times each warp has stood at a breakpoint's pc at a stop, reported or
  /// gathered: (uid, pc) -> count. gather() exempts a warp only for an
  /// arrival the stopped warp has made too (a loop's same iteration).
  std::map<std::pair<uint64_t, uint32_t>, unsigned> arrivals_;
  emu::WarpRef sanitizerWarp_;  // the warp of its first report, and lanes
  uint32_t sanitizerLanes_ = 0;

  // Replay (reverse-stepi).
  bool replaying_ = false;
  /// The session a replay from the start begins in, instead of a new one
  /// (replayHistory's, with the tools on it).
  std::unique_ptr<rt::DeviceSession> replayStart_;
  std::optional<StopKey> replayEnd_;
  uint64_t targetUid_ = 0, targetCount_ = 0;
  bool targetActive_ = false, targetFound_ = false;
  TraceRecorder *trace_ = nullptr; // recording a trace replay
};

} // namespace simt::dbg

//===-- ReverseStep.h - The execution log behind reverse execution --------===//
//
// The emulator is deterministic for a configuration, scheduler seed and
// sequence of host commands, device runs and single-warp steps (ISA.md 1). The
// debugger logs that sequence: host commands, runs (with the exact point where
// the break hook stopped them, named by warp uid and the warp's instruction
// count), steps and `set var` edits, each with the debugger's host state
// (script position, pending waits) before and after. reverse-stepi replays the
// log in a fresh session and stops just before the focused warp issued its
// previous instruction: at a break-hook query (the warp is about to issue with
// one instruction fewer), before a logged step of that warp, or before the run
// that resumed it. The log is then cut there, so going forward again
// re-executes exactly what happened the first time.
//
// The replay starts from the newest checkpoint (Checkpoints.h) from which
// the target is still ahead, so it re-executes only the log after it; from a
// fresh session when there is none. Going back by line, to the call or to
// the previous breakpoint first replays the log to its end recording a
// Trace (the focused warp's states, the breakpoint and watchpoint hits),
// which names the instruction to go back to (ReverseLine.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Facade.h"
#include "runtime/RunScript.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace simt::dbg {

class Debugger;

/// A point where the break hook stopped a run: warp `uid` in SM `sm` slot
/// `slot` about to issue its instruction number `count` + 1.
struct StopKey {
  uint32_t sm = 0, slot = 0;
  uint64_t uid = 0, count = 0;
};

/// What a device run is for: a `wait` (all grids or one) or an `advance`.
struct Goal {
  enum Kind : uint8_t { Idle, Grid, Cycles } kind = Idle;
  emu::GridId grid = 0;
  uint64_t until = 0;      // Cycles: the device cycle to reach
  bool fromPrompt = false; // typed at the prompt: return there when done
};

/// The debugger's side of the run: where the script is, what waits.
struct HostState {
  bool started = false;   // `run` queued the script
  bool finished = false;  // every script command ran
  size_t scriptPos = 0;   // next script command
  std::vector<Goal> goals; // pending waits, innermost last
  std::optional<emu::WarpRef> resume; // stopped before this warp's instruction
};

struct Action {
  enum Kind : uint8_t { Host, Run, Step, Edit } kind = Host;
  HostState before, after;
  std::optional<rt::Command> command; // Host
  std::filesystem::path baseDir;      // Host
  Goal goal;                          // Run
  std::optional<emu::WarpRef> resume; // Run: resumed this warp first
  std::optional<StopKey> end;         // Run: stopped here (else ran to its end)
  emu::WarpRef warp;                  // Step
  uint64_t count = 0;                 // Step: instructions of that warp
  std::function<void(Debugger &)> edit; // Edit: re-applies a `set var`
};

/// What a trace replay records (ReverseLine.cpp): the traced warp's state
/// before its instructions where the traced lane's line, activity or call
/// depth changes (and before the CAL or RET that changes the depth), and
/// the points where the breakpoints and watchpoints set now would have
/// stopped any warp.
struct TraceState {
  uint64_t count = 0;  // the warp's instructions so far
  uint32_t pc = 0;     // byte address
  uint16_t calls = 0;  // CALL tokens holding the traced lane
  bool active = false; // the traced lane is active
};
struct TraceHit {
  uint64_t uid = 0, count = 0; // before that warp's instruction count + 1
  uint32_t lanes = 0;          // the lanes that hit it
  std::string reason; // "breakpoint 2", "watchpoint 3"
  std::string note;   // a line before the stop, or ""
};
struct Trace {
  uint64_t uid = 0;
  uint32_t lane = 0;
  std::vector<TraceState> states; // ascending count, only where things change
  std::vector<TraceHit> hits;     // in execution order
  bool whole = false;             // replayed from a fresh session
};

/// The live warp with unique id `uid`, or null.
std::optional<emu::WarpView> warpByUid(emu::Device &d, uint64_t uid);

class ExecutionLog {
public:
  void clear() {
    actions_.clear();
    sealed_ = 0;
    ++serial_;
  }
  void push(Action a) {
    actions_.push_back(std::move(a));
    ++serial_;
  }
  /// Appends a single-warp step, merged with a previous step of that warp
  /// unless a checkpoint was taken after it (seal()).
  void addStep(const HostState &before, const HostState &after, emu::WarpRef warp);
  /// A checkpoint names the state after the current actions: later steps
  /// start a new action instead of growing the last one.
  void seal() { sealed_ = actions_.size(); }
  /// Changes with every change of the log (a checkpoint is up to date while
  /// the serial it was taken at is).
  uint64_t serial() const { return serial_; }
  std::vector<Action> &actions() { return actions_; }
  size_t size() const { return actions_.size(); }

private:
  std::vector<Action> actions_;
  size_t sealed_ = 0;
  uint64_t serial_ = 0;
};

} // namespace simt::dbg

//===-- ToolReplay.h - simt-emu's tools on a debugger session -------------===//
//
// simt-dbg OBJECT SCRIPT --trace, --stats, --stats-file and --profile...:
// the trace, the statistics and the profile of what the session executed,
// as simt-emu writes them for the same object and script run straight
// through. The debugger executes instructions more than once: reverse
// execution restores a checkpoint (or starts a fresh session) and replays
// the execution log, and going forward again after it re-executes what the
// cut-off part of the log did. Pausing the tools during replays (as
// `set sanitize` pauses its checkers) is not enough: the instructions run
// again going forward would be counted twice, and the profile's counters
// are not copied with the checkpoints. So the tools never watch the
// interactive session: they attach to a fresh session of their own, made
// at start (a trace file that cannot be written fails the start, as under
// simt-emu), and at exit the debugger replays the execution log as it then
// stands (Execution::replayHistory) once in it, from `run` to the last
// stop, with no stops. The emulator is deterministic (ReverseStep.h): that
// is the history the session ended with, each instruction once; the same
// ToolStack as simt-emu's (runtime/tools/ToolStack.h) then writes its
// outputs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/tools/ToolStack.h"

#include <memory>

namespace simt::dbg {

class Debugger;

class ToolReplay {
public:
  ToolReplay(Debugger &d, rt::ToolOptions options);
  ~ToolReplay();

  /// Makes the tools' session and attaches the tools to it (after
  /// Debugger::start, which knows the objects); the error in words. Does
  /// nothing without tools.
  rt::Status start();
  /// At exit: the replay, then the tools' outputs. Returns `status`, or 1
  /// when a statistics or profile file could not be written.
  int finish(int status);

private:
  Debugger &dbg_;
  std::unique_ptr<rt::DeviceSession> session_; // until the replay takes it
  std::unique_ptr<rt::ToolStack> stack_;       // after session_: leaves it first
};

} // namespace simt::dbg

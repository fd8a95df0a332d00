//===-- ControlFile.h - What simt-dbg and the program agent share ---------===//
//
// `simt-dbg --args ./app` starts the program with the debugging runtime
// preloaded and SIMT_DBG_CONTROL naming a control file. The file carries
// what outlives one run of the program: the command lines not read yet
// (the -x files, in --batch), the commands that set breakpoints, displays
// and settings (replayed quietly when the program starts again, so `run`
// keeps them, as gdb does), whether main starts at once (`run` restarted
// it) and, written back by the agent, how the run ended. Lines are
// `KEY VALUE`, the value with `\` and newlines escaped.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Values.h"

#include <string>
#include <vector>

namespace simt::dbg {

/// The environment variable that names the control file.
inline constexpr const char *kControlVariable = "SIMT_DBG_CONTROL";

/// How the program's last run ended, as the agent saw it.
enum class RunEnd {
  Running,    ///< not ended through the agent (a crash, _exit): the wait status tells
  Exited,     ///< main returned or exit() was called
  Killed,     ///< `kill`
  Quit,       ///< `quit`: the debugger ends too
  EndOfInput, ///< no more command lines (--batch, or Ctrl-D): the debugger ends
  KilledByDriver, ///< continued from a CUDA exception: SIGKILL, as cuda-gdb's driver does
};

struct ControlState {
  bool batch = false;
  bool autorun = false;
  /// simt-dbg drives the process through LLDB (dbg/host/): the agent takes
  /// its commands from simt-dbg's calls at stops (HostedAgent.cpp), not from
  /// the terminal.
  bool hosted = false;
  /// Where the agent writes its own lines (a path; empty: the program's
  /// standard output), so that simt-dbg's DAP server tells them apart from
  /// the program's.
  std::string console;
  std::vector<std::string> persistent; ///< commands replayed at every start
  std::vector<std::string> input;      ///< command lines not read yet
  RunEnd end = RunEnd::Running;
};

rt::Status writeControlFile(const std::string &path, const ControlState &state);
rt::Expected<ControlState> readControlFile(const std::string &path);

} // namespace simt::dbg

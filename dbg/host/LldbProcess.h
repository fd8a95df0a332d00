//===-- LldbProcess.h - The program's process, driven through LLDB --------===//
//
// simt-dbg debugs a program's host code with LLDB's library (the SB API of
// LLDB 19, the LLVM release the project builds on), not with a debugger of
// its own: LLDB starts the process, keeps the breakpoints, steps, unwinds
// and evaluates C++ from DWARF. This class is the narrow part of it simt-dbg
// uses, in LLDB's synchronous mode (every resume returns at the next stop),
// and it turns LLDB's stop reasons into the few kinds simt-dbg reports. The
// agent's stop function (HostedProtocol.h) is an internal breakpoint: a
// stop there is a device stop.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <lldb/API/LLDB.h>

#include <optional>
#include <string>
#include <vector>

namespace simt::dbg {

/// Why the process stopped (or that it ended).
struct HostStop {
  enum Kind {
    Device,     ///< in the agent's stop function: a device stop or the first prompt
    Breakpoint, ///< at user breakpoints (LLDB's ids in `breakpoints`)
    Watchpoint, ///< a watchpoint's write (LLDB's id in `breakpoints`)
    Step,       ///< a step, next or finish ended
    Signal,     ///< a signal (`signal`)
    Exited,     ///< the process ended (`exitStatus`)
    Failed,     ///< LLDB could not do it (`error`)
  } kind = Failed;
  std::vector<lldb::break_id_t> breakpoints;
  int signal = 0;
  int exitStatus = 0;
  uint64_t pid = 0; ///< the process's id (for gdb's "[Inferior 1 (process N) ...]")
  std::string error;
};

/// What LLDB starts: the program's arguments, environment and standard files.
struct HostLaunch {
  std::vector<std::string> args; ///< after the program's name
  std::vector<std::string> environment; ///< KEY=VALUE, the whole environment
  std::string input, output, error; ///< paths the program opens as fds 0, 1, 2
};

class LldbProcess {
public:
  LldbProcess();
  ~LldbProcess();
  LldbProcess(const LldbProcess &) = delete;
  LldbProcess &operator=(const LldbProcess &) = delete;

  /// Loads the program; false with *error set (LLDB missing its server, no
  /// such file, ...).
  bool open(const std::string &program, std::string *error);
  /// Starts the program and runs it to its first stop.
  HostStop launch(const HostLaunch &launch);
  HostStop resume();
  HostStop stepOver();
  HostStop stepInto();
  /// `finish`: out of frame `frame` (0: the innermost).
  HostStop stepOut(uint32_t frame);
  /// Ends the process, if there is one.
  void kill();
  bool live();

  lldb::SBTarget &target() { return target_; }
  lldb::SBProcess &process() { return process_; }
  /// The stopped thread (the one with a stop reason).
  lldb::SBThread thread() { return process_.GetSelectedThread(); }
  /// Calls `expression` (C++, an int result) in the stopped thread's
  /// innermost frame, as gdb's `call`; nullopt with *error set if it fails.
  std::optional<long long> call(const std::string &expression, std::string *error);
  /// As call(), for a function that returns a C string: its text.
  std::optional<std::string> callString(const std::string &expression, std::string *error);

private:
  /// `expression`'s value, evaluated as call() does; invalid with *error set.
  lldb::SBValue evaluate(const std::string &expression, std::string *error);
  /// Where the process stands now, after a resume or a launch returned.
  HostStop stopNow(const lldb::SBError &error);

  lldb::SBDebugger debugger_;
  lldb::SBTarget target_;
  lldb::SBProcess process_;
  lldb::break_id_t stopBreakpoint_ = LLDB_INVALID_BREAK_ID;
};

} // namespace simt::dbg

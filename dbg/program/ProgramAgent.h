//===-- ProgramAgent.h - The debugger inside a program's process ----------===//
//
// How `simt-dbg --args ./app` reaches the program's kernels: simt-dbg starts
// the program with libsimt-dbg-cudart.so preloaded, the CUDA runtime with
// the debugger linked in (one copy of the runtime and emulator, so the
// debugger works on the very session the program's calls use). Before the
// program's main (dbg/program/StartMain.cpp) the agent gives the first
// prompt; then it is the runtime's DeviceAgent: every device run of the
// program goes through runDevice, which stops at breakpoints, watchpoints,
// faults and Ctrl-C and reads commands until one resumes the program. The
// host code runs natively between those runs, so plain gdb still debugs it
// (`gdb --args ./app` without simt-dbg, or attached to the process).
//
// Commands come from the control file's queued lines (the -x files) and
// then, unless --batch, from the terminal. What must outlive one run of the
// program (breakpoints, displays, settings, unread lines) goes back to
// simt-dbg through the control file (ControlFile.h), which starts the
// program again after `run`, `kill` or its exit.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Debugger.h"
#include "dbg/ProgramControl.h"
#include "dbg/Repl.h"
#include "dbg/program/ControlFile.h"
#include "dbg/program/TerminalOut.h"
#include "runtime/cudart/DeviceAgent.h"

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace simt::dbg {

class ProgramAgent final : public cudart::DeviceAgent, public ProgramControl {
public:
  /// The process's agent when simt-dbg started the program (the control
  /// file's variable is set), else null. Made on the first call.
  static ProgramAgent *fromEnvironment();

  /// Before the program's main: the first prompt, or straight on when `run`
  /// restarted the program.
  void beforeMain(int argc, char **argv);

  // DeviceAgent: the runtime's side.
  void launched(const cudart::LaunchRecord &launch) override;
  emu::RunResult runDevice(std::optional<emu::GridId> grid) override;
  void sessionReplaced() override;

  // ProgramControl: the commands' side.
  std::unique_ptr<rt::DeviceSession> *sessionSlot() override;
  std::unique_ptr<rt::DeviceSession> runStart(std::ostream &out) override;
  bool started() const override { return started_; }
  void run() override;
  /// After a CUDA exception the program does not go on: as cuda-gdb's
  /// driver, the agent kills it (SIGKILL) as the stop ends.
  void resume() override;
  void kill() override;
  void captureLaunches(const std::string &dir, const std::string &kernel) override;
  const std::vector<cudart::LaunchRecord> &launches() const override { return launches_; }
  uint64_t kernelStub(const std::string &mangled) const override;

  // simt-dbg's calls when it drives the process through LLDB (HostedProtocol.h).
  /// Executes one command line at a stop: hosted::Result bits.
  int executeHosted(const char *line);
  /// The message of executeHosted's failed command, for simt-dbg to print.
  const char *lastError() const { return lastError_.c_str(); }
  /// Whether `location` resolves in a loaded kernel now (else it is host code).
  bool resolvesOnDevice(const char *location);
  unsigned recordValue(const char *text);
  int newestBreakpoint();
  int newestDisplay();
  /// Writes the control file as the run stands, for simt-dbg to read what
  /// the next run carries over before it kills this process.
  void saveBeforeKill() { saveControl(RunEnd::Killed, false); }

private:
  explicit ProgramAgent(std::string controlPath, ControlState state);
  /// Reads and executes command lines until one resumes the program.
  void interact();
  /// The next command line: queued ones first, then (not --batch) the terminal.
  bool nextLine(std::string &line);
  /// Keeps `line` if it sets something a restarted program must have again.
  void notePersistent(const std::string &line);
  /// Writes the control file and leaves the process (without the program's
  /// atexit handlers when the program is not to go on).
  [[noreturn]] void end(RunEnd how);
  /// The process kills itself (SIGKILL), the control file saying so.
  [[noreturn]] void killedByDriver();
  void saveControl(RunEnd how, bool autorun);
  /// main is to run: started, the hit counts cleared (as gdb's run does).
  void startRun();
  static void atProgramExit();

  std::string controlPath_;
  ControlState state_;
  size_t nextInput_ = 0;
  std::ofstream console_; ///< state_.console, when it names one
  TerminalOutBuf terminal_; ///< the program's first standard output
  MutableBuf outBuf_;
  std::ostream out_;
  std::unique_ptr<Debugger> dbg_;
  PromptReader prompt_{[this](std::string_view before, std::string_view word) {
    return dbg_->complete(before, word);
  }};
  bool started_ = false, resume_ = false, exiting_ = false;
  bool killOnResume_ = false; ///< resumed from a CUDA exception's stop
  std::vector<cudart::LaunchRecord> launches_;
  std::unique_ptr<rt::DeviceSession> runStart_;
  std::vector<std::string> argv_;     // to start the program again
  std::string preload_;               // LD_PRELOAD, taken out of the environment
  std::string lastError_;             // executeHosted's, for simt-dbg
};

} // namespace simt::dbg

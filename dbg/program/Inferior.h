//===-- Inferior.h - simt-dbg's side of debugging a program ---------------===//
//
// `simt-dbg [OPTIONS] --args ./app ARGS...`: starts the program with the
// debugging runtime preloaded (ProgramAgent.h), the control file naming the
// -x files' and -ex commands' lines and --batch, and simt-dbg's device options added to
// SIMT_EMU_FLAGS. The debugger itself then runs in the program; simt-dbg
// waits, reports how the program ended (as gdb: `[Inferior 1 exited
// normally]`) and starts it again, keeping breakpoints and settings, when
// `run` or `kill` asked, or after its exit while commands remain.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/StartupOptions.h"

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace simt::dbg {

struct ProgramLaunch {
  std::vector<std::string> argv;         ///< the program and its arguments
  std::vector<std::string> deviceArgs;   ///< simt-dbg's device options
  std::vector<StartupCommand> commands;  ///< -x files and -ex commands
  bool batch = false;
};

/// Whether `path` names a host executable (an ELF executable for this
/// machine, as simt-nvcc links), rather than a kernel object.
bool isHostExecutable(const std::string &path);

/// The debugging runtime simt-dbg preloads into the program.
std::string agentLibrary();
/// The environment variables the program gets on top of simt-dbg's own:
/// the control file, the preloaded agent, the device options.
std::vector<std::pair<std::string, std::string>> programVariables(const ProgramLaunch &launch,
                                                                  const std::string &control);
/// gdb's words for a program's exit with `code`: "[Inferior 1 (process
/// PID) exited normally]" ("[Inferior 1 exited normally]" without a pid).
std::string describeExit(int code, uint64_t pid = 0);
/// gdb's "[Inferior 1 (process PID) killed]".
std::string describeKill(uint64_t pid);
/// gdb's words for a program killed by signal `sig`: "\nProgram terminated
/// with signal SIGKILL, Killed.\nThe program no longer exists."
std::string describeTermination(int sig);
/// gdb's question before `kill` as a command file or -batch answers it
/// (gdb asks it whenever the program runs), or "" at a terminal.
std::string killQuestion(bool batch);

/// Debugs the program until the debugger quits; returns simt-dbg's exit
/// status (1 when the program cannot be started).
int debugProgram(const ProgramLaunch &launch, std::ostream &out);

} // namespace simt::dbg

//===-- ChildProcess.h - Running a program as a tool's child --------------===//
//
// simt-sanitizer and simt-prof run the user's program (or simt-emu) as a
// child with their flags in its environment, then report how it ended as a
// shell would.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace simt::rt {

/// In a forked child: runs `argv` (searching PATH). When that fails, says
/// "TOOL: error: cannot run 'PROGRAM': WHY" on stderr and exits with 127.
[[noreturn]] void execOrExit(std::vector<std::string> argv, const char *tool);

/// Waits for child `pid` (through interruptions): its exit status, or 128
/// plus the signal that ended it (and `*signaled` says which).
int waitExitCode(pid_t pid, bool *signaled = nullptr);

} // namespace simt::rt

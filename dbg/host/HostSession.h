//===-- HostSession.h - One session over a program's host and device ------===//
//
// `simt-dbg ./app` with LLDB: simt-dbg owns the prompt and drives the
// program's process through LLDB (LldbProcess.h), with the debugging runtime
// preloaded as before. The agent in the program is the device side
// (dbg/program/, HostedProtocol.h): at a device stop it waits in its stop
// function, and simt-dbg calls it for the device's commands at any stop.
// So one command line and one breakpoint list cover both:
//
// - A stop is a host stop (a host breakpoint, a step, a signal) or a device
//   stop (a device breakpoint, fault or step, and the first prompt, before
//   main). Host stops print as gdb's (`Breakpoint 2, main (argc=1, ...) at
//   app.cu:30`); device stops as before (cuda-gdb's).
// - At a host stop, `next`, `step`, `finish`, `continue`, `print`,
//   `backtrace`, `frame`/`up`/`down` and `info locals|args` are LLDB's; at
//   a device stop they are the device's, until `thread N` moves the focus
//   to a host thread (cuda-gdb's): then the frame and data commands are
//   LLDB's, `finish` runs the device on to where the host frame returns,
//   `continue` is the device's, and `cuda ...` without coordinates says
//   "Focus is not set on any active CUDA kernel." until a `cuda ...` switch
//   or the next stop. Everything else is the device debugger's command
//   everywhere (`info cuda ...`, `set cuda ...`, `x`).
// - `break LOCATION` is a device breakpoint when a loaded kernel has the
//   location (a kernel's name, a line of device code), as in cuda-gdb, and
//   an LLDB breakpoint otherwise; both share one numbering and `info
//   breakpoints` (the device's table lists the host ones).
// - `run`, `kill` and `quit` start and end the process through LLDB; what
//   must outlive a run (breakpoints, settings) goes back to the next run
//   through the control file, as without LLDB.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/program/Inferior.h"

#include <ostream>

namespace simt::dbg {

/// Whether simt-dbg was built with LLDB and the user did not turn it off
/// (SIMT_DBG_LLDB=0).
bool hostDebuggingAvailable();

/// Debugs the program's host and device in one session; simt-dbg's exit
/// status. Sets *fellBack (and returns) without doing anything when LLDB
/// cannot start the program at all (no ptrace here, say): the caller then
/// debugs its device alone.
int debugProgramWithHost(const ProgramLaunch &launch, std::ostream &out, bool *fellBack);

} // namespace simt::dbg

//===-- HostedProtocol.h - How simt-dbg calls the agent through LLDB ------===//
//
// When simt-dbg drives the program through LLDB (dbg/host/), the agent in
// the program (ProgramAgent) no longer reads the terminal. At a device stop
// it calls kStoppedFunction, on which simt-dbg keeps a breakpoint, so every
// stop, host or device, is a stop of the process. simt-dbg then runs device
// commands by calling the agent's entry points below in the stopped thread
// (LLDB's expression evaluator calls them, as gdb's `call` does); what they
// print goes to the program's standard output, which simt-dbg relays.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::dbg::hosted {

/// `void ()`: where the agent waits at a device stop (simt-dbg's breakpoint).
inline constexpr const char *kStoppedFunction = "__simt_dbg_stopped";
/// `int (const char *line)`: executes a command line; the Result bits.
inline constexpr const char *kExecuteFunction = "__simt_dbg_execute";
/// `const char *()`: the message of the last command that failed (empty
/// when it did not): simt-dbg prints it on its standard error.
inline constexpr const char *kLastErrorFunction = "__simt_dbg_last_error";
/// `int (const char *location)`: 1 when the location is device code now.
inline constexpr const char *kResolvesFunction = "__simt_dbg_resolves";
/// `unsigned (const char *text)`: keeps a host value in the value history
/// (one numbering for host and device values, as gdb's); its number.
inline constexpr const char *kRecordValueFunction = "__simt_dbg_record_value";
/// `int ()`: the number of the newest breakpoint or watchpoint (0: none).
inline constexpr const char *kNewestBreakpointFunction = "__simt_dbg_newest_breakpoint";

/// `int ()`: the number of the newest display (0: none).
inline constexpr const char *kNewestDisplayFunction = "__simt_dbg_newest_display";

/// `int ()`: writes the control file as the run stands (what the next run
/// carries over, ProgramAgent::saveControl) before simt-dbg kills the
/// process; 1 when written. At an exit the agent writes it itself.
inline constexpr const char *kSaveControlFunction = "__simt_dbg_save_control";

/// What kExecuteFunction's command did, as bits.
enum Result : int {
  Resumed = 1,  ///< the program is to go on (`continue`, `run` before main)
  Persists = 2, ///< a setting a restarted program must have again
  Quit = 4,     ///< `quit`
  Stopped = 8,  ///< the device stopped again within the call (a device step)
  Failed = 16,  ///< the command ended in an error
};

} // namespace simt::dbg::hosted

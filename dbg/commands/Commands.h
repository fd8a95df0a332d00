//===-- Commands.h - The debugger's commands, registered by topic ---------===//
//
// Each file adds one topic's commands to the table (name, gdb aliases, help,
// handler): Host.cpp (help, quit, source, echo, the run-script commands and
// the info/set/show prefixes), Breakpoints.cpp, Running.cpp (run, continue,
// step*, finish, reverse-stepi), Inspection.cpp (print, display, set var,
// info registers), Examine.cpp (x, info const), Code.cpp (disassemble,
// backtrace), Source.cpp (list, info line, info source, until, advance),
// Focus.cpp (focus, cuda), Simt.cpp (the SIMT views), Cuda.cpp (cuda-gdb's
// info cuda devices, capture; CudaTables.cpp and CudaDeviceTables.cpp the
// other info cuda tables) and Variables.cpp (info locals, info args, ptype,
// whatis). Handlers use only the
// Debugger's services.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/CommandTable.h"
#include "dbg/CudaFilter.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {
class WarpView;
}

namespace simt::dbg {

class Debugger;

void registerHostCommands(Debugger &d, CommandTable &root, std::shared_ptr<CommandTable> info,
                          std::shared_ptr<CommandTable> set, std::shared_ptr<CommandTable> show);
void registerBreakpointCommands(CommandTable &root, CommandTable &info, CommandTable &maint);
/// `maintenance dap-*`: the device's state as JSON for the DAP server (Dap.cpp).
void registerDapQueries(CommandTable &maint);
void registerRunningCommands(CommandTable &root, CommandTable &set, CommandTable &show);
/// gdb's settings that scripts begin with (dbg/GdbSettings.h).
void registerGdbSettings(CommandTable &set, CommandTable &show);
/// `TEXT` of `set TEXT` applied when it names one of those settings
/// (`confirm off`, `print elements 4`): simt-dbg's own copy of them, beside
/// the program's device debugger that the line also goes to. False when it
/// names none or its value is refused (the device debugger says why).
bool applyGdbSetting(std::string_view text);
void registerInspectionCommands(CommandTable &root, CommandTable &info, CommandTable &set,
                                CommandTable &maint);
void registerExamineCommands(CommandTable &root, CommandTable &info);
void registerCodeCommands(CommandTable &root);
/// frame, up, down, info frame (Frames.cpp).
void registerFrameCommands(CommandTable &root, CommandTable &info);
void registerSourceCommands(CommandTable &root, CommandTable &info);
void registerSimtCommands(CommandTable &root, CommandTable &info);
void registerCudaCommands(CommandTable &root, CommandTable &info);
/// `info cuda kernels|blocks|threads` into `cuda`, `info launches` into `info`.
void registerCudaTables(CommandTable &cuda, CommandTable &info);
/// `info cuda sms|warps|lanes` into `cuda` (CudaDeviceTables.cpp).
void registerCudaDeviceTables(CommandTable &cuda);
/// Lane `lane` of `w` in cuda-gdb's coordinates (SM, warp slot, lane,
/// kernel, grid, block, thread).
CudaCoords cudaCoordsOf(emu::WarpView w, uint32_t lane);
/// The focused lane's coordinates; none when no resident warp is focused.
std::optional<CudaCoords> cudaFocus(Debugger &d);
/// An `info cuda` table's filter: `args` parsed (CudaFilter.h), else the
/// table's `defaults`.
CudaFilter cudaFilter(Debugger &d, const std::string &args, CudaFilter defaults);
/// focus, info focus and cuda (Focus.cpp); registerSimtCommands adds them.
void registerFocusCommands(CommandTable &root, CommandTable &info);
void registerVariableCommands(CommandTable &root, CommandTable &info);
/// The selected frame's locals as `info locals` prints them, each line
/// after `indent` (`backtrace full`'s eight blanks).
void printLocals(Debugger &d, const std::string &indent);

/// gdb's current source file (Source.cpp), which a bare LINE refers to:
/// the last listed, else the focused lane's, else the first in the line
/// tables. Throws CommandError when there are none.
std::string currentSourceFile(Debugger &d);

/// A break location as typed, with gdb's `break LINE` of a program made
/// FILE:LINE of the current source file (Breakpoints.cpp).
std::string breakLocationText(Debugger &d, std::string_view text);

/// `info breakpoints [N...]` / `info watchpoints [N...]` (BreakpointList.cpp).
void listBreakpoints(Debugger &d, std::string_view args, bool watchOnly);

/// `advance LOCATION` / `until LOCATION` (Source.cpp): continue with a
/// one-shot stop at LOCATION, whose stop reason is `what`.
void runToLocation(Debugger &d, std::string_view args, const char *what);

/// `set var LHS = RHS` (Inspection.cpp).
void setVariable(Debugger &d, std::string_view assignment);

//===-- Argument helpers shared by the command files -------------------------===//

/// Splits on blanks.
std::vector<std::string> words(std::string_view s);
/// A count argument (decimal or 0x); `fallback` when empty. Throws CommandError.
uint64_t countArg(std::string_view s, uint64_t fallback, const char *what);
/// Numbers like "1 3 5" (breakpoint numbers). Throws CommandError.
std::vector<int> numberList(std::string_view s);
/// "on"/"off"/"1"/"0"/"yes"/"no".
bool onOff(std::string_view s);

} // namespace simt::dbg

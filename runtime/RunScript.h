//===-- RunScript.h - The run-script language -------------------*- C++ -*-===//
//
// Parses the host command stream of TOOLS.md (`.simt` run scripts, and the
// same commands typed at the simt-dbg prompt) into the typed command structs
// of RunScriptCommands.h, which ScriptRunner::execute (runtime/script/) runs.
// Everything that can be checked without the device is checked here
// (syntax, literals, types, grid and block shapes, constant bank ranges);
// what needs the device (buffer names, the buffer's element type for untyped
// literals, kernel parameters) is left to the interpreter, with helpers
// (ValueLiteral::resolve, packLaunchParams). Errors read `FILE:LINE: error:
// message`; every line is parsed, so a script reports all its errors at once.
//
// Extensions beyond TOOLS.md: `message K via=... [T=N]` (the patent's message
// table, ISA.md 7); `alloc NAME TYPE[] = [v0, ...]` takes its
// count from the list; `dump NAME FROM..` runs to the end; `expect NAME ~=
// [..] ulp N` compares a whole buffer approximately; FILE arguments may be
// "quoted"; a launch argument may be a brace list, a struct or array by value
// (`{3s32, 1.5f32, buf}`, runtime/LaunchArgs.h); `set memcheck strict|page`.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_RUNSCRIPT_H
#define SIMT_RUNTIME_RUNSCRIPT_H

#include "runtime/RunScriptCommands.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// `strict` or `page` (--memcheck, `set memcheck`).
std::optional<emu::Memcheck> parseMemcheck(std::string_view text);
/// One of kRunScriptCommands.
bool isRunScriptCommand(std::string_view word);

/// A command of a script and where it stands.
struct Command {
  unsigned line = 0;   ///< 1-based line in the script (0: not from a file)
  std::string source;  ///< the line as written, without comment and padding
  CommandOp op;
};

//===-- Parsing -----------------------------------------------------------===//

struct Diagnostic {
  std::string file;
  unsigned line = 0;
  std::string message;
  /// `FILE:LINE: error: message`
  std::string str() const;
};

struct Script {
  std::string file;  ///< name used in diagnostics
  std::vector<Command> commands;
};

struct ParseResult {
  Script script;                   ///< the commands of every line that parsed
  std::vector<Diagnostic> errors;  ///< one per bad line, in line order
  bool ok() const { return errors.empty(); }
  /// Every error, one `FILE:LINE: error: message` per line.
  std::string errorText() const;
};

/// Parses a whole script. `file` names it in diagnostics.
ParseResult parseScript(std::string_view text, std::string_view file);
/// Reads and parses a file; the Error is for an unreadable file only.
Expected<ParseResult> parseScriptFile(const std::filesystem::path &path);

/// Parses one line (the debugger's prompt): nullopt for a blank or comment
/// line; the Error's message has no `FILE:LINE:` prefix.
Expected<std::optional<Command>> parseCommandLine(std::string_view line, unsigned lineNo = 0);

//===-- Pieces shared with simt-emu's flag form ---------------------------===//

/// `X[,Y,Z]`; `what` ("grid" or "block") names it in messages. Checks the
/// launch shape limits of isa/SIMTLimits.h (block: also the threads of a CTA).
Expected<Dim3> parseDim3(std::string_view text, std::string_view what);
/// `--alloc NAME=TYPE[COUNT][=INIT]`
Expected<AllocCommand> parseAllocFlag(std::string_view text);
/// `--dump BUF[:TYPE]`
Expected<DumpCommand> parseDumpFlag(std::string_view text);

} // namespace simt::rt

#endif // SIMT_RUNTIME_RUNSCRIPT_H

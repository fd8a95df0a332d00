//===-- ScriptRunner.h - The run-script language on a DeviceSession -------===//
//
// Runs the commands of runtime/RunScript.h against a DeviceSession: one
// handler per command (ScriptCommands.cpp), `expect` and its failures, the
// grids `launch ... as NAME` named, and the script's file and line in
// messages. simt-emu, capture's replay, the fuzzers and the tests run whole
// scripts; the debugger runs one command at a time. libcudart needs none of
// it beyond capture's replay (runtime/capture/).
//
// The runner holds the session by reference and keeps no device state: a
// grid's name is the device's (emu::LaunchParams::name), so a copy of the
// session (a debugger checkpoint) carries its names with it and a runner
// over any session finds them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/DeviceSession.h"
#include "runtime/RunScript.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace simt::rt {

class ScriptRunner {
public:
  explicit ScriptRunner(DeviceSession &session) : session_(session) {}

  DeviceSession &session() { return session_; }

  /// Executes one run-script command (its runCommand); failed `expect`s
  /// print and set expectFailed() but are not errors. `baseDir` resolves
  /// relative paths.
  Status execute(const Command &cmd, const std::filesystem::path &baseDir);
  /// Runs a whole script; returns the process exit status (0, or 1 after an
  /// error, a fault or a failed expect). Errors are printed as FILE:LINE, and
  /// so are failed `expect`s and launch warnings, with the script's line.
  int runScript(const Script &script, const std::filesystem::path &baseDir,
                std::ostream &err);

  bool expectFailed() const { return expectFailed_; }
  /// Lists grids still running (end of a script): "grid N (kernel) still
  /// running".
  void reportRunning(std::ostream &os) const;
  /// The grid of `launch ... as NAME` (the newest of that name).
  std::optional<emu::GridId> gridNamed(std::string_view name) const;

private:
  /// Where the command being executed stands, as runScript's errors begin:
  /// "FILE:LINE: " ("simt-emu: " for the flag form); "" outside runScript
  /// (the debugger's prompt).
  std::string scriptLocation() const;
  /// The script's line of that command, indented, as the assembler shows
  /// it below an error: "  expect c[3] == 8\n"; "" outside runScript.
  std::string scriptLineText() const;
  /// `expect NAME[FIRST..LAST] == file(PATH, OFFSET)` on buffer `b`
  /// (`whole`: no index, the file must be the whole buffer).
  Status expectFile(const Buffer &b, uint64_t first, std::optional<uint64_t> last, bool whole,
                    const FileSlice &file, const std::filesystem::path &baseDir);
  /// `const SYMBOL...` as the numeric command it stands for.
  Expected<ConstCommand> resolveConstSymbol(const ConstCommand &c) const;
  /// The texture reference `bind`/`unbind` (`cmd`) names.
  Expected<const VarInfo *> textureNamed(const std::string &name, std::string_view cmd) const;

  // One handler per run-script command (ScriptCommands.cpp). execute()
  // visits CommandOp with them and there is no catch-all, so a command
  // without its handler does not compile. `baseDir` resolves relative paths.
  Status runCommand(const LoadCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const AllocCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const WriteCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const ConstCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const LaunchCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const WaitCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const AdvanceCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const ContextCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const DumpCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const SaveCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const ExpectCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const StatsCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const MessageCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const SetCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const BindCommand &c, const std::filesystem::path &baseDir);
  Status runCommand(const UnbindCommand &c, const std::filesystem::path &baseDir);

  DeviceSession &session_;
  bool expectFailed_ = false;
  /// Where launch warnings go: runScript's `err` while it runs.
  std::ostream *err_ = &std::cerr;
  /// runScript's file, and the command execute() runs (scriptLocation()).
  std::string scriptFile_;
  const Command *executing_ = nullptr;
};

} // namespace simt::rt

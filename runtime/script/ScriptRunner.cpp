//===-- ScriptRunner.cpp - Running a script, and where it stands ----------===//
//
// ScriptRunner::execute and runScript, the script's location in messages
// and the grids' names; the commands' handlers are in ScriptCommands.cpp.
//
//===----------------------------------------------------------------------===//
#include "runtime/script/ScriptRunner.h"

namespace simt::rt {

Status ScriptRunner::execute(const Command &cmd, const std::filesystem::path &baseDir) {
  const Command *outer = executing_;
  executing_ = &cmd;
  Status st = std::visit([&](const auto &op) { return runCommand(op, baseDir); }, cmd.op);
  executing_ = outer;
  return st;
}

int ScriptRunner::runScript(const Script &script, const std::filesystem::path &baseDir,
                            std::ostream &err) {
  // Launch warnings and printf's warnings go to `err` while the script runs.
  auto restore = [&] {
    err_ = &std::cerr;
    session_.setErrorStream(std::cerr);
    scriptFile_.clear();
  };
  err_ = &err;
  session_.setErrorStream(err);
  scriptFile_ = script.file;
  for (const Command &cmd : script.commands) {
    Status s = execute(cmd, baseDir);
    if (!s) {
      // The flag form's commands have no line (line 0): its file is the tool.
      err << script.file;
      if (cmd.line)
        err << ":" << cmd.line;
      err << ": error: " << s.message() << "\n";
      restore();
      return 1;
    }
  }
  restore();
  reportRunning(session_.out());
  return expectFailed_ || session_.faulted() ? 1 : 0;
}

void ScriptRunner::reportRunning(std::ostream &os) const {
  const emu::Device &d = session_.device();
  for (emu::GridId g : d.runningGrids()) {
    const emu::Grid *grid = d.grid(g);
    os << "grid " << g << " (" << (grid ? grid->shownName() : "?")
       << ") still running at the end of the script: stopped\n";
  }
}

// Grid ids count up from 1 and the device keeps every grid, ended ones too.
std::optional<emu::GridId> ScriptRunner::gridNamed(std::string_view name) const {
  if (name.empty())
    return std::nullopt;
  const emu::Device &d = session_.device();
  for (emu::GridId id = session_.lastGrid(); id >= 1; --id)
    if (const emu::Grid *g = d.grid(id); g && g->params.name == name)
      return id;
  return std::nullopt;
}

std::string ScriptRunner::scriptLocation() const {
  if (scriptFile_.empty() || !executing_)
    return "";
  // The flag form's commands have no line (line 0): its file is the tool.
  if (!executing_->line)
    return scriptFile_ + ": ";
  return scriptFile_ + ":" + std::to_string(executing_->line) + ": ";
}

std::string ScriptRunner::scriptLineText() const {
  if (scriptFile_.empty() || !executing_ || !executing_->line || executing_->source.empty())
    return "";
  return "  " + executing_->source + "\n";
}

} // namespace simt::rt

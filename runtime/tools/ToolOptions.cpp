//===-- ToolOptions.cpp - The tools' flags, from ToolFlags.def ------------===//
#include "runtime/OptionTables.h"
#include "runtime/tools/ToolStack.h"

#include <CLI/CLI.hpp>

#include <cstdlib>

namespace simt::rt {

namespace {
/// --timeout's SECONDS: a decimal number above 0.
CLI::Validator positiveSeconds() {
  return CLI::Validator(
      [](std::string &s) {
        return std::strtod(s.c_str(), nullptr) > 0 ? std::string() : "a number of seconds above 0";
      },
      "SECONDS");
}
} // namespace

void addToolOptions(CLI::App &app, ToolOptions &o, ToolFlagsFor who) {
  const bool emu = who != ToolFlagsFor::Program;
  const bool timeout = who != ToolFlagsFor::Debugger;
#define TOOL_TRACE(Field, Flag, Help, ProgHelp, Doc)                                               \
  app.add_option(Flag, o.Field, emu ? Help : ProgHelp)->expected(0, 1);
#define TOOL_SWITCH(Field, Flag, Help, ProgHelp, Doc) app.add_flag(Flag, o.Field, emu ? Help : ProgHelp);
#define TOOL_FILE(Field, Flag, Help, ProgHelp, Doc) app.add_option(Flag, o.Field, emu ? Help : ProgHelp);
#define TOOL_SECONDS(Field, Flag, Help, ProgHelp, Doc)                                             \
  if (timeout)                                                                                     \
    app.add_option(Flag, o.Field, emu ? Help : ProgHelp)->check(positiveSeconds());
#include "runtime/tools/ToolFlags.def"
}

bool anyTool(const ToolOptions &o) {
  return o.trace || !o.sanitize.empty() || o.profile.any() || o.statsToStderr ||
         !o.statsFile.empty();
}

void finishToolOptions(const CLI::App &app, ToolOptions &o) {
  o.trace = app.count("--trace") > 0;
}

void printToolMarkdown(std::ostream &os) {
  // Two tables of the page: the trace and statistics, then the time limit.
#define TOOL_TRACE(Field, Flag, Help, ProgHelp, Doc)                                               \
  printMarkdownRow(os, {"`" Flag "`, `" Flag "=FILE`", Doc});
#define TOOL_SWITCH(Field, Flag, Help, ProgHelp, Doc) printMarkdownRow(os, {"`" Flag "`", Doc});
#define TOOL_FILE(Field, Flag, Help, ProgHelp, Doc) printMarkdownRow(os, {"`" Flag " FILE`", Doc});
#define TOOL_SECONDS(Field, Flag, Help, ProgHelp, Doc)
#include "runtime/tools/ToolFlags.def"
  os << "\n";
#define TOOL_TRACE(...)
#define TOOL_SWITCH(...)
#define TOOL_FILE(...)
#define TOOL_SECONDS(Field, Flag, Help, ProgHelp, Doc)                                             \
  printMarkdownRow(os, {"`" Flag " SECONDS`", Doc});
#include "runtime/tools/ToolFlags.def"
}

} // namespace simt::rt

//===-- OptionTablesTest.cpp - The options declared in .def tables --------===//
//
// What the tables generate: every sanitizer option through the --sanitize
// spec and back, simt-sanitizer's flags, the SIMT_EMU_FLAGS simt-prof
// passes, the device flags, the tools' flags for each front end and the
// rows of the pages' tables.
//
//===----------------------------------------------------------------------===//
#include "runtime/tools/ConfigOptions.h"
#include "runtime/OptionTables.h"
#include "runtime/profiler/ProfileOptions.h"
#include "runtime/sanitizer/SanitizerFlags.h"
#include "runtime/tools/ToolStack.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <sstream>

namespace simt::rt {
namespace {

using sanitizer::SanitizerOptions;

/// Every option of SanitizerFlags.def away from its default.
SanitizerOptions everyOption() {
  SanitizerOptions o;
  o.tool = sanitizer::Tool::Initcheck;
#define SANITIZER_CHOICE(Field, ...) o.Field = !o.Field;
#define SANITIZER_FLAG(Field, ...) o.Field = true;
#define SANITIZER_NUMBER(Type, Field, Name, Default, ...) o.Field = Default + 7;
#define SANITIZER_TEXT(Field, Name, ...) o.Field = Name "-value";
#define SANITIZER_WORD(Field, Name, Words, ...) /* its last word */                                \
  o.Field = std::string(Words).substr(std::string(Words).rfind('|') + 1);
#include "runtime/sanitizer/SanitizerFlags.def"
  return o;
}

TEST(OptionTables, EverySanitizerOptionRoundTrips) {
  const SanitizerOptions o = everyOption();
  const std::string spec = sanitizer::toSpec(o);
  auto back = sanitizer::parseSanitizeSpec(spec);
  ASSERT_TRUE(back) << back.message();
  EXPECT_EQ(sanitizer::toSpec(*back), spec);
  EXPECT_EQ(back->tool, o.tool);
#define SANITIZER_CHOICE(Field, ...) EXPECT_EQ(back->Field, o.Field) << #Field;
#define SANITIZER_FLAG(Field, ...) EXPECT_EQ(back->Field, o.Field) << #Field;
#define SANITIZER_NUMBER(Type, Field, ...) EXPECT_EQ(back->Field, o.Field) << #Field;
#define SANITIZER_TEXT(Field, ...) EXPECT_EQ(back->Field, o.Field) << #Field;
#include "runtime/sanitizer/SanitizerFlags.def"
  // The defaults are left out.
  EXPECT_EQ(sanitizer::toSpec(SanitizerOptions()), "memcheck");
}

TEST(OptionTables, SanitizerWordOptions) {
  // A word option takes one of its words and names them otherwise.
  auto o = sanitizer::parseSanitizeSpec("memcheck,demangle=simple");
  ASSERT_TRUE(o) << o.message();
  EXPECT_EQ(o->demangle, "simple");
  auto bad = sanitizer::parseSanitizeSpec("memcheck,demangle=partly");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "--sanitize: demangle is one of full,simple,no, not 'partly'");
}

TEST(OptionTables, SanitizerChoiceWords) {
  // Aliases mean their first spelling; an error names the two spellings.
  auto o = sanitizer::parseSanitizeSpec(
      "racecheck,racecheck-detect-level=info,show-backtrace=host,report-api-errors=all");
  ASSERT_TRUE(o) << o.message();
  EXPECT_TRUE(o->raceWarnings);
  EXPECT_EQ(o->showBacktrace, "host");
  EXPECT_TRUE(o->hostBacktrace());
  EXPECT_FALSE(o->deviceBacktrace());
  EXPECT_TRUE(o->apiErrors);
  auto bad = sanitizer::parseSanitizeSpec("racecheck,racecheck-detect-level=debug");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "--sanitize: racecheck-detect-level is warn or error, not 'debug'");
  EXPECT_EQ(sanitizer::choiceWord(false, "info|warn|error", "warn|info"), "error");
  EXPECT_EQ(sanitizer::parseSanitizeSpec("memcheck,track-unused-memory")->trackUnusedMemory, true);
}

TEST(OptionTables, SanitizerFlags) {
  CLI::App app;
  sanitizer::SanitizerFlags flags(app);
  app.parse("--tool synccheck --track-unused-memory --print-limit 3 "
            "--destroy-on-device-error kernel",
            false);
  auto o = flags.options();
  ASSERT_TRUE(o) << o.message();
  EXPECT_EQ(sanitizer::toSpec(*o),
            "synccheck,destroy-on-device-error=kernel,print-limit=3,track-unused-memory=yes");
}

TEST(OptionTables, ProfileFlags) {
  CLI::App app;
  prof::ProfileOptions given;
  prof::addProgramProfileOptions(app, given);
  app.parse("--print-gpu-trace --report r.html --metrics ipc --trace gpu", false);
  EXPECT_TRUE(given.any());
  EXPECT_EQ(prof::profileFlags(given),
            "--profile-gpu-trace --profile r.html --profile-metrics ipc --profile-collect gpu");
  // The report, the Chrome trace, the log file.
  EXPECT_EQ(prof::profileFiles(given), (std::vector<std::string>{"r.html", "", ""}));
  EXPECT_EQ(prof::checkProfileValues(given), "");
  EXPECT_TRUE(given.collects("gpu"));
  EXPECT_FALSE(given.collects("api"));
  EXPECT_FALSE(prof::ProfileOptions().any());
}

TEST(OptionTables, ProfileLists) {
  EXPECT_EQ(prof::listItems("a,,b"), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_EQ(prof::listItems(""), (std::vector<std::string_view>{""}));
  prof::ProfileOptions o;
  o.collect = "gpu,disk";
  EXPECT_EQ(prof::checkProfileValues(o),
            "--trace: 'disk' is not what --trace takes (gpu, api or gpu,api)");
  o.collect.clear();
  o.events = "inst_executed,bogus";
  EXPECT_EQ(prof::checkProfileValues(o),
            "--events: unknown event 'bogus' (simt-prof --query-events lists them)");
}

TEST(OptionTables, ConfigFlags) {
  CLI::App app;
  DeviceSessionConfig cfg;
  ConfigOptionText text;
  addConfigOptions(app, cfg, text);
  app.parse("--sms 3 --l2-ways 2 --sched random", false);
  EXPECT_EQ(cfg.device.sms, 3u);
  EXPECT_EQ(cfg.device.l2.ways, 2u);
  EXPECT_EQ(text.sched, "random");
  EXPECT_THROW(app.parse("--sms 0", false), CLI::ValidationError);
}

/// The tools' flags as front end `who` takes them, from `args`.
ToolOptions parseTools(ToolFlagsFor who, const char *args, CLI::App &app) {
  ToolOptions o;
  addToolOptions(app, o, who);
  app.parse(args, false);
  finishToolOptions(app, o);
  return o;
}

TEST(OptionTables, ToolFlags) {
  // simt-emu's: every row of ToolFlags.def; --trace's file is optional.
  CLI::App emu;
  const ToolOptions o =
      parseTools(ToolFlagsFor::SimtEmu, "--trace --stats-file s.json --timeout 0.5", emu);
  EXPECT_TRUE(o.trace);
  EXPECT_EQ(o.traceFile, "");
  EXPECT_EQ(o.statsFile, "s.json");
  EXPECT_EQ(o.timeoutSeconds, 0.5);
  EXPECT_TRUE(anyTool(o));
  // simt-dbg's: the same but --timeout, which it does not take.
  CLI::App dbg;
  const ToolOptions d = parseTools(ToolFlagsFor::Debugger, "--trace=t.trace --stats", dbg);
  EXPECT_TRUE(d.trace);
  EXPECT_EQ(d.traceFile, "t.trace");
  EXPECT_TRUE(d.statsToStderr);
  EXPECT_EQ(dbg.get_option_no_throw("--timeout"), nullptr);
  // Only the time limit is no tool.
  ToolOptions limit;
  limit.timeoutSeconds = 1.0;
  EXPECT_FALSE(anyTool(limit));
  limit.profile.summary = true;
  EXPECT_TRUE(anyTool(limit));
}

TEST(OptionTables, MarkdownRows) {
  std::ostringstream os;
  printMarkdownRow(os, {"`--sched rr|random`", "`rr`", "a | b"});
  EXPECT_EQ(os.str(), "| `--sched rr\\|random` | `rr` | a \\| b |\n");
  EXPECT_EQ(docDefault("{} (all)", "0"), "0 (all)");
  EXPECT_EQ(docDefault("none", "0"), "none");
  std::ostringstream device;
  printConfigMarkdown(device);
  EXPECT_NE(device.str().find("| `--sms N` | 4 | SMs (1 to 256) |\n"), std::string::npos);
}

} // namespace
} // namespace simt::rt

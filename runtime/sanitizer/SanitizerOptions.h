//===-- SanitizerOptions.h - The sanitizer's options and their text -------===//
//
// One tool and compute-sanitizer's options for it (docs/tools/
// simt-sanitizer.md), declared in SanitizerFlags.def. simt-emu and
// SIMT_EMU_FLAGS take them as one option,
//   --sanitize=TOOL[,NAME=VALUE...]    e.g. --sanitize=memcheck,leak-check=full
// which simt-sanitizer builds from its own flags (toSpec).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"
#include "support/Expected.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace simt::rt::sanitizer {

using emu::sanitize::Tool;

/// "memcheck", "racecheck", "initcheck", "synccheck".
std::string_view toolName(Tool tool);
/// Every tool, in the order toolName's names are listed.
inline constexpr Tool AllTools[] = {Tool::Memcheck, Tool::Racecheck, Tool::Initcheck,
                                    Tool::Synccheck};

struct SanitizerOptions {
  Tool tool = Tool::Memcheck;
#define SANITIZER_CHOICE(Field, Name, Words, YesWords, Default, ...) bool Field = Default;
#define SANITIZER_FLAG(Field, ...) bool Field = false;
#define SANITIZER_NUMBER(Type, Field, Name, Default, ...) Type Field = Default;
#define SANITIZER_TEXT(Field, ...) std::string Field;
#include "runtime/sanitizer/SanitizerFlags.def"

  /// --show-backtrace: whether reports carry the host's saved frames, and
  /// the device's call chain (yes, or empty: both).
  bool hostBacktrace() const { return showBacktrace != "no" && showBacktrace != "device"; }
  bool deviceBacktrace() const { return showBacktrace != "no" && showBacktrace != "host"; }
};

/// Parses --sanitize's value.
Expected<SanitizerOptions> parseSanitizeSpec(std::string_view spec);
/// The --sanitize value that parses back to `o`.
std::string toSpec(const SanitizerOptions &o);
/// A choice's spelling of `value` (SanitizerFlags.def): the first of its
/// yes words, or the first other word.
std::string_view choiceWord(bool value, std::string_view words, std::string_view yesWords);
/// Sets the option `name` (a spec's or a flag's) from its text `value`.
Status applyOption(SanitizerOptions &o, std::string_view name, std::string_view value);
/// --log-file's name with compute-sanitizer's sequences replaced: `%p` by
/// `pid`, `%q{VAR}` by the environment's VAR (empty if unset), `%%` by `%`;
/// any other `%` is an error.
Expected<std::string> expandLogFileName(std::string_view pattern, long pid);

/// Where process `pid` of a program under simt-sanitizer writes its counts
/// (`summaryFile`, a name in the tool's own directory, with the pid
/// after it): at its exit, or (`partial`) so far, after each device run or
/// host report. One file each: the program and the processes it starts
/// (--target-processes all) never write the same one.
inline std::string processTallyFile(const std::string &summaryFile, long pid, bool partial) {
  return summaryFile + "." + std::to_string(pid) + (partial ? ".partial" : "");
}

} // namespace simt::rt::sanitizer

//===-- ProfileOptions.h - The profiler's options and their flags ---------===//
//
// What a profiled run asks for (ProfileFlags.def), as simt-emu and
// SIMT_EMU_FLAGS take it (--profile...) and as simt-prof does with
// nvprof's names (--print-gpu-trace, --metrics, ...), which passes it on in
// SIMT_EMU_FLAGS.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/CliFwd.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace simt::prof {

struct ProfileOptions {
#define PROFILE_FILE(Field, ...) std::string Field;
#define PROFILE_VALUE(Field, ...) std::string Field;
#define PROFILE_SWITCH(Field, ...) bool Field = false;
#include "runtime/profiler/ProfileFlags.def"

  /// Whether anything is to be profiled.
  bool any() const;
  /// Whether the tables show `what` ("gpu", "api"): `collect` names it, or
  /// is empty (both).
  bool collects(std::string_view what) const;
};

/// The items of a comma-separated list ("a,,b": "a", "", "b").
std::vector<std::string_view> listItems(std::string_view list);

/// The errors of lists the options refuse ("" if none): an unknown
/// metric, event or --trace word.
std::string checkMetricList(const std::string &list);
std::string checkEventList(const std::string &list);
std::string checkTraceList(const std::string &list);
/// The first list of `o` refused, as "--metrics: unknown metric 'x' ...";
/// "" if none.
std::string checkProfileValues(const ProfileOptions &o);

/// The --profile options of simt-emu and SIMT_EMU_FLAGS; their flags.
std::vector<CLI::Option *> addProfileOptions(CLI::App &app, ProfileOptions &o);
/// simt-prof's spellings of them (--report, --print-gpu-trace, ...).
void addProgramProfileOptions(CLI::App &app, ProfileOptions &o);

/// The files `o` writes (empty: not asked for).
std::vector<std::string> profileFiles(const ProfileOptions &o);
/// The SIMT_EMU_FLAGS words that ask for `o`: the switches, then the files
/// and lists.
std::string profileFlags(const ProfileOptions &o);

/// The rows of the options tables (--help-options-markdown): simt-emu's
/// and simt-prof's.
void printProfileMarkdown(std::ostream &os);
void printProgramProfileMarkdown(std::ostream &os);

} // namespace simt::prof

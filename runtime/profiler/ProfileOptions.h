//===-- ProfileOptions.h - The profiler's options and their flags ---------===//
//
// What a profiled run asks for (ProfileFlags.def), as simt-emu and
// SIMT_EMU_FLAGS take it (--profile...) and as simt-prof does (--report,
// --print-gpu-trace, ...), which passes it on in SIMT_EMU_FLAGS.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace simt::prof {

struct ProfileOptions {
#define PROFILE_FILE(Field, ...) std::string Field;
#define PROFILE_SWITCH(Field, ...) bool Field = false;
#include "runtime/profiler/ProfileFlags.def"

  /// Whether anything is to be profiled.
  bool any() const;
};

/// The --profile options of simt-emu and SIMT_EMU_FLAGS; their flags.
std::vector<CLI::Option *> addProfileOptions(CLI::App &app, ProfileOptions &o);
/// simt-prof's spellings of them (--report, --print-gpu-trace, ...).
void addProgramProfileOptions(CLI::App &app, ProfileOptions &o);

/// The files `o` writes (empty: not asked for).
std::vector<std::string> profileFiles(const ProfileOptions &o);
/// The SIMT_EMU_FLAGS words that ask for `o`: the switches, then the files.
std::string profileFlags(const ProfileOptions &o);

/// The rows of the options tables (--help-options-markdown): simt-emu's
/// and simt-prof's.
void printProfileMarkdown(std::ostream &os);
void printProgramProfileMarkdown(std::ostream &os);

} // namespace simt::prof

//===-- SanitizerOptions.h - The sanitizer's options and their text -------===//
//
// One tool and compute-sanitizer's options for it (docs/tools/
// simt-sanitizer.md). simt-emu and SIMT_EMU_FLAGS take them as one option,
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

struct SanitizerOptions {
  Tool tool = Tool::Memcheck;
  /// --leak-check full: device allocations never freed, at exit.
  bool leakCheck = false;
  /// --destroy-on-device-error kernel: a memcheck error ends only its
  /// kernel; else (context) later CUDA calls fail, as without the tool.
  bool destroyKernelOnly = false;
  /// --racecheck-report hazard|all: every hazard; else (analysis) one
  /// record per pair of instructions.
  bool everyHazard = false;
  /// --racecheck-detect-level error: racecheck's warnings (hazards whose
  /// write left the value as it was; hazards only a warp's lockstep orders)
  /// are not reported; info and warn (the default) report them.
  bool raceWarnings = true;
  /// --report-api-errors no: a failed CUDA call is reported only when
  /// memcheck says why (a copy past an allocation, a bad free); else
  /// (all, explicit: the default) every failed runtime call is.
  bool apiErrors = true;
  /// --print-limit: reports printed (0: all); every error still counts.
  uint64_t printLimit = 100;
  /// --error-exitcode: the process's status when errors were found.
  int errorExitcode = 1;
  /// --show-backtrace no: no call chains under the reports.
  bool showBacktrace = true;
  /// --kernel-name: NAME (exact, mangled or demangled), kne=NAME or
  /// kns=SUBSTRING; only matching launches are checked. Empty: all.
  std::string kernelName;
  /// --launch-skip / --launch-count: of the matching launches, skip the
  /// first N, then check at most M (0: all).
  uint64_t launchSkip = 0, launchCount = 0;
  /// --suppressions FILE (runtime/sanitizer/Suppressions.h).
  std::string suppressions;
  /// initcheck --track-unused-memory: allocations with bytes never used.
  bool trackUnusedMemory = false;
  /// simt-sanitizer's: write the counts here instead of printing the
  /// summary (it prints the summary itself).
  std::string summaryFile;
};

/// Parses --sanitize's value.
Expected<SanitizerOptions> parseSanitizeSpec(std::string_view spec);
/// The --sanitize value that parses back to `o`.
std::string toSpec(const SanitizerOptions &o);

} // namespace simt::rt::sanitizer

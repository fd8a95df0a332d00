//===-- ConfigOptions.h - Device configuration flags shared by the tools --===//
//
// simt-emu and simt-dbg take the same configuration flags (TOOLS.md: --sms,
// --stack-cache-*, --const-*, --sched, --seed, --max-steps, --fill-uninit, --memcheck,
// --printf-buffer, the memory-partition and context flags of ISA.md 7, and
// the schedule: --epochs, --quantum, --threads, docs/parallel-epochs.md).
// They are declared once, in runtime/ConfigFlags.def; finishConfigOptions()
// turns the parsed text into a validated DeviceSessionConfig. It checks
// --sanitize with the sanitizer's parser, hence this folder, above
// runtime/sanitizer/.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/DeviceSession.h"
#include "support/CliFwd.h"

#include <ostream>
#include <string>

namespace simt::rt {

/// Flag values that need converting after parsing.
struct ConfigOptionText {
  std::string sched = "rr";
  std::string coherence = "oldest";
  std::string ctxAlloc;
  std::string memcheck = "strict";
  std::string epochs = "serial";
  std::string jit = "auto";
  unsigned fillUninit = 0;
  std::string sanitize; ///< --sanitize (addSanitizeOption)
  std::string arch;     ///< --arch sm_NN
};

/// Adds every configuration flag to `app`, writing into `cfg` and `text`.
void addConfigOptions(CLI::App &app, DeviceSessionConfig &cfg, ConfigOptionText &text);

/// The rows of docs/tools/simt-emu.md's table of them
/// (--help-options-markdown).
void printConfigMarkdown(std::ostream &os);

/// --sanitize=TOOL[,OPTION=VALUE...] (runtime/sanitizer/SanitizerOptions.h),
/// for the tools that run programs (simt-emu, SIMT_EMU_FLAGS).
void addSanitizeOption(CLI::App &app, ConfigOptionText &text);

/// Applies `text` to `cfg` and validates it: "" or a one-line error.
std::string finishConfigOptions(DeviceSessionConfig &cfg, const ConfigOptionText &text);

} // namespace simt::rt

//===-- SanitizerFlags.h - simt-sanitizer's command line, from the table --===//
//
// simt-sanitizer's flags (--tool and SanitizerFlags.def's options, in
// compute-sanitizer's spelling) and the table of docs/tools/
// simt-sanitizer.md that describes them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/sanitizer/SanitizerOptions.h"
#include "support/CliFwd.h"

#include <ostream>
#include <string>
#include <list>

namespace simt::rt::sanitizer {

class SanitizerFlags {
public:
  /// Adds the flags to `app`, which writes into this object when it parses.
  explicit SanitizerFlags(CLI::App &app);
  SanitizerFlags(const SanitizerFlags &) = delete;
  SanitizerFlags &operator=(const SanitizerFlags &) = delete;

  /// The options the parsed flags give.
  Expected<SanitizerOptions> options() const;
  /// simt-sanitizer's own options (SanitizerCommandLine.def).
  struct ToolOptions {
#define SANITIZER_TOOL_FLAG(Field, ...) bool Field = false;
#define SANITIZER_TOOL_TEXT(Field, ...) std::string Field;
#define SANITIZER_ACCEPTED(...)
#include "runtime/sanitizer/SanitizerCommandLine.def"
  };
  const ToolOptions &toolOptions() const { return own_; }

  /// The rows of the page's options table (--help-options-markdown).
  static void printMarkdown(std::ostream &os);

private:
  std::string tool_;
  ToolOptions own_;
  /// The values of the options taken and ignored.
  std::list<std::string> ignored_; ///< a list: CLI11 keeps references
  /// The numbers, texts and flags, bound to their flags.
  SanitizerOptions typed_;
  /// The choices' words, as given.
  struct Words {
#define SANITIZER_CHOICE(Field, ...) std::string Field;
#define SANITIZER_FLAG(...)
#define SANITIZER_NUMBER(...)
#define SANITIZER_TEXT(...)
#include "runtime/sanitizer/SanitizerFlags.def"
  } words_;
};

} // namespace simt::rt::sanitizer

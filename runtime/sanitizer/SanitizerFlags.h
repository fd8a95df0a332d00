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

namespace simt::rt::sanitizer {

class SanitizerFlags {
public:
  /// Adds the flags to `app`, which writes into this object when it parses.
  explicit SanitizerFlags(CLI::App &app);
  SanitizerFlags(const SanitizerFlags &) = delete;
  SanitizerFlags &operator=(const SanitizerFlags &) = delete;

  /// The options the parsed flags give.
  Expected<SanitizerOptions> options() const;

  /// The rows of the page's options table (--help-options-markdown).
  static void printMarkdown(std::ostream &os);

private:
  std::string tool_;
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

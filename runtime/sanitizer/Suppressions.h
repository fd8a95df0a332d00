//===-- Suppressions.h - Reports a suppression file silences --------------===//
//
// --suppressions FILE: one rule a line (`#` starts a comment),
//   KIND FUNCTION [SOURCE]
// KIND is a report's kind as kindKeyword() names it (or `*`); FUNCTION a
// glob on the kernel's demangled name with its parameters, or the API call
// of a host report; SOURCE a glob on "FILE:LINE" (absent: any). A
// suppressed report is neither printed nor counted.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"
#include "support/Expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace simt::rt::sanitizer {

/// "invalid-access", "misaligned", "use-after-free", "invalid-free",
/// "double-free", "api", "leak", "uninitialized", "unused", "race-raw",
/// "race-war", "race-waw", "divergent-barrier", "barrier-mismatch",
/// "barrier-count".
std::string_view kindKeyword(emu::sanitize::FindingKind kind);

class Suppressions {
public:
  /// Parses a file's text; errors name `file` and the line.
  static Expected<Suppressions> parse(std::string_view text, std::string_view file);
  static Expected<Suppressions> load(const std::string &path);
  bool suppresses(emu::sanitize::FindingKind kind, std::string_view function,
                  std::string_view source) const;
  size_t size() const { return rules_.size(); }

private:
  struct Rule {
    std::string kind, function, source;
  };
  std::vector<Rule> rules_;
};

} // namespace simt::rt::sanitizer

//===-- ValueHistory.h - gdb's value history: $1, $, $$, $$N --------------===//
//
// Each value `print` shows is numbered and kept, as gdb's (`$1 = 9`); an
// expression names one by `$N` (the Nth), `$` (the last), `$$` (the one
// before) or `$$N` (N back from the last). The values are kept as printed:
// a number (or a pointer's address) goes into an expression as that
// literal; `print $N` of any value, an aggregate too, shows it again as a
// new entry. Per-lane tables and displays are not numbered (gdb numbers
// print's values only).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::dbg {

class ValueHistory {
public:
  /// Keeps a printed value; returns its number (from 1).
  unsigned record(std::string text);
  /// `expr` with every history reference replaced by its value's literal;
  /// throws CommandError for a reference to no value, or to one that is no
  /// number.
  std::string expand(std::string_view expr) const;
  /// The value's text when the whole of `expr` is one history reference.
  std::optional<std::string> whole(std::string_view expr) const;

private:
  /// The index the reference at s[i] ('$') names and its length, if any.
  std::optional<std::pair<size_t, size_t>> reference(std::string_view s, size_t i) const;
  std::vector<std::string> values_;
};

} // namespace simt::dbg

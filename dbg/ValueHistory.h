//===-- ValueHistory.h - gdb's value history: $1, $, $$, $$N --------------===//
//
// Each value `print` shows is numbered and kept, as gdb's (`$1 = 9`); an
// expression names one by `$N` (the Nth), `$` (the last), `$$` (the one
// before) or `$$N` (N back from the last). The values are kept as printed:
// a number (or a pointer's address) goes into an expression as that
// literal; `print $N` of any value, an aggregate too, shows it again as a
// new entry. Per-lane tables and displays are not numbered (gdb numbers
// print's values only). gdb's convenience variables live here too:
// `set $name = EXPR` keeps EXPR's value under a name of the user's
// ($tally, not one of the debugger's own: $pc, $lane, $R2), which
// expressions, `print $name` and cuda-gdb's filters (`block $b`) read.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
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
  /// The value's text when the whole of `expr` is one history reference
  /// or one convenience variable.
  std::optional<std::string> whole(std::string_view expr) const;
  /// Sets convenience variable `name` ("$tally") to the value `text`.
  void setConvenience(const std::string &name, std::string text);
  /// Whether `s` has the form of a convenience variable's name.
  static bool isConvenienceName(std::string_view s);

private:
  /// The index the reference at s[i] ('$') names and its length, if any.
  std::optional<std::pair<size_t, size_t>> reference(std::string_view s, size_t i) const;
  /// The convenience variable whose name starts at s[i], if one is set.
  const std::string *convenienceAt(std::string_view s, size_t i, size_t *length) const;
  std::vector<std::string> values_;
  std::map<std::string, std::string, std::less<>> convenience_;
};

} // namespace simt::dbg

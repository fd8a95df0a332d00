//===-- ValueHistory.cpp - gdb's value history: $1, $, $$, $$N ------------===//
#include "dbg/ValueHistory.h"

#include "dbg/CommandTable.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <regex>

namespace simt::dbg {

namespace {
bool isIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// The literal an expression can use for a printed value: a number (a
/// register's "33 (0x00000021)" too), or the address of a pointer
/// ("(int *) 0x10000000").
std::optional<std::string> literalOf(const std::string &text) {
  static const std::regex number(R"(-?(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|inf|nan))");
  static const std::regex pointer(R"(\([^()]*\*\) (0x[0-9a-f]+))");
  static const std::regex withHex(R"((-?[0-9]+) \(0x[0-9a-f]+\))"); // a register's "33 (0x21)"
  std::smatch m;
  if (std::regex_match(text, number))
    return text;
  if (std::regex_match(text, m, pointer) || std::regex_match(text, m, withHex))
    return m[1].str();
  if (text == "true" || text == "false")
    return text == "true" ? "1" : "0";
  return std::nullopt;
}
} // namespace

unsigned ValueHistory::record(std::string text) {
  values_.push_back(std::move(text));
  return unsigned(values_.size());
}

std::optional<std::pair<size_t, size_t>> ValueHistory::reference(std::string_view s,
                                                                 size_t i) const {
  if (s[i] != '$' || (i > 0 && (isIdent(s[i - 1]) || s[i - 1] == '$')))
    return std::nullopt;
  size_t j = i + 1;
  const bool back = j < s.size() && s[j] == '$';
  j += back;
  size_t digits = j;
  while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits])))
    ++digits;
  if (digits < s.size() && (isIdent(s[digits]) || s[digits] == '$'))
    return std::nullopt; // $lane, $R2, $pc: not the history
  size_t n = 0;
  if (digits > j && std::from_chars(s.data() + j, s.data() + digits, n).ec != std::errc())
    n = size_t(1) << 31; // past any history: the error names it
  n = std::min(n, size_t(1) << 31);
  const size_t count = values_.size();
  long index;
  if (back)
    index = long(count) - 1 - long(digits > j ? n : 1); // $$N: N back; $$: one back
  else
    index = digits > j ? long(n) - 1 : long(count) - 1; // $N; $: the last
  if (!back && digits > j && n == 0)
    index = long(count) - 1; // $0 is $
  if (index < 0 && back && digits > j && count > 0) // gdb's access_value_history
    throw CommandError("History does not go back to $$" + std::to_string(n) + ".");
  if (index < 0 || size_t(index) >= count)
    throw CommandError(count == 0 && (back || digits == j)
                           ? "History is empty."
                           : "History has not yet reached $" + std::to_string(index + 1) + ".");
  return std::make_pair(size_t(index), digits - i);
}

bool ValueHistory::isConvenienceName(std::string_view s) {
  if (s.size() < 2 || s[0] != '$' || std::isdigit(static_cast<unsigned char>(s[1])))
    return false;
  return std::all_of(s.begin() + 1, s.end(), isNameChar);
}

void ValueHistory::setConvenience(const std::string &name, std::string text) {
  convenience_[name] = std::move(text);
}

const std::string *ValueHistory::convenienceAt(std::string_view s, size_t i,
                                               size_t *length) const {
  if (s[i] != '$' || (i > 0 && (isIdent(s[i - 1]) || s[i - 1] == '$')))
    return nullptr;
  size_t j = i + 1;
  while (j < s.size() && isNameChar(s[j]))
    ++j;
  auto it = convenience_.find(s.substr(i, j - i));
  if (it == convenience_.end())
    return nullptr;
  *length = j - i;
  return &it->second;
}

std::string ValueHistory::expand(std::string_view expr) const {
  std::string out;
  for (size_t i = 0; i < expr.size();) {
    size_t length = 0;
    if (const std::string *v = convenienceAt(expr, i, &length)) {
      std::optional<std::string> lit = literalOf(*v);
      if (!lit)
        throw CommandError(std::string(expr.substr(i, length)) + " = " + *v +
                           " is not a number: only `print " + std::string(expr.substr(i, length)) +
                           "` shows it");
      out += "(" + *lit + ")";
      i += length;
      continue;
    }
    auto r = reference(expr, i);
    if (!r) {
      out += expr[i++];
      continue;
    }
    std::optional<std::string> lit = literalOf(values_[r->first]);
    if (!lit)
      throw CommandError("$" + std::to_string(r->first + 1) + " = " + values_[r->first] +
                         " is not a number: only `print $" + std::to_string(r->first + 1) +
                         "` shows it");
    out += "(" + *lit + ")";
    i += r->second;
  }
  return out;
}

std::optional<std::string> ValueHistory::whole(std::string_view expr) const {
  while (!expr.empty() && expr.back() == ' ')
    expr.remove_suffix(1);
  while (!expr.empty() && expr.front() == ' ')
    expr.remove_prefix(1);
  if (expr.empty())
    return std::nullopt;
  size_t length = 0;
  if (const std::string *v = convenienceAt(expr, 0, &length); v && length == expr.size())
    return *v;
  auto r = reference(expr, 0);
  if (!r || r->second != expr.size())
    return std::nullopt;
  return values_[r->first];
}

} // namespace simt::dbg

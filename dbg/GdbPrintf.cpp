//===-- GdbPrintf.cpp - gdb's printf: the format and its arguments --------===//
#include "dbg/GdbPrintf.h"
#include "dbg/CommandTable.h"
#include "dbg/TopLevel.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <vector>

namespace simt::dbg {

namespace {

/// The format string's text between its quotes, its escapes resolved; `at`
/// ends past the closing quote.
std::string formatText(std::string_view args, size_t &at) {
  if (at >= args.size() || args[at] != '"')
    throw CommandError("Bad format string, missing '\"'");
  std::string text;
  for (++at; at < args.size() && args[at] != '"'; ++at) {
    if (args[at] != '\\') {
      text += args[at];
      continue;
    }
    if (++at == args.size())
      break;
    static const char from[] = "\\abefnrtv\"", to[] = "\\\a\b\033\f\n\r\t\v\"";
    const char *p = std::strchr(from, args[at]);
    if (!p || !*p)
      throw CommandError(std::string("Unrecognized escape character \\") + args[at] +
                         " in format string.");
    text += to[p - from];
  }
  if (at >= args.size())
    throw CommandError("Bad format string, non-terminated '\"'");
  ++at;
  return text;
}

/// The argument expressions after the format: split at the commas outside
/// brackets and quotes.
std::vector<std::string> argumentList(std::string_view rest) {
  std::vector<std::string> list;
  const size_t first = rest.find_first_not_of(" \t");
  if (first == std::string_view::npos)
    return list;
  if (rest[first] != ',')
    throw CommandError("Invalid argument syntax");
  rest.remove_prefix(first + 1);
  size_t from = 0;
  std::vector<size_t> commas = topLevelPositions(rest, ',');
  commas.push_back(rest.size());
  for (size_t comma : commas) {
    std::string a(rest.substr(from, comma - from));
    a.erase(0, a.find_first_not_of(" \t"));
    a.erase(a.find_last_not_of(" \t") + 1);
    if (a.empty())
      throw CommandError("Invalid argument syntax");
    list.push_back(a);
    from = comma + 1;
  }
  return list;
}

/// An argument as an integer: a float converts toward zero, saturating
/// (NaN is 0; a C cast of an out-of-range double is undefined).
int64_t integerOf(const PrintfValue &v) {
  if (!v.isFloat)
    return v.i;
  if (v.f != v.f)
    return 0;
  if (v.f <= -0x1p63)
    return INT64_MIN;
  if (v.f >= 0x1p63)
    return INT64_MAX;
  return int64_t(v.f);
}

/// One conversion: "%-8.3" (flags, width, precision), its length letters
/// dropped, and the conversion letter.
struct Conversion {
  std::string spec;
  char letter;
  bool wide = false; ///< l, ll, j, z, t: a long long; else an int, as gdb passes it
};

} // namespace

std::string gdbPrintf(std::string_view args,
                      const std::function<PrintfValue(const std::string &, char)> &value) {
  while (!args.empty() && std::isspace(static_cast<unsigned char>(args.front())))
    args.remove_prefix(1);
  if (args.empty())
    throw CommandError("Argument required (format-control string and values to print).");
  size_t at = 0;
  const std::string format = formatText(args, at);
  const std::vector<std::string> exprs = argumentList(args.substr(at));
  // The format's pieces: literal text, and conversions in order.
  std::vector<std::pair<std::string, Conversion>> pieces; // text before, then a conversion
  std::string text;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      text += format[i];
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      text += '%';
      ++i;
      continue;
    }
    Conversion c{"%", 0};
    size_t j = i + 1;
    while (j < format.size() && std::strchr("-+ #0'", format[j]))
      c.spec += format[j++];
    while (j < format.size() && (std::isdigit(static_cast<unsigned char>(format[j])) ||
                                 format[j] == '.'))
      c.spec += format[j++];
    for (; j < format.size() && std::strchr("hlLqjzt", format[j]); ++j)
      if (format[j] != 'h')
        c.wide = true;
    if (j >= format.size())
      throw CommandError("Incomplete format specifier at end of format string");
    if (!std::strchr("diouxXcsfFeEgGaAp", format[j]))
      throw CommandError(std::string("Unrecognized format specifier '") + format[j] +
                         "' in printf");
    c.letter = format[j];
    pieces.emplace_back(text, c);
    text.clear();
    i = j;
  }
  if (pieces.size() != exprs.size())
    throw CommandError("Wrong number of arguments for specified format-string");
  std::string out;
  char buf[512];
  for (size_t k = 0; k < pieces.size(); ++k) {
    out += pieces[k].first;
    const Conversion &c = pieces[k].second;
    // A string literal is its own text (gdb would copy it into the program).
    PrintfValue v;
    if (c.letter == 's' && exprs[k].size() >= 2 && exprs[k].front() == '"') {
      size_t end = 0;
      v.s = formatText(exprs[k], end);
      if (end != exprs[k].size())
        throw CommandError("Invalid argument syntax");
    } else {
      v = value(exprs[k], c.letter);
    }
    const std::string spec = c.spec;
    switch (c.letter) {
    case 's':
      std::snprintf(buf, sizeof buf, (spec + "s").c_str(), v.s.c_str());
      break;
    case 'c':
      std::snprintf(buf, sizeof buf, (spec + "c").c_str(), int(integerOf(v)));
      break;
    case 'p':
      std::snprintf(buf, sizeof buf, "0x%" PRIx64, uint64_t(v.i));
      break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      std::snprintf(buf, sizeof buf, (spec + c.letter).c_str(), v.isFloat ? v.f : double(v.i));
      break;
    default: { // d i o u x X
      const int64_t n = integerOf(v);
      if (c.wide)
        std::snprintf(buf, sizeof buf, (spec + "ll" + c.letter).c_str(), static_cast<long long>(n));
      else
        std::snprintf(buf, sizeof buf, (spec + c.letter).c_str(), int(n));
    }
    }
    out += buf;
  }
  return out + text;
}

} // namespace simt::dbg

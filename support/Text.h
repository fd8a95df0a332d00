//===-- Text.h - Small text helpers shared by every tool ------------------===//
//
// Helpers that the assembler, the emulator, the runtime's readers and the
// debugger would otherwise each keep a copy of. Header-only and free of LLVM.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_SUPPORT_TEXT_H
#define SIMT_SUPPORT_TEXT_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace simt {

/// `s` without leading and trailing blanks (space, tab, CR, LF).
inline std::string_view trim(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && blank(s.back()))
    s.remove_suffix(1);
  return s;
}

/// The pieces of `s` between the `sep`s ("a,b," -> "a", "b", "").
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (size_t at = 0;;) {
    const size_t next = s.find(sep, at);
    out.push_back(s.substr(at, next - at));
    if (next == std::string_view::npos)
      return out;
    at = next + 1;
  }
}

/// "0x" and lower-case hex digits, the way messages show an address.
inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

} // namespace simt

#endif // SIMT_SUPPORT_TEXT_H

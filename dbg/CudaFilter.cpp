//===-- CudaFilter.cpp - cuda-gdb's filters of the info cuda tables -------===//
#include "dbg/CudaFilter.h"

#include "dbg/CommandTable.h"

#include <cctype>
#include <string>
#include <vector>

namespace simt::dbg {

namespace {

/// The filter's words, numbers and punctuation, in order.
std::vector<std::string> tokens(std::string_view s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      ++i;
    } else if (c == '(' || c == ')' || c == ',') {
      out.emplace_back(1, char(c));
      ++i;
    } else {
      // As cuda-gdb's lexer: a keyword is letters alone, so `sm1` and
      // `block(1,0,0)thread(3)` split where the letters end; a number
      // runs on through its digits (and 0x's hex digits).
      const bool word = std::isalpha(c) || c == '_';
      size_t j = i;
      while (j < s.size() && (word ? std::isalpha(static_cast<unsigned char>(s[j])) || s[j] == '_'
                                   : std::isalnum(static_cast<unsigned char>(s[j]))))
        ++j;
      if (j == i)
        j = i + 1; // a character no filter has: a token of its own, refused below
      out.emplace_back(s.substr(i, j - i));
      i = j;
    }
  }
  return out;
}

class Parser {
public:
  Parser(std::string_view text, const std::optional<CudaCoords> &focus)
      : text_(text), toks_(tokens(text)), focus_(focus) {}

  CudaFilter run() {
    CudaFilter f;
    unsigned seen = 0;
    while (at_ < toks_.size()) {
      static const char *const kinds[] = {"device", "sm",    "warp",   "lane",      "kernel",
                                          "grid",   "block", "thread", "breakpoint"};
      const std::string &w = toks_[at_++];
      unsigned k = 0;
      while (k < std::size(kinds) && w != kinds[k])
        ++k;
      if (k == std::size(kinds) || (seen >> k & 1))
        fail(); // not a restriction, or one given twice (cuda-gdb's "Duplicate filter type")
      seen |= 1u << k;
      const CudaCoords here = focus_.value_or(CudaCoords{});
      switch (k) {
      case 0: f.device = scalar(here.device); break;
      case 1: f.sm = scalar(here.sm); break;
      case 2: f.warp = scalar(here.warp); break;
      case 3: f.lane = scalar(here.lane); break;
      case 4: f.kernel = scalar(here.kernel); break;
      case 5: f.grid = scalar(here.grid); break;
      case 6: f.block = triple(here.block); break;
      case 7: f.thread = triple(here.thread); break;
      default:
        if (peek("all")) {
          ++at_;
          f.breakpoint = 0;
        } else {
          const uint32_t n = scalar(CudaFilter::Any);
          if (n == CudaFilter::Any)
            fail();
          f.breakpoint = n;
        }
      }
    }
    if (!seen)
      fail();
    return f;
  }

private:
  [[noreturn]] void fail() const {
    throw CommandError("Incorrect filter: '" + std::string(text_) + "'.");
  }
  bool peek(const char *t) const { return at_ < toks_.size() && toks_[at_] == t; }
  void expect(const char *t) {
    if (!peek(t))
      fail();
    ++at_;
  }
  /// A number, `current` (the focus's: `here`) or `any`/`all`.
  uint32_t value(uint32_t here) {
    if (at_ >= toks_.size())
      fail();
    const std::string &t = toks_[at_++];
    if (t == "current")
      return focus_ ? here : CudaFilter::Any;
    if (t == "any" || t == "all")
      return CudaFilter::Any;
    size_t used = 0;
    unsigned long long v = 0;
    try {
      // cuda-gdb's lexer: decimal, or hex after 0x; a leading 0 is no octal prefix.
      const bool hexadecimal = t.size() > 2 && t[0] == '0' && t[1] == 'x';
      v = std::stoull(hexadecimal ? t.substr(2) : t, &used, hexadecimal ? 16 : 10);
      used += hexadecimal ? 2 : 0;
    } catch (const std::exception &) {
      fail();
    }
    if (used != t.size() || !std::isdigit(static_cast<unsigned char>(t[0])) || v >= CudaFilter::Any)
      fail();
    return uint32_t(v);
  }
  uint32_t scalar(uint32_t here) {
    if (!peek("("))
      return value(here);
    ++at_;
    const uint32_t v = value(here);
    expect(")");
    return v;
  }
  std::array<uint32_t, 3> triple(const std::array<uint32_t, 3> &here) {
    const bool paren = peek("(");
    at_ += paren;
    std::array<uint32_t, 3> v{CudaFilter::Any, CudaFilter::Any, CudaFilter::Any};
    for (size_t i = 0; i < 3; ++i) {
      v[i] = value(here[i]);
      if (!peek(","))
        break;
      ++at_;
    }
    if (paren)
      expect(")");
    return v;
  }

  std::string_view text_;
  std::vector<std::string> toks_;
  size_t at_ = 0;
  const std::optional<CudaCoords> &focus_;
};

} // namespace

CudaFilter CudaFilter::parse(std::string_view text, const std::optional<CudaCoords> &focus) {
  return Parser(text, focus).run();
}

bool CudaFilter::warpMatches(const CudaCoords &c) const {
  return is(device, c.device) && is(sm, c.sm) && is(warp, c.warp) && is(kernel, c.kernel) &&
         is(grid, c.grid) && triple(block, c.block);
}

} // namespace simt::dbg

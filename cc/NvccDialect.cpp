//===-- NvccDialect.cpp - What nvcc accepts and clang refuses, rewritten --===//
#include "cc/NvccDialect.h"

#include <cctype>

namespace simt::cc {

namespace {

constexpr size_t npos = std::string_view::npos;

/// A token of the text that matters here: an identifier or one punctuation
/// character, with where it starts. Comments, string and character literals
/// and preprocessor lines are passed over.
struct Token {
  size_t at = 0, size = 0;
  bool identifier = false;
};

bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  bool lineStart = true;
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '\n') {
      lineStart = true;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#' && lineStart) { // a directive, with its continuations
      while (i < s.size() && s[i] != '\n')
        i += s[i] == '\\' && i + 1 < s.size() ? 2 : 1;
    } else if (s.substr(i, 2) == "//") {
      while (i < s.size() && s[i] != '\n')
        ++i;
    } else if (s.substr(i, 2) == "/*") {
      size_t end = s.find("*/", i + 2);
      i = end == std::string_view::npos ? s.size() : end + 2;
    } else if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c && s[i] != '\n'; ++i)
        if (s[i] == '\\')
          ++i;
      ++i;
      lineStart = false;
    } else if (c == 'R' && s.substr(i, 2) == "R\"") { // a raw string: R"delim( ... )delim"
      size_t open = s.find('(', i);
      std::string close =
          ")" + std::string(s.substr(i + 2, open == std::string_view::npos ? 0 : open - i - 2)) +
          "\"";
      size_t end = open == std::string_view::npos ? std::string_view::npos : s.find(close, open);
      i = end == std::string_view::npos ? s.size() : end + close.size();
      lineStart = false;
    } else if (identStart(c)) {
      size_t start = i;
      while (i < s.size() && identChar(s[i]))
        ++i;
      out.push_back({start, i - start, true});
      lineStart = false;
    } else {
      if (std::isdigit(static_cast<unsigned char>(c))) { // a number, suffixes and all
        while (i < s.size() && (identChar(s[i]) || s[i] == '.' || s[i] == '\''))
          ++i;
      } else {
        out.push_back({i, 1, false});
        ++i;
      }
      lineStart = false;
    }
  }
  return out;
}

void where(std::string_view s, size_t at, DialectFix &fix) {
  fix.line = 1, fix.column = 1;
  for (size_t i = 0; i < at; ++i)
    if (s[i] == '\n')
      ++fix.line, fix.column = 1;
    else
      ++fix.column;
}

/// Tokens `t[i..]` are `c`, `c` (adjacent), then after space only, `c`:
/// the split spelling of `<<<` or `>>>`. Returns the third's index or 0.
size_t splitTriple(std::string_view s, const std::vector<Token> &t, size_t i, char c) {
  if (i + 2 >= t.size() || t[i].identifier || s[t[i].at] != c || s[t[i + 1].at] != c ||
      t[i + 1].at != t[i].at + 1 || s[t[i + 2].at] != c || t[i + 2].identifier)
    return 0;
  for (size_t k = t[i + 1].at + 1; k < t[i + 2].at; ++k)
    if (s[k] != ' ' && s[k] != '\t') // on one line: the rewrite keeps every line
      return 0;
  return t[i + 2].at == t[i + 1].at + 1 ? 0 : i + 2; // `<<<` itself needs nothing
}

/// Moves the third bracket of a split triple next to the other two; the
/// spaces go after it.
void join(std::string &out, const std::vector<Token> &t, size_t third) {
  const size_t from = t[third].at, to = t[third - 1].at + 1;
  const char c = out[from];
  out[from] = ' ';
  out[to] = c;
}

/// Where an inline asm's template strings (`asm volatile("..." "..." : ...)`,
/// starting at `from`, after its open parenthesis) have a lone `%` before a
/// letter: nvcc takes `mov.u64 %0, %globaltimer;` with PTX's register name
/// as written, where clang wants `%%`. Only in an asm with operands (a `:`
/// after the strings): clang reads a basic asm's `%` as it is.
void loneRegisterPercents(std::string_view s, size_t from, std::vector<size_t> &at) {
  std::vector<size_t> found;
  for (size_t i = from; i < s.size();) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (s[i] == '"') {
      for (++i; i < s.size() && s[i] != '"' && s[i] != '\n'; ++i) {
        if (s[i] == '\\') {
          ++i;
        } else if (s[i] == '%' && i + 1 < s.size()) {
          if (identStart(s[i + 1]))
            found.push_back(i);
          else if (s[i + 1] == '%')
            ++i;
        }
      }
      ++i;
    } else {
      if (s[i] == ':') // an extended asm: its template's '%'s are operands
        at.insert(at.end(), found.begin(), found.end());
      return;
    }
  }
}

} // namespace

std::string rewriteNvccDialect(std::string_view source, std::vector<DialectFix> &fixes) {
  std::string out(source);
  const std::vector<Token> t = tokenize(source);
  auto is = [&](size_t i, std::string_view word) {
    return t[i].identifier && source.substr(t[i].at, t[i].size) == word;
  };
  std::vector<size_t> percents;
  for (size_t i = 0; i < t.size(); ++i) {
    if (is(i, "asm") || is(i, "__asm__") || is(i, "__asm")) {
      size_t j = i + 1;
      while (j < t.size() && (is(j, "volatile") || is(j, "__volatile__") || is(j, "goto") ||
                              is(j, "inline")))
        ++j;
      if (j < t.size() && !t[j].identifier && source[t[j].at] == '(')
        loneRegisterPercents(source, t[j].at + 1, percents);
      continue;
    }
    // k<< <grid, block>> >(...): the launch's closing brackets are the
    // first `>> >` after it (a template's `>> >` elsewhere stays as it is).
    if (size_t third = splitTriple(source, t, i, '<')) {
      size_t close = 0;
      for (size_t j = third + 1; j < t.size() && !close; ++j) {
        if (!t[j].identifier && std::string_view(";{}").find(source[t[j].at]) != npos)
          break; // the statement ended: not a launch
        close = splitTriple(source, t, j, '>');
      }
      if (!close)
        continue;
      join(out, t, third); // nvcc reads these as it reads <<<, >>>: no warning
      join(out, t, close);
      i = close;
      continue;
    }
    // __global__ __device__ (either order, with other specifiers between):
    // the function is a kernel.
    if (!is(i, "__device__"))
      continue;
    bool global = false;
    for (size_t j = i; j-- > 0 && t[j].identifier && !global;)
      global = is(j, "__global__");
    for (size_t j = i + 1; j < t.size() && t[j].identifier && !global; ++j)
      global = is(j, "__global__");
    if (!global)
      continue;
    out.replace(t[i].at, t[i].size, std::string(t[i].size, ' '));
    DialectFix fix;
    where(source, t[i].at, fix);
    fix.what = "'__device__' on a '__global__' function is ignored (as nvcc does)";
    fixes.push_back(fix);
  }
  // Last, from the end: each `%` doubled moves the rest of its line.
  for (auto it = percents.rbegin(); it != percents.rend(); ++it)
    out.insert(*it, 1, '%');
  return out;
}

} // namespace simt::cc

//===-- RunScriptLine.h - A cursor over one run-script line -----*- C++ -*-===//
//
// What every command's parse (RunScriptCommands.h) reads its line with: the
// cursor, and readers of the tokens commands share (numbers, buffer names,
// element types, `[INDEX]`, value literals and lists, `FROM..TO`), each
// failing with one error that names the command and the offending token.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_RUNSCRIPTLINE_H
#define SIMT_RUNTIME_RUNSCRIPTLINE_H

#include "runtime/RunScriptCommands.h"
#include "support/Text.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
inline bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
// `:` for qualified C++ names (`ns::scale`, runtime/KernelNames.h).
inline bool isKernelChar(char c) { return isIdentChar(c) || c == '.' || c == '$' || c == ':'; }
inline bool isIdentifier(std::string_view s) {
  return !s.empty() && isIdentStart(s[0]) && std::all_of(s.begin(), s.end(), isIdentChar);
}

/// `'text'`, as messages quote what they name.
inline std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

/// A cursor over one line. Columns are 1-based positions in the line.
class ScriptLine {
public:
  explicit ScriptLine(std::string_view s) : s_(s) {}

  void skipWs() {
    while (pos_ < s_.size() && isSpace(s_[pos_]))
      ++pos_;
  }
  bool atEnd() {
    skipWs();
    return pos_ >= s_.size();
  }
  char peek() {
    skipWs();
    return pos_ < s_.size() ? s_[pos_] : '\0';
  }
  /// Next char without skipping whitespace.
  char peekRaw() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool consume(char c) {
    skipWs();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool consume(std::string_view t) {
    skipWs();
    if (s_.substr(pos_, t.size()) == t) {
      pos_ += t.size();
      return true;
    }
    return false;
  }
  size_t pos() const { return pos_; }
  std::string_view line() const { return s_; }
  void setPos(size_t p) { pos_ = p; }

  template <class Pred> std::string_view run(Pred pred) {
    skipWs();
    return runRaw(pred);
  }
  /// Like run() but without skipping leading whitespace.
  template <class Pred> std::string_view runRaw(Pred pred) {
    size_t b = pos_;
    while (pos_ < s_.size() && pred(s_[pos_]))
      ++pos_;
    return s_.substr(b, pos_ - b);
  }
  /// [A-Za-z_][A-Za-z0-9_]*, or empty.
  std::string_view identifier() {
    skipWs();
    if (pos_ >= s_.size() || !isIdentStart(s_[pos_]))
      return {};
    return run(isIdentChar);
  }
  std::string_view kernelName() {
    skipWs();
    if (pos_ >= s_.size() || !(isIdentStart(s_[pos_]) || s_[pos_] == '.' || s_[pos_] == '$'))
      return {};
    return run(isKernelChar);
  }
  /// A number-like token: [A-Za-z0-9_]+.
  std::string_view numberToken() { return run(isIdentChar); }
  /// A value literal: up to whitespace, one of `,[]()=`, or `..`.
  std::string_view literal() {
    skipWs();
    size_t b = pos_;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (isSpace(c) || c == ',' || c == '[' || c == ']' || c == '(' || c == ')' || c == '=')
        break;
      if (c == '.' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '.')
        break;
      ++pos_;
    }
    return s_.substr(b, pos_ - b);
  }
  /// Everything up to the end of the line, trimmed.
  std::string_view rest() {
    skipWs();
    std::string_view r = trim(s_.substr(pos_));
    pos_ = s_.size();
    return r;
  }
  /// A file path: "quoted" (with \" and \\) or up to whitespace.
  Expected<std::string> path() {
    skipWs();
    if (pos_ >= s_.size())
      return makeError("expected a file name");
    if (s_[pos_] != '"')
      return std::string(run([](char c) { return !isSpace(c); }));
    std::string out;
    ++pos_;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      if (s_[pos_] == '\\' && pos_ + 1 < s_.size())
        ++pos_;
      out += s_[pos_++];
    }
    if (pos_ >= s_.size())
      return makeError("missing closing '\"' in the file name");
    ++pos_;
    if (out.empty())
      return makeError("empty file name");
    return out;
  }
  /// The next token, for "unexpected ..." messages.
  std::string_view token() {
    skipWs();
    size_t b = pos_, e = pos_;
    while (e < s_.size() && !isSpace(s_[e]))
      ++e;
    return s_.substr(b, e - b);
  }

private:
  std::string_view s_;
  size_t pos_ = 0;
};

/// Nothing more on the line, else "CMD: unexpected 'TOKEN'".
Status expectEnd(ScriptLine &p, std::string_view cmd);
/// A non-negative integer (decimal or 0x hex); `what` names it in messages.
Expected<uint64_t> readUInt(ScriptLine &p, std::string_view cmd, std::string_view what);
/// An identifier naming a buffer.
Expected<std::string> readBufferName(ScriptLine &p, std::string_view cmd);
/// An element type (u8 ... f64).
Expected<ElemType> readType(ScriptLine &p, std::string_view cmd);
/// `[INDEX]` after a buffer name.
Expected<uint64_t> readIndex(ScriptLine &p, std::string_view cmd);
/// A value literal, its syntax checked (its type may come later).
Expected<ValueLiteral> readLiteral(ScriptLine &p, std::string_view cmd);
/// `[v0, v1, ...]` of untyped literals; the '[' is already consumed.
Expected<std::vector<ValueLiteral>> readLiteralList(ScriptLine &p, std::string_view cmd);
/// `KEY=` next on the line: consumes it and returns true; else leaves the
/// cursor where it was.
bool consumeKey(ScriptLine &p, std::string_view key);
/// The value of an `at=ADDR` option (the `at=` consumed).
Expected<uint64_t> readAddress(ScriptLine &p, std::string_view cmd);
/// `file(PATH[, OFFSET])` next on the line (PATH may be "quoted"), consumed;
/// nullopt, consuming nothing, if the line goes on with something else.
Expected<std::optional<FileSlice>> readFileOperand(ScriptLine &p, std::string_view cmd);
/// `[INDEX]` or `[FROM..TO]` after a buffer name: `last` set for a range.
Status readElements(ScriptLine &p, std::string_view cmd, uint64_t &first,
                    std::optional<uint64_t> &last);
/// An optional element range `FROM..TO` (TO inclusive; `FROM..`: to the end).
Status readRange(ScriptLine &p, std::string_view cmd, std::optional<uint64_t> &from,
                 std::optional<uint64_t> &to);

} // namespace simt::rt

#endif // SIMT_RUNTIME_RUNSCRIPTLINE_H

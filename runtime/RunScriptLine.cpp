//===-- RunScriptLine.cpp - A cursor over one run-script line -------------===//
#include "runtime/RunScriptLine.h"

namespace simt::rt {

Status expectEnd(ScriptLine &p, std::string_view cmd) {
  if (!p.atEnd())
    return makeError(std::string(cmd) + ": unexpected " + quote(p.token()));
  return {};
}

Expected<uint64_t> readUInt(ScriptLine &p, std::string_view cmd, std::string_view what) {
  std::string_view t = p.numberToken();
  if (t.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected " + std::string(what) +
                     (next.empty() ? std::string(" at the end of the line")
                                   : ", found " + quote(next)));
  }
  auto v = parseUInt(t);
  if (!v)
    return makeError(std::string(cmd) + ": " + std::string(what) + " " + quote(t) +
                     " is not a non-negative integer (decimal or 0x hex) below 2^64");
  return *v;
}

Expected<std::string> readBufferName(ScriptLine &p, std::string_view cmd) {
  std::string_view n = p.identifier();
  if (n.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected a buffer name" +
                     (next.empty() ? std::string() : ", found " + quote(next)));
  }
  return std::string(n);
}

Expected<ElemType> readType(ScriptLine &p, std::string_view cmd) {
  std::string_view t = p.run(isIdentChar);
  if (t.empty())
    return makeError(std::string(cmd) + ": expected an element type "
                                        "(u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  auto type = parseElemType(t);
  if (!type)
    return makeError(std::string(cmd) + ": unknown element type " + quote(t) +
                     " (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  return *type;
}

Expected<uint64_t> readIndex(ScriptLine &p, std::string_view cmd) {
  if (!p.consume('['))
    return makeError(std::string(cmd) + ": expected '[INDEX]'");
  auto i = readUInt(p, cmd, "index");
  if (!i)
    return i;
  if (!p.consume(']'))
    return makeError(std::string(cmd) + ": expected ']' after the index");
  return *i;
}

Expected<ValueLiteral> readLiteral(ScriptLine &p, std::string_view cmd) {
  std::string_view t = p.literal();
  if (t.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected a value" +
                     (next.empty() ? std::string(" at the end of the line")
                                   : ", found " + quote(next)));
  }
  if (auto st = checkLiteral(t); !st)
    return makeError(std::string(cmd) + ": " + st.message());
  return ValueLiteral{std::string(t)};
}

Expected<std::vector<ValueLiteral>> readLiteralList(ScriptLine &p, std::string_view cmd) {
  std::vector<ValueLiteral> out;
  if (p.consume(']'))
    return out;
  while (true) {
    auto v = readLiteral(p, cmd);
    if (!v)
      return makeError(v.message() + " (list element " + std::to_string(out.size()) + ")");
    out.push_back(std::move(*v));
    if (p.consume(']'))
      return out;
    if (!p.consume(','))
      return makeError(std::string(cmd) + ": expected ',' or ']' in the list, found " +
                       quote(p.token()));
  }
}

bool consumeKey(ScriptLine &p, std::string_view key) {
  const size_t start = p.pos();
  if (p.identifier() == key && p.peekRaw() == '=') {
    p.consume('=');
    return true;
  }
  p.setPos(start);
  return false;
}

Expected<uint64_t> readAddress(ScriptLine &p, std::string_view cmd) {
  std::string_view t = p.runRaw([](char c) { return !isSpace(c); });
  auto v = parseUInt(t);
  if (!v)
    return makeError(std::string(cmd) + ": at=" + std::string(t) +
                     ": expected a device address (decimal or 0x hex)");
  return *v;
}

Expected<std::optional<FileSlice>> readFileOperand(ScriptLine &p, std::string_view cmd) {
  const size_t start = p.pos();
  if (p.identifier() != "file" || !p.consume('(')) {
    p.setPos(start);
    return std::optional<FileSlice>();
  }
  FileSlice f;
  if (p.peek() == '"') {
    auto quoted = p.path();
    if (!quoted)
      return makeError(std::string(cmd) + ": file(PATH): " + quoted.message());
    f.path = *quoted;
  } else {
    f.path = std::string(trim(p.run([](char c) { return c != ')' && c != ','; })));
  }
  if (f.path.empty())
    return makeError(std::string(cmd) + ": file(PATH): empty path");
  if (p.consume(',')) {
    auto offset = readUInt(p, cmd, "the byte offset of file(PATH, OFFSET)");
    if (!offset)
      return offset.error();
    f.offset = *offset;
  }
  if (!p.consume(')'))
    return makeError(std::string(cmd) + ": missing ')' after file(" + f.path);
  return std::optional<FileSlice>(std::move(f));
}

Status readElements(ScriptLine &p, std::string_view cmd, uint64_t &first,
                    std::optional<uint64_t> &last) {
  if (!p.consume('['))
    return makeError(std::string(cmd) + ": expected '[INDEX]'");
  auto i = readUInt(p, cmd, "index");
  if (!i)
    return i.error();
  first = *i;
  if (p.consume("..")) {
    auto to = readUInt(p, cmd, "the last index of FROM..TO");
    if (!to)
      return to.error();
    if (*to < first)
      return makeError(std::string(cmd) + ": empty range " + std::to_string(first) + ".." +
                       std::to_string(*to) + " (TO is inclusive and must be >= FROM)");
    last = *to;
  }
  if (!p.consume(']'))
    return makeError(std::string(cmd) + ": expected ']' after the index");
  return {};
}

Status readRange(ScriptLine &p, std::string_view cmd, std::optional<uint64_t> &from,
                 std::optional<uint64_t> &to) {
  if (p.atEnd())
    return {};
  auto first = readUInt(p, cmd, "the first index of FROM..TO");
  if (!first)
    return first.error();
  from = *first;
  if (!p.consume(".."))
    return makeError(std::string(cmd) + ": expected '..' in FROM..TO");
  if (p.atEnd())
    return {};
  auto last = readUInt(p, cmd, "the last index of FROM..TO");
  if (!last)
    return last.error();
  if (*last < *first)
    return makeError(std::string(cmd) + ": empty range " + std::to_string(*first) + ".." +
                     std::to_string(*last) + " (TO is inclusive and must be >= FROM)");
  to = *last;
  return {};
}

} // namespace simt::rt

//===-- RunScript.cpp - The run-script language ---------------------------===//
//
// A hand-written parser: one LineParser per line, one function per command.
// Each command either yields its typed struct or one error naming the command
// and the offending token; parseScript collects the errors of every line.
//
//===----------------------------------------------------------------------===//
#include "runtime/RunScript.h"
#include "isa/SIMTLimits.h"
#include "runtime/InputFile.h"
#include "runtime/LaunchArgs.h"
#include "support/Text.h"

#include <algorithm>
#include <cmath>

namespace simt::rt {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
// `:` for qualified C++ names (`ns::scale`, runtime/KernelNames.h).
bool isKernelChar(char c) { return isIdentChar(c) || c == '.' || c == '$' || c == ':'; }

std::string q(std::string_view s) { return "'" + std::string(s) + "'"; }

/// The line without its `#` comment (a `#` inside "quotes" does not count).
std::string_view stripComment(std::string_view line) {
  bool inQuote = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (inQuote && c == '\\') {
      ++i;
      continue;
    }
    if (c == '"')
      inQuote = !inQuote;
    else if (c == '#' && !inQuote)
      return line.substr(0, i);
  }
  return line;
}

bool isIdentifier(std::string_view s) {
  if (s.empty() || !isIdentStart(s[0]))
    return false;
  return std::all_of(s.begin(), s.end(), isIdentChar);
}

/// A cursor over one line. Columns are 1-based positions in the line.
class LineParser {
public:
  explicit LineParser(std::string_view s) : s_(s) {}

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

Status expectEnd(LineParser &p, std::string_view cmd) {
  if (!p.atEnd())
    return makeError(std::string(cmd) + ": unexpected " + q(p.token()));
  return {};
}

Expected<uint64_t> readUInt(LineParser &p, std::string_view cmd, std::string_view what) {
  std::string_view t = p.numberToken();
  if (t.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected " + std::string(what) +
                     (next.empty() ? std::string(" at the end of the line")
                                   : ", found " + q(next)));
  }
  auto v = parseUInt(t);
  if (!v)
    return makeError(std::string(cmd) + ": " + std::string(what) + " " + q(t) +
                     " is not a non-negative integer (decimal or 0x hex) below 2^64");
  return *v;
}

Expected<std::string> readBufferName(LineParser &p, std::string_view cmd) {
  std::string_view n = p.identifier();
  if (n.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected a buffer name" +
                     (next.empty() ? std::string() : ", found " + q(next)));
  }
  return std::string(n);
}

Expected<ElemType> readType(LineParser &p, std::string_view cmd) {
  std::string_view t = p.run(isIdentChar);
  if (t.empty())
    return makeError(std::string(cmd) + ": expected an element type "
                                        "(u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  auto type = parseElemType(t);
  if (!type)
    return makeError(std::string(cmd) + ": unknown element type " + q(t) +
                     " (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)");
  return *type;
}

/// `[INDEX]` after a buffer name.
Expected<uint64_t> readIndex(LineParser &p, std::string_view cmd) {
  if (!p.consume('['))
    return makeError(std::string(cmd) + ": expected '[INDEX]'");
  auto i = readUInt(p, cmd, "index");
  if (!i)
    return i;
  if (!p.consume(']'))
    return makeError(std::string(cmd) + ": expected ']' after the index");
  return *i;
}

Expected<ValueLiteral> readLiteral(LineParser &p, std::string_view cmd) {
  std::string_view t = p.literal();
  if (t.empty()) {
    std::string_view next = p.token();
    return makeError(std::string(cmd) + ": expected a value" +
                     (next.empty() ? std::string(" at the end of the line")
                                   : ", found " + q(next)));
  }
  if (auto st = checkLiteral(t); !st)
    return makeError(std::string(cmd) + ": " + st.message());
  return ValueLiteral{std::string(t)};
}

/// `[v0, v1, ...]` of untyped literals; the '[' is already consumed.
Expected<std::vector<ValueLiteral>> readLiteralList(LineParser &p, std::string_view cmd) {
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
                       q(p.token()));
  }
}

//===-- Commands ----------------------------------------------------------===//

Expected<CommandOp> parseLoad(LineParser &p) {
  auto path = p.path();
  if (!path)
    return makeError("load: " + path.message());
  if (auto st = expectEnd(p, "load"); !st)
    return st.error();
  return CommandOp(LoadCommand{*path});
}

Expected<AllocCommand> parseAllocBody(LineParser &p) {
  AllocCommand a;
  auto name = readBufferName(p, "alloc");
  if (!name)
    return name.error();
  a.name = *name;
  auto type = readType(p, "alloc");
  if (!type)
    return type.error();
  a.type = *type;
  if (!p.consume('['))
    return makeError("alloc: expected '[COUNT]' after the type " + q(typeName(a.type)));
  std::optional<uint64_t> count;
  if (p.peek() != ']') {
    auto c = readUInt(p, "alloc", "count");
    if (!c)
      return c.error();
    count = *c;
  }
  if (!p.consume(']'))
    return makeError("alloc: expected ']' after the count");
  if (p.consume('=')) {
    std::string_view initText = p.rest();
    auto init = parseInitializer(initText, a.type);
    if (!init)
      return makeError("alloc: " + init.message());
    a.init = std::move(*init);
  } else if (!p.atEnd()) {
    return makeError("alloc: unexpected " + q(p.token()) + " (an initialiser follows '=')");
  }
  const auto *list = std::get_if<InitList>(&a.init);
  if (!count) {
    if (!list)
      return makeError("alloc: " + a.name + ": the count may be left out only with a list "
                       "initialiser ([v0, v1, ...])");
    count = list->values.size();
  } else if (list && list->values.size() != *count) {
    return makeError("alloc: " + a.name + ": the list has " +
                     std::to_string(list->values.size()) + " values for " +
                     std::to_string(*count) + " elements");
  }
  if (*count == 0)
    return makeError("alloc: " + a.name + ": the count must be at least 1");
  if (*count > (uint64_t(1) << 40) / sizeOf(a.type))
    return makeError("alloc: " + a.name + ": " + std::to_string(*count) + " x " +
                     std::string(typeName(a.type)) + " is larger than 1 TiB");
  a.count = *count;
  return a;
}

Expected<CommandOp> parseAlloc(LineParser &p) {
  auto a = parseAllocBody(p);
  if (!a)
    return a.error();
  return CommandOp(std::move(*a));
}

Expected<CommandOp> parseWrite(LineParser &p) {
  WriteCommand w;
  auto name = readBufferName(p, "write");
  if (!name)
    return name.error();
  w.buffer = *name;
  auto index = readIndex(p, "write");
  if (!index)
    return index.error();
  w.index = *index;
  if (!p.consume('='))
    return makeError("write: expected '=' after " + w.buffer + "[" + std::to_string(w.index) + "]");
  auto v = readLiteral(p, "write");
  if (!v)
    return v.error();
  w.value = std::move(*v);
  if (auto st = expectEnd(p, "write"); !st)
    return st.error();
  return CommandOp(std::move(w));
}

/// `const SYMBOL[:TYPE] = [V, ...]` / `const SYMBOL[:TYPE][INDEX] = V`.
Expected<CommandOp> parseConstSymbol(LineParser &p) {
  ConstCommand c;
  c.symbol = std::string(p.identifier());
  if (p.consume(':')) {
    auto type = readType(p, "const");
    if (!type)
      return type.error();
    c.symbolType = *type;
  }
  bool indexed = p.peek() == '[';
  if (indexed) {
    auto index = readIndex(p, "const");
    if (!index)
      return index.error();
    c.index = *index;
  }
  if (!p.consume('='))
    return makeError("const: expected '=' after " + c.symbol +
                     (indexed ? "[" + std::to_string(c.index) + "]" : std::string()));
  if (indexed) {
    auto v = readLiteral(p, "const");
    if (!v)
      return v.error();
    c.literals.push_back(std::move(*v));
  } else {
    if (!p.consume('['))
      return makeError("const: expected a list '[V0, V1, ...]' after '=' (or " + c.symbol +
                       "[INDEX] = VALUE)");
    auto list = readLiteralList(p, "const");
    if (!list)
      return list.error();
    if (list->empty())
      return makeError("const: the list is empty");
    c.literals = std::move(*list);
  }
  if (auto st = expectEnd(p, "const"); !st)
    return st.error();
  return CommandOp(std::move(c));
}

Expected<CommandOp> parseConst(LineParser &p) {
  if (isIdentStart(p.peek())) // a name; a bank is a number
    return parseConstSymbol(p);
  ConstCommand c;
  auto bank = readUInt(p, "const", "bank");
  if (!bank)
    return bank.error();
  if (*bank >= kNumConstBanks)
    return makeError("const: bank " + std::to_string(*bank) + " does not exist (banks 0..15)");
  if (*bank < limits::kFirstUserConstBank)
    return makeError("const: bank " + std::to_string(*bank) +
                     " is not a user constant bank (bank 0 is the launch block, bank 1 the "
                     "runtime's; use banks 2..15)");
  c.bank = uint32_t(*bank);
  auto offset = readUInt(p, "const", "offset");
  if (!offset)
    return offset.error();
  if (*offset >= kConstBankBytes)
    return makeError("const: offset " + std::to_string(*offset) +
                     " is outside the 64 KiB bank");
  c.offset = uint32_t(*offset);
  auto type = readType(p, "const");
  if (!type)
    return type.error();
  c.type = *type;
  while (true) {
    std::string_view t = p.literal();
    if (t.empty())
      return makeError("const: expected a value" +
                       (p.atEnd() ? std::string(" at the end of the line")
                                  : ", found " + q(p.token())));
    auto v = parseValue(t, c.type);
    if (!v)
      return makeError("const: " + v.message());
    c.values.push_back(*v);
    if (p.atEnd())
      break;
    if (!p.consume(','))
      return makeError("const: expected ',' between values, found " + q(p.token()));
  }
  uint64_t end = uint64_t(c.offset) + c.values.size() * sizeOf(c.type);
  if (end > kConstBankBytes)
    return makeError("const: " + std::to_string(c.values.size()) + " x " +
                     std::string(typeName(c.type)) + " at offset " + std::to_string(c.offset) +
                     " run past the end of the 64 KiB bank");
  return CommandOp(std::move(c));
}

Expected<CommandOp> parseLaunch(LineParser &p) {
  LaunchCommand l;
  std::string_view k = p.kernelName();
  if (k.empty())
    return makeError("launch: expected a kernel name" +
                     (p.atEnd() ? std::string() : ", found " + q(p.token())));
  l.kernel = std::string(k);
  bool haveGrid = false, haveBlock = false, haveShared = false, haveStack = false,
       haveName = false, haveArgs = false;
  auto twice = [](std::string_view opt) {
    return makeError("launch: " + std::string(opt) + " given twice");
  };
  while (!p.atEnd()) {
    size_t start = p.pos();
    std::string_view word = p.identifier();
    if (word.empty())
      return makeError("launch: unexpected " + q(p.token()));
    if (word == "as" && p.peekRaw() != '=') {
      if (haveName)
        return twice("'as NAME'");
      std::string_view n = p.identifier();
      if (n.empty())
        return makeError("launch: expected a grid name after 'as'");
      l.name = std::string(n);
      haveName = true;
      continue;
    }
    if (!p.consume('=')) {
      p.setPos(start);
      return makeError("launch: unexpected " + q(p.token()) +
                       " (options: grid= block= shared= max_stack= as NAME args=(...))");
    }
    if (word == "grid" || word == "block") {
      bool &have = word == "grid" ? haveGrid : haveBlock;
      if (have)
        return twice(std::string(word) + "=");
      std::string_view t = p.runRaw([](char c) { return !isSpace(c); });
      auto d = parseDim3(t, word);
      if (!d)
        return makeError("launch: " + d.message());
      (word == "grid" ? l.grid : l.block) = *d;
      have = true;
    } else if (word == "shared") {
      if (haveShared)
        return twice("shared=");
      std::string_view t = p.runRaw([](char c) { return !isSpace(c); });
      auto v = parseUInt(t);
      if (!v)
        return makeError("launch: shared=" + std::string(t) +
                         ": expected a byte count (decimal or 0x hex)");
      if (*v > kMaxSharedBytes)
        return makeError("launch: shared=" + std::string(t) + ": " + std::to_string(*v) +
                         " bytes exceed the " + std::to_string(kMaxSharedBytes) +
                         " bytes of shared memory of an SM");
      l.shared = uint32_t(*v);
      haveShared = true;
    } else if (word == "max_stack") {
      if (haveStack)
        return twice("max_stack=");
      std::string_view t = p.runRaw([](char c) { return !isSpace(c); });
      auto v = parseUInt(t);
      if (!v || *v == 0)
        return makeError("launch: max_stack=" + std::string(t) +
                         ": expected a stack depth of at least 1 entry");
      if (*v > limits::kMaxStackDepth)
        return makeError("launch: max_stack=" + std::string(t) + ": at most " +
                         std::to_string(limits::kMaxStackDepth) + " entries");
      l.maxStack = uint32_t(*v);
      haveStack = true;
    } else if (word == "args") {
      if (haveArgs)
        return twice("args=");
      if (!p.consume('('))
        return makeError("launch: expected '(' after args=");
      // The argument list runs to the matching ')' (arguments contain none);
      // commas inside brace lists separate members, not arguments.
      size_t open = p.pos();
      size_t close = findOutsideBrackets(p.line(), ')', open);
      // An unclosed '{' inside: the last ')' ends the list, so that the
      // argument's own parse names the missing '}'.
      if (size_t last = p.line().rfind(')');
          close == std::string_view::npos && last != std::string_view::npos && last >= open)
        close = last;
      if (close == std::string_view::npos)
        return makeError("launch: missing ')' after args=(");
      std::string_view body = p.line().substr(open, close - open);
      p.setPos(close + 1);
      // Split at commas; columns are relative to the line.
      size_t itemStart = 0;
      size_t index = 0;
      if (!trim(body).empty()) {
        while (true) {
          size_t comma = findArgComma(body, itemStart);
          std::string_view raw =
              body.substr(itemStart, comma == std::string_view::npos ? std::string_view::npos
                                                                     : comma - itemStart);
          size_t lead = 0;
          while (lead < raw.size() && isSpace(raw[lead]))
            ++lead;
          std::string_view item = trim(raw);
          ++index;
          if (item.empty())
            return makeError("launch: argument " + std::to_string(index) + " is empty");
          auto a = parseLaunchArg(item);
          if (!a)
            return makeError("launch: argument " + std::to_string(index) + " " + q(item) +
                             ": " + a.message());
          a->column = unsigned(open + itemStart + lead + 1);
          l.args.push_back(std::move(*a));
          if (comma == std::string_view::npos)
            break;
          itemStart = comma + 1;
        }
      }
      haveArgs = true;
    } else {
      return makeError("launch: unknown option " + q(std::string(word) + "=") +
                       " (options: grid= block= shared= max_stack= as NAME args=(...))");
    }
  }
  if (!haveGrid)
    return makeError("launch: missing grid=X[,Y,Z]");
  if (!haveBlock)
    return makeError("launch: missing block=X[,Y,Z]");
  return CommandOp(std::move(l));
}

Expected<CommandOp> parseWait(LineParser &p) {
  WaitCommand w;
  if (!p.atEnd()) {
    std::string_view n = p.identifier();
    if (n.empty())
      return makeError("wait: expected a grid name, found " + q(p.token()));
    w.grid = std::string(n);
  }
  if (auto st = expectEnd(p, "wait"); !st)
    return st.error();
  return CommandOp(std::move(w));
}

Expected<CommandOp> parseAdvance(LineParser &p) {
  auto n = readUInt(p, "advance", "a cycle count");
  if (!n)
    return n.error();
  if (auto st = expectEnd(p, "advance"); !st)
    return st.error();
  return CommandOp(AdvanceCommand{*n});
}

Expected<CommandOp> parseContext(LineParser &p) {
  std::string_view n = p.identifier();
  if (n.empty())
    return makeError("context: expected a context name" +
                     (p.atEnd() ? std::string() : ", found " + q(p.token())));
  if (auto st = expectEnd(p, "context"); !st)
    return st.error();
  return CommandOp(ContextCommand{std::string(n)});
}

/// An optional element range `FROM..TO` (TO inclusive; `FROM..`: to the end).
Status readRange(LineParser &p, std::string_view cmd, std::optional<uint64_t> &from,
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

/// `address=MODE[,MODE[,MODE]]`: one mode for every dimension, or one each.
Status readAddressModes(LineParser &p, BindCommand &b) {
  using simt::limits::TexAddressMode;
  static const std::pair<std::string_view, TexAddressMode> kModes[] = {
      {"clamp", TexAddressMode::Clamp},
      {"border", TexAddressMode::Border},
      {"wrap", TexAddressMode::Wrap},
      {"mirror", TexAddressMode::Mirror}};
  unsigned n = 0;
  do {
    std::string_view word = p.identifier();
    auto m = std::find_if(std::begin(kModes), std::end(kModes),
                          [&](const auto &k) { return k.first == word; });
    if (m == std::end(kModes))
      return makeError("bind: expected an address mode (clamp, border, wrap or mirror), found " +
                       q(word.empty() ? p.token() : word));
    if (n == 3)
      return makeError("bind: address= takes at most three modes (x, y, z)");
    b.address[n++] = m->second;
  } while (p.consume(','));
  for (unsigned d = n; n == 1 && d < 3; ++d)
    b.address[d] = b.address[0];
  return {};
}

/// `bind TEXTURE BUFFER [OPTION...] [FROM..TO]` / `unbind TEXTURE`; the
/// options are those of BindCommand, in any order.
Expected<CommandOp> parseBind(LineParser &p, bool unbind) {
  const char *cmd = unbind ? "unbind" : "bind";
  BindCommand b;
  b.texture = std::string(p.identifier());
  if (b.texture.empty())
    return makeError(std::string(cmd) + ": expected a texture reference's name");
  if (!unbind) {
    auto name = readBufferName(p, cmd);
    if (!name)
      return name.error();
    b.buffer = *name;
    static const char *const kExtents[] = {"width=", "height=", "depth="};
    for (;;) {
      std::optional<uint64_t> *extent = nullptr;
      for (unsigned d = 0; d < 3; ++d)
        if (p.consume(kExtents[d]))
          extent = &b.extent[d];
      if (extent || p.consume("pitch=")) {
        const char *what = extent ? "a texel count" : "a row pitch in bytes";
        auto n = readUInt(p, cmd, what);
        if (!n)
          return n.error();
        if (*n == 0 || *n > UINT32_MAX)
          return makeError("bind: " + std::string(what) + " of " + std::to_string(*n) +
                           "; it is 1 to 2^32 - 1");
        *(extent ? extent : &b.pitch) = *n;
      } else if (p.consume("channels=")) {
        auto n = readUInt(p, cmd, "a channel count after 'channels='");
        if (!n)
          return n.error();
        if (*n != 1 && *n != 2 && *n != 4)
          return makeError("bind: channels=" + std::to_string(*n) +
                           ": a texel has 1, 2 or 4 channels");
        b.channels = unsigned(*n);
      } else if (p.consume("filter=")) {
        std::string_view f = p.identifier();
        if (f != "point" && f != "linear")
          return makeError("bind: expected filter=point or filter=linear, found " +
                           q(f.empty() ? p.token() : f));
        b.linear = f == "linear";
      } else if (p.consume("address=")) {
        if (auto st = readAddressModes(p, b); !st)
          return st.error();
      } else if (p.consume("normalized")) {
        b.normalized = true;
      } else {
        break;
      }
    }
    if (auto st = readRange(p, cmd, b.from, b.to); !st)
      return st.error();
  }
  if (auto st = expectEnd(p, cmd); !st)
    return st.error();
  return CommandOp(std::move(b));
}

Expected<DumpCommand> parseDumpBody(LineParser &p) {
  DumpCommand d;
  auto name = readBufferName(p, "dump");
  if (!name)
    return name.error();
  d.buffer = *name;
  if (p.peekRaw() == ':') {
    p.consume(':');
    auto t = readType(p, "dump");
    if (!t)
      return t.error();
    d.type = *t;
  }
  if (auto st = readRange(p, "dump", d.from, d.to); !st)
    return st.error();
  if (auto st = expectEnd(p, "dump"); !st)
    return st.error();
  return d;
}

Expected<CommandOp> parseDump(LineParser &p) {
  auto d = parseDumpBody(p);
  if (!d)
    return d.error();
  return CommandOp(std::move(*d));
}

Expected<CommandOp> parseSave(LineParser &p) {
  SaveCommand s;
  auto name = readBufferName(p, "save");
  if (!name)
    return name.error();
  s.buffer = *name;
  auto path = p.path();
  if (!path)
    return makeError("save: " + path.message());
  s.path = *path;
  if (auto st = expectEnd(p, "save"); !st)
    return st.error();
  return CommandOp(std::move(s));
}

Expected<CommandOp> parseExpect(LineParser &p) {
  ExpectCommand e;
  auto name = readBufferName(p, "expect");
  if (!name)
    return name.error();
  e.buffer = *name;
  if (p.peek() == '[') {
    auto i = readIndex(p, "expect");
    if (!i)
      return i.error();
    e.index = *i;
  }
  bool approx;
  if (p.consume("=="))
    approx = false;
  else if (p.consume("~="))
    approx = true;
  else
    return makeError("expect: expected '==' or '~='" +
                     (p.atEnd() ? std::string() : ", found " + q(p.token())));
  if (p.consume('[')) {
    if (e.index)
      return makeError("expect: " + e.buffer + "[" + std::to_string(*e.index) +
                       "] is one element: compare it with one value, not a list");
    auto list = readLiteralList(p, "expect");
    if (!list)
      return list.error();
    e.values = std::move(*list);
  } else {
    if (!e.index)
      return makeError("expect: the whole buffer " + e.buffer +
                       " is compared with a list [v0, v1, ...]; use " + e.buffer +
                       "[INDEX] for one element");
    auto v = readLiteral(p, "expect");
    if (!v)
      return v.error();
    e.values.push_back(std::move(*v));
  }
  if (approx) {
    std::string_view kw = p.identifier();
    if (kw == "ulp") {
      auto n = readUInt(p, "expect", "an ulp count");
      if (!n)
        return n.error();
      e.tolerance.kind = Tolerance::Ulp;
      e.tolerance.ulps = *n;
    } else if (kw == "within") {
      std::string_view t = p.literal();
      auto eps = parseValue(t, ElemType::F64);
      if (t.empty() || !eps || std::isnan(eps->asF64()) || eps->asF64() < 0)
        return makeError("expect: within " + (t.empty() ? std::string("...") : std::string(t)) +
                         ": expected a non-negative number");
      e.tolerance.kind = Tolerance::Within;
      e.tolerance.eps = eps->asF64();
    } else {
      return makeError("expect: '~=' needs a tolerance: 'ulp N' or 'within EPS'" +
                       (kw.empty() && p.atEnd() ? std::string()
                                                : ", found " + q(kw.empty() ? p.token() : kw)));
    }
  }
  if (auto st = expectEnd(p, "expect"); !st)
    return st.error();
  return CommandOp(std::move(e));
}

Expected<CommandOp> parseStats(LineParser &p) {
  if (auto st = expectEnd(p, "stats"); !st)
    return st.error();
  return CommandOp(StatsCommand{});
}

Expected<CommandOp> parseMessage(LineParser &p) {
  MessageCommand m;
  auto k = readUInt(p, "message", "a word count K");
  if (!k)
    return k.error();
  m.words = *k;
  bool haveVia = false;
  while (!p.atEnd()) {
    size_t start = p.pos();
    std::string_view word = p.identifier();
    if (word.empty() || !p.consume('=')) {
      p.setPos(start);
      return makeError("message: unexpected " + q(p.token()) + " (options: via= T=)");
    }
    std::string_view t = p.runRaw([](char c) { return !isSpace(c); });
    if (word == "via") {
      if (haveVia)
        return makeError("message: via= given twice");
      auto v = emu::parseMessageVia(t);
      if (!v)
        return makeError("message: via=" + std::string(t) +
                         ": expected system, device, cpu_l2 or device_l2");
      m.via = *v;
      haveVia = true;
    } else if (word == "T") {
      if (m.latency)
        return makeError("message: T= given twice");
      auto v = parseUInt(t);
      if (!v)
        return makeError("message: T=" + std::string(t) + ": expected a latency in cycles");
      m.latency = *v;
    } else {
      return makeError("message: unknown option " + q(std::string(word) + "=") +
                       " (options: via= T=)");
    }
  }
  if (!haveVia)
    return makeError("message: missing via=system|device|cpu_l2|device_l2");
  return CommandOp(std::move(m));
}

Expected<CommandOp> parseSet(LineParser &p) {
  std::string_view setting = p.identifier();
  if (setting != "memcheck")
    return makeError("set: " +
                     (p.atEnd() && setting.empty()
                          ? std::string("expected a setting")
                          : "unknown setting " + q(setting.empty() ? p.token() : setting)) +
                     " (settings: memcheck strict|page)");
  std::string_view mode = p.identifier();
  auto m = parseMemcheck(mode);
  if (!m)
    return makeError("set memcheck: expected strict or page" +
                     (p.atEnd() && mode.empty()
                          ? std::string()
                          : ", found " + q(mode.empty() ? p.token() : mode)));
  if (auto st = expectEnd(p, "set memcheck"); !st)
    return st.error();
  return CommandOp(SetCommand{*m});
}

Expected<CommandOp> parseOp(std::string_view word, LineParser &p) {
  if (word == "load") return parseLoad(p);
  if (word == "alloc") return parseAlloc(p);
  if (word == "write") return parseWrite(p);
  if (word == "const") return parseConst(p);
  if (word == "launch") return parseLaunch(p);
  if (word == "wait") return parseWait(p);
  if (word == "advance") return parseAdvance(p);
  if (word == "context") return parseContext(p);
  if (word == "dump") return parseDump(p);
  if (word == "save") return parseSave(p);
  if (word == "expect") return parseExpect(p);
  if (word == "stats") return parseStats(p);
  if (word == "message") return parseMessage(p);
  if (word == "set") return parseSet(p);
  if (word == "bind") return parseBind(p, false);
  if (word == "unbind") return parseBind(p, true);
  return makeError("unknown command " + q(word));
}

} // namespace

//===-- Public API --------------------------------------------------------===//

std::vector<uint8_t> ConstCommand::bytes() const {
  std::vector<uint8_t> out(values.size() * sizeOf(type));
  for (size_t i = 0; i < values.size(); ++i)
    values[i].store(out.data() + i * sizeOf(type));
  return out;
}

std::optional<emu::Memcheck> parseMemcheck(std::string_view text) {
  if (text == "strict")
    return emu::Memcheck::Strict;
  if (text == "page")
    return emu::Memcheck::Page;
  return std::nullopt;
}

bool isRunScriptCommand(std::string_view word) {
  return std::find(std::begin(kRunScriptCommands), std::end(kRunScriptCommands), word) !=
         std::end(kRunScriptCommands);
}

std::string Diagnostic::str() const {
  if (file.empty() && line == 0)
    return "error: " + message;
  return (file.empty() ? std::string("<script>") : file) + ":" + std::to_string(line) +
         ": error: " + message;
}

std::string ParseResult::errorText() const {
  std::string s;
  for (const Diagnostic &d : errors)
    s += d.str() + "\n";
  return s;
}

Expected<std::optional<Command>> parseCommandLine(std::string_view line, unsigned lineNo) {
  std::string_view body = trim(stripComment(line));
  if (body.empty())
    return std::optional<Command>();
  // Columns count from the start of the original line.
  std::string_view noComment = stripComment(line);
  LineParser p(noComment);
  std::string_view word = p.run([](char c) { return !isSpace(c); });
  auto op = parseOp(word, p);
  if (!op)
    return op.error();
  Command c;
  c.line = lineNo;
  c.source = std::string(body);
  c.op = std::move(*op);
  return std::optional<Command>(std::move(c));
}

ParseResult parseScript(std::string_view text, std::string_view file) {
  ParseResult r;
  r.script.file = std::string(file);
  unsigned lineNo = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++lineNo;
    auto c = parseCommandLine(line, lineNo);
    if (!c)
      r.errors.push_back(Diagnostic{std::string(file), lineNo, c.message()});
    else if (*c)
      r.script.commands.push_back(std::move(**c));
  }
  return r;
}

Expected<ParseResult> parseScriptFile(const std::filesystem::path &path) {
  auto text = readInputFile(path.string(), InputKind::Script);
  if (!text)
    return text.error();
  return parseScript(*text, path.string());
}

Expected<Dim3> parseDim3(std::string_view text, std::string_view what) {
  std::string all = std::string(what) + "=" + std::string(text);
  if (text.empty())
    return makeError(all + ": expected X[,Y,Z]");
  uint32_t dims[3] = {1, 1, 1};
  static const char axis[] = {'x', 'y', 'z'};
  size_t n = 0;
  std::string_view rest = text;
  while (true) {
    size_t comma = rest.find(',');
    std::string_view part = rest.substr(0, comma);
    if (n == 3)
      return makeError(all + ": at most 3 dimensions (X,Y,Z)");
    if (part.empty())
      return makeError(all + ": dimension " + axis[n] + " is empty");
    auto v = parseUInt(part);
    if (!v)
      return makeError(all + ": dimension " + axis[n] + " " + q(part) +
                       " is not a number (decimal or 0x hex)");
    if (*v == 0)
      return makeError(all + ": dimension " + axis[n] + " must be at least 1");
    bool block = what == "block";
    uint32_t limit = block ? (n == 0 ? kMaxBlockX : n == 1 ? kMaxBlockY : kMaxBlockZ)
                           : (n == 0 ? kMaxGridX : n == 1 ? kMaxGridY : kMaxGridZ);
    if (*v > limit)
      return makeError(all + ": dimension " + axis[n] + " is " + std::to_string(*v) +
                       ", the limit is " + std::to_string(limit));
    dims[n++] = uint32_t(*v);
    if (comma == std::string_view::npos)
      break;
    rest = rest.substr(comma + 1);
  }
  Dim3 d{dims[0], dims[1], dims[2]};
  if (what == "block" && d.count() > kMaxBlockThreads)
    return makeError(all + ": " + std::to_string(d.count()) + " threads, more than " +
                     std::to_string(kMaxBlockThreads) + " per CTA");
  return d;
}

Expected<LaunchArg> parseLaunchArg(std::string_view text) {
  text = trim(text);
  LaunchArg a;
  a.text = std::string(text);
  a.column = 1;
  if (text.empty())
    return makeError("empty argument");
  if (text.front() == '{') {
    auto agg = parseAggregateArg(text);
    if (!agg)
      return agg.error();
    a.arg = std::move(*agg);
    return a;
  }
  if (text.substr(0, 6) == "local(") {
    auto bytes = text.back() == ')' ? parseUInt(trim(text.substr(6, text.size() - 7)))
                                    : std::nullopt;
    if (!bytes || *bytes == 0 || *bytes > UINT32_MAX)
      return makeError("a local argument is local(BYTES), BYTES from 1, not " + q(text));
    a.arg = LocalArg{uint32_t(*bytes)};
    return a;
  }
  size_t colon = text.find(':');
  std::string_view head = text.substr(0, colon);
  if (isIdentifier(head)) {
    if (colon == std::string_view::npos) {
      // nanf32 / inff64 are values, any other identifier names a buffer.
      if (auto v = parseTypedValue(text)) {
        a.arg = *v;
        return a;
      }
      a.arg = BufferArg{std::string(text), false};
      return a;
    }
    std::string_view width = text.substr(colon + 1);
    if (width == "32" || width == "64") {
      a.arg = BufferArg{std::string(head), width == "32"};
      return a;
    }
    return makeError("a buffer argument is NAME (its 64-bit address) or NAME:32 (4 bytes), "
                     "not " + q(text));
  }
  auto v = parseTypedValue(text);
  if (!v) {
    if (checkLiteral(text))
      return makeError("a value needs a type suffix, e.g. " + std::string(text) + "u32, " +
                       std::string(text) + "s32 or " + std::string(text) + "f32");
    if (splitTypeSuffix(text).second)
      return v.error(); // a typed value with a bad number
    return makeError(q(text) + " is neither a buffer name nor a typed value (e.g. 7u32, 1.5f32)");
  }
  a.arg = *v;
  return a;
}

Expected<AllocCommand> parseAllocFlag(std::string_view text) {
  // NAME=TYPE[COUNT][=INIT] -> "NAME TYPE[COUNT] = INIT"
  size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return makeError("--alloc " + std::string(text) + ": expected NAME=TYPE[COUNT][=INIT]");
  std::string line = std::string(text.substr(0, eq)) + " ";
  std::string_view rest = text.substr(eq + 1);
  size_t close = rest.find(']');
  if (close == std::string_view::npos)
    return makeError("--alloc " + std::string(text) + ": expected NAME=TYPE[COUNT][=INIT]");
  line += std::string(rest.substr(0, close + 1));
  std::string_view after = rest.substr(close + 1);
  if (!after.empty()) {
    if (after.front() != '=')
      return makeError("--alloc " + std::string(text) + ": expected '=INIT' after ']'");
    line += " = " + std::string(after.substr(1));
  }
  LineParser p(line);
  auto a = parseAllocBody(p);
  if (!a)
    return makeError("--alloc " + std::string(text) + ": " +
                     a.message().substr(a.message().find(": ") + 2));
  return a;
}

Expected<DumpCommand> parseDumpFlag(std::string_view text) {
  LineParser p(text);
  auto d = parseDumpBody(p);
  if (!d)
    return makeError("--dump " + std::string(text) + ": " +
                     d.message().substr(d.message().find(": ") + 2));
  return d;
}

emu::LaunchLayout launchLayoutOf(const KernelInfo &kernel) {
  return kernel.listing ? emu::LaunchLayout::Fermi : emu::LaunchLayout::Isa;
}

Expected<std::vector<uint8_t>> buildLaunchBlock(const LaunchCommand &launch,
                                                const KernelInfo &kernel,
                                                const BufferAddressFn &bufferAddress) {
  static_assert(kParamBase == emu::kLaunchBlockBytes);
  std::vector<uint8_t> bank(kParamBase, 0);
  auto putBytes = [&](size_t off, const std::vector<uint8_t> &bytes) {
    if (bank.size() < off + bytes.size())
      bank.resize(off + bytes.size(), 0);
    std::copy(bytes.begin(), bytes.end(), bank.begin() + long(off));
  };
  const uint32_t block[3] = {launch.block.x, launch.block.y, launch.block.z};
  const uint32_t grid[3] = {launch.grid.x, launch.grid.y, launch.grid.z};
  emu::writeLaunchBlock(bank.data(), launchLayoutOf(kernel), block, grid, launch.shared);

  const std::string kname = "kernel '" + kernel.name + "'";
  auto argLabel = [&](size_t i) {
    return "argument " + std::to_string(i + 1) + " " + q(launch.args[i].text);
  };
  // The bytes of each argument, in C layout (runtime/LaunchArgs.h).
  std::vector<PackedArg> vals;
  for (size_t i = 0; i < launch.args.size(); ++i) {
    auto packed = packLaunchArg(launch.args[i], kernel.abi == 32 ? 4 : 8, bufferAddress);
    if (!packed)
      return makeError(argLabel(i) + ": " + packed.message());
    vals.push_back(std::move(*packed));
  }
  if (!kernel.params.empty()) {
    if (kernel.params.size() != vals.size()) {
      std::string names;
      for (const ParamInfo &p : kernel.params)
        names += (names.empty() ? "" : ", ") + p.name;
      return makeError(kname + " takes " + std::to_string(kernel.params.size()) +
                       " parameter" + (kernel.params.size() == 1 ? "" : "s") + " (" + names +
                       "), the launch passes " + std::to_string(vals.size()));
    }
    for (size_t i = 0; i < vals.size(); ++i) {
      const ParamInfo &p = kernel.params[i];
      std::vector<uint8_t> &bytes = vals[i].bytes;
      // A struct's size is a multiple of its declared alignment (a float4
      // member makes a struct 16-aligned although its floats are not).
      const bool aggregate = std::holds_alternative<AggregateArg>(launch.args[i].arg);
      if (aggregate && p.align > 1 && bytes.size() % p.align)
        bytes.resize((bytes.size() + p.align - 1) / p.align * p.align, 0);
      if (p.size != bytes.size())
        return makeError(argLabel(i) + (aggregate ? " packs to " : " is ") +
                         std::to_string(bytes.size()) + " bytes" +
                         (aggregate ? " in C layout" : "") + ", parameter '" + p.name +
                         "' of " + kname + " is " + std::to_string(p.size) + " bytes");
      if (p.offset < kParamBase)
        return makeError("parameter '" + p.name + "' of " + kname + " at c[0x0][" +
                         std::to_string(p.offset) + "] overlaps the launch block");
      if (uint64_t(p.offset) + p.size > kConstBankBytes)
        return makeError("parameter '" + p.name + "' of " + kname +
                         " lies outside constant bank 0");
      putBytes(p.offset, bytes);
    }
    return bank;
  }
  uint64_t off = kParamBase;
  for (size_t i = 0; i < vals.size(); ++i) {
    const uint64_t size = vals[i].bytes.size(), align = vals[i].align;
    off = (off + align - 1) / align * align;
    if (off + size > kConstBankBytes)
      return makeError(argLabel(i) + ": the arguments overflow constant bank 0");
    putBytes(off, vals[i].bytes);
    off += size;
  }
  return bank;
}

} // namespace simt::rt

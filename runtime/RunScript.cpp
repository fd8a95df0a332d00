//===-- RunScript.cpp - The run-script language ---------------------------===//
//
// A hand-written parser: one ScriptLine per line, whose first word picks the
// command (RunScriptCommands.h) that parses the rest, in the RunScript*.cpp
// of its kind. Each command either yields its typed struct or one error
// naming the command and the offending token; parseScript collects the
// errors of every line.
//
//===----------------------------------------------------------------------===//
#include "runtime/RunScript.h"
#include "runtime/RunScriptLine.h"
#include "support/InputFile.h"

#include <algorithm>
#include <type_traits>

namespace simt::rt {

namespace {

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

/// The rest of the line as the command whose keyword is `word`.
template <class... Commands>
Expected<CommandOp> parseCommand(std::string_view word, ScriptLine &p,
                                 std::type_identity<std::variant<Commands...>>) {
  Expected<CommandOp> op = makeError("unknown command " + quote(word));
  auto tryCommand = [&]<class C>(std::type_identity<C>) {
    if (word != C::kSyntax.keyword)
      return false;
    Expected<C> c = C::parse(p);
    op = c ? Expected<CommandOp>(std::move(*c)) : Expected<CommandOp>(c.error());
    return true;
  };
  (tryCommand(std::type_identity<Commands>()) || ...);
  return op;
}

} // namespace

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
  ScriptLine p(noComment);
  std::string_view word = p.run([](char c) { return !isSpace(c); });
  auto op = parseCommand(word, p, std::type_identity<CommandOp>());
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
  ScriptLine p(line);
  auto a = AllocCommand::parse(p);
  if (!a)
    return makeError("--alloc " + std::string(text) + ": " +
                     a.message().substr(a.message().find(": ") + 2));
  return a;
}

Expected<DumpCommand> parseDumpFlag(std::string_view text) {
  ScriptLine p(text);
  auto d = DumpCommand::parse(p);
  if (!d)
    return makeError("--dump " + std::string(text) + ": " +
                     d.message().substr(d.message().find(": ") + 2));
  return d;
}

} // namespace simt::rt

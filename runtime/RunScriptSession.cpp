//===-- RunScriptSession.cpp - Parsing load, context, stats, message, set -===//
#include "runtime/RunScript.h"
#include "runtime/RunScriptLine.h"

namespace simt::rt {

Expected<LoadCommand> LoadCommand::parse(ScriptLine &p) {
  auto path = p.path();
  if (!path)
    return makeError("load: " + path.message());
  LoadCommand l;
  l.path = *path;
  while (!p.atEnd()) {
    if (l.globals.empty() && consumeKey(p, "globals")) {
      std::string_view n = p.identifier();
      if (n.empty())
        return makeError("load: globals= needs a buffer name");
      l.globals = std::string(n);
    } else if (!l.at && consumeKey(p, "at")) {
      auto at = readAddress(p, "load");
      if (!at)
        return at.error();
      l.at = *at;
    } else {
      return makeError("load: unexpected " + quote(p.token()) + " (options: globals=NAME at=ADDR)");
    }
  }
  return l;
}

Expected<ContextCommand> ContextCommand::parse(ScriptLine &p) {
  std::string_view n = p.identifier();
  if (n.empty())
    return makeError("context: expected a context name" +
                     (p.atEnd() ? std::string() : ", found " + quote(p.token())));
  if (auto st = expectEnd(p, "context"); !st)
    return st.error();
  return ContextCommand{std::string(n)};
}

Expected<StatsCommand> StatsCommand::parse(ScriptLine &p) {
  if (auto st = expectEnd(p, "stats"); !st)
    return st.error();
  return StatsCommand{};
}

Expected<MessageCommand> MessageCommand::parse(ScriptLine &p) {
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
      return makeError("message: unexpected " + quote(p.token()) + " (options: via= T=)");
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
      return makeError("message: unknown option " + quote(std::string(word) + "=") +
                       " (options: via= T=)");
    }
  }
  if (!haveVia)
    return makeError("message: missing via=system|device|cpu_l2|device_l2");
  return m;
}

Expected<SetCommand> SetCommand::parse(ScriptLine &p) {
  std::string_view setting = p.identifier();
  if (setting != "memcheck")
    return makeError("set: " +
                     (p.atEnd() && setting.empty()
                          ? std::string("expected a setting")
                          : "unknown setting " + quote(setting.empty() ? p.token() : setting)) +
                     " (settings: memcheck strict|page)");
  std::string_view mode = p.identifier();
  auto m = parseMemcheck(mode);
  if (!m)
    return makeError("set memcheck: expected strict or page" +
                     (p.atEnd() && mode.empty()
                          ? std::string()
                          : ", found " + quote(mode.empty() ? p.token() : mode)));
  if (auto st = expectEnd(p, "set memcheck"); !st)
    return st.error();
  return SetCommand{*m};
}

std::optional<emu::Memcheck> parseMemcheck(std::string_view text) {
  if (text == "strict")
    return emu::Memcheck::Strict;
  if (text == "page")
    return emu::Memcheck::Page;
  return std::nullopt;
}

} // namespace simt::rt

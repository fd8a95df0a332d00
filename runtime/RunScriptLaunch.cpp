//===-- RunScriptLaunch.cpp - Parsing launch, wait, advance ---------------===//
#include "runtime/LaunchArgs.h"
#include "emu/device/LaunchCheck.h"
#include "runtime/RunScript.h"
#include "runtime/RunScriptLine.h"

namespace simt::rt {

Expected<LaunchCommand> LaunchCommand::parse(ScriptLine &p) {
  LaunchCommand l;
  std::string_view k = p.kernelName();
  if (k.empty())
    return makeError("launch: expected a kernel name" +
                     (p.atEnd() ? std::string() : ", found " + quote(p.token())));
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
      return makeError("launch: unexpected " + quote(p.token()));
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
      return makeError("launch: unexpected " + quote(p.token()) +
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
      if (*v > limits::kMaxSharedBytes)
        return makeError("launch: shared=" + std::string(t) + ": " + std::to_string(*v) +
                         " bytes exceed the " + std::to_string(limits::kMaxSharedBytes) +
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
            return makeError("launch: argument " + std::to_string(index) + " " + quote(item) +
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
      return makeError("launch: unknown option " + quote(std::string(word) + "=") +
                       " (options: grid= block= shared= max_stack= as NAME args=(...))");
    }
  }
  if (!haveGrid)
    return makeError("launch: missing grid=X[,Y,Z]");
  if (!haveBlock)
    return makeError("launch: missing block=X[,Y,Z]");
  return l;
}

Expected<WaitCommand> WaitCommand::parse(ScriptLine &p) {
  WaitCommand w;
  if (!p.atEnd()) {
    std::string_view n = p.identifier();
    if (n.empty())
      return makeError("wait: expected a grid name, found " + quote(p.token()));
    w.grid = std::string(n);
  }
  if (auto st = expectEnd(p, "wait"); !st)
    return st.error();
  return w;
}

Expected<AdvanceCommand> AdvanceCommand::parse(ScriptLine &p) {
  auto n = readUInt(p, "advance", "a cycle count");
  if (!n)
    return n.error();
  if (auto st = expectEnd(p, "advance"); !st)
    return st.error();
  return AdvanceCommand{*n};
}

Expected<Dim3> parseDim3(std::string_view text, std::string_view what) {
  std::string all = std::string(what) + "=" + std::string(text);
  if (text.empty())
    return makeError(all + ": expected X[,Y,Z]");
  uint32_t dims[3] = {1, 1, 1};
  size_t n = 0;
  std::string_view rest = text;
  while (true) {
    size_t comma = rest.find(',');
    std::string_view part = rest.substr(0, comma);
    static const char axis[] = {'x', 'y', 'z'};
    if (n == 3)
      return makeError(all + ": at most 3 dimensions (X,Y,Z)");
    if (part.empty())
      return makeError(all + ": dimension " + axis[n] + " is empty");
    auto v = parseUInt(part);
    if (!v)
      return makeError(all + ": dimension " + axis[n] + " " + quote(part) +
                       " is not a number (decimal or 0x hex)");
    if (*v > UINT32_MAX)
      return makeError(all + ": dimension " + axis[n] + " is " + std::to_string(*v) +
                       ", more than 32 bits");
    dims[n++] = uint32_t(*v);
    if (comma == std::string_view::npos)
      break;
    rest = rest.substr(comma + 1);
  }
  // The device's limits (the widest level's grid: the device checks its own
  // at launch).
  std::string wrong = what == "block" ? emu::checkBlockDims(dims)
                                      : emu::checkGridDims(dims, limits::kMaxGridX);
  if (!wrong.empty())
    return makeError(all + ": " + wrong);
  Dim3 d{dims[0], dims[1], dims[2]};
  return d;
}

} // namespace simt::rt

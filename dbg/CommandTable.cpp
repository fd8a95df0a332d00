//===-- CommandTable.cpp - Named commands with aliases, help and handlers -===//
#include "dbg/CommandTable.h"

#include <algorithm>

namespace simt::dbg {

std::string_view commandText(std::string_view line) {
  line = trim(line);
  if (line.empty() || line.front() == '#')
    return {};
  if (line.rfind("echo", 0) != 0)
    if (size_t c = line.find(" #"); c != std::string_view::npos)
      line = trim(line.substr(0, c));
  return line;
}

void splitCommandWord(std::string_view line, std::string &word, std::string &format,
                      std::string &rest) {
  line = trim(line);
  size_t i = 0;
  while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '/')
    ++i;
  word = std::string(line.substr(0, i));
  format.clear();
  if (i < line.size() && line[i] == '/') {
    size_t j = i + 1;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t')
      ++j;
    format = std::string(line.substr(i + 1, j - i - 1));
    i = j;
  }
  rest = std::string(trim(line.substr(i)));
}

CommandSpec &CommandTable::add(CommandSpec spec) {
  commands_.push_back(std::move(spec));
  return commands_.back();
}

const CommandSpec *CommandTable::find(std::string_view word, std::string *error) const {
  if (word.empty()) {
    if (error)
      *error = "missing command";
    return nullptr;
  }
  for (const CommandSpec &c : commands_) {
    if (c.name == word)
      return &c;
    for (const std::string &a : c.aliases)
      if (a == word)
        return &c;
  }
  std::vector<const CommandSpec *> matches;
  for (const CommandSpec &c : commands_)
    if (c.name.compare(0, word.size(), word) == 0)
      matches.push_back(&c);
  if (matches.size() == 1)
    return matches.front();
  if (error) {
    if (matches.empty()) {
      *error = "Undefined command: \"" + std::string(word) + "\".  Try \"help\".";
    } else {
      *error = "ambiguous command \"" + std::string(word) + "\":";
      for (size_t i = 0; i < matches.size(); ++i)
        *error += (i ? ", " : " ") + matches[i]->name;
      *error += ".";
    }
  }
  return nullptr;
}

std::vector<std::string> CommandTable::words() const {
  std::vector<std::string> out;
  for (const CommandSpec &c : commands_) {
    out.push_back(c.name);
    // Aliases that abbreviate the name (disas, cont) would only stand in
    // the way of completing it; the others (bt, where, rsi) are offered.
    for (const std::string &a : c.aliases)
      if (a.size() > 1 && c.name.compare(0, a.size(), a) != 0)
        out.push_back(a);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace simt::dbg

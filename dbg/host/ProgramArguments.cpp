//===-- ProgramArguments.cpp - gdb's `run ARGS` and `set args` ------------===//
#include "dbg/host/ProgramArguments.h"

#include <cctype>

namespace simt::dbg::host {

Expected<ProgramArguments> parseProgramArguments(std::string_view text) {
  ProgramArguments result;
  result.text = std::string(text);
  std::string *redirectTo = nullptr; // the file the next word names
  auto take = [&](std::string word) {
    if (redirectTo) {
      *redirectTo = std::move(word);
      redirectTo = nullptr;
    } else {
      result.words.push_back(std::move(word));
    }
  };
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    if (text[i] == '<' || text[i] == '>') {
      if (redirectTo)
        return makeError("a redirection needs a file name");
      const bool out = text[i] == '>';
      if (out && i + 1 < text.size() && text[i + 1] == '>')
        return makeError("'>>' is not supported: the program's output file is written from "
                         "its start (use '>')");
      ++i;
      redirectTo = out ? &result.output : &result.input;
      continue;
    }
    std::string word;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) &&
           text[i] != '<' && text[i] != '>') {
      const char c = text[i++];
      if (c == '\\' && i < text.size()) {
        word += text[i++];
      } else if (c == '\'' || c == '"') {
        const size_t close = text.find(c, i);
        if (close == std::string_view::npos)
          return makeError(std::string("unterminated ") + (c == '"' ? "double" : "single") +
                           " quote in the arguments");
        for (; i < close; ++i) {
          // In double quotes a backslash escapes only what the shell's does.
          if (c == '"' && text[i] == '\\' && i + 1 < close &&
              (text[i + 1] == '"' || text[i + 1] == '\\' || text[i + 1] == '$'))
            ++i;
          word += text[i];
        }
        i = close + 1;
      } else {
        word += c;
      }
    }
    take(std::move(word));
  }
  if (redirectTo)
    return makeError("a redirection needs a file name");
  return result;
}

std::string shellQuoted(const std::vector<std::string> &words) {
  std::string out;
  for (const std::string &w : words) {
    if (!out.empty())
      out += ' ';
    if (w.empty())
      out += "''";
    for (char c : w) {
      if (std::isspace(static_cast<unsigned char>(c)) ||
          std::string_view("\\'\"<>|&;()$`*?[]#~").find(c) != std::string_view::npos)
        out += '\\';
      out += c;
    }
  }
  return out;
}

} // namespace simt::dbg::host

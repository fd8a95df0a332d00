//===-- ProgramArguments.cpp - gdb's `run ARGS` and `set args` ------------===//
#include "dbg/host/ProgramArguments.h"

#include <cctype>

namespace simt::dbg::host {

namespace {

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool endsWord(char c) { return isSpace(c) || c == '<' || c == '>'; }

} // namespace

Expected<ProgramArguments> parseProgramArguments(std::string_view text) {
  ProgramArguments result;
  result.text = std::string(text);
  std::string *redirectTo = nullptr; // the file the next word names
  bool toBoth = false;               // `&>FILE`, `>&FILE`: output and error
  auto take = [&](std::string word) {
    if (!redirectTo) {
      result.words.push_back(std::move(word));
      return;
    }
    *redirectTo = std::move(word);
    if (toBoth)
      result.error = result.output;
    redirectTo = nullptr;
    toBoth = false;
  };
  int fd = -1; // `2>`: the descriptor a redirection names
  size_t i = 0;
  while (i < text.size()) {
    if (isSpace(text[i])) {
      ++i;
      continue;
    }
    const bool both = text[i] == '&' && i + 1 < text.size() && text[i + 1] == '>';
    if (text[i] == '<' || text[i] == '>' || both) {
      if (redirectTo)
        return makeError("a redirection needs a file name");
      i += both ? 1 : 0;
      const bool out = text[i] == '>';
      if (out && i + 1 < text.size() && text[i + 1] == '>')
        return makeError("'>>' is not supported: the program's output file is written from "
                         "its start (use '>')");
      ++i;
      if (out && i < text.size() && text[i] == '&') {
        // `2>&1`: standard error where the output goes; `>&FILE`: both.
        if (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])) &&
            (i + 2 == text.size() || endsWord(text[i + 2]))) {
          if (fd != 2 || text[i + 1] != '1')
            return makeError("of the descriptors, only '2>&1' is supported");
          result.errorToOutput = true;
          i += 2;
          fd = -1;
          continue;
        }
        ++i;
        toBoth = true;
      }
      toBoth = toBoth || both;
      redirectTo = !out ? &result.input : fd == 2 ? &result.error : &result.output;
      fd = -1;
      continue;
    }
    std::string word;
    bool quoted = false;
    while (i < text.size() && !endsWord(text[i])) {
      const char c = text[i++];
      if (c == '\\' && i < text.size()) {
        word += text[i++];
        quoted = true;
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
        quoted = true;
      } else {
        word += c;
      }
    }
    // `2>FILE`, `1>FILE`: a descriptor, not an argument.
    if (!quoted && !redirectTo && (word == "1" || word == "2") && i < text.size() &&
        text[i] == '>') {
      fd = word[0] - '0';
      continue;
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
      if (isSpace(c) || std::string_view("\\'\"<>|&;()$`*?[]#~").find(c) != std::string_view::npos)
        out += '\\';
      out += c;
    }
  }
  return out;
}

} // namespace simt::dbg::host

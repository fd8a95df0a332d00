//===-- OptionTables.cpp - Helpers of the options declared in tables ------===//
#include "runtime/OptionTables.h"

#include "support/Text.h"

#include <iostream>

namespace simt::rt {

bool printOptionsMarkdown(int argc, char **argv, void (*print)(std::ostream &)) {
  // Not a CLI11 flag: a hidden one would still add a blank line to --help.
  if (argc != 2 || std::string_view(argv[1]) != "--help-options-markdown")
    return false;
  print(std::cout);
  return true;
}

void printMarkdownRow(std::ostream &os, std::initializer_list<std::string_view> cells) {
  os << "|";
  for (std::string_view cell : cells) {
    os << " ";
    for (char c : cell)
      os << (c == '|' ? "\\|" : std::string_view(&c, 1));
    os << " |";
  }
  os << "\n";
}

std::string docDefault(std::string_view pattern, std::string_view value) {
  std::string out(pattern);
  if (size_t at = out.find("{}"); at != std::string::npos)
    out.replace(at, 2, value);
  return out;
}

std::vector<std::string> choiceWords(std::string_view list) {
  std::vector<std::string> out;
  for (std::string_view w : split(list, '|'))
    out.emplace_back(w);
  return out;
}

} // namespace simt::rt

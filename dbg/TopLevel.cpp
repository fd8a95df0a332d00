//===-- TopLevel.cpp - Where a character stands outside brackets, quotes --===//
#include "dbg/TopLevel.h"

namespace simt::dbg {

std::vector<size_t> topLevelPositions(std::string_view text, char c) {
  std::vector<size_t> at;
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char x = text[i];
    if (quote) {
      if (x == '\\')
        ++i;
      else if (x == quote)
        quote = 0;
    } else if (x == '"' || x == '\'') {
      quote = x;
    } else if (x == '(' || x == '[' || x == '{') {
      ++depth;
    } else if (x == ')' || x == ']' || x == '}') {
      --depth;
    } else if (x == c && depth == 0) {
      at.push_back(i);
    }
  }
  return at;
}

} // namespace simt::dbg

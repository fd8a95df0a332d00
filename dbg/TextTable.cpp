//===-- TextTable.cpp - cuda-gdb's table layout ---------------------------===//
#include "dbg/TextTable.h"

#include <algorithm>

namespace simt::dbg {

void TextTable::addColumn(std::string header, bool left) {
  cols_.push_back({std::move(header), left});
}

void TextTable::addRow(bool marked, std::vector<std::string> cells) {
  cells.resize(cols_.size());
  rows_.push_back({marked, std::move(cells), ""});
}

void TextTable::addLine(std::string text) { rows_.push_back({false, {}, std::move(text)}); }

void TextTable::print(std::ostream &os) const {
  std::vector<size_t> width;
  for (const Column &c : cols_)
    width.push_back(c.header.size());
  for (const Row &r : rows_)
    for (size_t i = 0; i < r.cells.size(); ++i)
      width[i] = std::max(width[i], r.cells[i].size());
  auto line = [&](char marker, auto cellOf) {
    std::string s(1, marker);
    s += ' ';
    for (size_t i = 0; i < cols_.size(); ++i) {
      const std::string &c = cellOf(i);
      const std::string pad(width[i] - c.size(), ' ');
      s += (cols_[i].left ? c + pad : pad + c) + " ";
    }
    os << s << "\n";
  };
  line(' ', [&](size_t i) -> const std::string & { return cols_[i].header; });
  for (const Row &r : rows_) {
    if (r.cells.empty())
      os << r.line << "\n";
    else
      line(r.marked ? '*' : ' ', [&](size_t i) -> const std::string & { return r.cells[i]; });
  }
}

} // namespace simt::dbg

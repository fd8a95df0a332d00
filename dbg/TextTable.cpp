//===-- TextTable.cpp - cuda-gdb's table layout ---------------------------===//
#include "dbg/TextTable.h"

#include <algorithm>

namespace simt::dbg {

void TextTable::addColumn(std::string header, Align align, size_t minWidth) {
  cols_.push_back({std::move(header), align, minWidth});
}

void TextTable::addRow(bool marked, std::vector<std::string> cells) {
  cells.resize(cols_.size());
  rows_.push_back({marked, std::move(cells), ""});
}

void TextTable::addLine(std::string text) { rows_.push_back({false, {}, std::move(text)}); }

void TextTable::print(std::ostream &os) const {
  std::vector<size_t> width;
  for (const Column &c : cols_)
    width.push_back(std::max(c.header.size(), c.minWidth));
  for (const Row &r : rows_)
    for (size_t i = 0; i < r.cells.size(); ++i)
      width[i] = std::max(width[i], r.cells[i].size());
  auto line = [&](char marker, auto cellOf) {
    std::string s(1, marker);
    s += ' ';
    for (size_t i = 0; i < cols_.size(); ++i) {
      const std::string &c = cellOf(i);
      const size_t pad = width[i] - c.size();
      // gdb's ui_center: the smaller half after the cell, the rest before.
      const size_t after = cols_[i].align == Align::Left     ? pad
                           : cols_[i].align == Align::Center ? pad / 2
                                                             : 0;
      s += std::string(pad - after, ' ') + c + std::string(after, ' ') + " ";
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

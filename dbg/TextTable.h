//===-- TextTable.h - cuda-gdb's table layout -----------------------------===//
//
// `info cuda ...` print tables as cuda-gdb does (gdb's ui-out tables): a
// marker column ('*' on the focus's row), then each cell followed by one
// space, each column as wide as its widest cell or header (or a minimum:
// cuda-gdb's Line column is 5 wide), right-aligned unless the column is a
// text column (Invocation) or centred (`info cuda lanes`' State, PC and
// Exception: gdb puts the odd blank before the cell); lines such as
// "Kernel 0" or "Device 0 SM 1" may sit between rows, unaligned.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace simt::dbg {

class TextTable {
public:
  enum class Align { Right, Left, Center };
  void addColumn(std::string header, Align align = Align::Right, size_t minWidth = 0);
  void addRow(bool marked, std::vector<std::string> cells);
  /// A line of its own between rows ("Kernel 0").
  void addLine(std::string text);
  void print(std::ostream &os) const;

private:
  struct Column {
    std::string header;
    Align align;
    size_t minWidth;
  };
  struct Row {
    bool marked = false;
    std::vector<std::string> cells; // empty: `line` alone
    std::string line;
  };
  std::vector<Column> cols_;
  std::vector<Row> rows_;
};

} // namespace simt::dbg

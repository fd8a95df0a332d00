//===-- TextTable.h - cuda-gdb's table layout -----------------------------===//
//
// `info cuda kernels|blocks|threads` print tables as cuda-gdb does: a
// marker column ('*' on the focus's row), then each cell followed by one
// space, each column as wide as its widest cell or header, right-aligned
// unless it is a text column (Invocation); lines such as "Kernel 0" may sit
// between rows, unaligned.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace simt::dbg {

class TextTable {
public:
  /// `left`: a text column, padded on the right.
  void addColumn(std::string header, bool left = false);
  void addRow(bool marked, std::vector<std::string> cells);
  /// A line of its own between rows ("Kernel 0").
  void addLine(std::string text);
  void print(std::ostream &os) const;

private:
  struct Column {
    std::string header;
    bool left;
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

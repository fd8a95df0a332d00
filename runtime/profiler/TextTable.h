//===-- TextTable.h - nvprof's tables, as text or as CSV ------------------===//
//
// The tables simt-prof prints: right-aligned columns with the last (a name)
// left-aligned, as nvprof writes them, or with --csv as nvprof's CSV: every
// text quoted, a row of units under the header, each time, size or
// throughput column in one unit (its largest value's) with no unit in its
// cells, percentages without their sign.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace simt::prof {

struct Cell {
  enum Kind : uint8_t { Text, Time, Number, Bytes, Rate, None };
  Kind kind = Text;
  std::string text;  ///< as the text table shows it
  std::string csv;   ///< a Text cell's CSV text when not `text` ("GPU activities")
  double value = 0;  ///< a Time cell's seconds, a Bytes cell's bytes, a Rate's bytes/s

  Cell(std::string s) : text(std::move(s)) {}
  Cell(const char *s) : text(s) {}
  /// formatSeconds(seconds); CSV: in its column's unit.
  static Cell time(double seconds);
  /// formatBytes(bytes), formatThroughput(bytesPerSecond); CSV: in the
  /// column's unit, as a time.
  static Cell bytes(uint64_t bytes);
  static Cell rate(double bytesPerSecond);
  /// Nothing: "-" in the table, an empty CSV field.
  static Cell none();
  /// A number as shown ("12", "99.50%", "0.4947"): CSV unquoted, no '%'.
  static Cell number(std::string shown);
  /// Text shown as `shown` and written to CSV as `csvText`.
  static Cell labelled(std::string shown, std::string csvText);
};

class Table {
public:
  /// `minWidths`: the least widths of the first columns (nvprof's).
  explicit Table(std::vector<size_t> minWidths = {}) : minWidths_(std::move(minWidths)) {}
  void row(std::vector<Cell> cells) { rows_.push_back(std::move(cells)); }
  /// Right-aligned, the last column left-aligned; each line after `prefix`.
  void write(std::ostream &os, const std::string &prefix = {}) const;
  /// The first row is the header.
  void writeCsv(std::ostream &os) const;

private:
  std::vector<size_t> minWidths_;
  std::vector<std::vector<Cell>> rows_;
};

/// `s` in double quotes, its quotes doubled.
std::string csvQuote(const std::string &s);

} // namespace simt::prof

//===-- TextTable.cpp - nvprof's tables, as text or as CSV ----------------===//
#include "runtime/profiler/TextTable.h"

#include "runtime/profiler/SummaryTable.h"

#include <algorithm>
#include <cstdio>

namespace simt::prof {

Cell Cell::time(double seconds) {
  Cell c(formatSeconds(seconds));
  c.kind = Time;
  c.value = seconds;
  return c;
}

Cell Cell::bytes(uint64_t bytes) {
  Cell c(formatBytes(bytes));
  c.kind = Bytes;
  c.value = double(bytes);
  return c;
}

Cell Cell::rate(double bytesPerSecond) {
  Cell c(formatThroughput(bytesPerSecond));
  c.kind = Rate;
  c.value = bytesPerSecond;
  return c;
}

Cell Cell::none() {
  Cell c("-");
  c.kind = None;
  return c;
}

Cell Cell::number(std::string shown) {
  Cell c(std::move(shown));
  c.kind = Number;
  return c;
}

Cell Cell::labelled(std::string shown, std::string csvText) {
  Cell c(std::move(shown));
  c.csv = std::move(csvText);
  return c;
}

std::string csvQuote(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void Table::write(std::ostream &os, const std::string &prefix) const {
  std::vector<size_t> width = minWidths_;
  for (const auto &r : rows_) {
    width.resize(std::max(width.size(), r.size()));
    for (size_t i = 0; i < r.size(); ++i)
      width[i] = std::max(width[i], r[i].text.size());
  }
  for (const auto &r : rows_) {
    std::string line = prefix;
    for (size_t i = 0; i < r.size(); ++i) {
      const std::string &t = r[i].text;
      if (i)
        line += "  ";
      line += i + 1 == r.size() ? t : std::string(width[i] - t.size(), ' ') + t;
    }
    os << line << "\n";
  }
}

namespace {

/// A time, size or throughput column's unit: its largest value's.
Unit unitFor(Cell::Kind kind, double most) {
  switch (kind) {
  case Cell::Time: return timeUnit(most);
  case Cell::Bytes: return byteUnit(most);
  case Cell::Rate: return rateUnit(most);
  default: return {"", 0};
  }
}

} // namespace

void Table::writeCsv(std::ostream &os) const {
  if (rows_.empty())
    return;
  size_t columns = 0;
  for (const auto &r : rows_)
    columns = std::max(columns, r.size());
  std::vector<Unit> units(columns, Unit{"", 0});
  std::vector<bool> percent(columns, false);
  for (size_t i = 0; i < columns; ++i) {
    double most = 0;
    Cell::Kind measured = Cell::Text;
    for (size_t r = 1; r < rows_.size(); ++r)
      if (i < rows_[r].size()) {
        const Cell &c = rows_[r][i];
        if (c.kind == Cell::Time || c.kind == Cell::Bytes || c.kind == Cell::Rate)
          measured = c.kind, most = std::max(most, c.value);
        if (c.kind == Cell::Number && !c.text.empty() && c.text.back() == '%')
          percent[i] = true;
      }
    units[i] = unitFor(measured, most);
  }
  auto line = [&](const std::vector<std::string> &cells) {
    for (size_t i = 0; i < cells.size(); ++i)
      os << (i ? "," : "") << cells[i];
    os << "\n";
  };
  std::vector<std::string> header, unitRow;
  for (const Cell &c : rows_[0])
    header.push_back(csvQuote(c.text));
  for (size_t i = 0; i < columns; ++i)
    unitRow.push_back(units[i].scale ? units[i].name : percent[i] ? "%" : "");
  line(header);
  line(unitRow);
  for (size_t r = 1; r < rows_.size(); ++r) {
    std::vector<std::string> cells;
    for (size_t i = 0; i < rows_[r].size(); ++i) {
      const Cell &c = rows_[r][i];
      if (c.kind == Cell::Time) {
        char b[48];
        std::snprintf(b, sizeof b, "%.6g", c.value * units[i].scale);
        cells.push_back(b);
      } else if (c.kind == Cell::Bytes || c.kind == Cell::Rate) {
        char b[48]; // nvprof's six decimals
        std::snprintf(b, sizeof b, "%.6f", c.value * units[i].scale);
        cells.push_back(b);
      } else if (c.kind == Cell::None) {
        cells.emplace_back();
      } else if (c.kind == Cell::Number) {
        std::string t = c.text;
        if (!t.empty() && t.back() == '%')
          t.pop_back();
        cells.push_back(t);
      } else {
        cells.push_back(csvQuote(c.csv.empty() ? c.text : c.csv));
      }
    }
    line(cells);
  }
}

} // namespace simt::prof

//===-- MetricsTable.cpp - nvprof's metric and event results --------------===//
#include "runtime/profiler/MetricsTable.h"

#include "runtime/profiler/TextTable.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace simt::prof {

namespace {

std::string shown(const Metric &m, double v) {
  char b[64];
  switch (m.unit) {
  case MetricUnit::Count: std::snprintf(b, sizeof b, "%.0f", v); break;
  case MetricUnit::Percent: std::snprintf(b, sizeof b, "%.2f%%", v); break;
  case MetricUnit::Ratio: std::snprintf(b, sizeof b, "%.6f", v); break;
  }
  return b;
}

struct Summary {
  double min = 0, max = 0, total = 0;
  uint64_t n = 0;
  void add(double v) {
    min = n ? std::min(min, v) : v;
    max = n ? std::max(max, v) : v;
    total += v;
    ++n;
  }
};

} // namespace

void writeMetricResult(std::ostream &os, const Profile &p, const std::vector<const Metric *> &which,
                       bool events, bool csv) {
  // nvprof's columns: 11, then 42 for each name, 12 for each value.
  Table t;
  if (events)
    t.row({"Device", "Kernel", "Invocations", "Event Name", "Min", "Max", "Avg", "Total"});
  else
    t.row({"Device", "Kernel", "Invocations", "Metric Name", "Metric Description", "Min", "Max",
           "Avg"});
  char line[512];
  if (!csv) {
    if (events)
      std::snprintf(line, sizeof line, "%11s%42s%12s%12s%12s%12s", "Invocations", "Event Name",
                    "Min", "Max", "Avg", "Total");
    else
      std::snprintf(line, sizeof line, "%11s%42s%42s%12s%12s%12s", "Invocations", "Metric Name",
                    "Metric Description", "Min", "Max", "Avg");
    os << line << "\n" << "Device \"" << p.device << " (0)\"\n";
  }
  for (size_t k = 0; k < p.kernels.size(); ++k) {
    const KernelProfile &kernel = p.kernels[k];
    std::vector<LaunchFigures> figures;
    for (const LaunchProfile &l : p.launches)
      if (l.kernel == kernel.name)
        figures.push_back(figuresOf(p, kernel, l));
    if (figures.empty())
      continue;
    if (!csv)
      os << "    Kernel: " << kernel.name << "\n";
    for (const Metric *m : which) {
      Summary s;
      for (const LaunchFigures &f : figures)
        s.add(m->value(f));
      const std::string n = std::to_string(s.n);
      const double avg = s.total / double(s.n);
      if (csv) {
        std::vector<Cell> r = {Cell(p.device + " (0)"), Cell(kernel.name), Cell::number(n),
                               Cell(m->name)};
        if (!events)
          r.push_back(Cell(m->title));
        r.insert(r.end(), {Cell::number(shown(*m, s.min)), Cell::number(shown(*m, s.max)),
                           Cell::number(shown(*m, avg))});
        if (events)
          r.push_back(Cell::number(shown(*m, s.total)));
        t.row(std::move(r));
      } else if (events) {
        std::snprintf(line, sizeof line, "%11s%42s%12s%12s%12s%12s", n.c_str(), m->name,
                      shown(*m, s.min).c_str(), shown(*m, s.max).c_str(), shown(*m, avg).c_str(),
                      shown(*m, s.total).c_str());
        os << line << "\n";
      } else {
        // A title wider than its column keeps two blanks before it, as
        // nvprof's do ("Shared Memory Load Transactions Per Request").
        const int titleWidth = std::max(42, int(std::strlen(m->title)) + 2);
        std::snprintf(line, sizeof line, "%11s%42s%*s%12s%12s%12s", n.c_str(), m->name,
                      titleWidth, m->title, shown(*m, s.min).c_str(), shown(*m, s.max).c_str(),
                      shown(*m, avg).c_str());
        os << line << "\n";
      }
    }
  }
  if (csv)
    t.writeCsv(os);
}

void writeQuery(std::ostream &os, bool events) {
  os << (events ? "Available Events:\n" : "Available Metrics:\n");
  char line[64];
  std::snprintf(line, sizeof line, "%32s   %s", "Name", "Description");
  os << line << "\nDevice 0 (SIMT emulator):\n";
  for (const Metric &m : events ? allEvents() : allMetrics()) {
    std::snprintf(line, sizeof line, "%32s:  ", m.name);
    os << line << m.definition << "\n";
  }
}

} // namespace simt::prof

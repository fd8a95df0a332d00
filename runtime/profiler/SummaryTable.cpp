//===-- SummaryTable.cpp - nvprof's summary and traces of a profile -------===//
#include "runtime/profiler/SummaryTable.h"

#include "runtime/profiler/TextTable.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace simt::prof {

namespace {

std::string format(const char *fmt, double v) {
  char b[64];
  std::snprintf(b, sizeof b, fmt, v);
  return b;
}

std::string percent(double part, double whole) {
  return format("%.2f%%", whole > 0 ? 100.0 * part / whole : 0.0);
}

/// Four or five significant digits, as nvprof shows a figure with a unit.
std::string digits(double v) { return format(v < 10 ? "%.4f" : v < 100 ? "%.3f" : "%.2f", v); }

/// "(2 1 1)": a grid's or a block's size, as nvprof writes it.
std::string dims(const uint32_t d[3]) {
  return "(" + std::to_string(d[0]) + " " + std::to_string(d[1]) + " " + std::to_string(d[2]) +
         ")";
}

struct Totals {
  uint64_t calls = 0;
  double total = 0, min = 0, max = 0;
  void add(double d) {
    min = calls ? std::min(min, d) : d;
    max = std::max(max, d);
    total += d;
    ++calls;
  }
};

/// One section of the summary: a row per name, the most time first.
void addSection(Table &t, const char *type, const std::map<std::string, Totals> &byName) {
  std::vector<std::pair<std::string, Totals>> rows(byName.begin(), byName.end());
  std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
    return std::tie(b.second.total, a.first) < std::tie(a.second.total, b.first);
  });
  double all = 0;
  for (const auto &r : rows)
    all += r.second.total;
  std::string label = type;
  label.pop_back(); // CSV repeats the type on every row, without its colon
  bool first = true;
  for (const auto &[name, c] : rows) {
    t.row({Cell::labelled(first ? type : "", label), Cell::number(percent(c.total, all)),
           Cell::time(c.total), Cell::number(std::to_string(c.calls)),
           Cell::time(c.total / double(c.calls)), Cell::time(c.min), Cell::time(c.max),
           Cell(name)});
    first = false;
  }
}

void write(std::ostream &os, const Table &t, bool csv) {
  if (csv)
    t.writeCsv(os);
  else
    t.write(os);
}

} // namespace

Unit timeUnit(double s) {
  return s < 1e-6 ? Unit{"ns", 1e9} : s < 1e-3 ? Unit{"us", 1e6} : s < 1 ? Unit{"ms", 1e3}
                                                                       : Unit{"s", 1};
}

constexpr double kKB = 1024, kMB = kKB * kKB, kGB = kMB * kKB;

Unit byteUnit(double bytes) {
  return bytes < kKB   ? Unit{"B", 1}
         : bytes < kMB ? Unit{"KB", 1 / kKB}
         : bytes < kGB ? Unit{"MB", 1 / kMB}
                       : Unit{"GB", 1 / kGB};
}

Unit rateUnit(double bytesPerSecond) {
  return bytesPerSecond < kGB ? Unit{"MB/s", 1 / kMB} : Unit{"GB/s", 1 / kGB};
}

std::string formatSeconds(double s) {
  const Unit u = timeUnit(s);
  return digits(s * u.scale) + u.name;
}

std::string formatBytes(uint64_t bytes) {
  const Unit u = byteUnit(double(bytes));
  return u.scale == 1 ? std::to_string(bytes) + u.name : digits(double(bytes) * u.scale) + u.name;
}

std::string formatThroughput(double bytesPerSecond) {
  const Unit u = rateUnit(bytesPerSecond);
  return digits(bytesPerSecond * u.scale) + u.name;
}

void writeSummary(std::ostream &os, const Profile &p, bool gpu, bool api, bool csv) {
  // nvprof's column widths: its header is "            Type  Time(%)      Time ...".
  Table t({16, 7, 8, 8, 8, 8, 8});
  t.row({"Type", "Time(%)", "Time", "Calls", "Avg", "Min", "Max", "Name"});
  if (gpu) {
    // Kernels and copies alike at their modeled times (DeviceModel.h).
    std::map<std::string, Totals> activities;
    for (const GpuActivity &a : p.activities)
      activities[a.name].add(a.seconds);
    addSection(t, "GPU activities:", activities);
  }
  if (api) {
    // API calls take host time: the program's own.
    std::map<std::string, Totals> calls;
    for (const HostCall &c : p.calls)
      calls[c.name].add(c.end - c.start);
    addSection(t, "API calls:", calls);
  }
  write(os, t, csv);
}

namespace {

/// The GPU trace's columns; the merged trace's too. Made on each call: the
/// tables are written in a program's exit handler, where a static may be
/// gone. CSV splits the sizes into their dimensions, spells the starred
/// columns out and adds the correlation ID, as nvprof's does.
std::vector<Cell> gpuTraceHeader(bool csv) {
  if (csv)
    return {"Start",   "Duration",   "Grid X",       "Grid Y",       "Grid Z",
            "Block X", "Block Y",    "Block Z",      "Registers Per Thread",
            "Static SMem", "Dynamic SMem", "Size",   "Throughput",   "SrcMemType",
            "DstMemType", "Device",  "Context",      "Stream",       "Name",
            "Correlation_ID"};
  return {"Start",      "Duration",   "Grid Size",  "Block Size", "Regs*",
          "SSMem*",     "DSMem*",     "Size",       "Throughput", "SrcMemType",
          "DstMemType", "Device",     "Context",    "Stream",     "Name"};
}

/// A launch's grid or block size: "(2 1 1)", or in CSV three columns.
void addDims(std::vector<Cell> &r, const uint32_t d[3], bool csv) {
  if (!csv) {
    r.push_back(Cell(dims(d)));
    return;
  }
  for (int i = 0; i < 3; ++i)
    r.push_back(Cell::number(std::to_string(d[i])));
}

/// Where a copy reads and writes (nvprof's SrcMemType, DstMemType); host
/// memory is pageable to the emulator.
std::pair<Cell, Cell> memTypes(CopyKind kind) {
  switch (kind) {
  case CopyKind::HtoD:
    return {Cell("Pageable"), Cell("Device")};
  case CopyKind::DtoH:
    return {Cell("Device"), Cell("Pageable")};
  case CopyKind::DtoD:
    return {Cell("Device"), Cell("Device")};
  case CopyKind::Memset:
    break;
  }
  return {Cell("Device"), Cell::none()};
}

/// A GPU activity's row, starting at `start` seconds, issued by the API
/// call `correlation` (0: none known).
std::vector<Cell> gpuRow(const Profile &p, const GpuActivity &a, double start, bool csv,
                         uint64_t correlation) {
  std::vector<Cell> r = {Cell::time(start), Cell::time(a.seconds)};
  const size_t dimColumns = csv ? 3 : 1;
  std::string name = a.name;
  if (a.launch >= 0) {
    const LaunchProfile &l = p.launches[size_t(a.launch)];
    addDims(r, l.gridDim, csv);
    addDims(r, l.blockDim, csv);
    r.insert(r.end(), {Cell::number(std::to_string(l.regsPerThread)), Cell::bytes(l.staticShared),
                       Cell::bytes(l.sharedPerCta - std::min(l.sharedPerCta, l.staticShared)),
                       Cell::none(), Cell::none(), Cell::none(), Cell::none()});
    if (!csv && correlation) // nvprof names a kernel's row with its correlation ID
      name += " [" + std::to_string(correlation) + "]";
  } else {
    r.insert(r.end(), 2 * dimColumns + 3, Cell::none());
    const auto [src, dst] = memTypes(a.copy);
    r.insert(r.end(), {Cell::bytes(a.bytes),
                       Cell::rate(a.seconds > 0 ? double(a.bytes) / a.seconds : 0), src, dst});
  }
  r.insert(r.end(), {Cell(p.device + " (0)"), Cell::number("1"),
                     Cell::number(std::to_string(a.stream)), Cell(name)});
  if (csv)
    r.push_back(Cell::number(std::to_string(correlation)));
  return r;
}

/// Each of p.activities' correlation ID: the number (from 1, in the order
/// they began) of the API call that was running when the runtime issued
/// it; 0 where that is not known.
std::vector<uint64_t> correlationIds(const Profile &p) {
  std::vector<uint64_t> ids;
  for (const GpuActivity &a : p.activities) {
    uint64_t id = 0;
    if (a.issued >= 0) {
      // The last call to begin at or before the issue that had not ended
      // (the innermost, if one call made another): p.calls is in start
      // order. A few steps back at most, calls rarely nest.
      constexpr int kNesting = 8;
      auto it = std::upper_bound(p.calls.begin(), p.calls.end(), a.issued,
                                 [](double t, const HostCall &c) { return t < c.start; });
      for (int step = 0; it != p.calls.begin() && step < kNesting && !id; ++step)
        if (--it; it->end >= a.issued)
          id = uint64_t(it - p.calls.begin()) + 1;
    }
    ids.push_back(id);
  }
  return ids;
}

void writeStarNotes(std::ostream &os, bool csv) {
  if (!csv)
    os << "\nRegs: Number of registers used per CUDA thread.\n"
          "SSMem: Static shared memory allocated per CUDA block.\n"
          "DSMem: Dynamic shared memory allocated per CUDA block.\n";
}

} // namespace

void writeGpuTrace(std::ostream &os, const Profile &p, bool csv) {
  Table t({8, 8});
  t.row(gpuTraceHeader(csv));
  const std::vector<uint64_t> ids = correlationIds(p);
  for (size_t i = 0; i < p.activities.size(); ++i)
    t.row(gpuRow(p, p.activities[i], p.activities[i].start, csv, ids[i]));
  write(os, t, csv);
  writeStarNotes(os, csv);
}

void writeApiTrace(std::ostream &os, const Profile &p, bool csv) {
  Table t({8, 8});
  if (csv)
    t.row({"Start", "Duration", "Name", "Correlation_ID"});
  else
    t.row({"Start", "Duration", "Name"});
  for (size_t i = 0; i < p.calls.size(); ++i) {
    const HostCall &c = p.calls[i];
    std::vector<Cell> row = {Cell::time(c.start), Cell::time(c.end - c.start), Cell(c.name)};
    if (csv)
      row.push_back(Cell::number(std::to_string(i + 1)));
    t.row(std::move(row));
  }
  write(os, t, csv);
}

std::vector<double> hostClockStarts(const Profile &p) {
  // The modeled timeline moved later wherever an activity would start
  // before the host issued it: the moves only grow, so the activities keep
  // their order, and their overlaps and gaps apart from the moves.
  std::vector<double> starts;
  double shift = 0;
  for (const GpuActivity &a : p.activities) {
    if (a.issued >= 0)
      shift = std::max(shift, a.issued - a.start);
    starts.push_back(a.start + shift);
  }
  return starts;
}

void writeMergedTrace(std::ostream &os, const Profile &p, bool csv) {
  const std::vector<double> gpuStarts = hostClockStarts(p);
  // By start; at one start a call before the activity it issued.
  struct Row {
    double start;
    bool gpu;
    size_t index;
  };
  std::vector<Row> rows;
  for (size_t i = 0; i < p.calls.size(); ++i)
    rows.push_back({p.calls[i].start, false, i});
  for (size_t i = 0; i < p.activities.size(); ++i)
    rows.push_back({gpuStarts[i], true, i});
  std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
    return std::tie(a.start, a.gpu) < std::tie(b.start, b.gpu);
  });
  Table t({8, 8});
  const std::vector<Cell> header = gpuTraceHeader(csv);
  t.row(header);
  const std::vector<uint64_t> ids = correlationIds(p);
  for (const Row &r : rows) {
    if (r.gpu) {
      t.row(gpuRow(p, p.activities[r.index], r.start, csv, ids[r.index]));
      continue;
    }
    // nvprof's API rows: no GPU columns.
    const HostCall &c = p.calls[r.index];
    std::vector<Cell> row = {Cell::time(c.start), Cell::time(c.end - c.start)};
    row.insert(row.end(), header.size() - (csv ? 4 : 3), Cell::none());
    row.push_back(Cell(c.name));
    if (csv)
      row.push_back(Cell::number(std::to_string(r.index + 1)));
    t.row(std::move(row));
  }
  write(os, t, csv);
  writeStarNotes(os, csv);
}

void writeKernelDetails(std::ostream &os, const Profile &p, const std::string &prefix) {
  for (const KernelProfile &k : p.kernels) {
    os << prefix << "Kernel: " << k.name << "\n";
    Table t;
    auto add = [&](std::string what, std::string value) {
      t.row({"    " + what + ":", value});
    };
    add("launches", std::to_string(k.launches));
    add("emulated cycles", std::to_string(k.cycles));
    add("warp-instructions", std::to_string(k.totals.warp));
    add("thread-instructions", std::to_string(k.totals.thread));
    add("SIMD efficiency", format("%.2f%%", 100 * k.totals.simdEfficiency()));
    add("divergent branches", std::to_string(k.totals.divergent));
    add("SSY / SYNC / BRK executed",
        std::to_string(k.executed(CountedEvent::SetSync)) + " / " + std::to_string(k.popSyncs()) +
            " / " + std::to_string(k.executed(CountedEvent::Break)));
    const EventCounts &e = k.events;
    auto pair = [](uint64_t a, uint64_t b) { return std::to_string(a) + " / " + std::to_string(b); };
    add("barriers executed", std::to_string(k.executed(CountedEvent::Barrier)));
    add("barrier wait cycles", std::to_string(e.barrierWaitCycles));
    add("atomics executed", std::to_string(k.executed(CountedEvent::Atomic)));
    add("shuffles executed", std::to_string(k.executed(CountedEvent::Shuffle)));
    add("read-only loads (LDG)", std::to_string(k.executed(CountedEvent::ReadOnlyLoad)));
    add("lock retries", std::to_string(e.lockFailures));
    add("memory requests", std::to_string(k.totals.memRequests));
    add("memory bytes", std::to_string(k.totals.memBytes));
    add("128-byte segments", std::to_string(k.totals.memSegments));
    add("L2 hits / misses", pair(e.l2Hits, e.l2Misses));
    add("stack-cache spills / restores", pair(e.stack.spills, e.stack.restores));
    add("const-cache L1 hits / misses", pair(e.constCache.l1_hits, e.constCache.l1_misses));
    add("const-cache L2 hits / misses", pair(e.constCache.l2_hits, e.constCache.l2_misses));
    add("constants versions", std::to_string(k.constVersions.size()));
    add("registers / thread", std::to_string(k.regs));
    add("shared bytes / CTA", std::to_string(k.shared));
    add("local bytes / thread", std::to_string(k.local));
    std::string mix;
    for (const auto &[cls, n] : k.mix())
      mix += (mix.empty() ? "" : ", ") + cls + " " + percent(double(n), double(k.totals.warp));
    add("instruction mix", mix);
    t.write(os, prefix);
  }
}

void writeLaunchDetails(std::ostream &os, const Profile &p, const std::string &prefix) {
  Table t;
  t.row({"Grid", "Stream", "Start(cycle)", "Cycles", "Host", "Grid Size", "Block Size", "Regs",
         "SSMem", "CTAs/SM", "Warp-insts", "SIMD eff", "Name"});
  for (const LaunchProfile &l : p.launches)
    t.row({std::to_string(l.grid), std::to_string(l.stream), std::to_string(l.launchCycle),
           std::to_string(l.cycles()), formatSeconds(l.hostSeconds()), dims(l.gridDim),
           dims(l.blockDim), std::to_string(l.regsPerThread), std::to_string(l.sharedPerCta),
           std::to_string(l.ctasPerSmAchieved) + "/" + std::to_string(l.ctasPerSmPossible),
           std::to_string(l.counts.warp), format("%.2f%%", 100 * l.counts.simdEfficiency()),
           l.kernel});
  t.write(os, prefix);
}

} // namespace simt::prof

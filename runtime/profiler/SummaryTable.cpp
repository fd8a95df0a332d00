//===-- SummaryTable.cpp - nvprof-style tables of a profile ---------------===//
#include "runtime/profiler/SummaryTable.h"

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

/// Right-aligned columns; the last (the name) left-aligned.
class Table {
public:
  void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  void write(std::ostream &os, const std::string &prefix) const {
    std::vector<size_t> width;
    for (const auto &r : rows_)
      for (size_t i = 0; i < r.size(); ++i) {
        width.resize(std::max(width.size(), r.size()));
        width[i] = std::max(width[i], r[i].size());
      }
    for (const auto &r : rows_) {
      std::string line = prefix;
      for (size_t i = 0; i < r.size(); ++i) {
        const bool last = i + 1 == r.size();
        if (i)
          line += "  ";
        line += last ? r[i] : std::string(width[i] - r[i].size(), ' ') + r[i];
      }
      os << line << "\n";
    }
  }

private:
  std::vector<std::vector<std::string>> rows_;
};

/// "(2 1 1)": a grid's or a block's size, as nvprof writes it.
std::string dims(const uint32_t d[3]) {
  return "(" + std::to_string(d[0]) + " " + std::to_string(d[1]) + " " + std::to_string(d[2]) +
         ")";
}

struct CallTotals {
  uint64_t calls = 0;
  double total = 0, min = 0, max = 0;
  void add(double d) {
    min = calls ? std::min(min, d) : d;
    max = std::max(max, d);
    total += d;
    ++calls;
  }
};

} // namespace

std::string formatSeconds(double s) {
  const char *unit = "s";
  if (s < 1e-6)
    s *= 1e9, unit = "ns";
  else if (s < 1e-3)
    s *= 1e6, unit = "us";
  else if (s < 1)
    s *= 1e3, unit = "ms";
  return format(s < 10 ? "%.4f" : s < 100 ? "%.3f" : "%.2f", s) + unit;
}

void writeSummary(std::ostream &os, const Profile &p, const std::string &prefix) {
  os << prefix << "Profiling result:\n";
  Table t;
  t.row({"Type", "Time(%)", "Time", "Calls", "Avg", "Min", "Max", "Cycles", "Warp-insts",
         "SIMD eff", "Div.branches", "Name"});
  // Kernels at their modeled time: their emulated cycles at the shader
  // clock (DeviceModel.h), never the host's.
  double kernelTime = 0;
  for (const KernelProfile &k : p.kernels)
    kernelTime += cyclesToSeconds(k.cycles);
  // The copies and sets, per kind, at their modeled times.
  std::map<std::string, CallTotals> copies;
  for (const GpuActivity &a : p.activities)
    if (a.launch < 0) {
      copies[a.name].add(a.seconds);
      kernelTime += a.seconds;
    }
  std::vector<std::pair<double, std::vector<std::string>>> gpuRows;
  for (const KernelProfile &k : p.kernels) {
    const double total = cyclesToSeconds(k.cycles);
    gpuRows.push_back(
        {total,
         {"", percent(total, kernelTime), formatSeconds(total), std::to_string(k.launches),
          formatSeconds(total / double(std::max<uint64_t>(k.launches, 1))),
          formatSeconds(cyclesToSeconds(k.minCycles)), formatSeconds(cyclesToSeconds(k.maxCycles)),
          std::to_string(k.cycles), std::to_string(k.totals.warp),
          format("%.2f%%", 100 * k.totals.simdEfficiency()), std::to_string(k.totals.divergent),
          k.name}});
  }
  for (const auto &[name, c] : copies)
    gpuRows.push_back({c.total,
                       {"", percent(c.total, kernelTime), formatSeconds(c.total),
                        std::to_string(c.calls), formatSeconds(c.total / double(c.calls)),
                        formatSeconds(c.min), formatSeconds(c.max), "-", "-", "-", "-", name}});
  std::sort(gpuRows.begin(), gpuRows.end(), [](const auto &a, const auto &b) {
    return std::tie(b.first, a.second.back()) < std::tie(a.first, b.second.back());
  });
  bool first = true;
  for (auto &[time, row] : gpuRows) {
    row[0] = first ? "GPU activities:" : "";
    t.row(std::move(row));
    first = false;
  }
  std::map<std::string, CallTotals> calls;
  double callTime = 0;
  for (const HostCall &c : p.calls) {
    calls[c.name].add(c.end - c.start);
    callTime += c.end - c.start;
  }
  std::vector<std::pair<std::string, CallTotals>> sorted(calls.begin(), calls.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto &a, const auto &b) { return a.second.total > b.second.total; });
  first = true;
  for (const auto &[name, c] : sorted) {
    t.row({first ? "API calls:" : "", percent(c.total, callTime), formatSeconds(c.total),
           std::to_string(c.calls), formatSeconds(c.total / double(c.calls)), formatSeconds(c.min),
           formatSeconds(c.max), "", "", "", "", name});
    first = false;
  }
  t.write(os, prefix);
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

std::string formatBytes(uint64_t bytes) {
  if (bytes < 1000)
    return std::to_string(bytes) + "B";
  double v = double(bytes);
  const char *unit = "KB";
  if (v >= 1e9)
    v /= 1e9, unit = "GB";
  else if (v >= 1e6)
    v /= 1e6, unit = "MB";
  else
    v /= 1e3;
  return format(v < 10 ? "%.4f" : v < 100 ? "%.3f" : "%.2f", v) + unit;
}

std::string formatThroughput(double bytesPerSecond) {
  double v = bytesPerSecond / 1e9;
  const char *unit = "GB/s";
  if (v < 1)
    v *= 1e3, unit = "MB/s";
  return format(v < 10 ? "%.4f" : v < 100 ? "%.3f" : "%.2f", v) + unit;
}

void writeGpuTrace(std::ostream &os, const Profile &p, const std::string &prefix) {
  // nvprof's columns; the rows are not prefixed (nvprof's are not).
  os << prefix << "Profiling result:\n";
  Table t;
  t.row({"Start", "Duration", "Grid Size", "Block Size", "Regs*", "SSMem*", "DSMem*", "Size",
         "Throughput", "Device", "Context", "Stream", "Name"});
  for (const GpuActivity &a : p.activities) {
    std::vector<std::string> r = {formatSeconds(a.start), formatSeconds(a.seconds)};
    if (a.launch >= 0) {
      const LaunchProfile &l = p.launches[size_t(a.launch)];
      r.insert(r.end(), {dims(l.gridDim), dims(l.blockDim), std::to_string(l.regsPerThread),
                         formatBytes(l.staticShared),
                         formatBytes(l.sharedPerCta - std::min(l.sharedPerCta, l.staticShared)),
                         "-", "-"});
    } else {
      r.insert(r.end(), {"-", "-", "-", "-", "-", formatBytes(a.bytes),
                         formatThroughput(a.seconds > 0 ? double(a.bytes) / a.seconds : 0)});
    }
    r.insert(r.end(), {p.device, "1", std::to_string(a.stream), a.name});
    t.row(std::move(r));
  }
  t.write(os, "");
  os << "\nRegs: Number of registers used per CUDA thread.\n"
        "SSMem: Static shared memory allocated per CUDA block.\n"
        "DSMem: Dynamic shared memory allocated per CUDA block.\n";
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

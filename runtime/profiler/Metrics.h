//===-- Metrics.h - nvprof's metrics and events the model counts ----------===//
//
// The names `--metrics` and `--events` take, as nvprof names them, for the
// quantities the emulator really counts (no name for one it does not: a
// texture cache's hit rate, say, when it has none). Each has its definition
// (--query-metrics, --query-events) and its value per launch. Figures the
// SMs count per launch (instructions, threads, divergent branches, CTAs'
// residency, L2 hits and misses) give each launch its own value; those
// counted by instruction (loads, stores, their transactions, branches,
// atomics) are kept per kernel image, so a kernel's launches each get the
// kernel's average.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::prof {

enum class MetricUnit : uint8_t { Count, Percent, Ratio };

/// What one launch did, the figures the metrics are made of.
struct LaunchFigures {
  // Counted per launch.
  double inst = 0, divergent = 0;
  /// Threads that ran the instructions: active ones, and of those the
  /// ones whose guard held.
  double activeThreadInst = 0, threadInst = 0;
  double ctas = 0, warps = 0, threads = 0;
  double activeCycles = 0, activeWarps = 0, elapsedSmCycles = 0, warpsPerSm = 0;
  double l2ReadHits = 0, l2ReadMisses = 0; ///< lines global loads read
  // Counted per kernel image: its launches' average.
  double branches = 0, gldRequests = 0, gstRequests = 0, gldSegments = 0, gstSegments = 0;
  double gldBytes = 0, gstBytes = 0, sharedLoads = 0, sharedStores = 0, localLoads = 0,
         localStores = 0, atomics = 0, reductions = 0;
  /// The bank-conflict-free passes of the shared loads and stores
  /// (emu::sharedBankPasses).
  double sharedLoadPasses = 0, sharedStorePasses = 0;
};

struct Metric {
  const char *name;        ///< nvprof's
  const char *title;       ///< the short description ("Warp Execution Efficiency")
  const char *definition;  ///< what --query-* says
  MetricUnit unit;
  bool perLaunch;          ///< false: the kernel's average per launch
  double (*value)(const LaunchFigures &);
};

/// Plain arrays, never destroyed: a program's runtime reads them in an
/// exit handler.
std::span<const Metric> allMetrics();
std::span<const Metric> allEvents();

/// The metrics (events) a comma-separated `list` names ("all": every one);
/// an unknown or empty name is `error`'s message.
std::vector<const Metric *> selectMetrics(std::string_view list, bool events, std::string *error);

/// The figures of `launch` of `kernel`.
LaunchFigures figuresOf(const Profile &p, const KernelProfile &kernel, const LaunchProfile &launch);

} // namespace simt::prof

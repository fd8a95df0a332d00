//===-- MetricsTable.h - nvprof's metric and event results ----------------===//
//
// `--metrics` and `--events` as nvprof prints them: per device and kernel,
// each one's invocations (launches) and its least, most and average value
// over them (events their total too); `--query-metrics` and
// `--query-events` list the names with their definitions (Metrics.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Metrics.h"

#include <ostream>

namespace simt::prof {

void writeMetricResult(std::ostream &os, const Profile &p, const std::vector<const Metric *> &which,
                       bool events, bool csv);
/// "Available Metrics:" (events: "Available Events:") with each definition.
void writeQuery(std::ostream &os, bool events);

} // namespace simt::prof

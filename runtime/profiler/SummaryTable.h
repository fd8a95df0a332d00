//===-- SummaryTable.h - nvprof-style tables of a profile -----------------===//
//
// The text simt-prof prints at exit, in nvprof's shape: "Profiling result:"
// with Type, Time(%), Time, Calls, Avg, Min, Max and Name per kernel (GPU
// activities) and per API call, plus this emulator's columns (emulated
// cycles, warp-instructions, SIMD efficiency, divergent branches); then per
// kernel the figures nvprof's metrics would give, and on request one line per
// launch (--print-gpu-trace). Every line begins with `prefix` ("==PID== ").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <ostream>
#include <string>

namespace simt::prof {

/// "1.2340ms": nvprof's time format (four or five significant digits).
std::string formatSeconds(double seconds);

void writeSummary(std::ostream &os, const Profile &p, const std::string &prefix);
void writeKernelDetails(std::ostream &os, const Profile &p, const std::string &prefix);
void writeGpuTrace(std::ostream &os, const Profile &p, const std::string &prefix);

} // namespace simt::prof

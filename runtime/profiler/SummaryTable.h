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
/// "6.0000MB" (decimal units), "4B": nvprof's sizes.
std::string formatBytes(uint64_t bytes);
/// "6.0000GB/s": nvprof's throughput.
std::string formatThroughput(double bytesPerSecond);

void writeSummary(std::ostream &os, const Profile &p, const std::string &prefix);
void writeKernelDetails(std::ostream &os, const Profile &p, const std::string &prefix);
/// nvprof's --print-gpu-trace: a row per launch, copy and set at its
/// modeled start and duration.
void writeGpuTrace(std::ostream &os, const Profile &p, const std::string &prefix);
/// The emulator's figures per launch: grid id, stream, start cycle and
/// cycles, host time, sizes, resources, CTAs per SM, warp-instructions.
void writeLaunchDetails(std::ostream &os, const Profile &p, const std::string &prefix);

} // namespace simt::prof

//===-- SummaryTable.h - nvprof's summary and traces of a profile ---------===//
//
// The tables simt-prof prints at exit, in nvprof's layout: the summary
// (Type, Time(%), Time, Calls, Avg, Min, Max, Name per GPU activity, at
// modeled times, and per API call, at host times), the GPU trace (a row
// per launch, copy and set), the API trace (a row per call) and both as
// one trace on the host clock, as text or CSV (TextTable.h); nvprof prints no prefix on their rows. The emulator's
// own figures per kernel and per launch follow on request, every line
// after `prefix` ("==PID== ").
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <ostream>
#include <string>
#include <vector>

namespace simt::prof {

/// A unit and what a value in base units (seconds, bytes, bytes a second)
/// is multiplied by to be in it.
struct Unit {
  const char *name;
  double scale;
};
/// nvprof's units for a value, its text's and a CSV column's (the
/// column's largest value's): ns/us/ms/s; B/KB/MB/GB and MB/s, GB/s, which
/// are binary (a 200,000-byte copy is 195.31KB, 1,028 bytes 1.003906 KB in
/// its CSV).
Unit timeUnit(double seconds);
Unit byteUnit(double bytes);
Unit rateUnit(double bytesPerSecond);

/// "1.2340ms": nvprof's time format (four or five significant digits).
std::string formatSeconds(double seconds);
/// "5.7220MB" (binary units: 6,000,000 bytes), "4B": nvprof's sizes.
std::string formatBytes(uint64_t bytes);
/// "5.5879GB/s" (binary: 6e9 bytes/s): nvprof's throughput.
std::string formatThroughput(double bytesPerSecond);

/// The summary's sections: `gpu` the GPU activities, `api` the API calls.
void writeSummary(std::ostream &os, const Profile &p, bool gpu, bool api, bool csv);
void writeKernelDetails(std::ostream &os, const Profile &p, const std::string &prefix);
/// nvprof's --print-gpu-trace: a row per launch, copy and set at its
/// modeled start and duration.
void writeGpuTrace(std::ostream &os, const Profile &p, bool csv);
/// nvprof's --print-api-trace: a row per runtime API call, host times.
void writeApiTrace(std::ostream &os, const Profile &p, bool csv);
/// Where each of p.activities starts on the host clock: its modeled start,
/// moved as much later as the activities so far need to start no earlier
/// than the host issued them (GpuActivity::issued).
std::vector<double> hostClockStarts(const Profile &p);
/// Both traces, as nvprof prints them together: one table in the GPU
/// trace's columns, its rows in time order on the host clock (the GPU
/// activities at hostClockStarts), an API call's GPU columns "-".
void writeMergedTrace(std::ostream &os, const Profile &p, bool csv);
/// The emulator's figures per launch: grid id, stream, start cycle and
/// cycles, host time, sizes, resources, CTAs per SM, warp-instructions.
void writeLaunchDetails(std::ostream &os, const Profile &p, const std::string &prefix);

} // namespace simt::prof

//===-- SeedSweep.h - One run script under many scheduler seeds -----------===//
//
// `simt-emu --seeds A-B`: the same object and script under the random warp
// scheduler with every seed in A..B, each run in its own DeviceSession on a
// pool of host threads (independent runs: DESIGN.md's place for host
// parallelism; a single run stays single-threaded and deterministic). The runs' results are
// compared: a kernel whose buffers differ between seeds depends on warp
// scheduling (a race, a missing barrier), which one seed cannot show.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/DeviceSession.h"
#include "runtime/RunScript.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace simt::rt {

struct SeedSweep {
  DeviceSessionConfig config; // sched and seed are set per run
  std::filesystem::path object;
  Script script;
  std::filesystem::path baseDir;
  uint64_t firstSeed = 1, lastSeed = 1;
  unsigned jobs = 1; // host threads; 0: one per hardware thread
  std::optional<double> timeoutSeconds; // --timeout, for each run
};

struct SeedRun {
  uint64_t seed = 0;
  int status = 0;   // runScript's exit status (1 also when the load failed)
  std::string out;  // what the script printed (dump, expect, stats, ...)
  std::string err;  // errors and fault reports
  std::vector<DeviceSession::BufferContents> results;
  uint64_t cycles = 0;
};

/// "A-B" or "N" (seeds 1..N); empty string and the range on success.
std::string parseSeedRange(const std::string &text, uint64_t &first, uint64_t &last);

struct SeedSweepResult {
  std::vector<SeedRun> runs; // in seed order, whatever the threads did
  unsigned threads = 1;      // host threads that ran them
};

/// Runs every seed.
SeedSweepResult runSeedSweep(const SeedSweep &sweep);

/// Prints the first run's output, one line per seed and the verdict; returns
/// the exit status: 0 if every run succeeded with the same buffers, else 1.
int reportSeedSweep(const SeedSweepResult &sweep, std::ostream &out, std::ostream &err);

} // namespace simt::rt

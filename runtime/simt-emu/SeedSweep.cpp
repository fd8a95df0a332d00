//===-- SeedSweep.cpp - One run script under many scheduler seeds ---------===//
#include "runtime/simt-emu/SeedSweep.h"
#include "runtime/RunWatch.h"
#include "runtime/script/ScriptRunner.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstring>
#include <sstream>
#include <thread>

namespace simt::rt {

namespace {
bool parseU64(std::string_view s, uint64_t &v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size();
}

SeedRun runOne(const SeedSweep &sweep, uint64_t seed) {
  SeedRun r;
  r.seed = seed;
  DeviceSessionConfig cfg = sweep.config;
  cfg.device.sched = emu::SchedPolicy::Random;
  cfg.device.seed = seed;
  std::ostringstream out, err;
  DeviceSession s(cfg, out);
  RunWatch::Options watchOptions;
  watchOptions.timeoutSeconds = sweep.timeoutSeconds;
  RunWatch watch(s.device(), watchOptions);
  // A script that loads its objects itself (a capture) names none.
  if (Status st = sweep.object.empty() ? Status() : s.load(sweep.object); !st) {
    err << "error: " << st.message() << "\n";
    r.status = 1;
  } else {
    r.status = ScriptRunner(s).runScript(sweep.script, sweep.baseDir, err);
    r.results = s.bufferContents();
    r.cycles = s.device().cycle();
  }
  r.out = out.str();
  r.err = err.str();
  return r;
}

/// The first element where two runs' copies of a buffer differ, as
/// "out[5]: 7 (seed 1) vs 9 (seed 4)".
std::string firstDifference(const DeviceSession::BufferContents &a, const SeedRun &ra,
                            const DeviceSession::BufferContents &b, const SeedRun &rb) {
  const size_t size = sizeOf(a.type);
  const size_t n = std::min(a.bytes.size(), b.bytes.size()) / size;
  for (size_t i = 0; i < n; ++i) {
    if (std::memcmp(&a.bytes[i * size], &b.bytes[i * size], size) == 0)
      continue;
    auto valueAt = [&](const std::vector<uint8_t> &bytes) {
      uint64_t bits = 0;
      std::memcpy(&bits, &bytes[i * size], size);
      return formatValue(Value::fromBits(a.type, bits));
    };
    return a.name + "[" + std::to_string(i) + "]: " + valueAt(a.bytes) + " (seed " +
           std::to_string(ra.seed) + ") vs " + valueAt(b.bytes) + " (seed " +
           std::to_string(rb.seed) + ")";
  }
  return a.name + ": " + std::to_string(a.bytes.size()) + " bytes (seed " +
         std::to_string(ra.seed) + ") vs " + std::to_string(b.bytes.size()) + " (seed " +
         std::to_string(rb.seed) + ")";
}

/// "" when `run` computed what `ref` did, else the first difference.
std::string compareResults(const SeedRun &ref, const SeedRun &run) {
  if (ref.results.size() != run.results.size())
    return "a different set of buffers";
  for (size_t i = 0; i < ref.results.size(); ++i) {
    const DeviceSession::BufferContents &a = ref.results[i], &b = run.results[i];
    if (a.name != b.name)
      return "buffer " + a.name + " vs " + b.name;
    if (a.bytes != b.bytes)
      return firstDifference(a, ref, b, run);
  }
  return {};
}
} // namespace

std::string parseSeedRange(const std::string &text, uint64_t &first, uint64_t &last) {
  const size_t dash = text.find('-');
  bool ok;
  if (dash == std::string::npos) {
    first = 1;
    ok = parseU64(text, last) && last >= 1;
  } else {
    ok = parseU64(std::string_view(text).substr(0, dash), first) &&
         parseU64(std::string_view(text).substr(dash + 1), last) && first <= last;
  }
  if (!ok)
    return "--seeds takes N (seeds 1..N) or FIRST-LAST, got '" + text + "'";
  if (last - first >= 100000)
    return "--seeds: at most 100000 runs";
  return {};
}

SeedSweepResult runSeedSweep(const SeedSweep &sweep) {
  const uint64_t count = sweep.lastSeed - sweep.firstSeed + 1;
  SeedSweepResult result;
  std::vector<SeedRun> &runs = result.runs;
  runs.resize(count);
  unsigned jobs = sweep.jobs ? sweep.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = unsigned(std::min<uint64_t>(jobs, count));
  // Each worker takes the next seed; every run owns its DeviceSession, so
  // runs share nothing but the (locked) decoder and their results land in
  // seed order.
  std::atomic<uint64_t> next{0};
  auto worker = [&] {
    for (uint64_t i; (i = next.fetch_add(1)) < count;)
      runs[i] = runOne(sweep, sweep.firstSeed + i);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < jobs; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
  result.threads = jobs;
  return result;
}

int reportSeedSweep(const SeedSweepResult &sweep, std::ostream &out, std::ostream &err) {
  const std::vector<SeedRun> &runs = sweep.runs;
  const unsigned jobs = sweep.threads;
  if (runs.empty())
    return 0;
  const SeedRun &ref = runs.front();
  out << ref.out;
  err << ref.err;
  unsigned failed = 0, differing = 0;
  uint64_t minCycles = UINT64_MAX, maxCycles = 0;
  for (const SeedRun &r : runs) {
    minCycles = std::min(minCycles, r.cycles);
    maxCycles = std::max(maxCycles, r.cycles);
    out << "seed " << r.seed << ": exit " << r.status << ", " << r.cycles << " cycles";
    if (r.status != 0) {
      ++failed;
      if (&r != &ref) {
        // The first error line says what went wrong; the reference printed all.
        const std::string &text = !r.err.empty() ? r.err : r.out;
        out << ", " << text.substr(0, text.find('\n'));
      }
    }
    if (const std::string d = compareResults(ref, r); !d.empty()) {
      ++differing;
      out << ", results differ: " << d;
    }
    out << "\n";
  }
  out << "seeds " << runs.front().seed << "-" << runs.back().seed << " (" << runs.size()
      << (runs.size() == 1 ? " run" : " runs") << " on " << jobs
      << (jobs == 1 ? " host thread): " : " host threads): ");
  if (differing == 0)
    out << "identical results";
  else
    out << differing << " of " << runs.size() << " runs differ from seed " << ref.seed;
  if (failed)
    out << ", " << failed << " failed";
  out << "; cycles " << minCycles << ".." << maxCycles << "\n";
  return failed || differing ? 1 : 0;
}

} // namespace simt::rt

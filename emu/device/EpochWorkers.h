//===-- EpochWorkers.h - Host threads for the isolated phase of an epoch --===//
//
// The SMs of a parallel epoch's isolated phase are independent (emu/core/
// SmEpoch.h), so they can run on host threads: run(n, job) calls job(i) for
// every i < n, item i on thread i % threads() (the caller is thread 0), and
// returns when every item is done. A fixed assignment keeps each SM on one
// thread from epoch to epoch (its warps stay in that core's caches).
// run(n, job, then) adds a second phase: once every thread is done with its
// items, each thread t calls then(t) (an epoch's commit, split by thread, in
// the same hand-off). With `returnEarly` it returns when the caller's own
// then(0) is done; the helpers may still be in theirs until wait() (which
// the destructor calls) or until the next run() has published its job: a
// run publishes first and waits for the last run's helpers after, so that a
// helper that ends its second phase finds the next job already there. The
// caller goes on with work that touches nothing their second phase touches.
//
// Every hand-off is a store to a line only its writer writes (the run number
// of the job, each thread's progress) and loads by the others: no
// read-modify-write on a line another core holds, no counter to reset.
// Epochs are short (microseconds), so inside a run of epochs the threads
// spin for a change (up to about 10 ms) rather than block, unless there are
// more threads than cores; park() (the device is going idle) has the helpers
// block at once, so that an idle device costs no CPU.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace simt::emu {

class EpochWorkers {
public:
  using Job = std::function<void(unsigned)>;

  /// Helpers that spin between runs until park(), however long (tests: a
  /// helper that blocks then did so because it was parked).
  static constexpr unsigned kSpinUntilParked = ~0u;
  /// `threads` >= 2 host threads in all, the caller's included; `spins`
  /// loads before blocking (0: the default for the machine).
  explicit EpochWorkers(unsigned threads, unsigned spins = 0);
  ~EpochWorkers();
  EpochWorkers(const EpochWorkers &) = delete;
  EpochWorkers &operator=(const EpochWorkers &) = delete;

  unsigned threads() const { return static_cast<unsigned>(helpers_.size()) + 1; }
  /// `returnEarly` needs `then` (without a second phase a run always waits).
  void run(unsigned n, const Job &job, const Job *then = nullptr, bool returnEarly = false);
  /// Returns once the helpers are done with the last run.
  void wait();
  /// wait(), then the helpers block until the next run instead of spinning.
  void park();
  /// Helpers blocked waiting for a run (not spinning): all of them soon
  /// after park().
  unsigned blockedHelpers() const { return blocked_.load(std::memory_order_relaxed); }

private:
  /// What one run asks: read by a helper when it sees the run's number.
  struct Params {
    const Job *job = nullptr, *then = nullptr;
    unsigned items = 0;
  };
  /// A thread's progress, as run numbers: written by that thread only.
  struct alignas(64) Progress {
    std::atomic<uint32_t> arrived{0}; // its items of this run are done
    std::atomic<uint32_t> done{0};    // the whole run (then() included) is done
  };

  void helperLoop(unsigned t);
  void work(unsigned t, uint32_t run, const Params &p);
  /// Until `field` of threads [from, threads()) reaches run `run`.
  void awaitAll(std::atomic<uint32_t> Progress::*field, uint32_t run, unsigned from);

  unsigned spins_; // before blocking on a change
  std::vector<std::thread> helpers_;
  std::vector<Progress> progress_; // one per thread; the caller's `done` is unused
  // The caller's: what the helpers poll, on a line of its own.
  alignas(64) std::atomic<uint32_t> generation_{0}; // the run's number, published with params_
  std::atomic<bool> parked_{false};                  // helpers block rather than spin
  std::atomic<unsigned> blocked_{0};                 // helpers blocked in a wait
  Params params_;
  bool quit_ = false;
  alignas(64) uint32_t run_ = 0;     // the caller's: the last run's number
  bool outstanding_ = false;         // the caller's: that run's helpers may not be done
};

} // namespace simt::emu

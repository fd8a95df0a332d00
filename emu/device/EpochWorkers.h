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
// the next run() and the destructor call first): the caller goes on with
// work that touches nothing their second phase touches.
//
// Epochs are short (tens of microseconds), so the helpers spin briefly for
// the next one before they block (unless there are more threads than
// cores); an idle device costs no CPU.
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
  /// `threads` >= 2 host threads in all, the caller's included.
  explicit EpochWorkers(unsigned threads);
  ~EpochWorkers();
  EpochWorkers(const EpochWorkers &) = delete;
  EpochWorkers &operator=(const EpochWorkers &) = delete;

  unsigned threads() const { return static_cast<unsigned>(helpers_.size()) + 1; }
  void run(unsigned n, const std::function<void(unsigned)> &job,
           const std::function<void(unsigned)> *then = nullptr, bool returnEarly = false);
  /// Returns once the helpers are done with the last run.
  void wait();

private:
  void helperLoop(unsigned t);
  void work(unsigned t);

  unsigned spins_; // before blocking on a change
  std::vector<std::thread> helpers_;
  // What the helpers poll and what the caller polls live on separate cache
  // lines: a run's hand-off then moves each line between cores once.
  alignas(64) std::atomic<uint32_t> generation_{0}; // bumped per run() and at shutdown
  const std::function<void(unsigned)> *job_ = nullptr; // read with generation_
  const std::function<void(unsigned)> *then_ = nullptr;
  unsigned items_ = 0;
  bool quit_ = false;
  bool outstanding_ = false; // the caller's: a run's helpers may not be done
  alignas(64) std::atomic<unsigned> busy_{0}; // helpers still working on this run
  alignas(64) std::atomic<unsigned> arrived_{0}; // threads done with their items (then_)
};

} // namespace simt::emu

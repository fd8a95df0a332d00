//===-- EpochWorkers.cpp - Host threads for an epoch's isolated phase -----===//
#include "emu/device/EpochWorkers.h"

namespace simt::emu {

namespace {
/// Loads to spin on a change before blocking on it (about 0.2 ms here). The
/// loop has no PAUSE: under virtualisation PAUSE loops exit to the
/// hypervisor, and a hand-off took 0.6 us with it against 0.09 us without
/// (2-vCPU VM); an epoch's work is tens of microseconds.
constexpr unsigned kSpins = 1u << 18;

template <class T, class Pred>
void awaitChange(const std::atomic<T> &a, unsigned spins, Pred done) {
  for (unsigned i = 0; i < spins; ++i) {
    if (done(a.load(std::memory_order_acquire)))
      return;
  }
  for (T v = a.load(std::memory_order_acquire); !done(v); v = a.load(std::memory_order_acquire))
    a.wait(v, std::memory_order_acquire);
}
} // namespace

EpochWorkers::EpochWorkers(unsigned threads)
    // More threads than cores: a spinning thread would hold the core the
    // thread it waits for needs (--threads 4 on 2 cores ran 30x slower).
    : spins_(threads <= std::thread::hardware_concurrency() ? kSpins : 0) {
  for (unsigned t = 1; t < threads; ++t)
    helpers_.emplace_back([this, t] { helperLoop(t); });
}

EpochWorkers::~EpochWorkers() {
  wait();
  quit_ = true;
  generation_.fetch_add(1, std::memory_order_release);
  generation_.notify_all();
  for (std::thread &h : helpers_)
    h.join();
}

void EpochWorkers::work(unsigned t) {
  for (unsigned i = t; i < items_; i += threads())
    (*job_)(i);
  if (!then_)
    return;
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads())
    arrived_.notify_all();
  else
    awaitChange(arrived_, spins_, [&](unsigned a) { return a == threads(); });
  (*then_)(t);
}

void EpochWorkers::helperLoop(unsigned t) {
  uint32_t seen = 0;
  for (;;) {
    awaitChange(generation_, spins_, [&](uint32_t g) { return g != seen; });
    seen = generation_.load(std::memory_order_acquire);
    if (quit_)
      return;
    work(t);
    if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      busy_.notify_one();
  }
}

void EpochWorkers::run(unsigned n, const std::function<void(unsigned)> &job,
                       const std::function<void(unsigned)> *then, bool returnEarly) {
  wait();
  job_ = &job;
  then_ = then;
  items_ = n;
  arrived_.store(0, std::memory_order_relaxed);
  busy_.store(static_cast<unsigned>(helpers_.size()), std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release); // publishes job_, items_
  generation_.notify_all();
  work(0);
  outstanding_ = true;
  if (!returnEarly)
    wait();
}

void EpochWorkers::wait() {
  if (!outstanding_)
    return;
  awaitChange(busy_, spins_, [](unsigned b) { return b == 0; });
  outstanding_ = false;
  job_ = then_ = nullptr;
}

} // namespace simt::emu

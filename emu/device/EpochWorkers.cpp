//===-- EpochWorkers.cpp - Host threads for an epoch's isolated phase -----===//
#include "emu/device/EpochWorkers.h"

#include <cassert>
#include <cfenv>

namespace simt::emu {

namespace {
/// Loads to spin on a change before blocking on it, inside a run of epochs
/// (about 10 ms here). Blocking costs more than the wait: a blocked thread
/// took 50-100+ us to wake on a 2-vCPU VM (its vCPU had gone idle), and with
/// a limit below that (0.07 ms) one late hand-off made the other side block
/// too, epoch after epoch (a quarter of the epochs of a 1024-cycle run). The
/// loop has no PAUSE: under virtualisation PAUSE loops exit to the
/// hypervisor, and a hand-off took 0.6 us with it against 0.09 us without.
constexpr unsigned kSpins = 1u << 25;

/// Until done(a): spins, unless `parked` (the caller is going idle), then
/// blocks, counted in `blocked` while it does.
template <class T, class Pred>
void awaitChange(const std::atomic<T> &a, unsigned spins, Pred done,
                 const std::atomic<bool> *parked = nullptr,
                 std::atomic<unsigned> *blocked = nullptr) {
  for (unsigned i = 0; i < spins || spins == EpochWorkers::kSpinUntilParked; ++i) {
    if (done(a.load(std::memory_order_acquire)))
      return;
    if (parked && parked->load(std::memory_order_relaxed))
      break;
  }
  T v = a.load(std::memory_order_acquire);
  if (done(v))
    return;
  if (blocked)
    blocked->fetch_add(1, std::memory_order_relaxed);
  for (; !done(v); v = a.load(std::memory_order_acquire))
    a.wait(v, std::memory_order_acquire);
  if (blocked)
    blocked->fetch_sub(1, std::memory_order_relaxed);
}

/// Run numbers wrap (an epoch a run, for hours): `v` has reached `run`.
bool reached(uint32_t v, uint32_t run) { return static_cast<int32_t>(v - run) >= 0; }

void publish(std::atomic<uint32_t> &a, uint32_t v) {
  a.store(v, std::memory_order_release);
  a.notify_all();
}
} // namespace

EpochWorkers::EpochWorkers(unsigned threads, unsigned spins)
    // More threads than cores: a spinning thread would hold the core the
    // thread it waits for needs (--threads 4 on 2 cores ran 30x slower).
    : spins_(spins ? spins : threads <= std::thread::hardware_concurrency() ? kSpins : 0),
      progress_(threads) {
  for (unsigned t = 1; t < threads; ++t)
    helpers_.emplace_back([this, t] { helperLoop(t); });
}

EpochWorkers::~EpochWorkers() {
  wait();
  quit_ = true;
  publish(generation_, run_ + 1);
  for (std::thread &h : helpers_)
    h.join();
}

void EpochWorkers::awaitAll(std::atomic<uint32_t> Progress::*field, uint32_t run,
                            unsigned from) {
  for (unsigned u = from; u < threads(); ++u)
    awaitChange(progress_[u].*field, spins_, [run](uint32_t v) { return reached(v, run); });
}

void EpochWorkers::work(unsigned t, uint32_t run, const Params &p) {
  // The items may read or overwrite what the helpers' last second phase
  // still reads or writes (an SM's log, the tags): every helper is done with
  // the last run first (the caller was, having published this one).
  awaitAll(&Progress::done, run - 1, 1);
  for (unsigned i = t; i < p.items; i += threads())
    (*p.job)(i);
  if (!p.then)
    return;
  publish(progress_[t].arrived, run);
  awaitAll(&Progress::arrived, run, 0);
  (*p.then)(t);
}

void EpochWorkers::helperLoop(unsigned t) {
  // A helper runs device code only; it started with its creator's
  // environment, maybe the program's (FloatEnvironment.h).
  std::fesetenv(FE_DFL_ENV);
  uint32_t seen = 0;
  for (;;) {
    awaitChange(generation_, spins_, [&](uint32_t g) { return g != seen; }, &parked_,
                &blocked_);
    seen = generation_.load(std::memory_order_acquire);
    if (quit_)
      return;
    // A copy: the caller publishes the next run's as soon as every thread
    // has arrived in this one, which may be before this thread's then().
    const Params p = params_;
    work(t, seen, p);
    publish(progress_[t].done, seen);
  }
}

void EpochWorkers::run(unsigned n, const Job &job, const Job *then, bool returnEarly) {
  assert((then || !returnEarly) && "a run without a second phase waits for its helpers");
  // Every helper has read the last run's parameters: they arrived in it (or
  // it was waited for, having no second phase).
  params_ = Params{&job, then, n};
  parked_.store(false, std::memory_order_relaxed);
  publish(generation_, ++run_);
  work(0, run_, params_);
  outstanding_ = true;
  if (!returnEarly)
    wait();
}

void EpochWorkers::park() {
  wait();
  parked_.store(true, std::memory_order_relaxed);
}

void EpochWorkers::wait() {
  if (!outstanding_)
    return;
  awaitAll(&Progress::done, run_, 1);
  outstanding_ = false;
}

} // namespace simt::emu

//===-- core_roundtrip.cpp - How far apart two host cores are -------------===//
//
// Two threads pass a counter back and forth through two cache lines; the
// time per round trip is what any hand-off between host threads costs at
// least. On a virtual machine it varies with where the host places the
// vCPUs, so bench/threads_scaling.py reports it next to its figures.
//
// Then what a parallel epoch's hand-offs cost as the device makes them
// (EpochWorkers::run with a second phase, returning early, as
// Device::runParallelEpoch calls it): two threads each busy for a fixed
// time an epoch, the time an epoch takes beyond that. A kernel of E
// epochs that takes T on one thread can take no less than T / 2 + E times
// this on two (bench/README.md, "The bound").
//
//   simt-core-roundtrip [round-trips]   prints "round trip: N ns" and
//                                       "epoch hand-off: N ns (...)"
//
//===----------------------------------------------------------------------===//
#include "emu/device/EpochWorkers.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {
struct alignas(64) Line {
  std::atomic<unsigned> value{0};
};
Line ping, pong;

/// Busy for `ns` on this thread's own line.
void busy(Line &own, double ns) {
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::duration<double, std::nano>(ns);
  while (std::chrono::steady_clock::now() < until)
    own.value.fetch_add(1, std::memory_order_relaxed);
}

/// Nanoseconds an epoch takes beyond `workNs` of work on each of two
/// threads, over `epochs` epochs.
double epochHandOffNs(unsigned epochs, double workNs) {
  Line own[2];
  simt::emu::EpochWorkers workers(2);
  const simt::emu::EpochWorkers::Job job = [&](unsigned i) { busy(own[i], workNs); };
  const simt::emu::EpochWorkers::Job commit = [](unsigned) {};
  for (unsigned e = 0; e < 100; ++e) // the helper started and spinning
    workers.run(2, job, &commit, true);
  workers.wait();
  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned e = 0; e < epochs; ++e)
    workers.run(2, job, &commit, true);
  workers.wait();
  const double perEpoch =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
      (epochs ? epochs : 1);
  return perEpoch - workNs;
}
} // namespace

int main(int argc, char **argv) {
  const unsigned trips = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10))
                                  : 200000;
  std::thread echo([trips] {
    for (unsigned i = 1; i <= trips; ++i) {
      while (ping.value.load(std::memory_order_acquire) != i) {
      }
      pong.value.store(i, std::memory_order_release);
    }
  });
  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned i = 1; i <= trips; ++i) {
    ping.value.store(i, std::memory_order_release);
    while (pong.value.load(std::memory_order_acquire) != i) {
    }
  }
  const auto t1 = std::chrono::steady_clock::now();
  echo.join();
  std::printf("round trip: %.0f ns\n",
              std::chrono::duration<double, std::nano>(t1 - t0).count() / (trips ? trips : 1));
  // About a thread's share of a 64-cycle epoch of examples/vecadd.s on 4
  // SMs (bench/README.md).
  constexpr double kWorkNs = 2500;
  std::printf("epoch hand-off: %.0f ns (two threads, %.1f us of work each an epoch)\n",
              epochHandOffNs(std::max(1000u, trips / 20), kWorkNs), kWorkNs / 1000);
  return 0;
}

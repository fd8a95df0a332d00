//===-- core_roundtrip.cpp - How far apart two host cores are -------------===//
//
// Two threads pass a counter back and forth through two cache lines; the
// time per round trip is what any hand-off between host threads costs at
// least (a parallel epoch has three per epoch, docs/parallel-epochs.md). On
// a virtual machine it varies with where the host places the vCPUs, so
// bench/threads_scaling.py reports it next to its figures.
//
//   simt-core-roundtrip [round-trips]   prints "round trip: N ns"
//
//===----------------------------------------------------------------------===//
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
  return 0;
}

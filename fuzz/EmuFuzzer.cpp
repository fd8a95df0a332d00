//===-- EmuFuzzer.cpp - libFuzzer target: the emulator, structure-aware ---===//
//
// The input is a kernel of fuzzed instruction words (WordKernel.h: a launch
// shape, a scheduler seed in the header's two bytes, the words). The kernel
// runs under the round-robin and the random scheduler with a step limit:
// neither may crash, and, when both finish, they must agree on whether it
// faulted and, if not, on every byte stored. The random run is repeated
// under parallel epochs with one and with two host threads, which must agree
// on everything.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"
#include "fuzz/WordKernel.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace simt;

namespace {

fuzz::Outcome run(const fuzz::WordKernel &K, emu::SchedPolicy Sched, uint64_t Seed,
                  bool Parallel = false, uint32_t Threads = 1) {
  emu::DeviceConfig Cfg;
  Cfg.sms = 2;
  Cfg.sched = Sched;
  Cfg.seed = Seed;
  Cfg.parallelEpochs = Parallel;
  Cfg.threads = Threads;
  Cfg.maxSteps = fuzz::kMaxDeviceSteps;
  return fuzz::runWordKernel(K, Cfg);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::optional<fuzz::WordKernel> K = fuzz::wordKernel(Data, Size);
  if (!K)
    return 0;
  const uint64_t Seed = K->header[0] | uint64_t(K->header[1]) << 8;

  const fuzz::Outcome RR = run(*K, emu::SchedPolicy::RoundRobin, 0);
  const fuzz::Outcome Random = run(*K, emu::SchedPolicy::Random, Seed);
  // Parallel epochs: one host thread and two must agree on everything,
  // whatever the kernel does (docs/parallel-epochs.md).
  const fuzz::Outcome Par1 = run(*K, emu::SchedPolicy::Random, Seed, true, 1);
  const fuzz::Outcome Par2 = run(*K, emu::SchedPolicy::Random, Seed, true, 2);
  if (Par1.status != Par2.status || Par1.memory != Par2.memory) {
    std::fprintf(stderr, "EmuFuzzer: parallel epochs differ between 1 and 2 host threads "
                         "(status %d vs %d)\n", int(Par1.status), int(Par2.status));
    std::abort();
  }
  if (RR.status == emu::RunStatus::StepLimit || Random.status == emu::RunStatus::StepLimit ||
      Par1.status == emu::RunStatus::StepLimit)
    return 0;
  const bool Agree = RR.status == Random.status && RR.status == Par1.status &&
                     (RR.status == emu::RunStatus::Fault ||
                      (RR.memory == Random.memory && RR.memory == Par1.memory));
  if (!Agree) {
    std::fprintf(stderr, "EmuFuzzer: the schedules disagree (status %d, %d, parallel %d)\n",
                 int(RR.status), int(Random.status), int(Par1.status));
    for (size_t I = 0; I + 4 <= RR.memory.size(); I += 4) {
      uint32_t A, B;
      std::memcpy(&A, &RR.memory[I], 4);
      std::memcpy(&B, &Random.memory[I], 4);
      if (A != B)
        std::fprintf(stderr, "  thread %zu R%zu: 0x%08x (round-robin) vs 0x%08x (random)\n",
                     I / fuzz::kBytesPerThread, I % fuzz::kBytesPerThread / 4, A, B);
    }
    std::abort();
  }
  return 0;
}

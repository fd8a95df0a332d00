//===-- JitFuzzer.cpp - libFuzzer target: the JIT against the interpreter -===//
//
// The input is a kernel of fuzzed instruction words (WordKernel.h); the
// header's two bytes choose the SMs, the epoch length (which bounds a
// compiled round) and where to cut the run. The kernel runs with --jit off
// and with --jit on (every run of ALU instructions compiled at the launch)
// under the round-robin scheduler, where compiled rounds apply, and all
// state must agree: status, fault report, memory, the statistics, and every
// resident warp's registers, predicates, condition codes, SIMT stack, clock
// and counts. Then both runs stop again after a number of steps taken from
// the input (the step budget stops a compiled round where the interpreter
// would stop: docs/jit.md), which compares that state in the middle of the
// kernel, between compiled rounds and inside them.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"
#include "fuzz/WordKernel.h"

#include "emu/jit/OrcJitCompiler.h"
#include "emu/report/StatsJson.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace simt;

namespace {

void appendf(std::string &Out, const char *Format, auto... Args) {
  char Buf[256];
  std::snprintf(Buf, sizeof(Buf), Format, Args...);
  Out += Buf;
}

/// Everything the interpreter and the JIT must leave alike, one line per
/// item, so that a difference names its warp and register.
void describeDevice(const emu::Device &Dev, std::string &Out) {
  emu::DeviceStats S = Dev.stats();
  S.wallSeconds = 0;
  S.jitMode = emu::JitMode::Off; // the "jit" object is the JIT's own
  S.jitInstr = 0;
  S.jit = {};
  Out += emu::statsToJson(S, {}, false);
  Out += '\n';
  for (uint32_t I = 0; I < Dev.numSms(); ++I) {
    const emu::Sm &Sm = Dev.sm(I);
    appendf(Out, "sm %u cycle %" PRIu64 "\n", I, Sm.cycle());
    for (uint32_t Slot = 0; Slot < Sm.numSlots(); ++Slot) {
      const emu::Warp &W = Sm.warp(Slot);
      if (W.state == emu::WarpState::Free)
        continue;
      const std::string Where = "sm " + std::to_string(I) + " slot " + std::to_string(Slot);
      appendf(Out, "%s: %s ready at %" PRIu64 ", %" PRIu64 " instructions, %" PRIu64 " threads\n",
              Where.c_str(), emu::warpStateName(W.state), W.readyAt, W.instructions, W.threads);
      if (W.hasStack()) {
        const emu::WarpControl &C = W.ctl();
        appendf(Out, "%s: pc %u active %08x launched %08x exited %08x%s, depth %u\n",
                Where.c_str(), C.pc, C.active, C.launched, C.exited,
                C.finished ? " finished" : "", W.stack().depth());
        for (uint32_t L = 0; L < W.stack().depth(); ++L) {
          const emu::SimtLevelView V = W.stack().level(L);
          appendf(Out, "%s: level %u token %016" PRIx64 " removed %08x effective %08x\n",
                  Where.c_str(), L, V.token.pack(), V.pendingRemoval, V.effectiveMask);
        }
      }
      for (unsigned R = 0; R < 64; ++R) {
        appendf(Out, "%s: R%u", Where.c_str(), R);
        for (unsigned Lane = 0; Lane < emu::WarpSize; ++Lane)
          appendf(Out, " %08x", W.regs.r[R][Lane]);
        Out += '\n';
      }
      appendf(Out, "%s: P %08x %08x %08x %08x %08x %08x %08x CC %08x %08x %08x %08x\n",
              Where.c_str(), W.regs.pred[0], W.regs.pred[1], W.regs.pred[2], W.regs.pred[3],
              W.regs.pred[4], W.regs.pred[5], W.regs.pred[6], W.regs.ccZF, W.regs.ccSF,
              W.regs.ccCF, W.regs.ccOF);
    }
  }
}

/// The first line where two descriptions differ, both ways.
void printFirstDifference(const std::string &A, const std::string &B) {
  size_t At = 0;
  while (At < A.size() && At < B.size() && A[At] == B[At])
    ++At;
  const size_t Line = A.rfind('\n', At) == std::string::npos ? 0 : A.rfind('\n', At) + 1;
  auto lineOf = [&](const std::string &S) { return S.substr(Line, S.find('\n', Line) - Line); };
  std::fprintf(stderr, "  interpreted: %s\n  compiled:    %s\n", lineOf(A).c_str(),
               lineOf(B).c_str());
}

/// Warp-instructions run with --jit on, and of those compiled, over all
/// inputs: printed at exit, so that a run shows the JIT was exercised.
uint64_t TotalRun = 0, TotalCompiled = 0;

void printTotals() {
  std::fprintf(stderr, "JitFuzzer: %" PRIu64 " of %" PRIu64 " warp-instructions ran compiled\n",
               TotalCompiled, TotalRun);
}

void expectAlike(const fuzz::Outcome &Off, const fuzz::Outcome &On, const char *When) {
  TotalRun += On.warpInstructions;
  TotalCompiled += On.compiled;
  if (Off.status == On.status && Off.fault == On.fault && Off.memory == On.memory &&
      Off.state == On.state)
    return;
  std::fprintf(stderr, "JitFuzzer: --jit on differs from --jit off %s (status %d vs %d)\n", When,
               int(Off.status), int(On.status));
  if (Off.fault != On.fault)
    std::fprintf(stderr, "%s\n--- vs ---\n%s\n", Off.fault.c_str(), On.fault.c_str());
  if (Off.state != On.state)
    printFirstDifference(Off.state, On.state);
  if (Off.memory != On.memory)
    std::fprintf(stderr, "  the stored registers differ\n");
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const bool Registered = std::atexit(printTotals) == 0;
  (void)Registered;
  const std::optional<fuzz::WordKernel> K = fuzz::wordKernel(Data, Size);
  if (!K)
    return 0;
  static constexpr uint32_t kQuanta[4] = {1, 7, 64, 1024};
  emu::DeviceConfig Off;
  Off.sms = 1 + (K->header[0] >> 2 & 1);
  Off.quantum = kQuanta[K->header[0] & 3];
  Off.sched = emu::SchedPolicy::RoundRobin;
  Off.maxSteps = fuzz::kMaxDeviceSteps;
  emu::DeviceConfig On = Off;
  On.jit = emu::JitMode::On;
  // One compiler for the input's runs: the kernel is compiled once.
  std::string Error;
  const std::shared_ptr<emu::JitCompiler> Jit =
      emu::jit::makeOrcJitCompiler(emu::kDefaultJitCache, emu::kAutoHotIssues, Error);
  if (!Jit) {
    std::fprintf(stderr, "JitFuzzer: no JIT compiler: %s\n", Error.c_str());
    std::abort();
  }

  const fuzz::Outcome Whole = fuzz::runWordKernel(*K, Off, nullptr, describeDevice);
  expectAlike(Whole, fuzz::runWordKernel(*K, On, Jit, describeDevice), "at the end");

  // Stops in the middle: three step budgets below what the whole run took.
  const uint64_t Steps = Whole.warpInstructions;
  uint64_t Mix = K->header[1] * 0x9e3779b97f4a7c15ull + 1;
  for (int Cut = 0; Cut < 3 && Steps > 1; ++Cut) {
    Mix ^= Mix >> 29;
    Mix *= 0xbf58476d1ce4e5b9ull;
    Off.maxSteps = On.maxSteps = 1 + Mix % (Steps - 1);
    char When[64];
    std::snprintf(When, sizeof(When), "after %" PRIu64 " steps", Off.maxSteps);
    expectAlike(fuzz::runWordKernel(*K, Off, nullptr, describeDevice),
                fuzz::runWordKernel(*K, On, Jit, describeDevice), When);
  }
  return 0;
}

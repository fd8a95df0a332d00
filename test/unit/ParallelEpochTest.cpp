//===-- ParallelEpochTest.cpp - Parallel epochs and the store buffer ------===//
//
// The parallel schedule (docs/parallel-epochs.md): an SM's held-back stores
// (forwarding, commit order), isolation between SMs inside an epoch, the
// pause before atomics, and the same results for any number of host threads.
#include "EmuTestKit.h"

#include "emu/device/EpochWorkers.h"
#include "emu/mem/StoreBuffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <initializer_list>
#include <thread>
#include <vector>

namespace simt::emu {
namespace {

using namespace test;

TEST(StoreBuffer, ForwardsOldestFirstAndCommitsInOrder) {
  uint8_t mem[512] = {};
  StoreBuffer sb;
  EXPECT_FALSE(sb.mayHold(mem, sizeof mem));
  const uint32_t a = 0x11111111, b = 0x22222222;
  sb.record(mem + 8, &a, 4);
  sb.record(mem + 10, &b, 4); // overlaps the first: the later store wins
  EXPECT_TRUE(sb.mayHold(mem + 8, 4));
  EXPECT_FALSE(sb.mayHold(mem + 384, 4)); // another 128-byte line
  uint8_t seen[8] = {};
  sb.forward(mem + 8, 8, seen);
  const uint8_t want[8] = {0x11, 0x11, 0x22, 0x22, 0x22, 0x22, 0, 0};
  EXPECT_EQ(std::memcmp(seen, want, 8), 0);
  EXPECT_EQ(mem[8], 0); // held back until the commit
  sb.commit();
  EXPECT_EQ(std::memcmp(mem + 8, want, 6), 0);
  EXPECT_TRUE(sb.empty());
  EXPECT_FALSE(sb.mayHold(mem + 8, 4));
}

TEST(StoreBuffer, ConsecutiveStoresExtendOneEntry) {
  uint8_t mem[256] = {};
  StoreBuffer sb;
  for (uint32_t l = 0; l < 32; ++l)
    sb.record(mem + 4 * l, &l, 4);
  EXPECT_EQ(sb.size(), 1u);
  sb.commit();
  uint32_t v;
  std::memcpy(&v, mem + 4 * 31, 4);
  EXPECT_EQ(v, 31u);
}

TEST(StoreBuffer, LinesOfBuffersMeetOnlyOnASharedLine) {
  alignas(128) uint8_t mem[1024] = {};
  const uint32_t v = 1;
  StoreBuffer a, b, c, none;
  a.record(mem + 0, &v, 4);
  a.record(mem + 124, &v, 4);  // the end of line 0
  b.record(mem + 128, &v, 4);  // line 1: next to a's, not a's
  c.record(mem + 1000, &v, 4); // line 7
  StoreBuffer::LineFilter lines;
  EXPECT_TRUE(a.addLinesTo(lines));
  EXPECT_TRUE(b.addLinesTo(lines));
  EXPECT_TRUE(none.addLinesTo(lines));
  EXPECT_TRUE(c.addLinesTo(lines));
  StoreBuffer d;
  d.record(mem + 1020, &v, 4); // line 7 again: c's
  EXPECT_FALSE(d.addLinesTo(lines));
  d.commit();
  EXPECT_TRUE(d.addLinesTo(lines)) << "a committed buffer stores nowhere";
}

TEST(EpochWorkers, ThenRunsOnEveryThreadOnceEveryItemIsDone) {
  // More threads than this machine may have cores too (no spinning then).
  for (unsigned threads : {2u, 3u, 8u}) {
    EpochWorkers workers(threads);
    for (unsigned round = 0; round < 20; ++round) {
      const unsigned items = 1 + round % 11;
      std::atomic<unsigned> done{0};
      std::vector<std::atomic<unsigned>> thenRuns(threads);
      std::vector<unsigned> doneSeen(threads, 0);
      const std::function<void(unsigned)> job = [&](unsigned i) {
        std::this_thread::sleep_for(std::chrono::microseconds(20 * i)); // later ones end later
        done.fetch_add(1);
      };
      const std::function<void(unsigned)> then = [&](unsigned t) {
        doneSeen[t] = done.load();
        thenRuns[t].fetch_add(1);
      };
      workers.run(items, job, &then);
      for (unsigned t = 0; t < threads; ++t) {
        EXPECT_EQ(thenRuns[t].load(), 1u) << threads << " threads, thread " << t;
        EXPECT_EQ(doneSeen[t], items) << threads << " threads, thread " << t;
      }
      workers.run(items, job); // and without a second phase
      EXPECT_EQ(done.load(), 2 * items);
    }
  }
}

TEST(EpochWorkers, NoItemRunsWhileAThreadIsStillInTheLastSecondPhase) {
  // returnEarly: the caller publishes the next run while helpers may still
  // be in their then(); a helper done early must not start the next run's
  // items while another is still in its then() (an SM's log it replays).
  for (unsigned threads : {2u, 3u, 4u}) {
    EpochWorkers workers(threads);
    std::atomic<unsigned> inThen{0}, overlaps{0};
    const std::function<void(unsigned)> job = [&](unsigned) {
      if (inThen.load() != 0)
        overlaps.fetch_add(1);
    };
    const std::function<void(unsigned)> then = [&](unsigned t) {
      inThen.fetch_add(1);
      // The last helper lingers: the others finish first.
      std::this_thread::sleep_for(std::chrono::microseconds(t == threads - 1 ? 200 : 0));
      inThen.fetch_sub(1);
    };
    for (unsigned round = 0; round < 30; ++round)
      workers.run(2 * threads, job, &then, true);
    workers.wait();
    EXPECT_EQ(overlaps.load(), 0u) << threads << " threads";
  }
}

TEST(EpochWorkers, ParkedHelpersBlockAndWakeForTheNextRun) {
  // Inside a run of epochs the helpers spin (milliseconds) rather than
  // block; parked, they block at once: an idle device costs no CPU. The
  // mechanism is asserted, not a CPU time, which a loaded machine makes a
  // coin toss: helpers that would spin for ever unless parked report that
  // they block.
  EpochWorkers workers(3, EpochWorkers::kSpinUntilParked);
  std::atomic<unsigned> done{0};
  const std::function<void(unsigned)> job = [&](unsigned) { done.fetch_add(1); };
  const std::function<void(unsigned)> then = [&](unsigned) {};
  workers.run(6, job, &then, true);
  workers.park();
  // Both helpers block: only park() ends their spinning. The deadline only
  // keeps a broken park() from hanging the suite.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (workers.blockedHelpers() != 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(workers.blockedHelpers(), 2u) << "a parked helper spins";
  workers.run(6, job, &then, true); // wakes them
  workers.wait();
  EXPECT_EQ(done.load(), 12u);
  // Woken, they are not blocked until they run out of things to do again.
  workers.park();
}

// One thread per CTA, one CTA per SM: X = out[0] is read, then overwritten
// with smid + 1; out[1 + ctaid] = what was read.
Kernel readThenWrite() {
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(1, CTAID_X);
  k.s2r(0, SMID);
  k.iadd(4, 0, imm(1));
  k.mem(Op::LD, 5, 2, 0);
  k.mem(Op::ST, 4, 2, 0);
  k.iadd(6, 1, imm(1));
  k.elemAddr(3, 2, 6, 7);
  k.mem(Op::ST, 5, 3, 0);
  k.exit();
  return k;
}

/// r8 = ctaid * perCta + tid.x and r3 = &out[r8], out being the first
/// parameter.
void indexElement(Kernel &k, int32_t perCta) {
  k.mov(2, cbank(0, 0x20));
  k.s2r(1, CTAID_X);
  k.s2r(0, TID_X);
  k.imad(8, 1, imm(perCta), 0);
  k.elemAddr(3, 2, 8, 7);
}

DeviceConfig fourSms(bool parallel, uint32_t threads = 1) {
  DeviceConfig cfg;
  cfg.sms = 4;
  cfg.warpsPerSm = 1;
  cfg.l2.memLatency = 0; // every CTA's load and store fall in the first epoch
  cfg.parallelEpochs = parallel;
  cfg.threads = threads;
  return cfg;
}

TEST(ParallelEpoch, SmsDoNotSeeEachOthersStoresWithinAnEpoch) {
  // Serial: SM n runs after SMs 0..n-1 and reads SM n-1's store.
  Rig serial(fourSms(false));
  Kernel k = readThenWrite();
  ASSERT_NE(serial.launch(k, 4, 1, {serial.base()}), 0u);
  EXPECT_EQ(serial.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t c = 0; c < 4; ++c)
    EXPECT_EQ(serial.u32(4 + 4 * c), c) << "CTA " << c;
  EXPECT_EQ(serial.u32(0), 4u);

  // Parallel: every SM reads X as the epoch began; the last SM's store wins.
  for (uint32_t threads : {1u, 2u, 4u}) {
    Rig par(fourSms(true, threads));
    ASSERT_NE(par.launch(k, 4, 1, {par.base()}), 0u);
    EXPECT_EQ(par.dev->runUntilIdle().status, RunStatus::Idle);
    for (uint32_t c = 0; c < 4; ++c)
      EXPECT_EQ(par.u32(4 + 4 * c), 0u) << "CTA " << c << ", " << threads << " threads";
    EXPECT_EQ(par.u32(0), 4u);
  }
}

TEST(ParallelEpoch, AnSmSeesItsOwnStores) {
  // Store 7, load it back in the same epoch (forwarded from the buffer).
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov32(4, 7);
  k.mem(Op::ST, 4, 2, 0);
  k.mem(Op::LD, 5, 2, 0);
  k.mem(Op::ST, 5, 2, 4);
  k.exit();
  Rig par(fourSms(true, 2));
  ASSERT_NE(par.launch(k, 1, 32, {par.base()}), 0u);
  EXPECT_EQ(par.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(par.u32(4), 7u);
}

TEST(ParallelEpoch, AtomicsRunInTurnAfterTheCommit) {
  // Every SM pauses before its ATOM; the paused SMs then run in SM order,
  // so CTA n (on SM n) takes ticket n, whatever the thread count.
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(1, CTAID_X);
  k.mov32(4, 1);
  k.atom(5, 2, 0, 4, A_ADD);
  k.iadd(6, 1, imm(1));
  k.elemAddr(3, 2, 6, 7);
  k.mem(Op::ST, 5, 3, 0);
  k.exit();
  for (uint32_t threads : {1u, 2u}) {
    Rig par(fourSms(true, threads));
    ASSERT_NE(par.launch(k, 4, 1, {par.base()}), 0u);
    EXPECT_EQ(par.dev->runUntilIdle().status, RunStatus::Idle);
    EXPECT_EQ(par.u32(0), 4u);
    for (uint32_t c = 0; c < 4; ++c)
      EXPECT_EQ(par.u32(4 + 4 * c), c) << "CTA " << c << ", " << threads << " threads";
  }
}

// docs/parallel-epochs.md: an isolated SM pauses before the global atomics
// and reductions and the global locks' LDLK and STUL, not before shared
// memory's locks, which no other SM sees.
TEST(ParallelEpoch, PausesBeforeGlobalAtomicsAndLocksOnly) {
  const std::initializer_list<Op> pausing = {Op::ATOM, Op::ATOMCAS, Op::ATOMS64,
                                             Op::RED,  Op::LDLK,    Op::STUL};
  for (unsigned i = 0; i <= static_cast<unsigned>(Op::NumOps); ++i) {
    Inst inst;
    inst.op = Op(i);
    EXPECT_EQ(Sm::serializes(inst),
              std::find(pausing.begin(), pausing.end(), inst.op) != pausing.end())
        << (inst.op < Op::NumOps ? opInfo(inst.op).record : "an undefined encoding");
  }
}

/// out[i] += i for the element i of each thread (64 a CTA): a load, an add
/// and a store.
Kernel addIndex() {
  Kernel k;
  indexElement(k, 64);
  k.mem(Op::LD, 5, 3, 0);
  k.iadd(5, 5, reg(8));
  k.mem(Op::ST, 5, 3, 0);
  k.exit();
  return k;
}

/// The device's statistics without the one figure that varies by run.
std::string statsWithoutWallTime(const Device &dev) {
  std::string json = dev.statsJson();
  const size_t at = json.find("\"wall_seconds\"");
  json.erase(at, json.find(',', at) - at);
  return json;
}

TEST(ParallelEpoch, StatisticsDoNotDependOnThreads) {
  // Many CTAs with default latencies: dispatch inside epochs and at their
  // ends, L2 replays.
  const Kernel k = addIndex();
  std::string want;
  for (uint32_t threads : {1u, 2u, 4u}) {
    DeviceConfig cfg;
    cfg.parallelEpochs = true;
    cfg.threads = threads;
    Rig par(cfg, 1 << 16);
    ASSERT_NE(par.launch(k, 200, 64, {par.base()}), 0u);
    EXPECT_EQ(par.dev->runUntilIdle().status, RunStatus::Idle);
    for (uint32_t i = 0; i < 200 * 64; i += 997)
      EXPECT_EQ(par.u32(4 * i), i);
    const std::string json = statsWithoutWallTime(*par.dev);
    if (want.empty())
      want = json;
    EXPECT_EQ(json, want) << threads << " threads";
  }
}

TEST(ParallelEpoch, QuietEpochsPassAsIfRun) {
  // Every warp waits for its loads (a 600-cycle memory latency against
  // 64-cycle epochs): most epochs have nothing to issue. Passing over them
  // must leave what running them leaves: statistics, clocks, and the warp
  // uids the skipped epochs' reservations take -- also when the run stops
  // part way, at the end of a skipped epoch (advance), and goes on.
  const Kernel k = addIndex();
  auto trace = [&](bool skip, uint32_t threads) {
    DeviceConfig cfg;
    cfg.parallelEpochs = true;
    cfg.skipQuietEpochs = skip;
    cfg.threads = threads;
    cfg.warpsPerSm = 8;
    cfg.l2.memLatency = 600;
    Rig rig(cfg, 1 << 16);
    EXPECT_NE(rig.launch(k, 150, 64, {rig.base()}), 0u);
    std::string seen;
    for (int step = 0; step < 40; ++step) {
      EXPECT_EQ(rig.dev->advance(15 * 64).status, RunStatus::Advanced);
      seen += "@" + std::to_string(rig.dev->cycle());
      for (uint32_t s = 0; s < rig.dev->numSms(); ++s) {
        const Sm &sm = rig.dev->sm(s);
        seen += " sm" + std::to_string(s) + ":" + std::to_string(sm.cycle());
        for (uint32_t slot = 0; slot < sm.numSlots(); ++slot)
          if (sm.residentMask() >> slot & 1)
            seen += "," + std::to_string(sm.warp(slot).uid);
      }
      seen += "\n";
    }
    EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
    for (uint32_t i = 0; i < 150 * 64; i += 331)
      EXPECT_EQ(rig.u32(4 * i), i);
    return seen + statsWithoutWallTime(*rig.dev);
  };
  const std::string run = trace(false, 1);
  for (uint32_t threads : {1u, 2u})
    EXPECT_EQ(trace(true, threads), run) << threads << " threads";
}

TEST(ParallelEpoch, CtasStartAsRoomFreesInsideAnEpoch) {
  // Two CTAs at a time per SM, a loop of 37 iterations each, no memory:
  // each SM starts the CTAs reserved for it as its CTAs finish, so slots
  // refill as in the serial schedule -- the same cycles (17632), where
  // starting them only at the epoch's end left SMs idle (19408).
  Kernel k;
  k.mov32(1, 37);
  const uint32_t loop = k.here();
  k.isetp(0, 1, imm(0), C_GT);
  k.iadd(1, 1, imm(-1), P(0));
  k.bra(loop, P(0));
  k.exit();
  uint64_t cycles[2] = {};
  for (bool parallel : {false, true})
    for (uint32_t threads : {1u, 2u}) {
      DeviceConfig cfg;
      cfg.sms = 4;
      cfg.warpsPerSm = 4; // two CTAs per SM: a finished one leaves room
      cfg.parallelEpochs = parallel;
      cfg.threads = threads;
      Rig rig(cfg);
      ASSERT_NE(rig.launch(k, 300, 64), 0u);
      EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
      if (!parallel && threads == 2)
        continue;
      cycles[parallel] = rig.dev->cycle();
      if (parallel) {
        EXPECT_EQ(cycles[1], cycles[0]) << threads << " threads";
      }
    }
  EXPECT_GT(cycles[0], 0u);
}

TEST(ParallelEpoch, GridStoppedAtItsEndLeavesNewCtasOfOthersAlone) {
  // Grid A fills both SMs and ends holding a lock: a fault at its end. Its
  // first CTA to finish makes room for grid B's first CTA in the same
  // hand-over, so the fault's freeze of A's warps must not take B's warp,
  // whose slot A's warp held (with threads, B's CTA is set up later).
  Kernel a = holdsCtaLockAtExit(0);
  Kernel b;
  indexElement(b, 32);
  b.iadd(5, 8, imm(1));
  b.mem(Op::ST, 5, 3, 0);
  b.exit();
  for (uint32_t threads : {1u, 2u, 4u}) {
    DeviceConfig cfg = fourSms(true, threads);
    cfg.sms = 2;
    Rig par(cfg);
    const GridId ga = par.launch(a, 2, 32, {par.base()});
    const GridId gb = par.launch(b, 8, 32, {par.base() + 0x100});
    RunResult r = par.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault) << threads << " threads";
    EXPECT_EQ(r.grid, ga);
    EXPECT_EQ(r.fault->kind, FaultKind::LockNotReleased);
    EXPECT_EQ(par.dev->runUntilIdle().status, RunStatus::Idle) << threads << " threads";
    EXPECT_EQ(par.dev->gridState(gb), GridState::Done) << threads << " threads";
    for (uint32_t i = 0; i < 8 * 32; ++i)
      ASSERT_EQ(par.u32(0x100 + 4 * i), i + 1) << "element " << i << ", " << threads;
  }
}

} // namespace
} // namespace simt::emu

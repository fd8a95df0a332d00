//===-- EmuDeviceTest.cpp - The emulator core: dispatch and scheduling ----===//
//
// The emulator core: CTA dispatch, scheduling, concurrent grids, the clock,
// statistics, step limit, trace/break hooks, the run watcher, the debugger's
// stepWarp, constant banks.
#include "EmuTestKit.h"

#include "emu/mem/ConstCache.h"
#include "emu/mem/ConstStore.h"

#include <gtest/gtest.h>

#include <set>

namespace simt::emu {
namespace {

using namespace test;

// out[ctaid.x] = smid (every lane stores the same value).
Kernel smidKernel() {
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(1, CTAID_X);
  k.s2r(0, SMID);
  k.elemAddr(3, 2, 1, 4);
  k.mem(Op::ST, 0, 3, 0);
  k.exit();
  return k;
}

TEST(EmuDevice, CtasSpreadOverSmsInTurn) {
  DeviceConfig cfg;
  cfg.sms = 4;
  cfg.warpsPerSm = 4; // two 64-thread CTAs per SM
  Rig rig(cfg);
  Kernel k = smidKernel();
  GridId g = rig.launch(k, 10, 64, {rig.base()});
  ASSERT_NE(g, 0u);
  // Dispatched at launch, in order, each to the least-loaded SM (ties in
  // turn): CTAs 0..3 to SMs 0..3, CTAs 4..7 to SMs 0..3 again.
  for (uint32_t s = 0; s < 4; ++s)
    EXPECT_EQ(rig.dev->sm(s).ctas().size(), 2u) << "sm " << s;
  RunResult r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(rig.u32(4 * i), i % 4) << "cta " << i;
  // CTAs 8 and 9 went where room freed first: SM 0 (it runs first), the
  // only SM with room then, however loaded the others.
  EXPECT_EQ(rig.u32(32), 0u);
  EXPECT_EQ(rig.u32(36), 0u);
}

TEST(EmuDevice, SmallGridUsesEverySm) {
  Rig rig;
  Kernel k = smidKernel();
  rig.launch(k, 3, 32, {rig.base()});
  rig.dev->runUntilIdle();
  EXPECT_EQ(rig.u32(0), 0u);
  EXPECT_EQ(rig.u32(4), 1u);
  EXPECT_EQ(rig.u32(8), 2u);
}

TEST(EmuDevice, EquallyLoadedSmsTakeCtasInTurnAcrossLaunches) {
  // One-CTA grids, each done before the next: every SM is empty at each
  // launch, and the round robin goes on from the SM after the last one
  // given a CTA, wrapping around.
  Rig rig;
  Kernel k = smidKernel();
  for (uint32_t i = 0; i < 6; ++i) {
    LaunchParams p = rig.params(k, 1, 32, {rig.base() + 4 * i});
    ASSERT_TRUE(rig.dev->launch(std::move(p)).ok());
    rig.dev->runUntilIdle();
  }
  const uint32_t expect[6] = {0, 1, 2, 3, 0, 1};
  for (uint32_t i = 0; i < 6; ++i)
    EXPECT_EQ(rig.u32(4 * i), expect[i]) << "launch " << i;
}

TEST(EmuDevice, LeastLoadedSmWithRoomWins) {
  DeviceConfig cfg;
  cfg.warpsPerSm = 16;
  Rig rig(cfg);
  Kernel spin = countingLoop(400);
  ASSERT_NE(rig.launch(spin, 1, 512), 0u); // 16 warps: SM 0 is full
  // One-warp CTAs: SMs 1..3 in turn; then every SM holds one CTA, but SM 0,
  // next in turn, has no room, so SM 1 and the others follow.
  Kernel k = smidKernel();
  rig.launch(k, 7, 32, {rig.base()});
  EXPECT_EQ(rig.dev->sm(0).ctas().size(), 1u);
  EXPECT_EQ(rig.dev->sm(1).ctas().size(), 3u);
  rig.dev->runUntilIdle();
  const uint32_t expect[7] = {1, 2, 3, 1, 2, 3, 1};
  for (uint32_t i = 0; i < 7; ++i)
    EXPECT_EQ(rig.u32(4 * i), expect[i]) << "cta " << i;
}

TEST(EmuDevice, LaunchErrors) {
  DeviceConfig cfg;
  cfg.warpsPerSm = 16;
  Rig rig(cfg);
  Kernel k = smidKernel();
  LaunchParams p = rig.params(k, 1, 1024);
  LaunchResult r = rig.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("warps"), std::string::npos) << r.error;

  Rig rig2;
  p = rig2.params(k, 1, 1024);
  p.kernel.regs = 63; // 63 * 1024 > 32768
  r = rig2.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("registers"), std::string::npos) << r.error;

  p = rig2.params(k, 1, 32);
  p.dynamicShared = 49 * 1024;
  r = rig2.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("shared"), std::string::npos) << r.error;

  p = rig2.params(k, 1, 1025);
  EXPECT_FALSE(rig2.dev->launch(p).ok());
  p = rig2.params(k, 0, 32);
  EXPECT_FALSE(rig2.dev->launch(p).ok());
  EXPECT_TRUE(rig2.dev->idle());

  // Sizes past isa/SIMTLimits.h are refused at the launch, whoever built it:
  // a local window of 128 MiB per thread was truncated to 32 bits per warp
  // and lanes wrote past the buffer; a huge SIMT stack overflowed the same
  // arithmetic; a huge register count overflowed the per-CTA total.
  p = rig2.params(k, 1, 32);
  p.kernel.local = 0x8000000;
  r = rig2.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("134217728 bytes of local memory per thread; the limit is 524288"),
            std::string::npos)
      << r.error;
  p = rig2.params(k, 1, 32);
  p.maxStack = 0x20000000;
  r = rig2.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("a SIMT stack of 536870912 entries; the limit is 65536"), std::string::npos)
      << r.error;
  p = rig2.params(k, 1, 32);
  p.kernel.regs = 0x8000000;
  r = rig2.dev->launch(p);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("134217728 registers per thread; the limit is 63"), std::string::npos)
      << r.error;
  // At the limits, a CTA launches and runs.
  p = rig2.params(k, 1, 64, {rig2.base()});
  p.kernel.local = 512 * 1024;
  p.maxStack = 65536;
  ASSERT_TRUE(rig2.dev->launch(p).ok());
  EXPECT_EQ(rig2.dev->runUntilIdle().status, RunStatus::Idle);

  DeviceConfig bad;
  bad.warpsPerSm = 65;
  EXPECT_FALSE(bad.validate().empty());
  bad = {};
  bad.stackCache.entries = 6;
  EXPECT_FALSE(bad.validate().empty());
}

// out[gtid] = old value of an atomic counter: the order threads got there.
Kernel orderKernel() {
  Kernel k;
  k.mov(2, cbank(0, 0x20)); // out
  k.mov(5, cbank(0, 0x28)); // counter
  k.s2r(0, TID_X);
  k.s2r(8, WARPID);
  // Warps do different amounts of work first, so the schedule matters.
  k.mov32(9, 0);
  uint32_t loop = k.here();
  k.iadd(9, 9, imm(1));
  k.isetp(1, 9, reg(8), C_LE);
  k.bra(loop, P(1));
  k.mov32(6, 1);
  k.atom(7, 5, 0, 6, A_ADD);
  k.elemAddr(3, 2, 0, 4);
  k.mem(Op::ST, 7, 3, 0);
  k.exit();
  return k;
}

std::vector<uint32_t> runOrder(SchedPolicy policy, uint64_t seed) {
  DeviceConfig cfg;
  cfg.sms = 1;
  cfg.sched = policy;
  cfg.seed = seed;
  Rig rig(cfg);
  Kernel k = orderKernel();
  rig.launch(k, 1, 256, {rig.base(), rig.base() + 0x1000});
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  std::vector<uint32_t> out(256);
  for (int i = 0; i < 256; ++i)
    out[i] = rig.u32(4 * i);
  return out;
}

TEST(EmuDevice, SchedulingIsDeterministic) {
  const auto rr1 = runOrder(SchedPolicy::RoundRobin, 0);
  const auto rr2 = runOrder(SchedPolicy::RoundRobin, 7);
  EXPECT_EQ(rr1, rr2);
  // Round robin: warp w finishes its delay loop before warp w+1.
  for (uint32_t i = 0; i < 256; ++i)
    EXPECT_EQ(rr1[i], i);
  const auto a = runOrder(SchedPolicy::Random, 1);
  const auto b = runOrder(SchedPolicy::Random, 1);
  EXPECT_EQ(a, b);
  bool differs = false;
  for (uint64_t seed = 2; seed < 6 && !differs; ++seed)
    differs = runOrder(SchedPolicy::Random, seed) != a;
  EXPECT_TRUE(differs);
  // Every run is a permutation of 0..255 with lanes in order within a warp.
  std::set<uint32_t> seen(a.begin(), a.end());
  EXPECT_EQ(seen.size(), 256u);
  for (uint32_t w = 0; w < 8; ++w)
    for (uint32_t l = 1; l < 32; ++l)
      EXPECT_EQ(a[w * 32 + l], a[w * 32] + l);
}

TEST(EmuDevice, ConcurrentGridsAndRunUntil) {
  Rig rig;
  // Grid A spins for a while; grid B is short. Both are resident at once.
  Kernel spin = countingLoop(500);
  Kernel k = smidKernel();
  GridId a = rig.launch(spin, 2, 32);
  GridId b = rig.launch(k, 1, 32, {rig.base()});
  EXPECT_EQ(rig.dev->runningGrids().size(), 2u);
  RunResult r = rig.dev->runUntil(b);
  EXPECT_EQ(r.status, RunStatus::GridDone);
  EXPECT_EQ(rig.dev->gridState(b), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(a), GridState::Running);
  EXPECT_EQ(rig.u32(0), 2u); // A's CTAs went to SMs 0 and 1, B's to the next idle SM
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(a), GridState::Done);
  EXPECT_GT(rig.dev->grid(a)->endCycle, rig.dev->grid(b)->endCycle);
}

TEST(EmuDevice, AdvanceAndClock) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, CLOCK);
  k.mov32(9, 0);
  uint32_t loop = k.here();
  k.iadd(9, 9, imm(1));
  k.isetp(1, 9, imm(100), C_LT);
  k.bra(loop, P(1));
  k.s2r(1, CLOCK);
  k.mem(Op::ST, 0, 2, 0);
  k.mem(Op::ST, 1, 2, 4);
  k.exit();
  rig.launch(k, 1, 32, {rig.base()});
  RunResult r = rig.dev->advance(50);
  EXPECT_EQ(r.status, RunStatus::Advanced);
  EXPECT_EQ(rig.dev->cycle(), 50u);
  EXPECT_FALSE(rig.dev->idle());
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Idle);
  // One warp alone issues every cycle: 3 instructions per iteration.
  EXPECT_EQ(rig.u32(4) - rig.u32(0), 302u);
  EXPECT_EQ(rig.dev->cycle(), 307u);
  // advance with nothing running still moves the clock.
  rig.dev->advance(10);
  EXPECT_EQ(rig.dev->cycle(), 317u);
}

TEST(EmuDevice, StatisticsCounts) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, TID_X);
  k.isetp(0, 0, imm(8), C_LT);
  k.elemAddr(3, 2, 0, 4, 2);
  k.mem(Op::ST, 0, 3, 0, W32, false, P(0)); // 8 of 32 lanes
  k.exit();
  rig.launch(k, 2, 32, {rig.base()});
  rig.dev->runUntilIdle();
  DeviceStats s = rig.dev->stats();
  EXPECT_EQ(s.instr.warp(), 2u * 7u);
  EXPECT_EQ(s.instr.thread, 2u * (6 * 32 + 8));
  auto by = s.byMnemonic();
  std::map<std::string, uint64_t> m(by.begin(), by.end());
  EXPECT_EQ(m["ST"], 2u);
  EXPECT_EQ(m["MOV"], 2u);
  EXPECT_EQ(m["EXIT"], 2u);
  EXPECT_NEAR(s.simdEfficiency(), (6 * 32 + 8) / (32.0 * 7), 1e-12);
  std::string json = statsToJson(s);
  for (const char *key : {"\"schema\": 1", "\"instructions\"", "\"by_opcode\"", "\"simt\"",
                          "\"simd_efficiency\"", "\"stack_cache\"", "\"stall_cycles\"",
                          "\"cycles\"", "\"wall_seconds\"", "\"by_sm\"", "\"cycles_busy\""})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  EXPECT_EQ(json.find("by_warp"), std::string::npos);
  EXPECT_EQ(s.bySm.size(), 4u);
  for (uint32_t sm = 0; sm < 2; ++sm) { // one CTA each on SMs 0 and 1
    EXPECT_EQ(s.bySm[sm].instr.warp(), 7u);
    EXPECT_EQ(s.bySm[sm].cyclesBusy, 7u);
  }
  EXPECT_EQ(s.bySm[2].instr.warp(), 0u);

  DeviceConfig cfg;
  cfg.statsDetail = true;
  Rig rig2(cfg);
  rig2.launch(k, 2, 32, {rig2.base()});
  rig2.dev->runUntilIdle();
  s = rig2.dev->stats();
  ASSERT_EQ(s.byWarp.size(), 2u);
  EXPECT_EQ(s.byWarp[0].instructions, 7u);
  EXPECT_EQ(s.byWarp[1].cta[0], 1u);
  EXPECT_NE(statsToJson(s).find("\"by_warp\""), std::string::npos);
  rig2.dev->resetStats();
  EXPECT_EQ(rig2.dev->stats().instr.warp(), 0u);
}

TEST(EmuDevice, JsonWriterShape) {
  JsonWriter w;
  w.beginObject();
  w.field("a", uint64_t{1});
  w.key("b").beginArray().value(1.5).value("x\"y").endArray();
  w.key("c").beginObject().endObject();
  w.endObject();
  EXPECT_EQ(w.str(), "{\n  \"a\": 1,\n  \"b\": [\n    1.5,\n    \"x\\\"y\"\n  ],\n  \"c\": {}\n}");
  JsonWriter c(false);
  c.beginObject().field("k", 0.0).endObject();
  EXPECT_EQ(c.str(), "{\"k\":0.0}");
}

TEST(EmuDevice, StepLimit) {
  DeviceConfig cfg;
  cfg.maxSteps = 1000;
  Rig rig(cfg);
  Kernel k;
  k.bra(0); // forever
  GridId g = rig.launch(k, 1, 32);
  RunResult r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::StepLimit);
  EXPECT_NE(r.message.find("max-steps"), std::string::npos) << r.message;
  // Where it stopped, as a fault report says it: the warp about to issue.
  EXPECT_NE(r.message.find("kernel 'k' (grid 1)"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("cta (0,0,0) warp 0 lanes 0-31 (0xffffffff) pc 0x0000"),
            std::string::npos)
      << r.message;
  EXPECT_NE(rig.dev->warp(r.warp), nullptr);
  EXPECT_EQ(rig.dev->steps(), 1000u);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Running);
  // A run at the limit stops at once and says where, too.
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::StepLimit);
  EXPECT_NE(r.message.find("pc 0x0000"), std::string::npos) << r.message;
  rig.dev->discardGrid(g);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Discarded);
  EXPECT_TRUE(rig.dev->idle());
  EXPECT_TRUE(rig.dev->sm(0).empty());
}

TEST(EmuDevice, StoppedGridHoldsSmUntilDiscarded) {
  DeviceConfig cfg;
  cfg.sms = 1;
  cfg.warpsPerSm = 2;
  Rig rig(cfg);
  Kernel bad;
  bad.emit(Op::BPT);
  bad.last().mod[SIMT::MG_Bpt] = uint8_t(SIMT::Bpt::TRAP);
  Kernel k = smidKernel();
  GridId a = rig.launch(bad, 1, 64);
  GridId b = rig.launch(k, 1, 64, {rig.base()});
  rig.setU32(0, 0xdead);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.grid, a);
  EXPECT_EQ(rig.dev->gridState(b), GridState::Running);
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Blocked);
  EXPECT_FALSE(r.message.empty());
  rig.dev->discardGrid(a);
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(b), GridState::Done);
  EXPECT_EQ(rig.u32(0), 0u);
}

struct TraceLog {
  std::vector<TraceRecord> records;
  static void hook(void *ctx, const TraceRecord &r) {
    static_cast<TraceLog *>(ctx)->records.push_back(r);
  }
};

TEST(EmuDevice, TraceHookRecordsWrites) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.isetp(1, 0, imm(4), C_LT);
  k.mov32(5, 7, P(1));
  k.exit();
  TraceLog log;
  rig.trace(&TraceLog::hook, &log);
  rig.launch(k, 1, 32);
  rig.dev->runUntilIdle();
  ASSERT_EQ(log.records.size(), 4u);
  const TraceRecord &t = log.records[2];
  EXPECT_EQ(t.pc, 16u);
  EXPECT_EQ(t.participating, 0xfu);
  EXPECT_EQ(t.activeBefore, AllLanes);
  ASSERT_EQ(t.regs.size(), 1u);
  EXPECT_EQ(t.regs[0].reg, 5);
  EXPECT_EQ(t.regs[0].lanes, 0xfu);
  EXPECT_EQ(t.regs[0].value[3], 7u);
  ASSERT_EQ(log.records[1].preds.size(), 1u);
  EXPECT_EQ(log.records[1].preds[0].value, 0xfu);
  EXPECT_TRUE(log.records[3].finished);
}

struct BreakAt {
  uint32_t pc;
  int hits = 0;
  static bool hook(void *ctx, const BreakQuery &q) {
    auto *b = static_cast<BreakAt *>(ctx);
    if (q.pc != b->pc)
      return false;
    ++b->hits;
    return true;
  }
};

TEST(EmuDevice, BreakpointsAndStepWarp) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov32(5, 1);
  k.mov32(5, 2); // pc 0x10
  k.mov32(5, 3);
  k.mem(Op::ST, 5, 2, 0);
  k.exit();
  BreakAt b{0x10};
  rig.breaks(&BreakAt::hook, &b);
  rig.dev->setBreakSite(k.code, 0x10, true);
  rig.launch(k, 1, 32, {rig.base()});
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Breakpoint);
  Warp *w = rig.dev->warp(r.warp);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->pcBytes(), 0x10u);
  EXPECT_EQ(w->regs.r[5][0], 1u);
  // stepi: one instruction of this warp.
  r = rig.dev->stepWarp(r.warp);
  EXPECT_EQ(r.status, RunStatus::Stepped);
  EXPECT_EQ(w->pcBytes(), 0x18u);
  EXPECT_EQ(w->regs.r[5][31], 2u);
  auto infos = rig.dev->warps();
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].pc, 0x18u);
  EXPECT_EQ(infos[0].state, WarpState::Active);
  r = rig.dev->runUntilIdle();
  EXPECT_EQ(r.status, RunStatus::Idle);
  EXPECT_EQ(rig.u32(0), 3u);
  EXPECT_EQ(b.hits, 1);
}

TEST(EmuDevice, ContinueFromBreakpoint) {
  Rig rig;
  Kernel k;
  k.mov32(9, 0);
  uint32_t loop = k.here();
  k.iadd(9, 9, imm(1)); // breakpoint here: hit 3 times
  k.isetp(1, 9, imm(3), C_LT);
  k.bra(loop, P(1));
  k.exit();
  BreakAt b{loop};
  rig.breaks(&BreakAt::hook, &b);
  rig.launch(k, 1, 32);
  rig.dev->setBreakSite(k.code, loop, true); // after the launch: applies to it too
  int stops = 0;
  for (;;) {
    RunResult r = rig.dev->runUntilIdle();
    if (r.status != RunStatus::Breakpoint)
      break;
    ++stops;
    rig.dev->resumeFrom(r.warp);
  }
  EXPECT_EQ(stops, 3);
}

/// Counts the queries, stops at none.
struct QueryLog {
  std::vector<uint32_t> pcs;
  std::vector<bool> sites;
  static bool hook(void *ctx, const BreakQuery &q) {
    auto *l = static_cast<QueryLog *>(ctx);
    l->pcs.push_back(q.pc);
    l->sites.push_back(q.site);
    return false;
  }
};

TEST(EmuDevice, BreakHookAskedOnlyAtSites) {
  Rig rig;
  Kernel k;
  k.mov32(5, 1);
  k.mov32(5, 2); // pc 0x08: the site
  k.mov32(5, 3);
  k.exit();
  QueryLog log;
  rig.breaks(&QueryLog::hook, &log);
  rig.dev->setBreakSite(k.code, 0x08, true);
  rig.launch(k, 2, 64); // 4 warps
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  ASSERT_EQ(log.pcs.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(log.pcs[i], 0x08u);
    EXPECT_TRUE(log.sites[i]);
  }
  // Everywhere: every instruction of every warp, sites flagged.
  log = {};
  rig.dev->setBreakEverywhere(true);
  rig.launch(k, 1, 32);
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  ASSERT_EQ(log.pcs.size(), 4u);
  EXPECT_FALSE(log.sites[0]);
  EXPECT_TRUE(log.sites[1]);
  // Cleared: the hook is not asked.
  log = {};
  rig.dev->setBreakEverywhere(false);
  rig.dev->clearBreakSites();
  rig.launch(k, 1, 32);
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_TRUE(log.pcs.empty());
}

TEST(EmuDevice, ResumeSkipsOnlyTheNextInstruction) {
  // Stopped at a site; the warp is stepped past it instead of continuing,
  // and the skip must not swallow its next site.
  Rig rig;
  Kernel k;
  k.mov32(5, 1); // 0x00: site
  k.mov32(5, 2);
  k.mov32(5, 3); // 0x10: site
  k.exit();
  BreakAt any{0};
  rig.dev->setBreakSite(k.code, 0x00, true);
  rig.dev->setBreakSite(k.code, 0x10, true);
  rig.launch(k, 1, 32);
  rig.breaks(&BreakAt::hook, &any);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Breakpoint);
  rig.dev->resumeFrom(r.warp);
  rig.dev->stepWarp(r.warp); // the resumed instruction, by a step
  any.pc = 0x10;
  r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Breakpoint);
  EXPECT_EQ(rig.dev->warp(r.warp)->pcBytes(), 0x10u);
}

TEST(EmuDevice, RequestStopInterruptsAndResumes) {
  Rig rig;
  Kernel k = countingLoop(1000);
  rig.launch(k, 1, 32);
  // A request made before the run stops it before its first instruction.
  rig.dev->requestStop();
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Interrupted);
  EXPECT_FALSE(rig.dev->stopRequestPending()); // consumed
  Warp *w = rig.dev->warp(r.warp);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->instructions, 0u);
  // From a hook (as from a signal handler): stops at the next boundary.
  struct Stopper {
    Device *dev;
    static void hook(void *ctx, const TraceRecord &t) {
      if (t.pc == 0x10)
        static_cast<Stopper *>(ctx)->dev->requestStop();
    }
  } stopper{rig.dev.get()};
  rig.trace(&Stopper::hook, &stopper);
  r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Interrupted);
  w = rig.dev->warp(r.warp);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->pcBytes(), 0x18u); // the ISETP (0x10) ran, the BRA did not
  EXPECT_EQ(w->regs.r[9][0], 1u);
  rig.trace(nullptr, nullptr);
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
}

// Device::setWatch (simt-emu's --timeout and progress line): asked between
// epochs once the steps (or cycles) it names have passed, and once as each
// run ends; a reason stops the run, resumable; watching changes nothing.
TEST(EmuDevice, WatchStopsBetweenEpochsAndResumes) {
  Rig plain;
  Kernel k = countingLoop(1000);
  plain.launch(k, 1, 32);
  ASSERT_EQ(plain.dev->runUntilIdle().status, RunStatus::Idle);

  Rig rig;
  rig.launch(k, 1, 32);
  unsigned asked = 0, ended = 0;
  std::vector<uint64_t> stepsAsked;
  rig.watch(
      [&](bool end) -> std::string {
        if (end) {
          ++ended;
          return "";
        }
        stepsAsked.push_back(rig.dev->steps());
        return ++asked == 3 ? "enough" : "";
      },
      /*everyCycles=*/UINT64_MAX / 2, /*everySteps=*/500);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Interrupted);
  EXPECT_EQ(r.message, "enough");
  EXPECT_NE(rig.dev->warp(r.warp), nullptr); // the warp about to issue
  ASSERT_EQ(stepsAsked.size(), 3u);
  for (size_t i = 0; i < stepsAsked.size(); ++i) // due every 500 steps, asked at an epoch's end
    EXPECT_GE(stepsAsked[i], 500 * (i + 1)) << i;
  EXPECT_EQ(ended, 1u);
  // Resumed, the run ends as the unwatched one did.
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(ended, 2u);
  EXPECT_EQ(rig.dev->cycle(), plain.dev->cycle());
  EXPECT_EQ(rig.dev->steps(), plain.dev->steps());
  rig.watch(nullptr, 1, 1);
}

// A listing kernel's launch block is Fermi's (LaunchBlock.h): blockDim at
// 0x8, gridDim at 0x14, nothing at 0x0/0x4, no dynamic-shared word.
TEST(EmuDevice, FermiLaunchBlock) {
  Rig rig;
  Kernel k;
  k.exit();
  LaunchParams p = rig.params(k, 3, 64, {rig.base()});
  p.kernel.launchLayout = LaunchLayout::Fermi;
  p.dynamicShared = 128;
  LaunchResult r = rig.dev->launch(p);
  ASSERT_TRUE(r.ok()) << r.error;
  const Grid *g = rig.dev->grid(r.grid);
  ASSERT_NE(g, nullptr);
  const uint32_t expected[8] = {0, 0, 64, 1, 1, 3, 1, 1};
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(g->bank0Word(4 * i), expected[i]) << "c[0x0][" << 4 * i << "]";
  EXPECT_EQ(g->bank0Word(0x20), uint32_t(rig.base()));
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
}

TEST(EmuDevice, ConstantBanks) {
  ConstStore store;
  ConstCacheConfig ccfg;
  ConstCache cache(store, ccfg);
  ASSERT_EQ(cache.constantCommand(3, 0x40, std::vector<uint8_t>{0x78, 0x56, 0x34, 0x12}), "");
  Rig rig;
  rig.dev->setConstCache(&cache);
  Kernel k;
  k.mov(2, cbank(0, 0x20));       // param: out
  k.mov(3, cbank(0, 0x0));        // ntid.x
  k.mov(4, cbank(0, 0x0c));       // nctaid.x
  k.mov(5, cbank(1, 0x100));      // local stack pointer
  k.mov(6, cbank(3, 0x40));       // user bank
  k.mov(7, cbank(0, 0x18));       // dynamic shared bytes
  k.mem(Op::ST, 3, 2, 0);
  k.mem(Op::ST, 4, 2, 4);
  k.mem(Op::ST, 5, 2, 8);
  k.mem(Op::ST, 6, 2, 12);
  k.mem(Op::ST, 7, 2, 16);
  // LDC c[3][R8 + 0x3c] with R8 = 4: the same word; LDC.U8 of its byte 1.
  k.mov32(8, 4);
  k.emit(Op::LDC);
  k.last().rd = 9;
  k.last().constBank = 3;
  k.last().memBase = 8;
  k.last().memOffset = 0x3c;
  k.mem(Op::ST, 9, 2, 20);
  k.emit(Op::LDC);
  k.last().rd = 10;
  k.last().constBank = 3;
  k.last().memBase = 8;
  k.last().memOffset = 0x3d;
  k.last().mod[SIMT::MG_Width] = WU8;
  k.mem(Op::ST, 10, 2, 24);
  k.exit();
  LaunchParams p = rig.params(k, 3, 64, {rig.base()});
  p.kernel.local = 48;
  p.dynamicShared = 128;
  ASSERT_TRUE(rig.dev->launch(p).ok());
  // A later command makes a new version; the running grid keeps its own.
  ASSERT_EQ(cache.constantCommand(3, 0x40, std::vector<uint8_t>{1, 0, 0, 0}), "");
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.u32(0), 64u);
  EXPECT_EQ(rig.u32(4), 3u);
  EXPECT_EQ(rig.u32(8), 48u);
  EXPECT_EQ(rig.u32(12), 0x12345678u);
  EXPECT_EQ(rig.u32(16), 128u);
  EXPECT_EQ(rig.u32(20), 0x12345678u);
  EXPECT_EQ(rig.u32(24), 0x56u);
  DeviceStats s = rig.dev->stats();
  EXPECT_TRUE(s.hasConstCache);
  EXPECT_GT(s.constCache.l1_hits + s.constCache.l1_misses, 0u);
  EXPECT_NE(statsToJson(s).find("\"const_cache\""), std::string::npos);
  // The grid released its version.
  EXPECT_TRUE(cache.inUseVersions().empty());
}

TEST(EmuDevice, FaultReportFormat) {
  FaultReport r;
  r.kind = FaultKind::MemoryMisaligned;
  r.reason = "misaligned global memory access";
  r.kernel = "vadd";
  r.grid = 1;
  r.cta[0] = 2;
  r.warp = 1;
  r.lanes = 0xe8;
  r.pc = 0x40;
  r.instruction = "LD.64 R2, [R4]";
  r.detail = "global load of 8 bytes at 0x10000004 is not 8-byte aligned";
  const std::string s = r.format();
  EXPECT_NE(s.find("fault: misaligned global memory access in kernel 'vadd' (grid 1)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("cta (2,0,0) warp 1 lanes 3,5-7 (0x000000e8) pc 0x0040"), std::string::npos)
      << s;
  EXPECT_NE(s.find("0x0040: LD.64 R2, [R4]"), std::string::npos) << s;
  EXPECT_EQ(formatLanes(0xffffffff), "0-31");
  EXPECT_EQ(formatLanes(1), "0");
}

} // namespace
} // namespace simt::emu

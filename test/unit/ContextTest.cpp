//===-- ContextTest.cpp - Multiple simultaneous contexts ------------------===//
//
// Multiple simultaneous contexts (ISA.md 7), driven through the Device
// directly: static allocation, isolation, migration on a context change,
// preemption with save/restore, time slices on a shared SM, rebalancing from
// blocked cycles, and a long-running context that does not starve the others.
#include "EmuTestKit.h"

#include <gtest/gtest.h>

#include <set>

namespace simt::emu {
namespace {

using namespace test;

TEST(Contexts, ParseAllocation) {
  std::vector<CtxShare> v;
  EXPECT_EQ(parseCtxAlloc("ctxA:2,ctxB:2", v), "");
  EXPECT_EQ(v, (std::vector<CtxShare>{{"ctxA", 2}, {"ctxB", 2}}));
  EXPECT_EQ(parseCtxAlloc("solo:1", v), "");
  EXPECT_EQ(v.size(), 1u);
  EXPECT_NE(parseCtxAlloc("", v), "");
  EXPECT_NE(parseCtxAlloc("a", v).find("NAME:SMS"), std::string::npos);
  EXPECT_NE(parseCtxAlloc("a:0", v).find("positive"), std::string::npos);
  EXPECT_NE(parseCtxAlloc("a:x", v).find("positive"), std::string::npos);
  EXPECT_NE(parseCtxAlloc("a:1,a:2", v).find("twice"), std::string::npos);
  ContextConfig c;
  c.alloc = {{"a", 5}};
  EXPECT_NE(c.validate(4).find("5 SMs"), std::string::npos);
}

// The work kernel: params out (0x20), info (0x28). info[ctaid] is the CTA's
// iteration count (u32; 0xffffffff runs practically forever); every thread
// loops with a CTA barrier each iteration, summing 0..n-1, then stores the
// sum at out[gtid]. info[64 + ctaid] = SM at start, info[128 + ctaid] = SM at
// the end, info[192 + ctaid] = iterations done so far (updated every pass).
Kernel work() {
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov(3, cbank(0, 0x28));
  k.s2r(0, TID_X);
  k.s2r(5, CTAID_X);
  k.s2r(6, NTID_X);
  k.imad(7, 5, reg(6), 0);
  k.elemAddr(8, 3, 5, 12);
  k.mem(Op::LD, 4, 8, 0);
  k.s2r(13, SMID);
  k.mem(Op::ST, 13, 8, 256);
  k.mov32(9, 0);
  k.mov32(10, 0);
  const uint32_t loop = k.here();
  k.bar(0);
  k.iadd(10, 10, reg(9));
  k.iadd(9, 9, imm(1));
  k.mem(Op::ST, 9, 8, 768);
  k.isetp(1, 9, reg(4), C_LT, /*u32=*/true);
  k.bra(loop, P(1));
  k.s2r(13, SMID);
  k.mem(Op::ST, 13, 8, 512);
  k.elemAddr(11, 2, 7, 12);
  k.mem(Op::ST, 10, 11, 0);
  k.exit();
  return k;
}

constexpr uint32_t kForever = 0xffffffffu;

/// One context's memory: out at +0, info at +0x8000.
struct Ctx {
  FlatMemory mem;
  ContextId id = 0;
  explicit Ctx(uint64_t base) : mem(1 << 16, base) {}
  uint64_t out() const { return mem.base; }
  uint64_t info() const { return mem.base + 0x8000; }
  uint32_t infoAt(uint32_t i) const { return mem.load<uint32_t>(info() + 4 * i); }
  uint32_t outAt(uint32_t i) const { return mem.load<uint32_t>(out() + 4 * i); }
  void iterations(uint32_t cta, uint32_t n) { mem.store<uint32_t>(info() + 4 * cta, n); }
  uint32_t smAtStart(uint32_t cta) const { return infoAt(64 + cta); }
  uint32_t smAtEnd(uint32_t cta) const { return infoAt(128 + cta); }
  uint32_t progress(uint32_t cta) const { return infoAt(192 + cta); }
};

struct CtxRig {
  DeviceConfig cfg;
  std::unique_ptr<Device> dev;
  Kernel k = work();
  Ctx a{0x10000000}, b{0x20000000};

  explicit CtxRig(DeviceConfig c) : cfg(c), dev(std::make_unique<Device>(cfg)) {
    a.id = dev->context("A");
    b.id = dev->context("B");
  }
  LaunchResult launch(Ctx &c, uint32_t grid, uint32_t block) {
    LaunchParams p;
    p.kernel.name = "work";
    p.kernel.code = &k.code;
    p.kernel.regs = 16;
    p.grid[0] = grid;
    p.block[0] = block;
    p.memory = c.mem.bind();
    p.context = c.id;
    const uint64_t args[2] = {c.out(), c.info()};
    p.params.resize(16);
    std::memcpy(p.params.data(), args, 16);
    return dev->launch(std::move(p));
  }
  GridId go(Ctx &c, uint32_t grid, uint32_t block) {
    LaunchResult r = launch(c, grid, block);
    EXPECT_TRUE(r.ok()) << r.error;
    return r.grid;
  }
  const ContextInfo info(const Ctx &c) const { return dev->scheduler().contexts().at(c.id); }
};

uint32_t sumBelow(uint32_t n) { return static_cast<uint32_t>(uint64_t{n} * (n - 1) / 2); }

DeviceConfig smallSms(uint32_t sms, uint32_t warpsPerSm) {
  DeviceConfig c;
  c.sms = sms;
  c.warpsPerSm = warpsPerSm;
  c.l2.memLatency = 0; // time below is instructions only
  return c;
}

TEST(Contexts, NamesAndIds) {
  DeviceConfig c;
  c.contexts.alloc = {{"x", 1}, {"y", 2}};
  Device dev(c);
  EXPECT_EQ(dev.context("default"), 0u);
  EXPECT_EQ(dev.scheduler().findContext("x"), 1u); // --ctx-alloc names exist from the start
  EXPECT_EQ(dev.scheduler().findContext("y"), 2u);
  EXPECT_EQ(dev.scheduler().findContext("z"), kNoContext);
  EXPECT_EQ(dev.context("z"), 3u);
  EXPECT_EQ(dev.scheduler().contextName(3), "z");
  EXPECT_TRUE(dev.scheduler().multiContext());
  Device single;
  EXPECT_FALSE(single.scheduler().multiContext());
  EXPECT_NE(single.scheduler().contextsJson().find("\"mode\": \"single\""), std::string::npos);
}

TEST(Contexts, UnknownContextIsALaunchError) {
  Rig rig;
  Kernel k;
  k.exit();
  LaunchParams p = rig.params(k, 1, 32);
  p.context = 7;
  LaunchResult r = rig.dev->launch(std::move(p));
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("unknown context"), std::string::npos);
}

TEST(Contexts, StaticAllocationKeepsEachContextOnItsSms) {
  DeviceConfig c = smallSms(4, 48);
  c.contexts.alloc = {{"A", 2}, {"B", 2}};
  CtxRig rig(c);
  for (uint32_t i = 0; i < 8; ++i) {
    rig.a.iterations(i, 50);
    rig.b.iterations(i, 50);
  }
  // 8 CTAs of 1024 threads: one per SM at a time.
  GridId ga = rig.go(rig.a, 8, 1024), gb = rig.go(rig.b, 8, 1024);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_LT(rig.a.smAtStart(i), 2u) << i;
    EXPECT_GE(rig.b.smAtStart(i), 2u) << i;
    EXPECT_EQ(rig.a.outAt(1024 * i + 5), sumBelow(50));
    EXPECT_EQ(rig.b.outAt(1024 * i + 1023), sumBelow(50));
  }
  EXPECT_EQ(rig.dev->scheduler().smOwners(0), std::vector<ContextId>{rig.a.id});
  EXPECT_EQ(rig.dev->scheduler().smOwners(3), std::vector<ContextId>{rig.b.id});
  const std::string json = rig.dev->scheduler().contextsJson();
  EXPECT_NE(json.find("\"mode\": \"static\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"reason\": \"static\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"A\": [\n"), std::string::npos) << json;
  EXPECT_EQ(rig.info(rig.a).quota, 2u);
  EXPECT_EQ(rig.info(rig.a).counters.ctasDone, 8u);
  EXPECT_EQ(rig.info(rig.b).counters.gridsDone, 1u);
}

TEST(Contexts, EachContextsCtasSpreadOverItsOwnSms) {
  // The dispatch's rule (ISA.md 1) within each context's SMs: the least
  // loaded SM serving the context, ties in turn after the last SM given a
  // CTA, whichever context that was.
  DeviceConfig c = smallSms(4, 48);
  c.contexts.alloc = {{"A", 2}, {"B", 2}};
  CtxRig rig(c);
  for (uint32_t i = 0; i < 4; ++i) {
    rig.a.iterations(i, 20);
    rig.b.iterations(i, 20);
  }
  GridId ga = rig.go(rig.a, 4, 64), gb = rig.go(rig.b, 4, 64);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  for (uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(rig.a.smAtStart(i), i % 2) << "A's cta " << i;
    EXPECT_EQ(rig.b.smAtStart(i), 2 + i % 2) << "B's cta " << i;
    EXPECT_EQ(rig.a.outAt(64 * i + 63), sumBelow(20));
    EXPECT_EQ(rig.b.outAt(64 * i), sumBelow(20));
  }
}

TEST(Contexts, OneContextCannotReadAnothersMemory) {
  DeviceConfig c = smallSms(2, 48);
  CtxRig rig(c);
  // A kernel of context B that loads from an address of context A's memory.
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mem(Op::LD, 3, 2, 0);
  k.exit();
  rig.a.mem.store<uint32_t>(rig.a.out(), 99);
  LaunchParams p;
  p.kernel.name = "peek";
  p.kernel.code = &k.code;
  p.grid[0] = 1;
  p.block[0] = 32;
  p.memory = rig.b.mem.bind();
  p.context = rig.b.id;
  const uint64_t addr = rig.a.out();
  p.params.resize(8);
  std::memcpy(p.params.data(), &addr, 8);
  LaunchResult lr = rig.dev->launch(std::move(p));
  ASSERT_TRUE(lr.ok()) << lr.error;
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  ASSERT_NE(r.fault, nullptr);
  EXPECT_EQ(r.fault->kind, FaultKind::MemoryOutOfRange);
  EXPECT_EQ(r.fault->address, addr);
  EXPECT_EQ(rig.dev->gridState(lr.grid), GridState::Faulted);
}

TEST(Contexts, LongRunningContextDoesNotStarveOthersStatic) {
  DeviceConfig c = smallSms(4, 48);
  c.contexts.alloc = {{"A", 2}, {"B", 2}};
  CtxRig rig(c);
  for (uint32_t i = 0; i < 4; ++i)
    rig.a.iterations(i, kForever);
  GridId endless = rig.go(rig.a, 4, 1024); // fills SMs 0 and 1 for ever
  rig.dev->advance(5000);
  for (int round = 0; round < 3; ++round) {
    rig.b.iterations(0, 100 + round);
    rig.b.iterations(1, 100 + round);
    GridId g = rig.go(rig.b, 2, 64);
    const uint32_t before = rig.a.progress(0);
    RunResult r = rig.dev->runUntil(g);
    ASSERT_EQ(r.status, RunStatus::GridDone) << round;
    EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
    EXPECT_EQ(rig.b.outAt(63), sumBelow(100 + round));
    EXPECT_GT(rig.a.progress(0), before) << "the endless context keeps running";
  }
  EXPECT_EQ(rig.dev->gridState(endless), GridState::Running);
  EXPECT_EQ(rig.info(rig.b).counters.gridsDone, 3u);
  EXPECT_EQ(rig.info(rig.a).counters.preempted, 0u);
}

TEST(Contexts, LongRunningContextIsPreemptedOnAContextChange) {
  // Dynamic allocation: the endless context A holds every SM (one CTA each);
  // when B arrives, SMs 2 and 3 go to B: their A CTAs never finish, so after
  // one slice they are saved, and B's short grids run there.
  DeviceConfig c = smallSms(4, 2);
  c.contexts.slice = 2000;
  c.contexts.switchCycles = 300;
  CtxRig rig(c);
  for (uint32_t i = 0; i < 4; ++i)
    rig.a.iterations(i, kForever);
  GridId endless = rig.go(rig.a, 4, 64);
  rig.dev->advance(1000);
  EXPECT_EQ(rig.info(rig.a).heldBy, (std::vector<uint32_t>{0, 1, 2, 3}));
  const uint64_t change = rig.dev->cycle();
  rig.b.iterations(0, 20);
  rig.b.iterations(1, 20);
  GridId g = rig.go(rig.b, 2, 64);
  EXPECT_EQ(rig.info(rig.a).sms, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(rig.info(rig.b).sms, (std::vector<uint32_t>{2, 3}));
  rig.dev->advance(2200); // past one slice of draining
  {
    const ContextInfo a = rig.info(rig.a);
    EXPECT_EQ(a.counters.preempted, 2u);
    EXPECT_EQ(a.savedCtas, 2u); // waiting for room on SMs 0 and 1
    EXPECT_EQ(a.heldBy, (std::vector<uint32_t>{0, 1}));
    EXPECT_EQ(rig.info(rig.b).heldBy, (std::vector<uint32_t>{2, 3}));
  }
  RunResult r = rig.dev->runUntil(g);
  ASSERT_EQ(r.status, RunStatus::GridDone);
  const Grid *bg = rig.dev->grid(g);
  // B waited one slice for the drain, then the switch, then ran.
  EXPECT_GE(bg->endCycle, change + 2000 + 300);
  EXPECT_LT(bg->endCycle, change + 2000 + 300 + 2000);
  EXPECT_GE(rig.b.smAtStart(0), 2u);
  EXPECT_GE(rig.b.smAtStart(1), 2u);
  EXPECT_EQ(rig.b.outAt(0), sumBelow(20));
  EXPECT_EQ(rig.dev->gridState(endless), GridState::Running);
  EXPECT_GE(rig.dev->scheduler().allocationHistory().size(), 2u);
  // B is gone: A gets every SM back and its saved CTAs resume.
  const uint32_t p2 = rig.a.progress(2);
  rig.dev->advance(5000);
  EXPECT_EQ(rig.info(rig.a).savedCtas, 0u);
  EXPECT_GT(rig.a.progress(2), p2);
  EXPECT_EQ(rig.info(rig.a).counters.restored, 2u);
  EXPECT_EQ(rig.info(rig.a).sms.size(), 4u);
}

TEST(Contexts, MigrationOnContextChangeLetsCtasFinish) {
  // A's CTAs finish well inside a slice: SMs 2 and 3 drain (no preemption),
  // switch, and A's later CTAs run on SMs 0 and 1 only.
  DeviceConfig c = smallSms(4, 2); // one 64-thread CTA per SM
  c.contexts.switchCycles = 500;
  CtxRig rig(c);
  for (uint32_t i = 0; i < 8; ++i)
    rig.a.iterations(i, 400);
  GridId ga = rig.go(rig.a, 8, 64);
  rig.dev->advance(200);
  rig.b.iterations(0, 1200); // outlasts A's CTAs 4-7 starting
  rig.b.iterations(1, 1200);
  GridId gb = rig.go(rig.b, 2, 64);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  for (uint32_t i = 0; i < 4; ++i)
    EXPECT_EQ(rig.a.smAtStart(i), i); // before the change: one per SM
  for (uint32_t i = 4; i < 8; ++i)
    EXPECT_LT(rig.a.smAtStart(i), 2u) << "CTA " << i << " after the change";
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(rig.a.smAtEnd(i), rig.a.smAtStart(i));
    EXPECT_EQ(rig.a.outAt(64 * i + 17), sumBelow(400));
  }
  EXPECT_GE(rig.b.smAtStart(0), 2u);
  EXPECT_GE(rig.b.smAtStart(1), 2u);
  EXPECT_EQ(rig.info(rig.a).counters.preempted, 0u);
  EXPECT_EQ(rig.info(rig.b).counters.switchesIn, 2u);
  const std::string report = rig.dev->scheduler().contextsReport();
  EXPECT_NE(report.find("context change"), std::string::npos) << report;
  EXPECT_NE(report.find("sm0=A sm1=A sm2=B sm3=B"), std::string::npos) << report;
}

TEST(Contexts, PreemptedCtasResumeCorrectlyInOtherSlots) {
  // A's CTAs spread over both SMs (ISA.md 1): SM 0 holds CTAs 0 (slots
  // 0-1) and 2 (slots 2-3), SM 1 holds CTA 1 (slots 0-1). B takes SM 1: CTA
  // 1, mid-loop with warps at barriers, is saved after a slice and restored
  // on SM 0 when CTA 2 (shorter than CTA 0) frees slots 2-3. Every thread's
  // sum must still be exact.
  DeviceConfig c = smallSms(2, 4);
  c.contexts.slice = 300;
  c.contexts.switchCycles = 50;
  CtxRig rig(c);
  rig.a.iterations(0, 3000);
  rig.a.iterations(1, 1000);
  rig.a.iterations(2, 1500);
  GridId ga = rig.go(rig.a, 3, 64);
  rig.dev->advance(100);
  rig.b.iterations(0, 5000); // keeps SM 1 until CTA 2 has finished
  GridId gb = rig.go(rig.b, 1, 64);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  EXPECT_EQ(rig.a.smAtStart(1), 1u);
  EXPECT_EQ(rig.a.smAtEnd(1), 0u); // migrated
  const uint32_t iters[3] = {3000, 1000, 1500};
  for (uint32_t cta = 0; cta < 3; ++cta)
    for (uint32_t t = 0; t < 64; ++t)
      ASSERT_EQ(rig.a.outAt(64 * cta + t), sumBelow(iters[cta])) << cta << " " << t;
  EXPECT_EQ(rig.b.outAt(63), sumBelow(5000));
  EXPECT_EQ(rig.info(rig.a).counters.preempted, 1u);
  EXPECT_EQ(rig.info(rig.a).counters.restored, 1u);
}

TEST(Contexts, SharedSmTimeSlices) {
  DeviceConfig c = smallSms(1, 48);
  c.contexts.alloc = {{"A", 1}, {"B", 1}}; // both on SM 0
  c.contexts.slice = 1000;
  c.contexts.switchCycles = 100;
  CtxRig rig(c);
  rig.a.iterations(0, 3000);
  rig.b.iterations(0, 3000);
  GridId ga = rig.go(rig.a, 1, 64), gb = rig.go(rig.b, 1, 64);
  EXPECT_EQ(rig.dev->scheduler().smOwners(0), (std::vector<ContextId>{rig.a.id, rig.b.id}));
  rig.dev->advance(6000);
  // Both have run: slices alternate.
  EXPECT_GT(rig.a.progress(0), 0u);
  EXPECT_GT(rig.b.progress(0), 0u);
  EXPECT_GE(rig.info(rig.a).counters.switchesIn + rig.info(rig.b).counters.switchesIn, 3u);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  EXPECT_EQ(rig.a.outAt(40), sumBelow(3000));
  EXPECT_EQ(rig.b.outAt(40), sumBelow(3000));
  EXPECT_GT(rig.info(rig.a).counters.preempted, 0u);
  EXPECT_GT(rig.info(rig.a).counters.blockedCycles, 0u);
}

TEST(Contexts, RebalancingConvergesOnASkewedWorkload) {
  // A has far more CTAs than SMs; B one long CTA. The even split gives each
  // two SMs; B leaves one idle while A's CTAs queue, so A is blocked and B is
  // not: rebalancing moves one SM to A, and B keeps at least one.
  DeviceConfig c = smallSms(4, 2);
  c.contexts.slice = 1000;
  c.contexts.switchCycles = 100;
  c.contexts.rebalancePeriod = 4000;
  CtxRig rig(c);
  for (uint32_t i = 0; i < 64; ++i)
    rig.a.iterations(i, 600);
  rig.b.iterations(0, 20000);
  GridId ga = rig.go(rig.a, 64, 64);
  GridId gb = rig.go(rig.b, 1, 64);
  rig.dev->advance(1000);
  EXPECT_EQ(rig.info(rig.a).quota, 2u);
  EXPECT_EQ(rig.info(rig.b).quota, 2u);
  rig.dev->advance(20000);
  EXPECT_EQ(rig.info(rig.a).quota, 3u);
  EXPECT_EQ(rig.info(rig.b).quota, 1u);
  bool rebalanced = false;
  for (const AllocationRecord &h : rig.dev->scheduler().allocationHistory())
    rebalanced = rebalanced || h.reason == "rebalance";
  EXPECT_TRUE(rebalanced);
  EXPECT_GT(rig.info(rig.a).counters.blockedCycles, rig.info(rig.b).counters.blockedCycles);
  // Stable: B never drops below one SM.
  rig.dev->advance(20000);
  EXPECT_EQ(rig.info(rig.b).quota, 1u);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(ga), GridState::Done);
  EXPECT_EQ(rig.dev->gridState(gb), GridState::Done);
  EXPECT_EQ(rig.a.outAt(64 * 63), sumBelow(600));
  EXPECT_EQ(rig.b.outAt(0), sumBelow(20000));
  const std::string json = rig.dev->statsJson();
  EXPECT_NE(json.find("\"reason\": \"rebalance\""), std::string::npos);
  EXPECT_NE(json.find("\"blocked_cycles\""), std::string::npos);
}

TEST(Contexts, SingleContextDispatchIsUnchanged) {
  // Without a second context or --ctx-alloc nothing of the context machinery
  // runs: the least-loaded rule of ISA.md 1, no switches, no history.
  Rig rig;
  Kernel k = work();
  LaunchParams p = rig.params(k, 6, 32, {rig.base(), rig.base() + 0x8000});
  p.kernel.regs = 16;
  for (uint32_t i = 0; i < 6; ++i)
    rig.setU32(0x8000 + 4 * i, 10);
  ASSERT_TRUE(rig.dev->launch(std::move(p)).ok());
  for (uint32_t sm = 0; sm < 4; ++sm) // 6 CTAs: 2, 2, 1, 1
    EXPECT_EQ(rig.dev->sm(sm).ctas().size(), sm < 2 ? 2u : 1u) << "sm " << sm;
  rig.dev->runUntilIdle();
  EXPECT_FALSE(rig.dev->scheduler().multiContext());
  EXPECT_TRUE(rig.dev->scheduler().allocationHistory().empty());
  EXPECT_EQ(rig.dev->scheduler().contexts().at(0).counters.ctasDone, 6u);
}

} // namespace
} // namespace simt::emu

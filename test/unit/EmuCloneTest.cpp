//===-- EmuCloneTest.cpp - Device::clone, the debugger's checkpoints ------===//
//
// Device::clone (the debugger's checkpoints): a device cloned in the middle of
// a run, with diverged warps, spilled stack caches, pending CTAs, two grids and
// two constants versions in use, runs on exactly as the original does, without
// sharing state with it.
#include "EmuTestKit.h"

#include "emu/mem/ConstCache.h"

#include <gtest/gtest.h>

namespace simt::emu {
namespace {

using namespace test;

// out[ctaid * ntid + tid] = c[3][0x40] + (lane < 16 ? 1 : 2). Lanes < 16 go
// 12 calls deep first while lanes >= 16 wait in a DIV token, so the stack
// spills past a small stack cache while the warp is diverged.
Kernel divergentRecursion() {
  Kernel k;
  k.s2r(0, TID_X);
  k.s2r(1, CTAID_X);
  k.mov(2, cbank(0, 0x20));       // out
  k.imad(7, 1, cbank(0, 0x0), 0); // ctaid * ntid + tid
  k.elemAddr(8, 2, 7, 4);
  k.mov(6, cbank(3, 0x40)); // the grid's constants version
  k.s2r(10, LANEID);
  k.isetp(0, 10, imm(16), C_LT);
  const size_t ssy = k.ssy();
  const size_t bra = k.bra(0, P(0));
  k.mov32(5, 2);
  k.nopS();
  k.at(bra).target = k.here();
  k.mov32(9, 12);
  const size_t call = k.cal();
  k.mov32(5, 1);
  k.nopS();
  k.at(ssy).target = k.here();
  k.iadd(5, 5, reg(6));
  k.mem(Op::ST, 5, 8, 0);
  k.exit();
  const uint32_t fn = k.here();
  k.at(call).target = fn;
  k.iadd(9, 9, imm(uint32_t(-1)));
  k.isetp(1, 9, imm(0), C_GT);
  k.cal(fn, P(1));
  k.emit(Op::RET);
  return k;
}

struct Probe {
  bool diverged = false, spilled = false;
};

Probe probe(Device &d) {
  Probe p;
  for (uint32_t s = 0; s < d.numSms(); ++s)
    for (uint32_t slot = 0; slot < d.sm(s).numSlots(); ++slot) {
      const Warp &w = d.sm(s).warp(slot);
      if (w.state != WarpState::Active)
        continue;
      p.diverged |= w.ctl().active != w.ctl().live();
      p.spilled |= w.stack().cache().spillPointer() > 0;
    }
  return p;
}

/// Everything the statistics report, without the wall time.
std::string statsText(const Device &d) {
  DeviceStats s = d.stats();
  s.wallSeconds = 0;
  return statsToJson(s) + l2Json(d.l2()) + d.scheduler().contextsJson();
}

TEST(EmuClone, MidRunCloneRunsOnIdentically) {
  DeviceConfig cfg;
  cfg.sms = 2;
  cfg.warpsPerSm = 8; // 4 CTAs of 2 warps per SM: the rest pend
  cfg.sched = SchedPolicy::Random;
  cfg.seed = 7;
  cfg.stackCache.entries = 4;
  cfg.stackCache.setEntries = 2;
  cfg.statsDetail = true;
  Rig rig(cfg);
  ConstStore store;
  ConstCacheConfig ccfg;
  ccfg.numSMs = cfg.sms;
  ConstCache cache(store, ccfg);
  rig.dev->setConstCache(&cache);

  const Kernel k = divergentRecursion();
  auto setConst = [&](uint32_t v) {
    ASSERT_EQ(cache.constantCommand(3, 0x40, std::vector<uint8_t>{uint8_t(v), 0, 0, 0}), "");
  };
  setConst(100);
  ASSERT_TRUE(rig.dev->launch(rig.params(k, 6, 64, {rig.base()})).ok());
  setConst(200); // a new version while grid 1 runs the old one
  ASSERT_TRUE(rig.dev->launch(rig.params(k, 6, 64, {rig.base() + 0x1000})).ok());

  Probe p;
  for (int i = 0; i < 100000 && !(p.diverged && p.spilled); ++i) {
    ASSERT_EQ(rig.dev->advance(3).status, RunStatus::Advanced);
    p = probe(*rig.dev);
  }
  ASSERT_TRUE(p.diverged && p.spilled);
  ASSERT_EQ(rig.dev->runningGrids().size(), 2u);
  ASSERT_LT(rig.dev->grid(2)->nextCta, rig.dev->grid(2)->numCtas); // CTAs pending
  ASSERT_EQ(cache.inUseVersions().size(), 2u);

  ConstStore storeCopy(store);
  ConstCache cacheCopy(cache, storeCopy);
  FlatMemory memCopy = rig.mem;
  Device::CloneBindings b;
  b.constCache = &cacheCopy;
  b.memories[rig.mem.bind().ctx] = memCopy.bind();
  std::unique_ptr<Device> copy = rig.dev->clone(b);
  const uint64_t cloneCycle = copy->cycle();

  // The original first: the copy must not see any of it.
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(copy->cycle(), cloneCycle);
  ASSERT_EQ(copy->runUntilIdle().status, RunStatus::Idle);

  for (uint32_t t = 0; t < 6 * 64; ++t) {
    const uint32_t lane2 = (t % 32) < 16 ? 1 : 2;
    ASSERT_EQ(rig.u32(4 * t), 100 + lane2) << t;
    ASSERT_EQ(rig.u32(0x1000 + 4 * t), 200 + lane2) << t;
  }
  EXPECT_EQ(memCopy.bytes, rig.mem.bytes);
  EXPECT_EQ(copy->cycle(), rig.dev->cycle());
  EXPECT_EQ(copy->steps(), rig.dev->steps());
  for (uint32_t s = 0; s < cfg.sms; ++s)
    EXPECT_EQ(copy->sm(s).cycle(), rig.dev->sm(s).cycle()) << s;
  EXPECT_EQ(statsText(*copy), statsText(*rig.dev));
  EXPECT_GT(copy->stats().stack.spills, 0u);
  const ConstCacheStats a = cache.totalStats(), c = cacheCopy.totalStats();
  EXPECT_EQ(a.l1_hits, c.l1_hits);
  EXPECT_EQ(a.l1_misses, c.l1_misses);
  EXPECT_TRUE(cacheCopy.verify());
  EXPECT_TRUE(cacheCopy.inUseVersions().empty()); // the copy released its own references
}

TEST(EmuClone, CloneKeepsTheDispatchTurn) {
  // A one-CTA grid ran on SM 0, so the next goes to SM 1 (ISA.md 1: ties in
  // turn after the SM last given a CTA); a clone made between them must
  // place it there too.
  Rig rig; // 4 SMs
  Kernel k; // out[0] = SR_SMID
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, SMID);
  k.mem(Op::ST, 0, 2, 0);
  k.exit();
  rig.setU32(0, 99);
  ASSERT_TRUE(rig.dev->launch(rig.params(k, 1, 32, {rig.base()})).ok());
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  ASSERT_EQ(rig.u32(0), 0u);

  FlatMemory memCopy = rig.mem;
  Device::CloneBindings b;
  b.memories[rig.mem.bind().ctx] = memCopy.bind();
  std::unique_ptr<Device> copy = rig.dev->clone(b);
  ASSERT_TRUE(rig.dev->launch(rig.params(k, 1, 32, {rig.base()})).ok());
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  LaunchParams p = rig.params(k, 1, 32, {rig.base()});
  p.memory = memCopy.bind();
  ASSERT_TRUE(copy->launch(std::move(p)).ok());
  ASSERT_EQ(copy->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.u32(0), 1u);
  EXPECT_EQ(memCopy.load<uint32_t>(memCopy.base), 1u);
}

} // namespace
} // namespace simt::emu

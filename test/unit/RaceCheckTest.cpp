//===-- RaceCheckTest.cpp - racecheck's hazards ---------------------------===//
//
// The engine (emu/sanitize/RaceCheck.cpp) fed hand-built trace records, so
// each schedule is the one the test states, and a few kernels run on a
// device, which also check the store values the trace gives (TraceValues).
#include "EmuTestKit.h"
#include "emu/sanitize/RaceCheck.h"

#include <gtest/gtest.h>

namespace simt::emu::test {
namespace {

using sanitize::Finding;
using sanitize::FindingKind;
using sanitize::RaceCheckOptions;
using sanitize::Severity;

Inst instOf(Op op) {
  Inst i;
  i.op = op;
  return i;
}

/// A checker fed records one at a time, for one launch of 2 warps per CTA.
struct Feed {
  std::unique_ptr<sanitize::Checker> checker;
  std::vector<Finding> found;
  Inst sts = instOf(Op::STS), lds = instOf(Op::LDS), st = instOf(Op::ST), ld = instOf(Op::LD),
       atom = instOf(Op::ATOM), bar = instOf(Op::BARSYNC), exit = instOf(Op::EXIT);

  explicit Feed(RaceCheckOptions o = {}, uint32_t ctas = 1) : checker(sanitize::makeRaceCheck(o)) {
    sanitize::GridInfo g;
    g.grid = 1;
    g.kernel = "k";
    g.gridDim[0] = ctas;
    g.blockDim[0] = 64;
    g.sharedBytes = 1024;
    checker->beginGrid(g);
  }

  /// One warp-instruction of `warp` in CTA (cta, 0, 0): its lanes access
  /// `bytes` at addr(lane), storing value(lane) (unchanged: the lanes that
  /// stored the value already there).
  template <class Addr, class Value>
  void access(uint32_t cta, uint32_t warp, uint32_t pc, const Inst &inst, MemSpace space,
              MemAccessKind kind, uint32_t lanes, Addr addr, Value value,
              uint32_t unchanged = 0, uint8_t bytes = 4) {
    TraceRecord r = record(cta, warp, pc, inst);
    MemAccess &m = r.mem.emplace_back();
    m.space = space;
    m.kind = kind;
    m.bytes = bytes;
    m.lanes = lanes;
    m.unchanged = unchanged;
    for (unsigned l = 0; l < WarpSize; ++l) {
      m.addr[l] = addr(l);
      m.value[l] = value(l);
    }
    checker->observe(r, found);
  }
  void stores(uint32_t warp, uint32_t pc, uint32_t lanes, auto addr, auto value,
              uint32_t unchanged = 0) {
    access(0, warp, pc, sts, MemSpace::Shared, MemAccessKind::Store, lanes, addr, value,
           unchanged);
  }
  void loads(uint32_t warp, uint32_t pc, uint32_t lanes, auto addr) {
    access(0, warp, pc, lds, MemSpace::Shared, MemAccessKind::Load, lanes, addr,
           [](unsigned) { return 0; });
  }
  void plain(uint32_t cta, uint32_t warp, uint32_t pc, const Inst &inst) {
    checker->observe(record(cta, warp, pc, inst), found);
  }
  TraceRecord record(uint32_t cta, uint32_t warp, uint32_t pc, const Inst &inst) const {
    TraceRecord r;
    r.grid = 1;
    r.cta[0] = cta;
    r.warp = warp;
    r.pc = pc;
    r.inst = &inst;
    r.finished = inst.op == Op::EXIT;
    r.activeBefore = r.participating = AllLanes;
    return r;
  }
  std::vector<Finding> end() {
    checker->endGrid(1, found);
    return found;
  }
};

constexpr uint32_t kAll = AllLanes;
auto word(uint64_t first) {
  return [first](unsigned l) { return first + 4 * l; };
}
auto laneValue = [](unsigned l) { return uint64_t{l} + 100; };

TEST(RaceCheck, ReductionWithoutBarrierIsReadAfterWriteAcrossWarps) {
  // s[t] = x; (no __syncthreads) if (t < 32) y = s[t + 32].
  Feed f;
  f.stores(1, 0x10, kAll, word(128), laneValue);
  f.stores(0, 0x10, kAll, word(0), laneValue);
  f.loads(0, 0x18, kAll, word(128));
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u); // analysis: one per kind and pair of instructions
  const Finding &r = found[0];
  EXPECT_EQ(r.kind, FindingKind::RaceReadAfterWrite);
  EXPECT_EQ(r.severity, Severity::Error);
  EXPECT_EQ(r.hazards, 4 * 32u); // bytes, as compute-sanitizer counts: 4 a word
  EXPECT_EQ(r.access.thread, 0u);
  EXPECT_EQ(r.access.pc, 0x18u);
  EXPECT_EQ(r.access.address, 128u);
  EXPECT_EQ(r.access.kind, MemAccessKind::Load);
  ASSERT_TRUE(r.hasOther);
  EXPECT_EQ(r.other.thread, 32u);
  EXPECT_EQ(r.other.pc, 0x10u);
  EXPECT_EQ(r.other.kind, MemAccessKind::Store);
  EXPECT_TRUE(r.other.hasValue);
  EXPECT_EQ(r.other.value, 100u);
}

TEST(RaceCheck, BarrierBetweenOrdersTheAccesses) {
  Feed f;
  f.stores(1, 0x10, kAll, word(128), laneValue);
  f.plain(0, 1, 0x18, f.bar);
  f.plain(0, 0, 0x18, f.bar);
  f.loads(0, 0x20, kAll, word(128));
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, ABarrierNoLanePassedTheGuardOfIsNoArrival) {
  // Warp 0 waits at the barrier; warp 1 skips a guarded BAR, stores, then
  // arrives: the barrier orders the store before warp 0's load.
  Feed f;
  f.plain(0, 0, 0x20, f.bar);
  TraceRecord guarded = f.record(0, 1, 0x18, f.bar);
  guarded.participating = 0;
  f.checker->observe(guarded, f.found);
  f.stores(1, 0x28, kAll, word(128), laneValue);
  f.plain(0, 1, 0x20, f.bar);
  f.loads(0, 0x30, kAll, word(128));
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, WriteAfterReadAcrossWarps) {
  Feed f;
  f.loads(0, 0x10, 1, word(8));
  f.stores(1, 0x20, 1, word(8), laneValue);
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterRead);
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].access.thread, 32u);
  EXPECT_EQ(found[0].other.thread, 0u);
  EXPECT_EQ(found[0].other.kind, MemAccessKind::Load);
}

TEST(RaceCheck, WriteAfterWriteOfTheSameValueIsAWarning) {
  Feed f;
  f.stores(0, 0x10, 1, word(8), laneValue);
  f.stores(1, 0x10, 1, word(8), laneValue, /*unchanged=*/1);
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterWrite);
  EXPECT_EQ(found[0].severity, Severity::Warning);
}

TEST(RaceCheck, WriteAfterWriteOfAnotherValueIsAnError) {
  Feed f;
  f.stores(0, 0x10, 1, word(8), laneValue);
  f.stores(1, 0x10, 1, word(8), [](unsigned) { return 7; });
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterWrite);
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].access.value, 7u);
  EXPECT_EQ(found[0].other.value, 100u);
}

TEST(RaceCheck, AtomicsAreOrderedAmongThemselvesNotWithStores) {
  Feed f;
  auto same = [](unsigned) { return 64; };
  auto one = [](unsigned) { return 1; };
  f.access(0, 0, 0x10, f.atom, MemSpace::Shared, MemAccessKind::Atomic, kAll, same, one);
  f.access(0, 1, 0x10, f.atom, MemSpace::Shared, MemAccessKind::Atomic, kAll, same, one);
  EXPECT_TRUE(f.found.empty());
  f.stores(0, 0x18, 1, same, one);
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterWrite);
  EXPECT_EQ(found[0].other.kind, MemAccessKind::Atomic);
  EXPECT_EQ(found[0].other.thread, 63u); // the last atomic, warp 1's last lane
}

TEST(RaceCheck, LanesOfOneStoreOnTheSameWord) {
  Feed f;
  f.stores(0, 0x10, kAll, [](unsigned) { return 16; }, laneValue);
  std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterWrite);
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[0].hazards, 4 * 31u);
  EXPECT_EQ(found[0].access.thread, 1u);
  EXPECT_EQ(found[0].other.thread, 0u);

  Feed same;
  same.stores(0, 0x10, kAll, [](unsigned) { return 16; }, [](unsigned) { return 5; });
  found = same.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].severity, Severity::Warning);
}

TEST(RaceCheck, AdjacentBytesOfOneWordDoNotRace) {
  Feed f;
  f.access(0, 0, 0x10, f.sts, MemSpace::Shared, MemAccessKind::Store, kAll,
           [](unsigned l) { return l; }, laneValue, 0, 1);
  f.access(0, 1, 0x10, f.sts, MemSpace::Shared, MemAccessKind::Store, kAll,
           [](unsigned l) { return 32 + l; }, laneValue, 0, 1);
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, WithinAWarpInstructionsAreWarpLevelWarningsUnlessOff) {
  auto run = [](RaceCheckOptions o) {
    Feed f(o);
    f.stores(0, 0x10, kAll, word(0), laneValue);
    f.loads(0, 0x18, kAll, [](unsigned l) { return 4 * (l ^ 1); });
    return f.end();
  };
  const std::vector<Finding> found = run({});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceReadAfterWrite);
  EXPECT_EQ(found[0].severity, Severity::Warning);
  EXPECT_EQ(found[0].hazards, 4 * 32u);
  RaceCheckOptions lockstep;
  lockstep.intraWarpHazards = false;
  EXPECT_TRUE(run(lockstep).empty());
}

TEST(RaceCheck, EveryHazardGivesOneFindingPerThreadPair) {
  RaceCheckOptions o;
  o.everyHazard = true;
  Feed f(o);
  f.stores(1, 0x10, kAll, word(128), laneValue);
  f.loads(0, 0x18, kAll, word(128));
  // As they happen, not at the end; one a byte, each with its byte's value
  // (thread 37, lane 5 of warp 1, stored 105 = 0x69 at 128 + 20: bytes
  // 0x69, 0, 0, 0).
  ASSERT_EQ(f.found.size(), 4 * 32u);
  const Finding &byte0 = f.found[4 * 5], &byte1 = f.found[4 * 5 + 1];
  EXPECT_EQ(byte0.access.thread, 5u);
  EXPECT_EQ(byte0.other.thread, 37u);
  EXPECT_EQ(byte0.access.address, 128u + 20);
  EXPECT_EQ(byte1.access.address, 128u + 21);
  EXPECT_EQ(byte0.other.value, 0x69u);
  EXPECT_EQ(byte1.other.value, 0u);
  EXPECT_EQ(f.end().size(), 4 * 32u);
}

TEST(RaceCheck, GlobalRaceBetweenTwoCtas) {
  Feed f({}, 2);
  f.access(0, 0, 0x10, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x1000), laneValue);
  f.access(0, 1, 0x18, f.ld, MemSpace::Global, MemAccessKind::Load, 1, word(0x1000), laneValue);
  EXPECT_TRUE(f.found.empty()); // one CTA: barriers' business, not checked
  f.access(1, 1, 0x18, f.ld, MemSpace::Global, MemAccessKind::Load, 1, word(0x1000), laneValue);
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceReadAfterWrite);
  EXPECT_EQ(found[0].access.cta[0], 1u);
  EXPECT_EQ(found[0].access.thread, 32u);
  EXPECT_EQ(found[0].other.cta[0], 0u);
  EXPECT_EQ(found[0].other.thread, 0u);
  EXPECT_EQ(found[0].access.space, MemSpace::Global);
}

TEST(RaceCheck, GlobalAtomicsOfTwoCtasDoNotRace) {
  Feed f({}, 2);
  auto one = [](unsigned) { return 1; };
  f.access(0, 0, 0x10, f.atom, MemSpace::Global, MemAccessKind::Atomic, kAll, word(0x1000), one);
  f.access(1, 0, 0x10, f.atom, MemSpace::Global, MemAccessKind::Atomic, kAll, word(0x1000), one);
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, GlobalRacesNeedAPlainWriteOfANewValue) {
  Feed f({}, 3);
  auto one = [](unsigned) { return 1; };
  // A store of a new value over what another CTA updates atomically.
  f.access(0, 0, 0x10, f.atom, MemSpace::Global, MemAccessKind::Atomic, 1, word(0x1000), one);
  f.access(1, 0, 0x28, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x1000), laneValue);
  ASSERT_EQ(f.found.size(), 0u); // analysis: at the end
  // A CAS loop's plain read of what another CTA updates atomically; CTAs
  // storing the same flag value.
  f.access(2, 0, 0x10, f.atom, MemSpace::Global, MemAccessKind::Atomic, 1, word(0x3000), one);
  f.access(0, 0, 0x18, f.ld, MemSpace::Global, MemAccessKind::Load, 1, word(0x3000), one);
  f.access(0, 0, 0x20, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x2000), one);
  f.access(2, 0, 0x20, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x2000), one, 1);
  const std::vector<Finding> found = f.end();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, FindingKind::RaceWriteAfterWrite);
  EXPECT_EQ(found[0].access.pc, 0x28u);
  EXPECT_EQ(found[0].other.kind, MemAccessKind::Atomic);
}

TEST(RaceCheck, GlobalAccessesOrderedThroughAtomicsAfterThem) {
  // threadFenceReduction: each CTA writes its partial, then counts itself
  // with an atomic; the last CTA (by the count) reads every partial.
  Feed f({}, 2);
  auto one = [](unsigned) { return 1; };
  f.access(0, 0, 0x10, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x1000), laneValue);
  f.access(0, 0, 0x18, f.atom, MemSpace::Global, MemAccessKind::Atomic, 1, word(0x2000), one);
  f.access(1, 0, 0x18, f.atom, MemSpace::Global, MemAccessKind::Atomic, 1, word(0x2000), one);
  f.access(1, 0, 0x20, f.ld, MemSpace::Global, MemAccessKind::Load, 1, word(0x1000), laneValue);
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, GlobalChecksCanBeOff) {
  RaceCheckOptions o;
  o.globalRaces = false;
  Feed f(o, 2);
  f.access(0, 0, 0x10, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x1000), laneValue);
  f.access(1, 0, 0x10, f.st, MemSpace::Global, MemAccessKind::Store, 1, word(0x1000), laneValue);
  EXPECT_TRUE(f.end().empty());
}

TEST(RaceCheck, AFinishedCtaLeavesNoSharedState) {
  // CTA 0's warps exit; a CTA placed at the same coordinates again (as a
  // later launch would) starts with clean shared memory.
  Feed f;
  f.stores(1, 0x10, kAll, word(128), laneValue);
  f.plain(0, 0, 0x30, f.exit);
  f.plain(0, 1, 0x30, f.exit);
  f.loads(0, 0x18, kAll, word(128));
  EXPECT_TRUE(f.end().empty());
}

//===-- On a device: the store values the trace gives ---------------------===//

/// Every thread of a 64-thread CTA stores `value(tid)` to shared word 0x10
/// (after a barrier when `barrier`), then exits.
std::vector<Finding> runSharedStores(bool sameValue, bool barrier) {
  Kernel k;
  k.s2r(0, TID_X);
  if (sameValue)
    k.mov32(2, 7);
  else
    k.mov(2, reg(0));
  k.isetp(1, 0, imm(32), C_LT);
  k.mem(Op::STS, 2, RZ, 0x10, W32, false, P(1));
  if (barrier)
    k.bar(0);
  k.mem(Op::STS, 2, RZ, 0x10, W32, false, P(1, true));
  k.exit();
  Rig rig;
  LaunchParams p = rig.params(k, 1, 64);
  p.kernel.shared = 0x40;
  Feed f;
  rig.trace(
      [](void *ctx, const TraceRecord &r) {
        auto &feed = *static_cast<Feed *>(ctx);
        feed.checker->observe(r, feed.found);
      },
      &f, f.checker->traceDetail());
  const LaunchResult launched = rig.dev->launch(std::move(p));
  EXPECT_TRUE(launched.ok());
  EXPECT_EQ(launched.grid, 1u); // Feed's grid
  rig.dev->runUntilIdle();
  return f.end();
}

/// The findings' kinds and severities, as "WAW/E" and so on, sorted.
std::vector<std::string> summary(const std::vector<Finding> &found) {
  std::vector<std::string> out;
  for (const Finding &x : found)
    out.push_back(std::string(x.kind == FindingKind::RaceWriteAfterWrite ? "WAW" : "other") +
                  (x.severity == Severity::Error ? "/E" : "/W"));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(RaceCheck, KernelStoresOfTheSameValueAreWarnings) {
  // Within each store, lanes on one word (same value: a warning); across
  // the warps' two stores, no barrier: a write-after-write of the value
  // already there, a warning too (the lanes after the first of the later
  // store are ordered after it by their warp).
  const std::vector<Finding> found = runSharedStores(true, false);
  EXPECT_EQ(summary(found), (std::vector<std::string>{"WAW/W", "WAW/W", "WAW/W"}));
  for (const Finding &x : found)
    EXPECT_EQ(x.access.value, 7u);
}

TEST(RaceCheck, KernelStoresOfOtherValuesAreErrors) {
  const std::vector<Finding> found = runSharedStores(false, false);
  EXPECT_EQ(summary(found), (std::vector<std::string>{"WAW/E", "WAW/E", "WAW/E"}));
}

TEST(RaceCheck, KernelStoresAcrossABarrierRaceOnlyWithinTheirStore) {
  const std::vector<Finding> found = runSharedStores(false, true);
  EXPECT_EQ(summary(found), (std::vector<std::string>{"WAW/E", "WAW/E"}));
}

} // namespace
} // namespace simt::emu::test

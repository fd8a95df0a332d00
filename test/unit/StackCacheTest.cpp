//===-- StackCacheTest.cpp - The per-warp stack cache model ---------------===//
//
// Unit tests for the per-warp stack cache model.
//
// Exact spill/restore/clean-pop counts for hand-traced push/pop sequences at
// several geometries, restore timing and stalls, the spilled bytes in the
// spill region, configuration errors, debugger introspection, and a
// randomized comparison against a plain std::vector stack.
#include "emu/core/StackCache.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace simt::emu {
namespace {

// A distinct, irregular 64-bit value per stack position.
uint64_t valueAt(uint32_t position) {
  return 0xA5A5'0000'0000'0000ull ^ ((position + 1) * 0x9E37'79B9'7F4A'7C15ull);
}

StackCacheConfig geometry(uint32_t entries, uint32_t setEntries, bool restoreAhead = true) {
  StackCacheConfig config;
  config.entries = entries;
  config.setEntries = setEntries;
  config.restoreAhead = restoreAhead;
  return config;
}

// A stack cache with its own spill region of `slots` 8-byte slots.
struct CacheUnderTest {
  std::vector<uint8_t> region;
  StackCache cache;

  explicit CacheUnderTest(const StackCacheConfig &config, uint32_t slots = 64)
      : region(slots * 8), cache(config, region) {}

  void pushValues(uint32_t count) {
    for (uint32_t i = 0; i < count; ++i)
      ASSERT_TRUE(cache.push(valueAt(cache.depth())));
  }
  // Pops everything, `gap` cycles apart from `cycle` on (plus any stall),
  // checking every value; returns the total stall.
  uint64_t popAllChecked(uint64_t cycle, uint64_t gap) {
    uint64_t stall = 0;
    while (cache.depth() > 0) {
      const uint32_t position = cache.depth() - 1;
      const StackPopResult popped = cache.pop(cycle);
      EXPECT_EQ(popped.raw, valueAt(position)) << "position " << position;
      stall += popped.stallCycles;
      cycle += popped.stallCycles + gap;
    }
    return stall;
  }
  void expectInvariants() const {
    std::string why;
    EXPECT_TRUE(cache.checkInvariants(&why)) << why;
  }
};

constexpr uint64_t kFarApart = 1000; // cycles between pops: every restore has landed

// ---- configuration -------------------------------------------------------------

TEST(StackCacheConfigTest, AcceptsDefaultsAndOtherGeometries) {
  EXPECT_EQ(validateStackCacheConfig(StackCacheConfig{}), "");
  EXPECT_EQ(validateStackCacheConfig(geometry(16, 4)), "");
  EXPECT_EQ(validateStackCacheConfig(geometry(8, 2)), "");
  EXPECT_EQ(validateStackCacheConfig(geometry(4, 2)), "");
  EXPECT_EQ(validateStackCacheConfig(geometry(2, 1)), "");
  EXPECT_EQ(validateStackCacheConfig(geometry(12, 4)), "");
}

TEST(StackCacheConfigTest, RejectsBadGeometriesWithAReason) {
  const std::string notMultiple = validateStackCacheConfig(geometry(10, 4));
  EXPECT_NE(notMultiple.find("not a multiple"), std::string::npos) << notMultiple;
  const std::string oneSet = validateStackCacheConfig(geometry(4, 4));
  EXPECT_NE(oneSet.find("fewer than two thread sets"), std::string::npos) << oneSet;
  EXPECT_NE(validateStackCacheConfig(geometry(0, 4)), "");
  EXPECT_NE(validateStackCacheConfig(geometry(8, 0)).find("at least 1"), std::string::npos);
  EXPECT_NE(validateStackCacheConfig(geometry(8, 16)), "");
}

// ---- exact counts ----------------------------------------------------------------

TEST(StackCacheCountsTest, FirstPushGoesToEntryZero) {
  CacheUnderTest t(StackCacheConfig{});
  EXPECT_EQ(t.cache.head(), 7u);
  t.pushValues(1);
  EXPECT_EQ(t.cache.head(), 0u);
  EXPECT_EQ(t.cache.level(0).entry, 0u);
  EXPECT_TRUE(t.cache.level(0).onChip);
  EXPECT_FALSE(t.cache.level(0).inSpill);
}

// 8 entries / sets of 4 (two sets): entering set k spills set k-1 one ahead.
// 20 pushes spill sets 0..3; the pops restore sets 2, 1, 0 one ahead and
// serve positions 0..15 as clean pops.
TEST(StackCacheCountsTest, EightByFourPushTwentyPopTwenty) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(20);
  EXPECT_EQ(t.cache.stats().spills, 4u);
  EXPECT_EQ(t.cache.spillPointer(), 16u);
  EXPECT_EQ(t.cache.threadSet(0).logicalSet, 4u);
  EXPECT_TRUE(t.cache.threadSet(0).valid && t.cache.threadSet(0).dirty);
  EXPECT_EQ(t.cache.threadSet(1).logicalSet, 3u);
  EXPECT_TRUE(t.cache.threadSet(1).valid && !t.cache.threadSet(1).dirty);
  t.expectInvariants();

  EXPECT_EQ(t.popAllChecked(0, kFarApart), 0u);
  const StackCacheStats &s = t.cache.stats();
  EXPECT_EQ(s.pushes, 20u);
  EXPECT_EQ(s.pops, 20u);
  EXPECT_EQ(s.maxDepth, 20u);
  EXPECT_EQ(s.spills, 4u);
  EXPECT_EQ(s.restores, 3u);
  EXPECT_EQ(s.stallRestores, 0u);
  EXPECT_EQ(s.cleanPops, 16u);
  EXPECT_EQ(s.spillBytes, 4u * 32);
  EXPECT_EQ(s.restoreBytes, 3u * 32);
  EXPECT_EQ(s.stallCycles, 0u);
  EXPECT_EQ(t.cache.spillPointer(), 0u);
  t.expectInvariants();
}

// 16 entries / sets of 4 (four sets): the first spill happens on entering
// set 3 (set 0 is next in the ring). 20 pushes spill sets 0 and 1; the pops
// find sets 3, 2, 1 still on chip and restore only set 0.
TEST(StackCacheCountsTest, SixteenByFourPushTwentyPopTwenty) {
  CacheUnderTest t(geometry(16, 4));
  t.pushValues(11);
  EXPECT_EQ(t.cache.stats().spills, 0u);
  t.pushValues(1); // position 11: still set 2
  EXPECT_EQ(t.cache.stats().spills, 0u);
  t.pushValues(1); // position 12 enters set 3, set 0 is next: spill it
  EXPECT_EQ(t.cache.stats().spills, 1u);
  t.pushValues(7);
  EXPECT_EQ(t.cache.stats().spills, 2u);
  EXPECT_EQ(t.cache.spillPointer(), 8u);

  EXPECT_EQ(t.popAllChecked(0, kFarApart), 0u);
  const StackCacheStats &s = t.cache.stats();
  EXPECT_EQ(s.pops, 20u);
  EXPECT_EQ(s.spills, 2u);
  EXPECT_EQ(s.restores, 1u);
  EXPECT_EQ(s.cleanPops, 8u);
  EXPECT_EQ(s.stallRestores, 0u);
  EXPECT_EQ(s.spillBytes, 64u);
  EXPECT_EQ(s.restoreBytes, 32u);
}

// 8 entries / sets of 2 (four sets): entering set k >= 3 spills set k-3.
// 20 pushes (sets 0..9) spill sets 0..6; the pops restore sets 5..0.
TEST(StackCacheCountsTest, EightByTwoPushTwentyPopTwenty) {
  CacheUnderTest t(geometry(8, 2));
  t.pushValues(20);
  EXPECT_EQ(t.cache.stats().spills, 7u);
  EXPECT_EQ(t.cache.spillPointer(), 14u);
  EXPECT_EQ(t.popAllChecked(0, kFarApart), 0u);
  const StackCacheStats &s = t.cache.stats();
  EXPECT_EQ(s.restores, 6u);
  EXPECT_EQ(s.cleanPops, 14u);
  EXPECT_EQ(s.spillBytes, 7u * 16);
  EXPECT_EQ(s.restoreBytes, 6u * 16);
  EXPECT_EQ(s.stallRestores, 0u);
}

// With two sets the spill one ahead already happens at depth 5: the pops
// then find set 0 valid and clean and need no restore.
TEST(StackCacheCountsTest, TwoSetsSpillAheadEvenWhenShallow) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(5);
  EXPECT_EQ(t.cache.stats().spills, 1u);
  EXPECT_EQ(t.popAllChecked(0, 1), 0u);
  EXPECT_EQ(t.cache.stats().restores, 0u);
  EXPECT_EQ(t.cache.stats().cleanPops, 4u);

  CacheUnderTest four(geometry(16, 4));
  four.pushValues(12);
  EXPECT_EQ(four.popAllChecked(0, 1), 0u);
  EXPECT_EQ(four.cache.stats().spills, 0u);
  EXPECT_EQ(four.cache.stats().cleanPops, 0u);
}

// Pushing after clean pops dirties the set again, so crossing the boundary
// spills it again (one more transaction).
TEST(StackCacheCountsTest, RepushIntoCleanSetSpillsAgain) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(5); // spills set 0
  t.cache.pop(0);  // position 4: empties set 1
  t.cache.pop(0);  // position 3: clean pop
  EXPECT_EQ(t.cache.stats().cleanPops, 1u);
  EXPECT_EQ(t.cache.spillPointer(), 3u);
  t.pushValues(2); // position 3 dirties set 0; position 4 crosses: spill again
  EXPECT_EQ(t.cache.stats().spills, 2u);
  EXPECT_EQ(t.cache.spillPointer(), 4u);
  t.expectInvariants();
  EXPECT_EQ(t.popAllChecked(0, 1), 0u);
}

// ---- timing ----------------------------------------------------------------------

// 8/4, 12 entries: popping position 8 empties set 2 and restores set 0 one
// ahead at that cycle; the four clean pops of set 1 take 4 cycles, so the pop
// of position 3 waits for the rest of the 200-cycle transaction.
TEST(StackCacheTimingTest, PopWaitsForRestoreAheadStillInFlight) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12);
  uint64_t cycle = 1000;
  for (uint32_t position = 11; position >= 4; --position, ++cycle)
    EXPECT_EQ(t.cache.pop(cycle).stallCycles, 0u) << position;
  EXPECT_EQ(t.cache.stats().restores, 1u);
  EXPECT_EQ(t.cache.threadSet(0).readyCycle, 1003u + 200);
  const StackPopResult popped = t.cache.pop(cycle); // cycle 1008
  EXPECT_EQ(popped.raw, valueAt(3));
  EXPECT_EQ(popped.stallCycles, 1203u - 1008);
  // The set has landed: the next pop does not wait, even at the same cycle.
  EXPECT_EQ(t.cache.pop(cycle).stallCycles, 0u);
  EXPECT_EQ(t.cache.stats().stallRestores, 1u);
  EXPECT_EQ(t.cache.stats().stallCycles, 195u);
  EXPECT_EQ(t.cache.stats().restores, 1u);
}

TEST(StackCacheTimingTest, RestoreAheadThatLandedInTimeCostsNothing) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12);
  for (uint32_t i = 0; i < 8; ++i)
    t.cache.pop(1000 + i); // the restore is issued at 1003
  EXPECT_EQ(t.cache.pop(1203).stallCycles, 0u);
  EXPECT_EQ(t.cache.stats().stallRestores, 0u);
}

TEST(StackCacheTimingTest, LatencyIsConfigurable) {
  StackCacheConfig config = geometry(8, 4);
  config.spillLatency = 50;
  CacheUnderTest t(config);
  t.pushValues(12);
  for (uint32_t i = 0; i < 8; ++i)
    t.cache.pop(0);
  EXPECT_EQ(t.cache.pop(0).stallCycles, 50u);
}

// Without restoreAhead nothing is fetched early: the pop that needs set 0
// issues the restore itself and waits for all of it.
TEST(StackCacheTimingTest, DemandRestoreStallsFullLatency) {
  CacheUnderTest t(geometry(8, 4, /*restoreAhead=*/false));
  t.pushValues(12);
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(t.cache.pop(1000).stallCycles, 0u);
  EXPECT_EQ(t.cache.stats().restores, 0u);
  EXPECT_FALSE(t.cache.level(3).onChip);
  const StackPopResult popped = t.cache.pop(5000);
  EXPECT_EQ(popped.raw, valueAt(3));
  EXPECT_EQ(popped.stallCycles, 200u);
  EXPECT_EQ(t.cache.stats().restores, 1u);
  EXPECT_EQ(t.cache.stats().stallRestores, 1u);
  EXPECT_EQ(t.popAllChecked(5200, 0), 0u);
  EXPECT_EQ(t.cache.stats().cleanPops, 8u);
}

// A push that re-enters a set with a restore in flight overwrites it; the
// next time the set is emptied the restore is issued again, and a pop waits
// for the new transaction only.
TEST(StackCacheTimingTest, PushOverARestoreInFlightSupersedesIt) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12);
  for (uint32_t i = 0; i < 4; ++i)
    t.cache.pop(100); // position 8 empties set 2: restore set 0, ready 300
  EXPECT_EQ(t.cache.threadSet(0).readyCycle, 300u);
  ASSERT_TRUE(t.cache.push(valueAt(8))); // enters set 2 over the restored set 0
  EXPECT_EQ(t.cache.threadSet(0).readyCycle, 0u);
  EXPECT_EQ(t.cache.threadSet(0).logicalSet, 2u);
  EXPECT_EQ(t.cache.pop(400).stallCycles, 0u); // restores set 0 again, ready 600
  EXPECT_EQ(t.cache.stats().restores, 2u);
  for (uint32_t i = 0; i < 4; ++i)
    EXPECT_EQ(t.cache.pop(401 + i).stallCycles, 0u);
  EXPECT_EQ(t.cache.pop(500).stallCycles, 100u);
  t.expectInvariants();
}

// ---- spilled bytes -----------------------------------------------------------------

TEST(StackCacheBytesTest, SpilledEntriesAreLittleEndianSlotsInTheRegion) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12); // sets 0 and 1 spilled
  for (uint32_t position = 0; position < 8; ++position)
    for (uint32_t byte = 0; byte < 8; ++byte)
      ASSERT_EQ(t.region[position * 8 + byte],
                static_cast<uint8_t>(valueAt(position) >> (8 * byte)))
          << position << ":" << byte;
  for (uint32_t offset = 8 * 8; offset < t.region.size(); ++offset)
    ASSERT_EQ(t.region[offset], 0) << "set 2 is not spilled yet";
}

// Set 0 left the chip (set 2 overwrote it), so its values come back from the
// region: a corrupted byte there shows in the popped token. Set 1 stayed on
// chip clean, so corrupting its slot changes nothing.
TEST(StackCacheBytesTest, CorruptedSpillSlotShowsUpInThePoppedToken) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12);
  t.region[2 * 8 + 1] ^= 0xFF;
  t.region[5 * 8 + 0] ^= 0xFF;
  EXPECT_EQ(t.cache.level(2).raw, valueAt(2) ^ 0xFF00) << "the debugger reads the region";
  uint64_t cycle = 0;
  for (uint32_t position = 11; position >= 3; --position, cycle += kFarApart)
    EXPECT_EQ(t.cache.pop(cycle).raw, valueAt(position)) << position;
  EXPECT_EQ(t.cache.pop(cycle).raw, valueAt(2) ^ 0xFF00);
}

TEST(StackCacheBytesTest, PushFailsWhenTheRegionIsFull) {
  CacheUnderTest t(geometry(8, 4), /*slots=*/10);
  EXPECT_EQ(t.cache.capacity(), 10u);
  t.pushValues(10);
  const StackCacheStats before = t.cache.stats();
  EXPECT_FALSE(t.cache.push(1));
  EXPECT_EQ(t.cache.depth(), 10u);
  EXPECT_EQ(t.cache.stats(), before);
  EXPECT_EQ(t.popAllChecked(0, kFarApart), 0u);
}

TEST(StackCacheBytesTest, AttachAndResetEmptyTheStackButKeepStats) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(9);
  t.cache.reset();
  EXPECT_EQ(t.cache.depth(), 0u);
  EXPECT_EQ(t.cache.spillPointer(), 0u);
  EXPECT_EQ(t.cache.stats().pushes, 9u);
  std::vector<uint8_t> other(16 * 8);
  t.cache.attach(other);
  EXPECT_EQ(t.cache.capacity(), 16u);
  t.pushValues(16);
  EXPECT_EQ(other[0], static_cast<uint8_t>(valueAt(0)));
  t.expectInvariants();
  EXPECT_EQ(t.popAllChecked(0, kFarApart), 0u);
  t.cache.clearStats();
  EXPECT_EQ(t.cache.stats(), StackCacheStats{});
}

// ---- introspection -----------------------------------------------------------------

TEST(StackCacheIntrospectionTest, LevelsSayWhereEachEntryLives) {
  CacheUnderTest t(geometry(8, 4));
  t.pushValues(12);
  EXPECT_EQ(t.cache.head(), 3u);
  EXPECT_EQ(t.cache.depth(), 12u);
  EXPECT_EQ(t.cache.spillPointer(), 8u);

  const StackLevelView spilled = t.cache.level(2);
  EXPECT_FALSE(spilled.onChip);
  EXPECT_TRUE(spilled.inSpill);
  EXPECT_EQ(spilled.spillOffset, 16u);
  EXPECT_EQ(spilled.raw, valueAt(2));

  const StackLevelView clean = t.cache.level(5);
  EXPECT_TRUE(clean.onChip);
  EXPECT_TRUE(clean.inSpill);
  EXPECT_EQ(clean.entry, 5u);
  EXPECT_EQ(clean.raw, valueAt(5));

  const StackLevelView dirty = t.cache.level(9);
  EXPECT_TRUE(dirty.onChip);
  EXPECT_FALSE(dirty.inSpill);
  EXPECT_EQ(dirty.entry, 1u);
  EXPECT_EQ(dirty.raw, valueAt(9));

  const ThreadSetView set0 = t.cache.threadSet(0);
  EXPECT_TRUE(set0.valid);
  EXPECT_TRUE(set0.dirty);
  EXPECT_EQ(set0.logicalSet, 2u);
  const ThreadSetView set1 = t.cache.threadSet(1);
  EXPECT_TRUE(set1.valid);
  EXPECT_FALSE(set1.dirty);
  EXPECT_EQ(set1.logicalSet, 1u);
  EXPECT_EQ(t.cache.numSets(), 2u);
}

// ---- statistics --------------------------------------------------------------------

TEST(StackCacheStatsTest, AddSumsCountsAndTakesTheLargestDepth) {
  StackCacheStats a{1, 2, 30, 4, 5, 6, 7, 8, 9, 10};
  const StackCacheStats b{10, 20, 3, 40, 50, 60, 70, 80, 90, 100};
  a.add(b);
  EXPECT_EQ(a, (StackCacheStats{11, 22, 30, 44, 55, 66, 77, 88, 99, 110}));
}

TEST(StackCacheStatsTest, FieldsCarryTheJsonKeysOfToolsMd) {
  std::vector<std::string> keys;
  StackCacheStats{}.forEachField([&](const char *key, uint64_t) { keys.push_back(key); });
  EXPECT_EQ(keys, (std::vector<std::string>{"pushes", "pops", "max_depth", "spills", "restores",
                                            "stall_restores", "clean_pops", "spill_bytes",
                                            "restore_bytes", "stall_cycles"}));
}

// ---- randomized comparison against std::vector -------------------------------------

struct RandomCase {
  uint32_t entries, setEntries;
  bool restoreAhead;
};

class StackCacheRandomTest : public ::testing::TestWithParam<RandomCase> {};

TEST_P(StackCacheRandomTest, MatchesAVectorStack) {
  const RandomCase param = GetParam();
  constexpr uint32_t kSlots = 96;
  CacheUnderTest t(geometry(param.entries, param.setEntries, param.restoreAhead), kSlots);
  std::vector<uint64_t> reference;
  std::mt19937_64 random(param.entries * 131 + param.setEntries * 7 + param.restoreAhead);
  uint64_t cycle = 0, stallSum = 0;

  for (int op = 0; op < 20000; ++op) {
    // Drift the preferred depth around so that runs go deep and come back.
    const bool deepPhase = (op / 500) % 2 == 0;
    const uint32_t pushPercent = deepPhase ? 60 : 40;
    const bool push = reference.empty() ||
                      (reference.size() < kSlots && random() % 100 < pushPercent);
    if (push) {
      const uint64_t value = random();
      ASSERT_TRUE(t.cache.push(value));
      reference.push_back(value);
    } else {
      const StackPopResult popped = t.cache.pop(cycle);
      ASSERT_EQ(popped.raw, reference.back()) << "op " << op;
      reference.pop_back();
      stallSum += popped.stallCycles;
      cycle += popped.stallCycles;
    }
    cycle += random() % 64;
    ASSERT_EQ(t.cache.depth(), reference.size());
    std::string why;
    ASSERT_TRUE(t.cache.checkInvariants(&why)) << "op " << op << ": " << why;
  }
  for (uint32_t position = 0; position < reference.size(); ++position)
    ASSERT_EQ(t.cache.level(position).raw, reference[position]);

  const StackCacheStats &s = t.cache.stats();
  EXPECT_EQ(s.pushes - s.pops, reference.size());
  EXPECT_EQ(s.stallCycles, stallSum);
  EXPECT_EQ(s.spillBytes, s.spills * param.setEntries * 8);
  EXPECT_EQ(s.restoreBytes, s.restores * param.setEntries * 8);
  EXPECT_LE(s.stallRestores, s.restores);
  EXPECT_GT(s.spills, 0u);
  EXPECT_GT(s.restores, 0u);
  EXPECT_GT(s.cleanPops, 0u);
  if (!param.restoreAhead)
    EXPECT_EQ(s.stallRestores, s.restores);
  else
    EXPECT_LT(s.stallRestores, s.restores);
}

INSTANTIATE_TEST_SUITE_P(Geometries, StackCacheRandomTest,
                         ::testing::Values(RandomCase{8, 4, true}, RandomCase{16, 4, true},
                                           RandomCase{8, 2, true}, RandomCase{4, 2, true},
                                           RandomCase{12, 4, true}, RandomCase{2, 1, true},
                                           RandomCase{32, 8, true}, RandomCase{8, 4, false},
                                           RandomCase{16, 4, false}, RandomCase{4, 2, false}),
                         [](const ::testing::TestParamInfo<RandomCase> &caseInfo) {
                           return std::to_string(caseInfo.param.entries) + "x" +
                                  std::to_string(caseInfo.param.setEntries) +
                                  (caseInfo.param.restoreAhead ? "Ahead" : "OnDemand");
                         });

} // namespace
} // namespace simt::emu

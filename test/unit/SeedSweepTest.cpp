//===-- SeedSweepTest.cpp - simt-emu --seeds: range parsing ---------------===//
// The sweep itself (threads, comparison, report) is pinned by the lit tests
// test/emu/seeds.simt and test/emu/examples/seeds.test.
#include "runtime/simt-emu/SeedSweep.h"

#include <gtest/gtest.h>

using namespace simt::rt;

namespace {

TEST(SeedSweep, ParsesCountAndRange) {
  uint64_t first = 0, last = 0;
  EXPECT_EQ(parseSeedRange("8", first, last), "");
  EXPECT_EQ(first, 1u);
  EXPECT_EQ(last, 8u);
  EXPECT_EQ(parseSeedRange("5-9", first, last), "");
  EXPECT_EQ(first, 5u);
  EXPECT_EQ(last, 9u);
  EXPECT_EQ(parseSeedRange("0-0", first, last), "");
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(last, 0u);
}

TEST(SeedSweep, RejectsBadRanges) {
  uint64_t first = 0, last = 0;
  for (const char *bad : {"", "0", "x", "3-", "-3", "9-5", "1-2-3", "1 - 2", "1-1000000"})
    EXPECT_NE(parseSeedRange(bad, first, last), "") << bad;
}

} // namespace

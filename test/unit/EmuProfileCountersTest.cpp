//===-- EmuProfileCountersTest.cpp - The SMs' profile counters ------------===//
//
// emu/core/ProfileCounters.h on its own: a memory access's requests,
// bytes and 128-byte segments; a shared access's passes through the banks;
// time bins that widen pairwise when a cycle
// lies beyond them; CTA spans from start to leaving.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Cta.h"
#include "emu/core/ProfileCounters.h"

#include <gtest/gtest.h>

namespace simt::emu {
namespace {

MemAccess access(uint32_t lanes, uint8_t bytes, uint64_t base, uint64_t stride) {
  MemAccess a;
  a.lanes = lanes;
  a.bytes = bytes;
  for (unsigned l = 0; l < WarpSize; ++l)
    a.addr[l] = base + l * stride;
  return a;
}

TEST(EmuProfileCounters, MemorySegments) {
  PcCounts c;
  c.addMemory(access(AllLanes, 4, 0x1000, 4)); // coalesced: one segment
  EXPECT_EQ(c.memRequests, 1u);
  EXPECT_EQ(c.memBytes, 128u);
  EXPECT_EQ(c.memSegments, 1u);
  c.addMemory(access(AllLanes, 4, 0x1040, 4)); // misaligned: two
  EXPECT_EQ(c.memSegments, 3u);
  c.addMemory(access(0xffu, 4, 0x2000, 128)); // 8 lanes, a segment each
  EXPECT_EQ(c.memRequests, 3u);
  EXPECT_EQ(c.memBytes, 128u + 128u + 32u);
  EXPECT_EQ(c.memSegments, 3u + 8u);
  c.addMemory(access(AllLanes, 8, 0x3000, 0)); // one word for all: one
  EXPECT_EQ(c.memSegments, 12u);
  // Lanes that come back to a segment seen before count it once.
  MemAccess back = access(0x7u, 4, 0, 0);
  back.addr[0] = 0x4000, back.addr[1] = 0x5000, back.addr[2] = 0x4004;
  c.addMemory(back);
  EXPECT_EQ(c.memSegments, 14u);
}

MemAccess shared(uint32_t lanes, uint8_t bytes, uint64_t base, uint64_t stride) {
  MemAccess a = access(lanes, bytes, base, stride);
  a.space = MemSpace::Shared;
  return a;
}

TEST(EmuProfileCounters, SharedBankPasses) {
  // 32 banks of 4 bytes: a stride of s words puts gcd(s, 32) words in a bank.
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 0, 4)), 1u);
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 0, 8)), 2u);
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 0, 12)), 1u); // odd stride: no conflict
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 0, 16)), 4u);
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 0, 128)), 32u);
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 4, 64, 0)), 1u);  // a broadcast
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 1, 0, 1)), 1u);   // 8 words, 4 lanes each
  EXPECT_EQ(sharedBankPasses(shared(0x3u, 4, 0, 128)), 2u);     // only the lanes that access
  EXPECT_EQ(sharedBankPasses(shared(0u, 4, 0, 128)), 0u);
  // 8 bytes: half-warps, each 16 lanes x 2 words.
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 8, 0, 8)), 2u);
  EXPECT_EQ(sharedBankPasses(shared(0xffffu, 8, 0, 8)), 1u);
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 8, 0, 16)), 4u); // 2-way in each half
  // 16 bytes: quarter-warps of 8 lanes x 4 words.
  EXPECT_EQ(sharedBankPasses(shared(AllLanes, 16, 0, 16)), 4u);
  // Lanes on two words of one bank, the rest on one word: 2.
  MemAccess two = shared(AllLanes, 4, 0, 0);
  two.addr[5] = 128;
  EXPECT_EQ(sharedBankPasses(two), 2u);
  // addMemory counts them for shared accesses only.
  PcCounts c;
  c.addMemory(shared(AllLanes, 4, 0, 8));
  c.addMemory(access(AllLanes, 4, 0, 8));
  EXPECT_EQ(c.sharedPasses, 2u);
}

TEST(EmuProfileCounters, BinsWidenPairwise) {
  SmProfile p;
  const uint64_t width = uint64_t{1} << SmProfile::FirstBinShift;
  p.addToBin(0, 32, 0);
  p.addToBin(width, 16, 1);
  p.addToBin(3 * width, 8, 2);
  ASSERT_EQ(p.bins().size(), 4u);
  EXPECT_EQ(p.bins()[1].thread, 16u);
  EXPECT_EQ(p.bins()[2].warp, 0u);
  // A cycle past MaxBins bins of this width: each bin twice as wide, pairs summed.
  p.addToBin(SmProfile::MaxBins * width, 4, 3);
  EXPECT_EQ(p.binShift(), SmProfile::FirstBinShift + 1);
  ASSERT_EQ(p.bins().size(), SmProfile::MaxBins / 2 + 1);
  EXPECT_EQ(p.bins()[0].warp, 2u);
  EXPECT_EQ(p.bins()[0].thread, 48u);
  EXPECT_EQ(p.bins()[0].slots, 0x3u);
  EXPECT_EQ(p.bins()[1].slots, 0x4u);
  EXPECT_EQ(p.bins().back().thread, 4u);
}

TEST(EmuProfileCounters, CtaSpans) {
  Grid g;
  g.id = 7;
  Cta cta;
  cta.grid = &g;
  cta.id[0] = 2;
  SmProfile p;
  p.ctaStarted(cta, 1, 100);
  ASSERT_EQ(p.residentCtas().size(), 1u);
  p.ctaLeft(cta, 250);
  ASSERT_TRUE(p.residentCtas().empty());
  ASSERT_EQ(p.closedCtas().size(), 1u);
  const CtaSpan &s = p.closedCtas()[0];
  EXPECT_EQ(s.sm, 1u);
  EXPECT_EQ(s.grid, 7u);
  EXPECT_EQ(s.cta[0], 2u);
  EXPECT_EQ(s.first, 100u);
  EXPECT_EQ(s.last, 250u);
}

TEST(EmuProfileCounters, GridCountersAdd) {
  GridCounters a, b;
  a.counts.warp = 3;
  a.noteHost(2.0);
  b.counts.warp = 4;
  b.noteHost(1.0);
  b.noteHost(5.0);
  b.lockFailures = 9;
  b.constCache.l1_hits = 2;
  a.add(b);
  EXPECT_EQ(a.counts.warp, 7u);
  EXPECT_EQ(a.hostFirst, 1.0);
  EXPECT_EQ(a.hostLast, 5.0);
  EXPECT_EQ(a.lockFailures, 9u);
  EXPECT_EQ(a.constCache.l1_hits, 2u);
}

} // namespace
} // namespace simt::emu

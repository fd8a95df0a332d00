//===-- ConstStoreTest.cpp - Versioned constant store tests ---------------===//
//
// Unit tests of ConstStore (ISA.md section 6): command validation (banks 0/1
// and ranges are errors, not asserts), one version per run of commands
// between launches, isolation of sealed versions, copy-on-write sharing,
// reference counting and retirement, and a randomized comparison with a
// naive full-copy model.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/ConstStore.h"
#include "ConstTestKit.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <vector>

using namespace simt::emu;
using namespace simt::emu::consttest;

namespace {

void put32(ConstStore &s, unsigned bank, uint32_t off, uint32_t v) {
  std::vector<uint8_t> b = le32(v);
  ASSERT_EQ(s.write(bank, off, b), "");
}

} // namespace

TEST(ConstStore, StartsWithSealedAllZeroVersion) {
  ConstStore s;
  EXPECT_EQ(s.current(), 0u);
  EXPECT_EQ(s.latestSealed(), 0u);
  EXPECT_FALSE(s.hasPending());
  EXPECT_TRUE(s.isSealed(0));
  EXPECT_EQ(s.numLive(), 1u);
  for (unsigned bank = 2; bank < 16; ++bank) {
    EXPECT_EQ(s.read32(0, bank, 0), 0u);
    EXPECT_EQ(s.read32(0, bank, 0xfffc), 0u);
  }
  EXPECT_EQ(s.uniquePages(), 0u);
}

TEST(ConstStore, RejectsUnversionedBanksAndBadRanges) {
  ConstStore s;
  std::vector<uint8_t> four = le32(1);
  std::string e0 = s.write(0, 0, four);
  EXPECT_NE(e0.find("bank 0"), std::string::npos) << e0;
  EXPECT_NE(e0.find("launch"), std::string::npos) << e0;
  std::string e1 = s.write(1, 0x100, four);
  EXPECT_NE(e1.find("bank 1"), std::string::npos) << e1;
  EXPECT_NE(e1.find("runtime"), std::string::npos) << e1;
  EXPECT_NE(s.write(16, 0, four), "");
  std::string er = s.write(2, 0xfffe, four);
  EXPECT_NE(er.find("64 KiB"), std::string::npos) << er;
  EXPECT_NE(s.write(2, 0x10000, {}), "");
  // Nothing happened.
  EXPECT_FALSE(s.hasPending());
  EXPECT_EQ(s.writeCount(), 0u);
  EXPECT_EQ(s.current(), 0u);
  // The edges that are fine.
  EXPECT_EQ(s.write(2, 0xfffc, four), "");
  EXPECT_EQ(s.write(15, 0, four), "");
  EXPECT_EQ(ConstStore::checkCommand(2, 0, 0x10000), "");
  EXPECT_NE(ConstStore::checkCommand(2, 1, 0x10000), "");
}

TEST(ConstStore, EmptyCommandOpensNoVersion) {
  ConstStore s;
  EXPECT_EQ(s.write(3, 0x40, {}), "");
  EXPECT_FALSE(s.hasPending());
  EXPECT_EQ(s.bind(), 0u);
}

TEST(ConstStore, ConsecutiveCommandsMakeOneVersion) {
  ConstStore s;
  ConstVersion g0 = s.bind(); // a grid holds version 0
  EXPECT_EQ(g0, 0u);
  put32(s, 2, 0, 11);
  EXPECT_TRUE(s.hasPending());
  EXPECT_EQ(s.current(), 1u);
  put32(s, 2, 4, 22);
  put32(s, 5, 0x800, 33);
  put32(s, 2, 0, 44); // overwrites within the same pending version
  EXPECT_EQ(s.current(), 1u);
  EXPECT_FALSE(s.isSealed(1));
  ConstVersion g1 = s.bind();
  EXPECT_EQ(g1, 1u);
  EXPECT_TRUE(s.isSealed(1));
  EXPECT_EQ(s.read32(1, 2, 0), 44u);
  EXPECT_EQ(s.read32(1, 2, 4), 22u);
  EXPECT_EQ(s.read32(1, 5, 0x800), 33u);
  // The earlier grid's version is untouched.
  EXPECT_EQ(s.read32(0, 2, 0), 0u);
  EXPECT_EQ(s.read32(0, 5, 0x800), 0u);
  // A launch without commands binds the same version again.
  EXPECT_EQ(s.bind(), 1u);
  EXPECT_EQ(s.refCount(1), 2u);
}

TEST(ConstStore, PendingVersionIsReadableAndIsolated) {
  ConstStore s;
  put32(s, 2, 0x10, 5);
  ConstVersion v1 = s.bind();
  put32(s, 2, 0x10, 6);
  EXPECT_EQ(s.read32(s.current(), 2, 0x10), 6u);
  EXPECT_EQ(s.read32(v1, 2, 0x10), 5u);
}

TEST(ConstStore, ReadsSpanPagesAndWholeBanks) {
  ConstStore s;
  std::vector<uint8_t> bytes(400);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = uint8_t(i * 7 + 1);
  ASSERT_EQ(s.write(4, 200, bytes), ""); // straddles pages 0, 1, 2
  ConstVersion v = s.bind();
  std::vector<uint8_t> back(400);
  ASSERT_TRUE(s.read(v, 4, 200, back.data(), 400));
  EXPECT_EQ(back, bytes);
  uint8_t edge[8];
  ASSERT_TRUE(s.read(v, 4, 196, edge, 8));
  EXPECT_EQ(edge[0], 0);
  EXPECT_EQ(edge[4], bytes[0]);

  std::vector<uint8_t> whole(kConstBankBytes);
  for (size_t i = 0; i < whole.size(); ++i)
    whole[i] = uint8_t(i ^ (i >> 8));
  ASSERT_EQ(s.write(15, 0, whole), "");
  ConstVersion w = s.bind();
  std::vector<uint8_t> wback(kConstBankBytes);
  ASSERT_TRUE(s.read(w, 15, 0, wback.data(), kConstBankBytes));
  EXPECT_EQ(wback, whole);
  EXPECT_EQ(s.uniquePages(), 3u + ConstStore::kPagesPerBank);
}

TEST(ConstStore, ReadRejectsBadArguments) {
  ConstStore s;
  uint8_t b[4];
  EXPECT_FALSE(s.read(0, 0, 0, b, 4));
  EXPECT_FALSE(s.read(0, 1, 0, b, 4));
  EXPECT_FALSE(s.read(0, 16, 0, b, 4));
  EXPECT_FALSE(s.read(0, 2, 0xfffe, b, 4));
  EXPECT_FALSE(s.read(7, 2, 0, b, 4)); // no such version
  EXPECT_TRUE(s.read(0, 2, 0xfffc, b, 4));
}

TEST(ConstStore, CopyOnWriteSharesUntouchedPages) {
  ConstStore s;
  // Version i writes page i of bank 2: every page is created once and then
  // shared by all later versions.
  constexpr unsigned kN = 100;
  std::vector<ConstVersion> held;
  for (unsigned i = 0; i < kN; ++i) {
    put32(s, 2, i * ConstStore::kPageBytes, i + 1);
    held.push_back(s.bind());
  }
  EXPECT_EQ(s.numLive(), kN); // version 0 retired at the first launch
  EXPECT_EQ(s.uniquePages(), kN);
  for (unsigned i = 0; i < kN; ++i)
    for (unsigned j = 0; j < kN; j += 9)
      EXPECT_EQ(s.read32(held[i], 2, j * ConstStore::kPageBytes),
                j <= i ? j + 1 : 0u);
  // Rewriting one word of a shared page copies just that page.
  put32(s, 2, 4, 99);
  ConstVersion last = s.bind();
  EXPECT_EQ(s.uniquePages(), kN + 1);
  EXPECT_EQ(s.read32(last, 2, 4), 99u);
  EXPECT_EQ(s.read32(held.back(), 2, 4), 0u);
  // A different bank shares every bank-2 page.
  put32(s, 9, 0, 1);
  s.bind();
  EXPECT_EQ(s.uniquePages(), kN + 2);
}

TEST(ConstStore, ReferenceCountingRetiresUnusedVersions) {
  ConstStore s;
  put32(s, 2, 0, 1);
  ConstVersion a = s.bind();
  // Version 0 had no reference and is no longer the newest: retired.
  EXPECT_FALSE(s.isLive(0));
  EXPECT_EQ(s.retiredCount(), 1u);
  put32(s, 2, 0, 2);
  ConstVersion b = s.bind();
  EXPECT_TRUE(s.isLive(a)); // still referenced by its grid
  EXPECT_TRUE(s.acquire(a));
  EXPECT_EQ(s.refCount(a), 2u);
  EXPECT_TRUE(s.release(a));
  EXPECT_TRUE(s.isLive(a));
  EXPECT_TRUE(s.release(a));
  EXPECT_FALSE(s.isLive(a));
  EXPECT_EQ(s.retiredCount(), 2u);
  EXPECT_FALSE(s.release(a));
  EXPECT_FALSE(s.acquire(a));
  // The newest sealed version survives with no reference.
  EXPECT_TRUE(s.release(b));
  EXPECT_TRUE(s.isLive(b));
  EXPECT_FALSE(s.release(b)); // no reference left
  EXPECT_EQ(s.read32(b, 2, 0), 2u);
  // ... and retires once it is no longer the newest.
  put32(s, 2, 0, 3);
  EXPECT_TRUE(s.isLive(b)); // pending does not replace it yet
  s.bind();
  EXPECT_FALSE(s.isLive(b));
  // Retired pages are freed: only the newest version's page remains.
  EXPECT_EQ(s.uniquePages(), 1u);
  EXPECT_EQ(s.liveVersions(), std::vector<ConstVersion>{b + 1});
}

TEST(ConstStore, PendingVersionCanBeReferenced) {
  ConstStore s;
  put32(s, 2, 0, 1);
  ConstVersion p = s.current();
  EXPECT_TRUE(s.acquire(p));
  EXPECT_EQ(s.bind(), p);
  EXPECT_EQ(s.refCount(p), 2u);
}

// Randomized: the store against a naive model that copies every bank image.
TEST(ConstStore, RandomizedAgainstFullCopies) {
  for (uint64_t seed : {1ull, 2ull, 3ull}) {
    ConstStore s;
    Rng rng{seed};
    using Image = std::vector<uint8_t>; // banks 2, 3 and 15, full size
    const unsigned banks[3] = {2, 3, 15};
    std::map<ConstVersion, Image> truth;
    truth[0] = Image(3 * kConstBankBytes, 0);
    Image pending = truth[0];
    std::vector<ConstVersion> grids;
    for (int step = 0; step < 3000; ++step) {
      uint32_t r = rng.below(100);
      if (r < 55) {
        unsigned bi = rng.below(3);
        uint32_t len = 1 + rng.below(rng.below(4) == 0 ? 700 : 16);
        uint32_t off = rng.below(kConstBankBytes - len + 1);
        if (rng.below(3) == 0)
          off &= 0x3ff; // concentrate on a few pages
        std::vector<uint8_t> bytes(len);
        for (auto &b : bytes)
          b = uint8_t(rng.next());
        ASSERT_EQ(s.write(banks[bi], off, bytes), "");
        std::memcpy(&pending[bi * kConstBankBytes + off], bytes.data(), len);
      } else if (r < 75) {
        ConstVersion v = s.bind();
        truth[v] = pending;
        grids.push_back(v);
      } else if (!grids.empty()) {
        size_t i = rng.below(uint32_t(grids.size()));
        ASSERT_TRUE(s.release(grids[i]));
        grids.erase(grids.begin() + i);
      }
      // Live versions are exactly the referenced ones plus the newest
      // sealed and the pending one.
      for (ConstVersion v : s.liveVersions()) {
        bool expected = v == s.latestSealed() || v == s.current() ||
                        std::count(grids.begin(), grids.end(), v);
        ASSERT_TRUE(expected) << "version " << v << " should have retired";
      }
      if (step % 50 == 0 || step == 2999) {
        for (ConstVersion v : s.liveVersions()) {
          const Image &img = v == s.current() && s.hasPending() ? pending
                                                               : truth.at(v);
          for (unsigned bi = 0; bi < 3; ++bi) {
            std::vector<uint8_t> got(kConstBankBytes);
            ASSERT_TRUE(s.read(v, banks[bi], 0, got.data(), kConstBankBytes));
            ASSERT_EQ(0, std::memcmp(got.data(), &img[bi * kConstBankBytes],
                                     kConstBankBytes))
                << "seed " << seed << " step " << step << " version " << v
                << " bank " << banks[bi];
          }
        }
      }
    }
  }
}

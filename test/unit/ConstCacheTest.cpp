//===-- ConstCacheTest.cpp - Constant-cache model tests -------------------===//
//
// Unit tests of ConstCache, the constant-cache patent's model (ISA.md section
// 6): configuration checks; version isolation with 2, 3 and N SMs running
// overlapping versions in both embodiments; the patent's FIG. 3A and FIG. 6
// walk-throughs with their copies and retirements counted exactly; an update
// stream longer than the L2 backup; locked stalls with a tiny L1; exact hit
// and miss counts for a known pattern; and a randomized model check that
// after every step every active SM reads exactly its bound version.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/ConstCache.h"
#include "ConstTestKit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <vector>

using namespace simt::emu;
using namespace simt::emu::consttest;

namespace {

ConstCacheConfig smallConfig(ConstCoherence c, unsigned sms = 4) {
  ConstCacheConfig cfg;
  cfg.numSMs = sms;
  cfg.coherence = c;
  return cfg;
}

/// A store, a cache over it, and helpers that check every step.
struct Rig {
  ConstStore store;
  ConstCache cache;
  explicit Rig(const ConstCacheConfig &cfg) : cache(store, cfg) {}

  void cmd(unsigned bank, uint32_t off, uint32_t value) {
    std::vector<uint8_t> b = le32(value);
    ASSERT_EQ(cache.constantCommand(bank, off, b), "");
    check();
  }
  ConstVersion launch() {
    ConstVersion v = cache.bind();
    check();
    return v;
  }
  void begin(unsigned sm, ConstVersion v) {
    ASSERT_TRUE(cache.smBegin(sm, v));
    check();
  }
  void drain(unsigned sm) {
    cache.smDrained(sm);
    check();
  }
  void release(ConstVersion v) {
    ASSERT_TRUE(cache.release(v));
    check();
  }
  uint32_t read(unsigned sm, unsigned bank, uint32_t off,
                uint32_t *latency = nullptr) {
    uint32_t lat = 0;
    uint32_t v = cache.read32(sm, cache.smVersion(sm), bank, off, lat);
    if (latency)
      *latency = lat;
    check();
    return v;
  }
  void check() {
    std::string why;
    ASSERT_TRUE(cache.verify(&why)) << why;
  }
};

class ConstCacheBoth : public ::testing::TestWithParam<ConstCoherence> {};

std::string modeName(const ::testing::TestParamInfo<ConstCoherence> &info) {
  return toString(info.param);
}

} // namespace

//===----------------------------------------------------------------------===//
// Configuration, statistics, API contract
//===----------------------------------------------------------------------===//

TEST(ConstCacheConfig, DefaultsMatchTheSpec) {
  ConstCacheConfig cfg;
  EXPECT_EQ(cfg.validate(), "");
  EXPECT_EQ(cfg.lineBytes, 64u);
  EXPECT_EQ(cfg.l1Bytes, 2048u);
  EXPECT_EQ(cfg.l2Bytes, 32768u);
  EXPECT_EQ(cfg.l2BackupBytes, 32768u);
  EXPECT_EQ(cfg.l1HitLatency, 1u);
  EXPECT_EQ(cfg.l2HitLatency, 20u);
  EXPECT_EQ(cfg.memoryLatency, 200u);
  EXPECT_EQ(cfg.numSMs, 4u);
}

TEST(ConstCacheConfig, RejectsBadSettings) {
  auto bad = [](auto edit, const char *needle) {
    ConstCacheConfig cfg;
    edit(cfg);
    std::string e = cfg.validate();
    EXPECT_NE(e.find(needle), std::string::npos) << "got: " << e;
    ConstStore store;
    EXPECT_THROW(ConstCache(store, cfg), std::invalid_argument);
  };
  bad([](ConstCacheConfig &c) { c.lineBytes = 48; }, "--const-line");
  bad([](ConstCacheConfig &c) { c.lineBytes = 8; }, "--const-line");
  bad([](ConstCacheConfig &c) { c.lineBytes = 0; }, "--const-line");
  bad([](ConstCacheConfig &c) { c.l1Bytes = 0; }, "--const-l1");
  bad([](ConstCacheConfig &c) { c.l1Bytes = 100; }, "--const-l1");
  bad([](ConstCacheConfig &c) { c.l2Bytes = 32; }, "--const-l2");
  bad([](ConstCacheConfig &c) { c.l2BackupBytes = 65; }, "backup");
  bad([](ConstCacheConfig &c) { c.numSMs = 0; }, "SMs");
  bad([](ConstCacheConfig &c) { c.l2Bytes = 1u << 30; }, "64 MiB");
  ConstCacheConfig ok;
  ok.l2BackupBytes = 0;
  ok.lineBytes = 16;
  ok.l1Bytes = 16;
  EXPECT_EQ(ok.validate(), "");
}

TEST(ConstCacheConfig, ParsesCoherenceNames) {
  EXPECT_EQ(parseConstCoherence("oldest"), ConstCoherence::Oldest);
  EXPECT_EQ(parseConstCoherence("backup"), ConstCoherence::Backup);
  EXPECT_EQ(parseConstCoherence("Backup"), std::nullopt);
  EXPECT_STREQ(toString(ConstCoherence::Oldest), "oldest");
  EXPECT_STREQ(toString(ConstCoherence::Backup), "backup");
}

TEST(ConstCacheStats, MergeSumsCountersAndMaxesLiveVersions) {
  ConstCacheStats a{1, 2, 3, 4, 5, 6, 7, 8, 9};
  ConstCacheStats b{10, 20, 30, 40, 2, 60, 70, 80, 90};
  a.merge(b);
  EXPECT_EQ(a, (ConstCacheStats{11, 22, 33, 44, 5, 66, 77, 88, 99}));
  ConstCacheStats c{};
  c.versions_live_max = 7;
  a.merge(c);
  EXPECT_EQ(a.versions_live_max, 7u);
}

TEST_P(ConstCacheBoth, ConstantCommandsToBanks0And1AreErrors) {
  Rig r(smallConfig(GetParam()));
  std::vector<uint8_t> b = le32(5);
  EXPECT_NE(r.cache.constantCommand(0, 0, b).find("bank 0"),
            std::string::npos);
  EXPECT_NE(r.cache.constantCommand(1, 0x100, b).find("bank 1"),
            std::string::npos);
  EXPECT_NE(r.cache.constantCommand(2, 0xfffe, b), "");
  EXPECT_EQ(r.store.writeCount(), 0u);
  EXPECT_EQ(r.store.current(), 0u);
  r.check();
}

TEST_P(ConstCacheBoth, SchedulerContract) {
  Rig r(smallConfig(GetParam(), 2));
  r.cmd(2, 0, 1);
  ConstVersion a = r.launch();
  r.cmd(2, 0, 2);
  ConstVersion b = r.launch();
  EXPECT_TRUE(r.cache.canRunVersion(0, a));
  r.begin(0, a);
  r.begin(0, a); // another CTA of the same version
  EXPECT_TRUE(r.cache.canRunVersion(0, a));
  EXPECT_FALSE(r.cache.canRunVersion(0, b));
  EXPECT_FALSE(r.cache.smBegin(0, b)); // must wait until the SM drains
  EXPECT_EQ(r.cache.smVersion(0), a);
  EXPECT_FALSE(r.cache.smBegin(1, 999)); // not a live version
  EXPECT_FALSE(r.cache.smActive(1));
  r.drain(0);
  r.drain(0); // no-op
  EXPECT_TRUE(r.cache.canRunVersion(0, b));
  r.begin(0, b);
  EXPECT_EQ(r.read(0, 2, 0), 2u);
  EXPECT_FALSE(r.cache.release(12345));
}

TEST_P(ConstCacheBoth, StoreBypassIsDetected) {
  Rig r(smallConfig(GetParam()));
  std::vector<uint8_t> b = le32(5);
  ASSERT_EQ(r.store.write(2, 0, b), ""); // behind the cache's back
  std::string why;
  EXPECT_FALSE(r.cache.verify(&why));
  EXPECT_NE(why.find("behind"), std::string::npos) << why;
#ifndef NDEBUG
  EXPECT_DEATH(r.cache.bind(), "must go through ConstCache");
#endif
}

//===----------------------------------------------------------------------===//
// Version isolation (the contract), both embodiments
//===----------------------------------------------------------------------===//

// A long-running grid re-reads c[2][...] while later grids on another SM see
// newer values, across several overlapping versions.
TEST_P(ConstCacheBoth, IsolationTwoSMs) {
  Rig r(smallConfig(GetParam(), 2));
  r.cmd(2, 0x0, 100);
  r.cmd(2, 0x40, 200);
  ConstVersion g0 = r.launch();
  r.begin(0, g0);
  EXPECT_EQ(r.read(0, 2, 0x0), 100u);
  EXPECT_EQ(r.read(0, 2, 0x40), 200u);
  for (uint32_t i = 1; i <= 6; ++i) {
    r.cmd(2, 0x0, 100 + i);
    if (i % 2)
      r.cmd(2, 0x44, 300 + i); // same line as 0x40, other word
    ConstVersion g = r.launch();
    r.begin(1, g);
    EXPECT_EQ(r.read(1, 2, 0x0), 100 + i);
    EXPECT_EQ(r.read(1, 2, 0x40), 200u);
    EXPECT_EQ(r.read(1, 2, 0x44), 300 + (i % 2 ? i : i - 1));
    // The persistent grid keeps its version.
    EXPECT_EQ(r.read(0, 2, 0x0), 100u);
    EXPECT_EQ(r.read(0, 2, 0x44), 0u);
    r.drain(1);
    r.release(g);
  }
  r.drain(0);
  r.release(g0);
  EXPECT_GE(r.cache.totalStats().versions_live_max, 2u);
}

// Three SMs on three overlapping versions (the patent's FIG. 3B shape).
TEST_P(ConstCacheBoth, IsolationThreeSMs) {
  Rig r(smallConfig(GetParam(), 3));
  r.cmd(3, 0x100, 1);
  ConstVersion v1 = r.launch();
  r.begin(0, v1);
  r.begin(1, v1);
  r.read(0, 3, 0x100);
  r.cmd(3, 0x100, 2); // SM2 inactive: receives it
  r.cmd(3, 0x180, 20);
  ConstVersion v2 = r.launch();
  r.begin(2, v2);
  EXPECT_EQ(r.read(2, 3, 0x100), 2u);
  r.drain(1); // SM1 takes the current version's constants
  r.cmd(3, 0x100, 3);
  ConstVersion v3 = r.launch();
  r.begin(1, v3);
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(r.read(0, 3, 0x100), 1u);
    EXPECT_EQ(r.read(0, 3, 0x180), 0u);
    EXPECT_EQ(r.read(2, 3, 0x100), 2u);
    EXPECT_EQ(r.read(2, 3, 0x180), 20u);
    EXPECT_EQ(r.read(1, 3, 0x100), 3u);
    EXPECT_EQ(r.read(1, 3, 0x180), 20u);
  }
  EXPECT_EQ(r.cache.totalStats().versions_live_max, 3u);
  // Oldest: the L2 holds the oldest version in use; Backup: the newest.
  EXPECT_EQ(r.cache.l2Version(),
            GetParam() == ConstCoherence::Oldest ? v1 : v3);
  r.drain(0);
  r.release(v1);
  EXPECT_EQ(r.cache.l2Version(),
            GetParam() == ConstCoherence::Oldest ? v2 : v3);
  EXPECT_EQ(r.read(2, 3, 0x100), 2u);
  EXPECT_EQ(r.read(1, 3, 0x100), 3u);
  r.drain(2);
  r.release(v2);
  EXPECT_EQ(r.cache.l2Version(), v3);
  r.begin(0, v3);
  r.begin(2, v3);
  for (unsigned sm = 0; sm < 3; ++sm) {
    EXPECT_EQ(r.read(sm, 3, 0x100), 3u);
    EXPECT_EQ(r.read(sm, 3, 0x180), 20u);
  }
}

// N SMs, each on its own version, overlapping lines; drained in a scrambled
// order while new versions keep arriving.
TEST_P(ConstCacheBoth, IsolationNSMs) {
  constexpr unsigned kN = 12;
  ConstCacheConfig cfg = smallConfig(GetParam(), kN);
  cfg.l1Bytes = 256; // 4 lines: forces evictions
  cfg.l2Bytes = 512;
  cfg.l2BackupBytes = 512;
  Rig r(cfg);
  std::vector<ConstVersion> ver(kN);
  auto expect = [](ConstVersion v, uint32_t word) { return v * 1000 + word; };
  for (unsigned sm = 0; sm < kN; ++sm) {
    // Version sm+1 sets words 0..sm of bank 2 (every 16 bytes, so 3 lines)
    // to version*1000 + word.
    for (uint32_t w = 0; w < 12; ++w)
      if (w <= sm)
        r.cmd(2, w * 16, expect(sm + 1, w));
    ver[sm] = r.launch();
    ASSERT_EQ(ver[sm], sm + 1);
    r.begin(sm, ver[sm]);
  }
  auto value = [&](unsigned sm, uint32_t w) -> uint32_t {
    // version sm+1 wrote words 0..sm; no version up to it wrote the others
    return w <= sm ? expect(sm + 1, w) : 0;
  };
  const unsigned order[kN] = {5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6};
  for (unsigned k = 0; k < kN; ++k) {
    for (unsigned sm = 0; sm < kN; ++sm) {
      if (!r.cache.smActive(sm))
        continue;
      for (uint32_t w = 0; w < 12; ++w)
        ASSERT_EQ(r.read(sm, 2, w * 16), value(sm, w))
            << "sm " << sm << " word " << w;
    }
    unsigned d = order[k];
    r.drain(d);
    r.release(ver[d]);
    r.cmd(5, 0x40 * k, k); // unrelated traffic keeps versions coming
  }
  EXPECT_EQ(r.cache.totalStats().versions_live_max, kN);
}

// A CTA of an older grid dispatched after newer commands: the SM re-tags to
// the older version (the patent assumes in-order work; we must not).
TEST_P(ConstCacheBoth, LateCtaOfOlderVersion) {
  Rig r(smallConfig(GetParam(), 2));
  r.cmd(2, 0, 1);
  r.cmd(2, 0x80, 11);
  ConstVersion a = r.launch();
  r.begin(0, a);
  r.cmd(2, 0, 2);
  ConstVersion b = r.launch();
  r.begin(1, b);
  EXPECT_EQ(r.read(1, 2, 0), 2u);
  r.drain(1);
  r.cmd(2, 0x80, 12); // inactive SM1 receives version 3's command
  const ConstCacheStats before = r.cache.totalStats();
  r.read(0, 2, 0);    // SM0 holds version a's lines (clean in Oldest: the
  r.read(0, 2, 0x80); // L2 holds version a too)
  r.begin(1, a);      // ... but then runs a CTA of grid a
  // Going back to version a: SM1's newer lines are dropped and nothing is
  // copied (only lines written since the L2's version move between L1s).
  EXPECT_EQ(r.cache.totalStats().l1_to_l1_copies, before.l1_to_l1_copies);
  EXPECT_EQ(r.read(1, 2, 0), 1u);
  EXPECT_EQ(r.read(1, 2, 0x80), 11u);
  EXPECT_EQ(r.cache.totalStats().l1_to_l1_copies, before.l1_to_l1_copies);
  r.drain(1);
  r.begin(1, b);
  EXPECT_EQ(r.read(1, 2, 0), 2u);
  EXPECT_EQ(r.read(1, 2, 0x80), 11u);
  r.drain(1);
  ConstVersion c = r.launch();
  r.begin(1, c);
  EXPECT_EQ(r.read(1, 2, 0x80), 12u);
  EXPECT_EQ(r.read(0, 2, 0x80), 11u);
}

// A command that writes part of a line an inactive L1 does not hold: the
// rest of the line must be the previous version's (write-allocate fill).
TEST_P(ConstCacheBoth, PartialLineWritesKeepTheRestOfTheLine) {
  Rig r(smallConfig(GetParam(), 2));
  std::vector<uint8_t> line(64);
  for (unsigned i = 0; i < 64; ++i)
    line[i] = uint8_t(i + 1);
  ASSERT_EQ(r.cache.constantCommand(4, 0x1000, line), "");
  ConstVersion a = r.launch();
  r.begin(0, a);
  r.read(0, 4, 0x1000); // the line enters L2
  // One byte in the middle; then a command straddling two lines.
  std::vector<uint8_t> one{0xee};
  ASSERT_EQ(r.cache.constantCommand(4, 0x1021, one), "");
  std::vector<uint8_t> across{1, 2, 3, 4, 5, 6, 7, 8};
  ASSERT_EQ(r.cache.constantCommand(4, 0x103c, across), "");
  ConstVersion b = r.launch();
  r.begin(1, b);
  EXPECT_EQ(r.read(1, 4, 0x1020), 0x2423ee21u);
  EXPECT_EQ(r.read(1, 4, 0x1000), 0x04030201u);
  EXPECT_EQ(r.read(1, 4, 0x103c), 0x04030201u);
  EXPECT_EQ(r.read(1, 4, 0x1040), 0x08070605u);
  EXPECT_EQ(r.read(0, 4, 0x1020), 0x24232221u);
  EXPECT_EQ(r.read(0, 4, 0x103c), 0x403f3e3du);
}

// The cache attached to a store that already has history.
TEST_P(ConstCacheBoth, AttachToStoreWithHistory) {
  ConstStore store;
  std::vector<uint8_t> b = le32(1);
  ASSERT_EQ(store.write(2, 0, b), "");
  ConstVersion old = store.bind();
  b = le32(2);
  ASSERT_EQ(store.write(2, 0, b), "");
  {
    ConstCache cache(store, smallConfig(GetParam(), 2));
    ASSERT_TRUE(cache.verify());
    ConstVersion cur = cache.bind();
    ASSERT_TRUE(cache.smBegin(0, old));
    ASSERT_TRUE(cache.smBegin(1, cur));
    uint32_t lat;
    EXPECT_EQ(cache.read32(0, old, 2, 0, lat), 1u);
    EXPECT_EQ(cache.read32(1, cur, 2, 0, lat), 2u);
    EXPECT_EQ(cache.read32(0, old, 2, 0, lat), 1u);
    std::string why;
    EXPECT_TRUE(cache.verify(&why)) << why;
  }
  // The cache released its references when it went away.
  EXPECT_EQ(store.refCount(old), 1u);
}

//===----------------------------------------------------------------------===//
// The patent's walk-throughs, counted exactly
//===----------------------------------------------------------------------===//

// FIG. 3A: SM0 receives a constant while SM1..3 run the old version; as each
// of them finishes, the controller copies SM0's written line into its L1;
// when no SM uses the old version, SM0's line moves to L2.
TEST(ConstCacheOldest, Fig3ACopiesL1ToL1ThenL1ToL2) {
  Rig r(smallConfig(ConstCoherence::Oldest, 4));
  ConstVersion a = r.launch();
  for (unsigned sm = 1; sm < 4; ++sm)
    r.begin(sm, a);
  r.cmd(2, 0x20, 7); // only SM0 is inactive
  ConstCacheSnapshot snap = r.cache.snapshot();
  EXPECT_EQ(snap.sms[0].version, 1u);
  EXPECT_FALSE(snap.sms[0].coherent);
  ASSERT_EQ(snap.sms[0].l1.size(), 1u);
  EXPECT_EQ(snap.sms[0].l1[0].bank, 2u);
  EXPECT_EQ(snap.sms[0].l1[0].offset, 0u);
  EXPECT_TRUE(snap.sms[0].l1[0].dirty);
  EXPECT_TRUE(snap.sms[0].l1[0].locked);
  for (unsigned sm = 1; sm < 4; ++sm) {
    EXPECT_EQ(snap.sms[sm].version, 0u);
    EXPECT_TRUE(snap.sms[sm].coherent);
    EXPECT_TRUE(snap.sms[sm].l1.empty());
  }
  ConstVersion b = r.launch();
  r.begin(0, b);
  uint32_t lat;
  EXPECT_EQ(r.read(0, 2, 0x20, &lat), 7u);
  EXPECT_EQ(lat, 1u); // written there by the controller
  EXPECT_EQ(r.read(1, 2, 0x20, &lat), 0u);
  EXPECT_EQ(lat, 200u);
  r.drain(1);
  EXPECT_EQ(r.cache.smStats(1).l1_to_l1_copies, 1u);
  EXPECT_EQ(r.cache.smVersion(1), b);
  r.drain(2);
  r.drain(3);
  EXPECT_EQ(r.cache.totalStats().l1_to_l1_copies, 3u);
  EXPECT_EQ(r.cache.totalStats().l1_to_l2_copies, 0u);
  EXPECT_EQ(r.cache.l2Version(), a); // grid a is still alive
  r.release(a);
  EXPECT_EQ(r.cache.l2Version(), b);
  EXPECT_EQ(r.cache.smStats(0).l1_to_l2_copies, 1u);
  EXPECT_FALSE(r.store.isLive(a));
  snap = r.cache.snapshot();
  for (const ConstSmInfo &sm : snap.sms) {
    EXPECT_TRUE(sm.coherent);
    for (const ConstLineInfo &line : sm.l1)
      EXPECT_FALSE(line.dirty || line.locked);
  }
  ASSERT_EQ(snap.l2.size(), 1u);
  EXPECT_EQ(snap.l2[0].version, b);
  r.begin(1, b);
  EXPECT_EQ(r.read(1, 2, 0x20, &lat), 7u);
  EXPECT_EQ(lat, 1u); // the copy
  EXPECT_EQ(r.cache.totalStats().versions_live_max, 2u);
  EXPECT_EQ(r.cache.totalStats().locked_stalls, 0u);
}

// FIG. 6: the L2 holds the current version; overwritten lines still read by
// older versions go to the L2 backup; they retire when those versions end.
TEST(ConstCacheBackup, Fig6BackupHoldsOlderVersionsUntilRetired) {
  Rig r(smallConfig(ConstCoherence::Backup, 4));
  ConstVersion a = r.launch();
  for (unsigned sm = 1; sm < 4; ++sm)
    r.begin(sm, a);
  uint32_t lat;
  EXPECT_EQ(r.read(1, 2, 0, &lat), 0u); // line now in L2
  r.cmd(2, 0, 7);
  EXPECT_EQ(r.cache.l2Version(), 1u); // the current (pending) version
  ConstCacheSnapshot snap = r.cache.snapshot();
  EXPECT_EQ(snap.backupVersions, std::vector<ConstVersion>{a});
  EXPECT_EQ(snap.sms[0].version, 1u);
  ASSERT_EQ(snap.sms[0].l1.size(), 1u);
  EXPECT_FALSE(snap.sms[0].l1[0].locked); // coherent with L2 at once
  ConstVersion b = r.launch();
  r.begin(0, b);
  EXPECT_EQ(r.read(0, 2, 0, &lat), 7u);
  EXPECT_EQ(lat, 1u);
  EXPECT_EQ(r.read(2, 2, 0, &lat), 0u); // old version: backup hit
  EXPECT_EQ(lat, 20u);
  EXPECT_EQ(r.cache.smStats(2).l2_hits, 1u);
  r.cmd(2, 0, 8); // version 2: version 1's line is backed up too
  EXPECT_EQ(r.cache.snapshot().backupVersions,
            (std::vector<ConstVersion>{a, b}));
  ConstVersion c = r.launch();
  for (unsigned sm = 1; sm < 4; ++sm)
    r.drain(sm);
  r.release(a);
  EXPECT_EQ(r.cache.totalStats().backup_retired, 1u);
  EXPECT_EQ(r.cache.snapshot().backupVersions, std::vector<ConstVersion>{b});
  // Drained SMs were invalidated and took the L2's version.
  for (unsigned sm = 1; sm < 4; ++sm) {
    EXPECT_EQ(r.cache.smVersion(sm), c);
    EXPECT_TRUE(r.cache.snapshot().sms[sm].l1.empty());
  }
  r.begin(1, c);
  EXPECT_EQ(r.read(1, 2, 0, &lat), 8u);
  EXPECT_EQ(lat, 20u); // from L2
  EXPECT_EQ(r.read(0, 2, 0), 7u);
  r.drain(0);
  r.release(b);
  EXPECT_EQ(r.cache.totalStats().backup_retired, 2u);
  EXPECT_TRUE(r.cache.snapshot().backup.empty());
  const ConstCacheStats t = r.cache.totalStats();
  EXPECT_EQ(t.l1_to_l1_copies, 0u);
  EXPECT_EQ(t.l1_to_l2_copies, 0u);
  EXPECT_EQ(t.locked_stalls, 0u);
  EXPECT_EQ(t.versions_live_max, 3u);
}

// A backup line is tagged with the version it was copied at (the newest
// sealed one) but serves every version in use that has the same bytes; it
// must not retire while such a version runs.
TEST(ConstCacheBackup, BackupLineServesOlderVersionsWithTheSameBytes) {
  Rig r(smallConfig(ConstCoherence::Backup, 3));
  ConstVersion a = r.launch();
  r.begin(1, a);
  r.begin(2, a);
  r.read(2, 2, 0x40); // line B enters L2 (version 0)
  r.cmd(2, 0x00, 1);  // version 1 changes line A only
  r.release(r.launch()); // version 1 sealed, no grid left on it
  r.cmd(2, 0x40, 2);  // version 2 overwrites line B: backed up as version 1
  EXPECT_EQ(r.cache.snapshot().backupVersions, std::vector<ConstVersion>{1});
  EXPECT_EQ(r.cache.totalStats().backup_retired, 0u);
  uint32_t lat;
  EXPECT_EQ(r.read(1, 2, 0x40, &lat), 0u); // version 0 via the version-1 line
  EXPECT_EQ(lat, 20u);
  EXPECT_EQ(r.cache.smStats(1).l2_hits, 1u);
  r.drain(1);
  r.drain(2);
  r.release(a);
  EXPECT_EQ(r.cache.totalStats().backup_retired, 1u);
}

//===----------------------------------------------------------------------===//
// Capacity: backup overflow, locked stalls, exact counts
//===----------------------------------------------------------------------===//

// An update stream much longer than the L2 backup holds, while an old grid
// keeps reading and each newer grid is still running when the next command
// arrives: lines are backed up and retired when their versions end, evicted
// ones are re-fetched from memory, and every value stays right.
TEST_P(ConstCacheBoth, UpdateStreamLongerThanBackup) {
  ConstCacheConfig cfg = smallConfig(GetParam(), 3);
  cfg.l1Bytes = 128;       // 2 lines: the old SM keeps missing
  cfg.l2Bytes = 512;       // 8 lines
  cfg.l2BackupBytes = 128; // 2 lines
  Rig r(cfg);
  for (uint32_t l = 0; l < 8; ++l)
    r.cmd(2, l * 64, 1000 + l);
  ConstVersion old = r.launch();
  r.begin(0, old);
  for (uint32_t l = 0; l < 8; ++l)
    EXPECT_EQ(r.read(0, 2, l * 64), 1000 + l);
  std::vector<uint32_t> now(8);
  for (uint32_t l = 0; l < 8; ++l)
    now[l] = 1000 + l;
  const uint64_t missesBefore = r.cache.smStats(0).l2_misses;
  ConstVersion prev = 0;
  unsigned prevSm = 0;
  for (uint32_t i = 0; i < 60; ++i) {
    const uint32_t l = (i * 3) % 8;
    const uint32_t before = now[l];
    r.cmd(2, l * 64, 5000 + i);
    now[l] = 5000 + i;
    if (prevSm) { // the previous grid still runs: it reads the old value
      EXPECT_EQ(r.read(prevSm, 2, l * 64), before);
      r.drain(prevSm);
      r.release(prev);
    }
    ConstVersion g = r.launch();
    unsigned sm = 1 + i % 2;
    r.begin(sm, g);
    EXPECT_EQ(r.read(sm, 2, l * 64), now[l]);
    EXPECT_EQ(r.read(sm, 2, ((l + 5) % 8) * 64), now[(l + 5) % 8]);
    // The old grid still sees its version, line after line.
    EXPECT_EQ(r.read(0, 2, (i % 8) * 64), 1000 + i % 8);
    prev = g;
    prevSm = sm;
  }
  for (uint32_t l = 0; l < 8; ++l)
    EXPECT_EQ(r.read(0, 2, l * 64), 1000 + l);
  const ConstCacheStats t = r.cache.totalStats();
  if (GetParam() == ConstCoherence::Backup) {
    EXPECT_GT(t.backup_retired, 0u);
    // The old version's lines overflowed the backup and were re-fetched.
    EXPECT_GT(r.cache.smStats(0).l2_misses, missesBefore);
  } else {
    // Oldest keeps the old version in L2, which holds all 8 lines.
    EXPECT_EQ(t.backup_retired, 0u);
    EXPECT_EQ(r.cache.smStats(0).l2_misses, missesBefore);
  }
  r.drain(prevSm);
  r.release(prev);
  r.drain(0);
  r.release(old);
  EXPECT_TRUE(r.cache.snapshot().backup.empty());
}

// A tiny L1 filled with lines the controller wrote (locked until they reach
// L2): a miss must stall, and once the L2 catches up, nothing stalls.
TEST(ConstCacheOldest, LockedStallsWithATinyL1) {
  ConstCacheConfig cfg = smallConfig(ConstCoherence::Oldest, 2);
  cfg.l1Bytes = 128; // 2 lines
  Rig r(cfg);
  ConstVersion a = r.launch();
  r.begin(1, a); // keeps version 0 in use: the L2 stays there
  r.cmd(2, 0x000, 1);
  r.cmd(2, 0x040, 2);
  r.cmd(2, 0x080, 3); // SM0's L1 is full of locked lines: not written
  ConstCacheSnapshot snap = r.cache.snapshot();
  ASSERT_EQ(snap.sms[0].l1.size(), 2u);
  EXPECT_TRUE(snap.sms[0].l1[0].locked && snap.sms[0].l1[1].locked);
  ConstVersion b = r.launch();
  r.begin(0, b);
  uint32_t lat;
  EXPECT_EQ(r.read(0, 2, 0x000, &lat), 1u);
  EXPECT_EQ(lat, 1u);
  EXPECT_EQ(r.cache.smStats(0).locked_stalls, 0u);
  // A line of another version than the L2's: memory, and a stall to make
  // room in the fully locked L1.
  EXPECT_EQ(r.read(0, 2, 0x080, &lat), 3u);
  EXPECT_EQ(lat, 200u + 200u);
  EXPECT_EQ(r.cache.smStats(0).locked_stalls, 1u);
  // That made line 0x40 leave (LRU locked line); line 0x80 is not locked
  // (fetched, not written by the controller), so the next miss replaces it
  // without a stall.
  EXPECT_EQ(r.read(0, 2, 0x100, &lat), 0u);
  EXPECT_EQ(lat, 200u);
  EXPECT_EQ(r.cache.smStats(0).locked_stalls, 1u);
  // Version 0 ends: the written lines move to L2 and unlock.
  r.drain(1);
  r.release(a);
  EXPECT_EQ(r.cache.l2Version(), b);
  EXPECT_GE(r.cache.smStats(0).l1_to_l2_copies, 1u);
  snap = r.cache.snapshot();
  for (const ConstLineInfo &line : snap.sms[0].l1)
    EXPECT_FALSE(line.locked);
  for (uint32_t off = 0x100; off < 0x400; off += 0x40)
    EXPECT_EQ(r.read(0, 2, off), 0u);
  EXPECT_EQ(r.read(0, 2, 0x040), 2u);
  EXPECT_EQ(r.cache.smStats(0).locked_stalls, 1u);
  EXPECT_EQ(r.cache.totalStats().locked_stalls, 1u);
}

// A one-line L1 holding a locked line: the first miss stalls it out; the
// line is re-fetched (from memory: its version is not the L2's) correctly.
TEST(ConstCacheOldest, StalledOutLineIsRefetched) {
  ConstCacheConfig cfg = smallConfig(ConstCoherence::Oldest, 2);
  cfg.l1Bytes = 64; // 1 line
  Rig r(cfg);
  ConstVersion a = r.launch();
  r.begin(1, a);
  r.cmd(2, 0x00, 10);
  ConstVersion b = r.launch();
  r.begin(0, b);
  uint32_t lat;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(r.read(0, 2, 0x40, &lat), 0u); // stalls out the locked line
    EXPECT_EQ(r.read(0, 2, 0x00, &lat), 10u);
  }
  // First read: stall (locked line 0x00). Then 0x00 misses (line 0x40 is
  // not locked: no stall) from memory at version b (changed since the L2's).
  EXPECT_EQ(r.cache.smStats(0).locked_stalls, 1u);
  EXPECT_EQ(r.cache.smStats(0).l1_misses, 6u);
}

TEST(ConstCacheBackup, NeverLocksOrStalls) {
  ConstCacheConfig cfg = smallConfig(ConstCoherence::Backup, 2);
  cfg.l1Bytes = 128;
  Rig r(cfg);
  ConstVersion a = r.launch();
  r.begin(1, a);
  for (uint32_t l = 0; l < 6; ++l)
    r.cmd(2, l * 64, l + 1);
  ConstVersion b = r.launch();
  r.begin(0, b);
  for (uint32_t l = 0; l < 6; ++l) {
    EXPECT_EQ(r.read(0, 2, l * 64), l + 1);
    EXPECT_EQ(r.read(1, 2, l * 64), 0u);
  }
  for (const ConstSmInfo &sm : r.cache.snapshot().sms)
    for (const ConstLineInfo &line : sm.l1)
      EXPECT_FALSE(line.locked || line.dirty);
  EXPECT_EQ(r.cache.totalStats().locked_stalls, 0u);
}

// A known pattern through a 2-line L1 and a 4-line L2, counted by hand.
TEST_P(ConstCacheBoth, ExactHitMissCounts) {
  ConstCacheConfig cfg = smallConfig(GetParam(), 2);
  cfg.l1Bytes = 128;
  cfg.l2Bytes = 256;
  Rig r(cfg);
  ConstVersion v = r.launch();
  r.begin(0, v);
  r.begin(1, v);
  const uint32_t A = 0, B = 64, C = 128, D = 192, E = 256;
  struct Step {
    unsigned sm;
    uint32_t off;
    uint32_t latency;
  } steps[] = {
      {0, A, 200},     // L1 miss, L2 miss      L1 [A]   L2 [A]
      {0, B, 200},     // miss, miss            L1 [B A] L2 [B A]
      {0, A + 4, 1},   // hit                   L1 [A B]
      {0, C, 200},     // miss (evicts B), miss L1 [C A] L2 [C B A]
      {0, A + 8, 1},   // hit                   L1 [A C]
      {0, B, 20},      // miss (evicts C), L2 hit  L2 [B C A]
      {0, D, 200},     // miss, miss            L1 [D B] L2 [D B C A]
      {0, E, 200},     // miss, miss (evicts A) L1 [E D] L2 [E D B C]
      {0, A, 200},     // miss, miss (evicts C) L1 [A E] L2 [A E D B]
      {0, C, 200},     // miss, miss (evicts B) L1 [C A] L2 [C A E D]
      {1, D, 20},      // SM1: miss, L2 hit
      {1, D + 60, 1},  // same line: hit
      {1, B, 200},     // miss, miss (evicts E) L2 [B D C A]
      {0, E + 4, 200}, // SM0 L1 [C A]: miss; E left L2 just now: miss
  };
  for (const Step &s : steps) {
    uint32_t lat = 0;
    EXPECT_EQ(r.read(s.sm, 2, s.off, &lat), 0u);
    EXPECT_EQ(lat, s.latency) << "sm " << s.sm << " offset " << s.off;
  }
  const ConstCacheStats &s0 = r.cache.smStats(0);
  EXPECT_EQ(s0.l1_hits, 2u);
  EXPECT_EQ(s0.l1_misses, 9u);
  EXPECT_EQ(s0.l2_hits, 1u);
  EXPECT_EQ(s0.l2_misses, 8u);
  const ConstCacheStats &s1 = r.cache.smStats(1);
  EXPECT_EQ(s1.l1_hits, 1u);
  EXPECT_EQ(s1.l1_misses, 2u);
  EXPECT_EQ(s1.l2_hits, 1u);
  EXPECT_EQ(s1.l2_misses, 1u);
  ConstCacheStats t = r.cache.totalStats();
  EXPECT_EQ(t.l1_hits, 3u);
  EXPECT_EQ(t.l1_misses, 11u);
  EXPECT_EQ(t.l2_hits, 2u);
  EXPECT_EQ(t.l2_misses, 9u);
  EXPECT_EQ(t.versions_live_max, 1u);
  r.cache.resetStats();
  EXPECT_EQ(r.cache.totalStats().l1_hits, 0u);
  EXPECT_EQ(r.cache.totalStats().versions_live_max, 1u);
}

// Exact counts across versions: a changed line that is not in the L1 is an
// L2 miss in Oldest (the L2 holds another version) and a backup hit in
// Backup once it was backed up.
TEST_P(ConstCacheBoth, ExactCountsAcrossVersions) {
  Rig r(smallConfig(GetParam(), 2));
  ConstVersion a = r.launch();
  r.begin(1, a);
  r.read(1, 2, 0); // L1 miss, L2 miss
  r.cmd(2, 0, 5);  // SM0 inactive: written into its L1
  ConstVersion b = r.launch();
  r.begin(0, b);
  r.read(0, 2, 0); // L1 hit
  r.read(0, 2, 64); // unchanged line: L1 miss, L2 miss
  r.read(1, 2, 64); // L1 miss, L2 hit
  r.drain(0);       // Oldest: SM0 re-tags to b (already); nothing moves
  r.read(1, 2, 0);  // L1 hit (SM1 kept version a's line)
  ConstCacheStats t = r.cache.totalStats();
  EXPECT_EQ(t.l1_hits, 2u);
  EXPECT_EQ(t.l1_misses, 3u);
  EXPECT_EQ(t.l2_hits, 1u);
  EXPECT_EQ(t.l2_misses, 2u);
  r.begin(0, b);
  r.cmd(2, 0, 6); // nobody inactive
  ConstVersion c = r.launch();
  r.drain(1);
  r.begin(1, c);
  uint32_t lat;
  EXPECT_EQ(r.read(1, 2, 0, &lat), 6u);
  if (GetParam() == ConstCoherence::Oldest)
    EXPECT_EQ(lat, 200u); // version c differs from the L2's (a): memory
  else
    EXPECT_EQ(lat, 20u); // the L2 holds version c
  r.drain(0);
  r.release(a);
  r.release(b);
  EXPECT_EQ(r.cache.l2Version(), c);
}

//===----------------------------------------------------------------------===//
// Randomized model check
//===----------------------------------------------------------------------===//

namespace {

struct ModelCheck {
  // Hot windows: three banks, the last one at the end of its bank.
  static constexpr unsigned kBanks[3] = {2, 3, 15};
  static constexpr uint32_t kBase[3] = {0x0, 0x1a0, 0x10000 - 0x200};
  static constexpr uint32_t kWindow = 0x200;
  using Image = std::vector<uint8_t>; // 3 windows

  struct Grid {
    ConstVersion v;
    int toStart;
    int running;
  };

  ConstCacheConfig cfg;
  Rng rng;
  ConstStore store;
  ConstCache cache;
  std::map<ConstVersion, Image> images; // sealed versions (test's own truth)
  Image pending;
  std::map<int, Grid> grids;
  int nextGrid = 0;
  std::vector<std::vector<int>> ctas; // per SM: grid id of each CTA
  uint64_t accesses = 0;

  ModelCheck(const ConstCacheConfig &c, uint64_t seed)
      : cfg(c), rng{seed}, cache(store, c), pending(3 * kWindow, 0),
        ctas(c.numSMs) {
    images[0] = pending;
  }

  uint32_t expected(ConstVersion v, unsigned bi, uint32_t off) const {
    const uint8_t *p = &images.at(v)[bi * kWindow + off];
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
           uint32_t(p[3]) << 24;
  }

  ::testing::AssertionResult readAndCompare(unsigned sm, unsigned bi,
                                            uint32_t off) {
    ConstVersion v = cache.smVersion(sm);
    uint32_t lat = 0;
    uint32_t got = cache.read32(sm, v, kBanks[bi], kBase[bi] + off, lat);
    ++accesses;
    uint32_t want = expected(v, bi, off);
    if (got != want)
      return ::testing::AssertionFailure()
             << "SM " << sm << " version " << v << " c[" << kBanks[bi]
             << "][" << kBase[bi] + off << "] = " << got << ", want " << want;
    return ::testing::AssertionSuccess();
  }

  void step() {
    uint32_t r = rng.below(100);
    if (r < 22) { // constant command
      unsigned bi = rng.below(3);
      static const uint32_t lens[] = {1, 2, 3, 4, 4, 4, 8, 16, 63, 64, 65, 130};
      uint32_t len = lens[rng.below(12)];
      uint32_t off = rng.below(kWindow - len + 1);
      std::vector<uint8_t> bytes(len);
      for (uint8_t &b : bytes)
        b = uint8_t(rng.next());
      ASSERT_EQ(cache.constantCommand(kBanks[bi], kBase[bi] + off, bytes), "");
      std::memcpy(&pending[bi * kWindow + off], bytes.data(), len);
    } else if (r < 32) { // launch
      if (grids.size() >= 6)
        return;
      ConstVersion v = cache.bind();
      images[v] = pending;
      grids[nextGrid++] = Grid{v, 1 + int(rng.below(6)), 0};
    } else if (r < 52) { // dispatch a CTA
      unsigned sm = rng.below(cfg.numSMs);
      std::vector<int> ready;
      for (auto &[id, g] : grids)
        if (g.toStart > 0 && cache.canRunVersion(sm, g.v))
          ready.push_back(id);
      if (ready.empty())
        return;
      int id = ready[rng.below(uint32_t(ready.size()))];
      Grid &g = grids.at(id);
      ASSERT_TRUE(cache.smBegin(sm, g.v));
      --g.toStart;
      ++g.running;
      ctas[sm].push_back(id);
    } else if (r < 67) { // a CTA finishes
      std::vector<unsigned> busy;
      for (unsigned sm = 0; sm < cfg.numSMs; ++sm)
        if (!ctas[sm].empty())
          busy.push_back(sm);
      if (busy.empty())
        return;
      unsigned sm = busy[rng.below(uint32_t(busy.size()))];
      size_t k = rng.below(uint32_t(ctas[sm].size()));
      int id = ctas[sm][k];
      ctas[sm].erase(ctas[sm].begin() + k);
      if (ctas[sm].empty())
        cache.smDrained(sm);
      Grid &g = grids.at(id);
      if (--g.running == 0 && g.toStart == 0) {
        ASSERT_TRUE(cache.release(g.v));
        grids.erase(id);
      }
    } else { // reads by a random active SM
      std::vector<unsigned> busy;
      for (unsigned sm = 0; sm < cfg.numSMs; ++sm)
        if (cache.smActive(sm))
          busy.push_back(sm);
      if (busy.empty())
        return;
      unsigned sm = busy[rng.below(uint32_t(busy.size()))];
      for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(readAndCompare(sm, rng.below(3), rng.below(kWindow / 4) * 4));
    }
  }

  void run(int steps) {
    for (int s = 0; s < steps; ++s) {
      step();
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << "step " << s;
      std::string why;
      ASSERT_TRUE(cache.verify(&why)) << "step " << s << ": " << why;
      // The invariant of the patent: every active SM reads its bound version.
      for (unsigned sm = 0; sm < cfg.numSMs; ++sm) {
        ASSERT_EQ(cache.smActive(sm), !ctas[sm].empty());
        if (!cache.smActive(sm))
          continue;
        ConstVersion v = cache.smVersion(sm);
        for (int id : ctas[sm])
          ASSERT_EQ(grids.at(id).v, v) << "SM " << sm << " mixes versions";
        const bool sweep = s % 97 == 0;
        for (unsigned bi = 0; bi < 3; ++bi) {
          if (sweep) {
            for (uint32_t off = 0; off < kWindow; off += 4)
              ASSERT_TRUE(readAndCompare(sm, bi, off)) << "step " << s;
          } else {
            ASSERT_TRUE(readAndCompare(sm, bi, rng.below(kWindow / 4) * 4))
                << "step " << s;
          }
        }
      }
    }
    // Statistics add up.
    ConstCacheStats sum;
    for (unsigned sm = 0; sm < cfg.numSMs; ++sm)
      sum.merge(cache.smStats(sm));
    const ConstCacheStats t = cache.totalStats();
    EXPECT_EQ(t.l1_hits + t.l1_misses, accesses);
    EXPECT_EQ(t.l2_hits + t.l2_misses, t.l1_misses);
    EXPECT_EQ(sum.l1_hits, t.l1_hits);
    EXPECT_EQ(sum.l1_to_l1_copies, t.l1_to_l1_copies);
    EXPECT_LE(sum.versions_live_max, t.versions_live_max);
    EXPECT_EQ(sum.backup_retired, 0u);
    if (cfg.coherence == ConstCoherence::Backup) {
      EXPECT_EQ(t.locked_stalls, 0u);
      EXPECT_EQ(t.l1_to_l1_copies + t.l1_to_l2_copies, 0u);
    } else {
      EXPECT_EQ(t.backup_retired, 0u);
    }
  }
};

struct ModelCase {
  const char *name;
  ConstCoherence coherence;
  unsigned sms;
  uint32_t line, l1, l2, backup;
};

class ConstCacheModelCheck : public ::testing::TestWithParam<ModelCase> {};

} // namespace

TEST_P(ConstCacheModelCheck, EveryActiveSMReadsItsBoundVersion) {
  const ModelCase &mc = GetParam();
  ConstCacheConfig cfg;
  cfg.coherence = mc.coherence;
  cfg.numSMs = mc.sms;
  cfg.lineBytes = mc.line;
  cfg.l1Bytes = mc.l1;
  cfg.l2Bytes = mc.l2;
  cfg.l2BackupBytes = mc.backup;
  uint64_t stalls = 0, retired = 0, copies = 0;
  for (uint64_t seed : {11ull, 22ull, 33ull}) {
    ModelCheck m(cfg, seed);
    m.run(4000);
    ASSERT_FALSE(HasFatalFailure()) << "seed " << seed;
    const ConstCacheStats t = m.cache.totalStats();
    stalls += t.locked_stalls;
    retired += t.backup_retired;
    copies += t.l1_to_l1_copies + t.l1_to_l2_copies;
    EXPECT_GT(t.l1_hits, 0u);
    EXPECT_GT(t.versions_live_max, 2u);
  }
  // The small configurations must actually exercise the mechanisms.
  if (mc.l1 <= 4 * mc.line) {
    if (mc.coherence == ConstCoherence::Oldest) {
      EXPECT_GT(stalls, 0u);
      EXPECT_GT(copies, 0u);
    } else if (mc.backup > 0) {
      EXPECT_GT(retired, 0u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Configs, ConstCacheModelCheck,
    ::testing::Values(
        ModelCase{"oldest_tiny", ConstCoherence::Oldest, 4, 64, 256, 512, 256},
        ModelCase{"backup_tiny", ConstCoherence::Backup, 4, 64, 256, 512, 256},
        ModelCase{"oldest_line16", ConstCoherence::Oldest, 3, 16, 64, 256, 64},
        ModelCase{"backup_line16", ConstCoherence::Backup, 3, 16, 64, 256, 64},
        ModelCase{"oldest_line1k", ConstCoherence::Oldest, 5, 1024, 2048, 4096,
                  2048},
        ModelCase{"backup_line1k", ConstCoherence::Backup, 5, 1024, 2048, 4096,
                  2048},
        ModelCase{"oldest_default", ConstCoherence::Oldest, 4, 64, 2048, 32768,
                  32768},
        ModelCase{"backup_default", ConstCoherence::Backup, 4, 64, 2048, 32768,
                  32768},
        ModelCase{"backup_nobackup", ConstCoherence::Backup, 4, 64, 256, 512,
                  0}),
    [](const ::testing::TestParamInfo<ModelCase> &info) {
      return std::string(info.param.name);
    });

// A long stream (enough to prune the controller's write history twice)
// with a persistent grid that ends after a third of it, and every grid still
// running when the next version's command arrives: pruning must keep the
// history that versions in use still need.
TEST_P(ConstCacheBoth, LongStreamPrunesHistoryAndStaysCorrect) {
  ConstCacheConfig cfg = smallConfig(GetParam(), 3);
  cfg.l1Bytes = 256;
  cfg.l2BackupBytes = 256;
  Rig r(cfg);
  for (uint32_t l = 0; l < 8; ++l)
    r.cmd(2, l * 64, 7);
  ConstVersion persistent = r.launch();
  r.begin(0, persistent);
  std::vector<uint32_t> now(8, 0); // the words at +4
  ConstVersion prev = 0;
  unsigned prevSm = 0;
  uint32_t lat;
  for (uint32_t i = 0; i < 9000; ++i) {
    const uint32_t l = i % 8, other = (l + 3) % 8;
    const uint32_t before = now[l];
    std::vector<uint8_t> b = le32(i);
    ASSERT_EQ(r.cache.constantCommand(2, l * 64 + 4, b), "");
    now[l] = i;
    if (prevSm) { // still running: the command must not reach it
      ASSERT_EQ(r.cache.read32(prevSm, prev, 2, l * 64 + 4, lat), before);
      r.cache.smDrained(prevSm);
      ASSERT_TRUE(r.cache.release(prev));
    }
    ConstVersion g = r.cache.bind();
    const unsigned sm = 1 + i % 2;
    ASSERT_TRUE(r.cache.smBegin(sm, g));
    ASSERT_EQ(r.cache.read32(sm, g, 2, l * 64 + 4, lat), i);
    ASSERT_EQ(r.cache.read32(sm, g, 2, other * 64 + 4, lat), now[other]);
    prev = g;
    prevSm = sm;
    if (i < 3000) {
      ASSERT_EQ(r.cache.read32(0, persistent, 2, l * 64, lat), 7u);
      ASSERT_EQ(r.cache.read32(0, persistent, 2, l * 64 + 4, lat), 0u);
    } else if (i == 3000) {
      r.drain(0);
      r.release(persistent);
    }
    r.check(); // NDEBUG builds: the model is checked here, not per access
    ASSERT_FALSE(HasFatalFailure()) << "iteration " << i;
  }
  EXPECT_LE(r.store.numLive(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Modes, ConstCacheBoth,
                         ::testing::Values(ConstCoherence::Oldest,
                                           ConstCoherence::Backup),
                         modeName);

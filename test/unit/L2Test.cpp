//===-- L2Test.cpp - Memory partitions and L2 slices ----------------------===//
//
// Memory partitions and memory-side L2 slices (ISA.md 7): address-to-partition
// mapping, one access per distinct line in exactly one slice, host writes that
// SM loads then hit, the latency charge, the statistics object, and the
// patent's Table 1.
#include "EmuTestKit.h"

#include "emu/mem/L2.h"
#include "runtime/RunScript.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace simt::emu {
namespace {

using namespace test;

L2Config cfg4(uint32_t latency = 100) {
  L2Config c;
  c.partitions = 4;
  c.interleave = 256;
  c.lineBytes = 128;
  c.memLatency = latency;
  return c;
}

TEST(L2, ConfigValidation) {
  EXPECT_EQ(L2Config{}.validate(), "");
  L2Config c;
  c.partitions = 0;
  EXPECT_NE(c.validate(), "");
  c = {};
  c.interleave = 64; // below a 128-byte line
  EXPECT_NE(c.validate().find("--partition-bytes"), std::string::npos);
  c = {};
  c.lineBytes = 96;
  EXPECT_NE(c.validate().find("--l2-line"), std::string::npos);
  c = {};
  c.sliceBytes = 3 * 128 * 16;
  EXPECT_NE(c.validate().find("--l2-slice-bytes"), std::string::npos);
}

TEST(L2, AddressToPartition) {
  L2System l2(cfg4());
  // 256-byte blocks go round the 4 partitions.
  const uint64_t base = 0x10000000; // block 0x100000: partition 0
  for (uint64_t k = 0; k < 16; ++k) {
    EXPECT_EQ(l2.partitionOf(base + 256 * k), k % 4) << k;
    EXPECT_EQ(l2.partitionOf(base + 256 * k + 255), k % 4) << k;
  }
  L2Config c6 = cfg4();
  c6.partitions = 6;
  c6.interleave = 1024;
  L2System six(c6);
  for (uint64_t a : {0x0ull, 0x400ull, 0x1800ull, 0x10000000ull, 0x123456789ull})
    EXPECT_EQ(six.partitionOf(a), (a / 1024) % 6) << a;
}

TEST(L2, AMissGoesToExactlyOneSliceAndAllocatesThere) {
  L2System l2(cfg4());
  const uint64_t addr = 0x10000000 + 3 * 256 + 128; // partition 3, second line of the block
  EXPECT_EQ(l2.access(0, addr >> 7, MemOp::Read), 100u); // miss: T
  for (uint32_t p = 0; p < 4; ++p)
    EXPECT_EQ(l2.sliceStats(p).misses, p == 3 ? 1u : 0u);
  EXPECT_TRUE(l2.contains(0, addr));
  EXPECT_FALSE(l2.contains(0, addr - 128)); // the other line of the block
  EXPECT_FALSE(l2.contains(1, addr));       // another context's line
  EXPECT_EQ(l2.access(0, addr >> 7, MemOp::Read), 20u); // hit: T/5
  EXPECT_EQ(l2.sliceStats(3).hits, 1u);
  EXPECT_EQ(l2.totalStats().hits + l2.totalStats().misses, 2u);
}

TEST(L2, HostWritesAllocateLinesInTheirSlices) {
  L2System l2(cfg4());
  l2.hostWrite(0, 0x10000000, 1024); // 8 lines, 2 per partition
  for (uint32_t p = 0; p < 4; ++p)
    EXPECT_EQ(l2.sliceStats(p).hostWrites, 2u) << p;
  for (uint64_t a = 0x10000000; a < 0x10000400; a += 128)
    EXPECT_TRUE(l2.contains(0, a));
  EXPECT_EQ(l2.access(0, 0x10000000 >> 7, MemOp::Read), 20u);
  // Writing memory behind the cache drops the copies.
  l2.hostWriteMemory(0, 0x10000000, 4);
  EXPECT_FALSE(l2.contains(0, 0x10000000));
  EXPECT_TRUE(l2.contains(0, 0x10000080));
}

TEST(L2, LruEvictionWithinASet) {
  L2Config c = cfg4();
  c.partitions = 1;
  c.ways = 2;
  c.sliceBytes = 2 * 128; // one set of two ways
  L2System l2(c);
  l2.access(0, 1, MemOp::Read);
  l2.access(0, 2, MemOp::Read);
  l2.access(0, 1, MemOp::Read); // 2 is now the LRU way
  l2.access(0, 3, MemOp::Read); // evicts 2
  EXPECT_TRUE(l2.contains(0, 1 << 7));
  EXPECT_FALSE(l2.contains(0, 2 << 7));
  EXPECT_TRUE(l2.contains(0, 3 << 7));
  EXPECT_EQ(l2.sliceStats(0).evictions, 1u);
}

// t[i] = clock before the i-th of `repeat` accesses `op` of data[tid << strideShift],
// t[repeat] = clock after the last; stored to results[0..repeat]. An access that
// occupies the warp C cycles (at least its issue cycle) shows as
// t[i+1] - t[i] = 1 + C.
Kernel clocked(Op op, uint32_t strideShift, int repeat = 1) {
  Kernel k;
  k.mov(2, cbank(0, 0x20)); // data
  k.mov(3, cbank(0, 0x28)); // results: [t0, t1, ...] per repeat
  k.s2r(0, TID_X);
  k.elemAddr(4, 2, 0, 5, strideShift);
  k.mov32(9, 7);
  for (int i = 0; i < repeat; ++i) {
    k.s2r(10 + i, CLOCK);
    k.mem(op, 9, 4, 0);
  }
  k.s2r(10 + repeat, CLOCK);
  for (int i = 0; i <= repeat; ++i)
    k.mem(Op::ST, uint8_t(10 + i), 3, 4 * i);
  k.exit();
  return k;
}

struct L2Rig : Rig {
  explicit L2Rig(uint32_t latency = 100, uint32_t sms = 1)
      : Rig([&] {
          DeviceConfig c;
          c.sms = sms;
          c.l2 = cfg4(latency);
          return c;
        }()) {}
  static constexpr uint64_t kData = 0x1000, kOut = 0x8000;
  std::vector<uint32_t> times(int n) {
    std::vector<uint32_t> t;
    for (int i = 0; i < n; ++i)
      t.push_back(u32(kOut + 4 * i));
    return t;
  }
};

// The slices' ring of tags against a plain recency list (most recent
// first, the least recent evicted when the set is full, a host write to
// memory dropping a line): every hit, miss, eviction and lookup agrees over
// random accesses to few lines per set, for several associativities.
TEST(L2, SliceIsExactlyLruAgainstAListModel) {
  std::mt19937 rng(2026);
  for (uint32_t ways : {1u, 2u, 3u, 16u, 64u}) {
    const uint32_t sets = 4;
    L2Slice slice(sets, ways);
    std::vector<std::vector<uint64_t>> model(sets);
    uint64_t evictions = 0;
    for (int n = 0; n < 20000; ++n) {
      const uint32_t set = rng() % sets;
      const uint64_t tag = 1 + rng() % (ways + ways / 2 + 2);
      std::vector<uint64_t> &m = model[set];
      const auto it = std::find(m.begin(), m.end(), tag);
      const bool present = it != m.end();
      switch (rng() % 8) {
      case 0: // the host writes memory behind the cache
        slice.invalidate(set, tag);
        if (present)
          m.erase(it);
        break;
      case 1:
        EXPECT_EQ(slice.contains(set, tag), present);
        break;
      default: {
        EXPECT_EQ(slice.access(set, tag), present) << ways << " ways, access " << n;
        if (present)
          m.erase(it);
        else if (m.size() == ways) {
          m.pop_back();
          ++evictions;
        }
        m.insert(m.begin(), tag);
      }
      }
    }
    EXPECT_EQ(slice.stats.evictions, evictions);
  }
}

// A long host write skips the lines between its first and last periods;
// the reference writes the same lines one at a time (each a short write).
TEST(L2, LongHostWriteEqualsItsLinesOneByOne) {
  std::mt19937 rng(47);
  for (int round = 0; round < 40; ++round) {
    L2Config c;
    c.partitions = 1 + rng() % 6;
    c.lineBytes = 64u << rng() % 2;
    c.interleave = c.lineBytes << rng() % 4;
    c.ways = 1 + rng() % 4;
    c.sliceBytes = c.lineBytes * c.ways * (1u << rng() % 4);
    ASSERT_EQ(c.validate(), "");
    L2System fast(c), ref(c);
    const uint64_t base = 0x10000000 + (rng() % 4096) * 16;
    auto sameRandomAccesses = [&](int n) {
      for (int i = 0; i < n; ++i) {
        const uint64_t line = (base >> fast.lineShift()) + rng() % 4096;
        bool hitFast, hitRef;
        fast.access(0, line, MemOp::Read, hitFast);
        ref.access(0, line, MemOp::Read, hitRef);
        ASSERT_EQ(hitFast, hitRef) << "round " << round;
      }
    };
    sameRandomAccesses(2000);
    const uint64_t addr = base + rng() % 100000, bytes = 1 + rng() % 300000;
    fast.hostWrite(0, addr, bytes);
    const uint64_t firstLine = addr / c.lineBytes, lastLine = (addr + bytes - 1) / c.lineBytes;
    for (uint64_t line = firstLine; line <= lastLine; ++line)
      ref.hostWrite(0, line * c.lineBytes, 1);
    for (uint32_t p = 0; p < c.partitions; ++p) {
      EXPECT_EQ(fast.sliceStats(p).hostWrites, ref.sliceStats(p).hostWrites) << round;
      EXPECT_EQ(fast.sliceStats(p).evictions, ref.sliceStats(p).evictions) << round;
    }
    sameRandomAccesses(4000); // the same lines, in the same recency order
  }
}

TEST(L2, LoadLatencyMissThenHit) {
  L2Rig rig(100);
  Kernel k = clocked(Op::LD, 2, 2); // coalesced: 32 lanes x 4 bytes = one line
  rig.launch(k, 1, 32, {rig.base() + L2Rig::kData, rig.base() + L2Rig::kOut});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  auto t = rig.times(3);
  // S2R, then LD: a miss keeps the warp T cycles, then S2R, LD: a hit, T/5.
  EXPECT_EQ(t[1] - t[0], 1u + 100u);
  EXPECT_EQ(t[2] - t[1], 1u + 20u);
  const L2SliceStats s = rig.dev->l2().totalStats();
  EXPECT_EQ(s.misses, 1u + 1u); // the load, and the first of 3 result stores (one line)
  EXPECT_EQ(s.hits, 1u + 2u);
}

TEST(L2, OneAccessPerDistinctLine) {
  L2Rig rig(100);
  // Stride 128 bytes: every lane its own line, 8 lines per partition.
  Kernel k = clocked(Op::LD, 7, 1);
  rig.launch(k, 1, 32, {rig.base() + L2Rig::kData, rig.base() + 0xF000});
  rig.dev->runUntilIdle();
  for (uint32_t p = 0; p < 4; ++p)
    EXPECT_EQ(rig.dev->l2().sliceStats(p).misses, p == 0 ? 8u + 1u : 8u) << p; // + the store
  // The slowest line (T) plus one cycle per further line.
  EXPECT_EQ(rig.u32(0xF004) - rig.u32(0xF000), 1u + 100u + 31u);
}

TEST(L2, HostWriteThenLoadHits) {
  L2Rig rig(100);
  const uint64_t data = rig.base() + 0x1100; // partition 1; the results go to partition 0
  rig.setU32(0x1100, 42);
  rig.dev->hostWrite(0, data, 128); // the host's write lands in the slice
  EXPECT_EQ(rig.dev->l2().sliceStats(rig.dev->l2().partitionOf(data)).hostWrites, 1u);
  Kernel k = clocked(Op::LD, 2, 1);
  rig.launch(k, 1, 32, {data, rig.base() + L2Rig::kOut});
  rig.dev->runUntilIdle();
  EXPECT_EQ(rig.u32(L2Rig::kOut + 4) - rig.u32(L2Rig::kOut), 1u + 20u); // a hit: T/5
  const uint32_t p = rig.dev->l2().partitionOf(data);
  EXPECT_EQ(rig.dev->l2().sliceStats(p).hits, 1u);
}

TEST(L2, StoresArePostedAndZeroLatencyChargesNothing) {
  {
    L2Rig rig(100);
    Kernel k = clocked(Op::ST, 2, 1); // one line: no wait beyond the issue cycle
    rig.launch(k, 1, 32, {rig.base() + L2Rig::kData, rig.base() + L2Rig::kOut});
    rig.dev->runUntilIdle();
    EXPECT_EQ(rig.u32(L2Rig::kOut + 4) - rig.u32(L2Rig::kOut), 1u + 1u);
    EXPECT_EQ(rig.u32(L2Rig::kData), 7u);
  }
  {
    L2Rig rig(0);
    Kernel k = clocked(Op::LD, 7, 1);
    rig.launch(k, 1, 32, {rig.base() + L2Rig::kData, rig.base() + 0xF000});
    rig.dev->runUntilIdle();
    EXPECT_EQ(rig.u32(0xF004) - rig.u32(0xF000), 1u + 1u);
    EXPECT_EQ(rig.dev->l2().totalStats().misses, 32u + 1u); // still counted
  }
}

TEST(L2, AtomicsWaitLikeLoads) {
  L2Rig rig(100);
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov(3, cbank(0, 0x28));
  k.mov32(9, 1);
  k.s2r(10, CLOCK);
  k.atom(5, 2, 0, 9, A_ADD);
  k.s2r(11, CLOCK);
  k.mem(Op::ST, 10, 3, 0);
  k.mem(Op::ST, 11, 3, 4);
  k.exit();
  rig.launch(k, 1, 32, {rig.base() + L2Rig::kData, rig.base() + L2Rig::kOut});
  rig.dev->runUntilIdle();
  EXPECT_EQ(rig.u32(L2Rig::kData), 32u);
  EXPECT_EQ(rig.u32(L2Rig::kOut + 4) - rig.u32(L2Rig::kOut), 1u + 100u);
}

TEST(L2, StatisticsJson) {
  L2Rig rig(100);
  rig.dev->hostWrite(0, rig.base(), 256);
  Kernel k = clocked(Op::LD, 2, 1);
  rig.launch(k, 1, 32, {rig.base(), rig.base() + L2Rig::kOut});
  rig.dev->runUntilIdle();
  const std::string json = rig.dev->statsJson();
  for (const char *key : {"\"l2\": {", "\"host_writes\": 2", "\"by_partition\"",
                          "\"partition\": 3", "\"partitions\": 4", "\"latency_t\": 100",
                          "\"contexts\": {"})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  rig.dev->resetStats();
  EXPECT_EQ(rig.dev->l2().totalStats().hits, 0u);
}

//===-- Table 1 ------------------------------------------------------------------===//

TEST(L2, SeedTable1ForT25K16) {
  Device dev;
  auto total = [&](MessageVia v) { return dev.measureMessage(v, 16, 25).totalFifths(); };
  EXPECT_EQ(total(MessageVia::SystemMemory), 5u * 892);
  EXPECT_EQ(total(MessageVia::DeviceMemory), 5u * 492);
  EXPECT_EQ(total(MessageVia::CpuL2), 5u * 1012);
  EXPECT_EQ(total(MessageVia::DeviceL2), 5u * 132);
  EXPECT_EQ(dev.measureMessage(MessageVia::CpuL2, 16, 25).format(),
            "message K=16 via=cpu_l2 T=25: write 22 + flag 30 + read 960 = 1012 cycles");
  EXPECT_EQ(dev.measureMessage(MessageVia::DeviceL2, 16, 25).format(),
            "message K=16 via=device_l2 T=25: write 47 + flag 5 + read 80 = 132 cycles");
  // Without T: the device's --mem-latency (default 250, the patent's typical T).
  EXPECT_EQ(dev.measureMessage(MessageVia::DeviceL2, 16).latency, 250u);
}

TEST(L2, Table1AgainstTheFormulasOfIsaSection7) {
  // In fifths of a cycle: 5 * formula.
  for (uint64_t T : {5u, 10u, 25u, 100u, 250u, 7u, 13u})
    for (uint64_t K : {0u, 1u, 2u, 8u, 16u, 100u}) {
      const uint64_t sys = 5 * ((T + K + 1) + 2 * T + 2 * K * T);
      const uint64_t dev = 5 * ((2 * T + K + 1) + T + K * T);
      const uint64_t cpuL2 = (T + 5 * (K + 1)) + 6 * T + 12 * K * T;
      const uint64_t devL2 = (6 * T + 5 * (K + 1)) + T + K * T;
      EXPECT_EQ(messageTiming(MessageVia::SystemMemory, K, T).totalFifths(), sys) << T << " " << K;
      EXPECT_EQ(messageTiming(MessageVia::DeviceMemory, K, T).totalFifths(), dev) << T << " " << K;
      EXPECT_EQ(messageTiming(MessageVia::CpuL2, K, T).totalFifths(), cpuL2) << T << " " << K;
      EXPECT_EQ(messageTiming(MessageVia::DeviceL2, K, T).totalFifths(), devL2) << T << " " << K;
    }
  // Through the device's L2 is the fastest for every K >= 1 (the seed).
  for (uint64_t K = 1; K < 64; ++K) {
    const uint64_t d = messageTiming(MessageVia::DeviceL2, K, 250).totalFifths();
    for (MessageVia v : {MessageVia::SystemMemory, MessageVia::DeviceMemory, MessageVia::CpuL2})
      EXPECT_LT(d, messageTiming(v, K, 250).totalFifths());
  }
  // T/5 that is not a whole cycle prints exactly.
  EXPECT_EQ(formatFifths(messageTiming(MessageVia::DeviceL2, 1, 7).totalFifths()), "13.2");
  EXPECT_EQ(parseMessageVia("device_l2"), MessageVia::DeviceL2);
  EXPECT_EQ(parseMessageVia("cpu_l2"), MessageVia::CpuL2);
  EXPECT_EQ(parseMessageVia("l2"), std::nullopt);
}

TEST(L2, MessageCommandParses) {
  auto one = [](std::string_view line) -> rt::MessageCommand {
    auto c = rt::parseCommandLine(line);
    EXPECT_TRUE(c) << line << ": " << (c ? "" : c.message());
    if (!c || !*c || !std::holds_alternative<rt::MessageCommand>((*c)->op))
      return {};
    return std::get<rt::MessageCommand>((*c)->op);
  };
  rt::MessageCommand m = one("message 16 via=cpu_l2 T=25");
  EXPECT_EQ(m.words, 16u);
  EXPECT_EQ(m.via, MessageVia::CpuL2);
  EXPECT_EQ(m.latency, std::optional<uint64_t>(25));
  m = one("message 0x10 via=device_l2");
  EXPECT_EQ(m.words, 16u);
  EXPECT_EQ(m.via, MessageVia::DeviceL2);
  EXPECT_EQ(m.latency, std::nullopt);
  EXPECT_TRUE(rt::isRunScriptCommand("message"));
  auto err = [](std::string_view line) {
    auto c = rt::parseCommandLine(line);
    return c ? std::string() : c.message();
  };
  EXPECT_EQ(err("message 16"), "message: missing via=system|device|cpu_l2|device_l2");
  EXPECT_NE(err("message via=system").find("a word count K"), std::string::npos);
  EXPECT_EQ(err("message 4 via=l3"),
            "message: via=l3: expected system, device, cpu_l2 or device_l2");
  EXPECT_EQ(err("message 4 via=system via=device"), "message: via= given twice");
  EXPECT_EQ(err("message 4 via=system T=x"), "message: T=x: expected a latency in cycles");
  EXPECT_EQ(err("message 4 via=system K=3"), "message: unknown option 'K=' (options: via= T=)");
}

} // namespace
} // namespace simt::emu

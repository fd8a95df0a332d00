//===-- DeviceMemoryTest.cpp - Global memory and named buffers ------------===//
//
// Placement (alignment, guard gaps, the low window before the high one,
// disjoint per-context windows, reuse after free), zero fill, translation
// faults at every edge (before, after, across an allocation end, in the
// unmapped tail of the last 256-byte block, stale caches after free), typed
// access, named buffers and the fault descriptions.
//
//===----------------------------------------------------------------------===//
#include "runtime/DeviceMemory.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace simt::rt;

namespace {

uint64_t mustAlloc(DeviceMemory &m, uint64_t bytes) {
  auto a = m.allocate(bytes);
  EXPECT_TRUE(a.ok()) << (a ? "" : a.message());
  return a ? *a : 0;
}

} // namespace

TEST(DeviceMemory, DefaultIsContextZeroBelow4GiB) {
  DeviceMemory m;
  EXPECT_EQ(m.config().lowBase, 0x1000'0000u);
  EXPECT_EQ(m.config().lowEnd, 0x2000'0000u);
  uint64_t a = mustAlloc(m, 100);
  EXPECT_EQ(a, 0x1000'0000u);
  EXPECT_LT(a, 1ull << 32);
}

TEST(DeviceMemory, AlignedAndSeparatedByGaps) {
  DeviceMemory m;
  uint64_t prevEnd = 0;
  for (uint64_t size : {1ull, 100ull, 256ull, 257ull, 4096ull, 3ull, 65536ull}) {
    uint64_t a = mustAlloc(m, size);
    EXPECT_EQ(a % DeviceMemory::kAlignment, 0u) << size;
    if (prevEnd) {
      EXPECT_GE(a, prevEnd + m.config().guard) << size;
    }
    prevEnd = a + size;
  }
  // Gaps between every pair of neighbours.
  const auto &allocs = m.allocations();
  for (size_t i = 1; i < allocs.size(); ++i)
    EXPECT_GE(allocs[i].base, allocs[i - 1].base + allocs[i - 1].size + m.config().guard);
  EXPECT_TRUE(std::is_sorted(allocs.begin(), allocs.end(),
                             [](const auto &x, const auto &y) { return x.base < y.base; }));
}

TEST(DeviceMemory, SmallGuardIsRoundedUpTo256) {
  DeviceMemory::Config c = DeviceMemory::Config::forContext(0);
  c.guard = 0;
  DeviceMemory m(c);
  uint64_t a = mustAlloc(m, 256);
  uint64_t b = mustAlloc(m, 256);
  EXPECT_EQ(b, a + 512); // 256 bytes of data, 256 unmapped
  EXPECT_EQ(m.translate(a + 256, 1), nullptr);
}

TEST(DeviceMemory, ZeroFilled) {
  DeviceMemory m;
  uint64_t a = mustAlloc(m, 1 << 20);
  uint8_t *p = m.translate(a, 1 << 20);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(std::all_of(p, p + (1 << 20), [](uint8_t b) { return b == 0; }));
  // Reused space after free is zero again.
  std::fill(p, p + (1 << 20), 0xab);
  ASSERT_TRUE(m.free(a).ok());
  uint64_t b = mustAlloc(m, 1 << 20);
  EXPECT_EQ(b, a);
  uint8_t *q = m.translate(b, 1 << 20);
  ASSERT_NE(q, nullptr);
  EXPECT_TRUE(std::all_of(q, q + (1 << 20), [](uint8_t x) { return x == 0; }));
}

TEST(DeviceMemory, TranslateEdges) {
  DeviceMemory m;
  uint64_t a = mustAlloc(m, 100);
  uint64_t b = mustAlloc(m, 64);
  uint8_t *pa = m.translate(a, 1);
  ASSERT_NE(pa, nullptr);
  EXPECT_EQ(m.translate(a + 99, 1), pa + 99);
  EXPECT_EQ(m.translate(a, 100), pa);
  EXPECT_EQ(m.translate(a + 96, 4), pa + 96);
  EXPECT_EQ(m.translate(a + 100, 1), nullptr); // the unmapped tail of the 256-byte block
  EXPECT_EQ(m.translate(a + 97, 4), nullptr);  // crosses the end
  EXPECT_EQ(m.translate(a, 101), nullptr);
  EXPECT_EQ(m.translate(a - 1, 1), nullptr);
  EXPECT_EQ(m.translate(a - 1, 2), nullptr);   // starts before
  EXPECT_EQ(m.translate(0, 4), nullptr);       // null
  EXPECT_EQ(m.translate(b - 4, 4), nullptr);   // the gap before b
  EXPECT_EQ(m.translate(UINT64_MAX, 1), nullptr);
  EXPECT_EQ(m.translate(a + 50, UINT64_MAX), nullptr); // size overflow
  // A range from a into b never translates, whatever the cache holds.
  ASSERT_NE(m.translate(b, 4), nullptr);
  EXPECT_EQ(m.translate(a, b - a + 4), nullptr);
  // Alternating hits keep working through the cache.
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(m.translate(a + i, 1), pa + i);
    EXPECT_NE(m.translate(b + i, 1), nullptr);
  }
}

TEST(DeviceMemory, StaleCacheAfterFreeFaults) {
  DeviceMemory m;
  uint64_t a = mustAlloc(m, 256);
  DeviceMemory::Translator t(m);
  ASSERT_NE(t.translate(a, 4), nullptr);
  ASSERT_NE(m.translate(a, 4), nullptr);
  ASSERT_TRUE(m.free(a).ok());
  EXPECT_EQ(t.translate(a, 4), nullptr);
  EXPECT_EQ(m.translate(a, 4), nullptr);
  EXPECT_FALSE(m.free(a).ok());
  auto bad = m.free(a + 8);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "free: 0x10000008 is not the start of an allocation");
}

TEST(DeviceMemory, IndependentTranslators) {
  DeviceMemory m;
  uint64_t a = mustAlloc(m, 256);
  uint64_t b = mustAlloc(m, 256);
  DeviceMemory::Translator t1(m), t2(m);
  EXPECT_EQ(t1.translate(a, 8), m.translate(a, 8));
  EXPECT_EQ(t2.translate(b, 8), m.translate(b, 8));
  EXPECT_EQ(t1.translate(b + 252, 8), nullptr);
  // Allocating does not invalidate existing translations.
  uint64_t c = mustAlloc(m, 256);
  EXPECT_EQ(t1.translate(a + 4, 4), m.translate(a + 4, 4));
  EXPECT_NE(t2.translate(c, 4), nullptr);
}

TEST(DeviceMemory, FallsBackToTheHighWindow) {
  DeviceMemory::Config c = DeviceMemory::Config::forContext(0);
  c.lowEnd = c.lowBase + 0x10000; // a 64 KiB low window
  DeviceMemory m(c);
  uint64_t a = mustAlloc(m, 0x8000);
  EXPECT_LT(a, 1ull << 32);
  uint64_t b = mustAlloc(m, 0x8000); // no room for it plus the guard below lowEnd
  EXPECT_EQ(b, c.highBase);
  EXPECT_GE(b, 1ull << 32);
  uint64_t s = mustAlloc(m, 256); // small ones still fit low
  EXPECT_LT(s, 1ull << 32);
  // Freeing low space makes it usable again.
  ASSERT_TRUE(m.free(a).ok());
  EXPECT_EQ(mustAlloc(m, 0x4000), a);
  EXPECT_NE(m.translate(b + 0x7ffc, 4), nullptr);
}

TEST(DeviceMemory, OutOfDeviceMemory) {
  DeviceMemory::Config c;
  c.lowBase = 0x1000;
  c.lowEnd = 0x2000;
  c.highBase = c.highEnd = 0;
  DeviceMemory m(c);
  EXPECT_TRUE(m.allocate(0x1000).ok());
  auto full = m.allocate(1);
  ASSERT_FALSE(full.ok());
  EXPECT_EQ(full.message(), "out of device memory: no room for 1 bytes");
  auto zero = m.allocate(0);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.message(), "cannot allocate 0 bytes");
  EXPECT_FALSE(m.allocate(UINT64_MAX).ok());
}

TEST(DeviceMemory, FirstFitBetweenAllocations) {
  DeviceMemory::Config cfg = DeviceMemory::Config::forContext(0);
  cfg.guard = 256;
  DeviceMemory m(cfg);
  uint64_t a = mustAlloc(m, 0x1000);
  uint64_t b = mustAlloc(m, 0x1000);
  uint64_t c = mustAlloc(m, 0x1000);
  ASSERT_TRUE(m.free(b).ok());
  EXPECT_EQ(mustAlloc(m, 0x100), b);          // the hole left by b
  uint64_t d = mustAlloc(m, 0x100);           // the hole still has room after a guard
  EXPECT_GT(d, b);
  EXPECT_LT(d, c);
  EXPECT_GE(d, b + 0x100 + m.config().guard);
  EXPECT_GT(mustAlloc(m, 0x2000), c);         // too big for the hole
  (void)a;
}

TEST(DeviceMemory, AllocateAtAnAddress) {
  DeviceMemory m;
  auto a = m.allocateAt(0x10004000, 0x100);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(*a, 0x10004000u);
  EXPECT_NE(mustAlloc(m, 0x100), 0x10004000u); // first fit goes around it
  EXPECT_EQ(m.allocateAt(0x10003f00, 0x200).message(),
            "[0x10003f00, +512) overlaps 0x10004000 is inside allocation [0x10004000, "
            "0x10004100) at offset 0");
  EXPECT_EQ(m.allocateAt(0x10004104, 4).message(), "0x10004104 is not 256-byte aligned");
  EXPECT_EQ(m.allocateAt(0x100, 4).message(),
            "[0x100, +4) is outside this context's address windows");
  auto b = m.createBuffer("b", ElemType::U32, 4, 0x10008000);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ((*b)->addr, 0x10008000u);
}

TEST(DeviceMemory, ContextsHaveDisjointWindows) {
  for (unsigned k = 0; k < 20; ++k) {
    auto ck = DeviceMemory::Config::forContext(k);
    for (unsigned j = k + 1; j < 20; ++j) {
      auto cj = DeviceMemory::Config::forContext(j);
      auto disjoint = [](uint64_t b1, uint64_t e1, uint64_t b2, uint64_t e2) {
        return b1 >= e1 || b2 >= e2 || e1 <= b2 || e2 <= b1;
      };
      EXPECT_TRUE(disjoint(ck.lowBase, ck.lowEnd, cj.lowBase, cj.lowEnd)) << k << " " << j;
      EXPECT_TRUE(disjoint(ck.highBase, ck.highEnd, cj.highBase, cj.highEnd)) << k << " " << j;
      EXPECT_TRUE(disjoint(ck.lowBase, ck.lowEnd, cj.highBase, cj.highEnd)) << k << " " << j;
      EXPECT_TRUE(disjoint(ck.highBase, ck.highEnd, cj.lowBase, cj.lowEnd)) << k << " " << j;
    }
  }
  auto c3 = DeviceMemory::Config::forContext(3);
  EXPECT_EQ(c3.lowBase, 0x4000'0000u);
  EXPECT_EQ(c3.lowEnd, 0x5000'0000u);
  auto c14 = DeviceMemory::Config::forContext(14);
  EXPECT_EQ(c14.lowEnd, 1ull << 32);
  auto c15 = DeviceMemory::Config::forContext(15); // no room below 4 GiB
  DeviceMemory m15(c15);
  EXPECT_EQ(mustAlloc(m15, 16), c15.highBase);

  DeviceMemory m0(DeviceMemory::Config::forContext(0)), m1(DeviceMemory::Config::forContext(1));
  uint64_t a0 = mustAlloc(m0, 64), a1 = mustAlloc(m1, 64);
  EXPECT_NE(a0, a1);
  EXPECT_EQ(m0.translate(a1, 4), nullptr);
  EXPECT_EQ(m1.translate(a0, 4), nullptr);
}

TEST(DeviceMemory, ReadWriteTypedAccess) {
  DeviceMemory m;
  uint64_t a = mustAlloc(m, 16);
  EXPECT_TRUE(m.store<uint32_t>(a + 4, 0xdeadbeef));
  EXPECT_EQ(m.load<uint32_t>(a + 4), 0xdeadbeefu);
  EXPECT_EQ(m.load<uint16_t>(a + 6), 0xdeadu);
  EXPECT_FALSE(m.store<uint64_t>(a + 12, 1));
  EXPECT_FALSE(m.load<uint64_t>(a + 9));
  ASSERT_TRUE(m.writeValue(a + 8, Value::fromF64(1.5)).ok());
  auto v = m.readValue(a + 8, ElemType::F64);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->asF64(), 1.5);

  uint8_t bytes[4] = {1, 2, 3, 4};
  ASSERT_TRUE(m.write(a, bytes).ok());
  uint8_t back[4] = {};
  ASSERT_TRUE(m.read(a, back).ok());
  EXPECT_EQ(back[3], 4);
  auto bad = m.read(a + 14, back);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "read of 4 bytes at 0x1000000e: 0x10000010 is 0 bytes after "
                           "allocation [0x10000000, 0x10000010), outside every allocation");
  auto badw = m.writeValue(0x100, Value::fromBits(ElemType::U32, 1));
  ASSERT_FALSE(badw.ok());
  EXPECT_EQ(badw.message(), "write of 4 bytes at 0x100: 0x100 is outside every allocation");
  EXPECT_TRUE(m.read(0, std::span<uint8_t>()).ok()); // empty: nothing to check
}

TEST(DeviceMemory, NamedBuffers) {
  DeviceMemory m;
  auto a = m.createBuffer("a", ElemType::F32, 10);
  ASSERT_TRUE(a.ok());
  const Buffer *ba = *a;
  EXPECT_EQ(ba->name, "a");
  EXPECT_EQ(ba->bytes(), 40u);
  EXPECT_EQ(ba->addr % 256, 0u);
  auto b = m.createBuffer("b", ElemType::U8, 3);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(m.findBuffer("a"), ba);
  EXPECT_EQ(m.findBuffer("c"), nullptr);
  ASSERT_EQ(m.buffers().size(), 2u);
  EXPECT_EQ(m.buffers()[1]->name, "b");

  auto dup = m.createBuffer("a", ElemType::U32, 1);
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.message(), "buffer 'a' already exists");
  auto empty = m.createBuffer("z", ElemType::U32, 0);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.message(), "buffer 'z' needs at least one element");
  EXPECT_FALSE(m.createBuffer("huge", ElemType::U64, UINT64_MAX / 4).ok());

  ASSERT_TRUE(m.writeElement(*ba, 9, Value::fromF32(2.5f)).ok());
  auto e = m.readElement(*ba, 9);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->asF32(), 2.5f);
  EXPECT_EQ(e->type, ElemType::F32);
  // Reinterpreted as u32 / u8 (dump NAME:TYPE).
  EXPECT_EQ(m.readElement(*ba, 9, ElemType::U32)->bits, 0x40200000u);
  EXPECT_EQ(m.readElement(*ba, 39, ElemType::U8)->bits, 0x40u);
  EXPECT_EQ(DeviceMemory::elementCount(*ba, ElemType::U16), 20u);
  EXPECT_EQ(DeviceMemory::elementCount(*ba, ElemType::F64), 5u);

  auto oob = m.readElement(*ba, 10);
  ASSERT_FALSE(oob.ok());
  EXPECT_EQ(oob.message(), "index 10 is out of range for 'a' (10 x f32)");
  auto wrongType = m.writeElement(*ba, 0, Value::fromF64(1));
  ASSERT_FALSE(wrongType.ok());
  EXPECT_EQ(wrongType.message(), "value of type f64 for buffer 'a' of type f32");
  auto oobw = m.writeElement(**b, 3, Value::fromBits(ElemType::U8, 1));
  ASSERT_FALSE(oobw.ok());
  EXPECT_EQ(oobw.message(), "index 3 is out of range for 'b' (3 elements)");

  auto span = m.bytes(*ba);
  ASSERT_EQ(span.size(), 40u);
  EXPECT_EQ(span.data(), m.translate(ba->addr, 1));

  // Freeing a buffer's allocation forgets the name.
  uint64_t addr = (*b)->addr;
  ASSERT_TRUE(m.free(addr).ok());
  EXPECT_EQ(m.findBuffer("b"), nullptr);
  EXPECT_TRUE(m.createBuffer("b", ElemType::U8, 1).ok());
}

TEST(DeviceMemory, DescribeAddress) {
  DeviceMemory m;
  const Buffer *out = *m.createBuffer("out", ElemType::U32, 64); // 256 bytes
  const Buffer *in = *m.createBuffer("in", ElemType::U32, 64);
  EXPECT_EQ(m.describeAddress(out->addr + 12),
            "0x1000000c is inside buffer 'out' [0x10000000, 0x10000100) at offset 12");
  EXPECT_EQ(m.describeAddress(out->addr + 256),
            "0x10000100 is 0 bytes after buffer 'out' [0x10000000, 0x10000100), "
            "outside every allocation");
  EXPECT_EQ(m.describeAddress(out->addr + 257),
            "0x10000101 is 1 byte after buffer 'out' [0x10000000, 0x10000100), "
            "outside every allocation");
  EXPECT_EQ(m.describeAddress(out->addr + 260),
            "0x10000104 is 4 bytes after buffer 'out' [0x10000000, 0x10000100), "
            "outside every allocation");
  EXPECT_EQ(m.describeAddress(in->addr - 4),
            "0x100010fc is 4 bytes before buffer 'in' [0x10001100, 0x10001200), outside every "
            "allocation");
  EXPECT_EQ(m.describeAddress(0), "0x0 is outside every allocation");
  EXPECT_EQ(m.describeAddress(0x7000'0000), "0x70000000 is outside every allocation");
}

TEST(DeviceMemory, MoveKeepsContents) {
  DeviceMemory m;
  const Buffer *b = *m.createBuffer("x", ElemType::U32, 4);
  uint64_t addr = b->addr;
  ASSERT_TRUE(m.writeElement(*b, 2, Value::fromBits(ElemType::U32, 77)).ok());
  ASSERT_NE(m.translate(addr, 4), nullptr);
  DeviceMemory n(std::move(m));
  EXPECT_EQ(n.load<uint32_t>(addr + 8), 77u);
  EXPECT_NE(n.findBuffer("x"), nullptr);
  EXPECT_EQ(m.translate(addr, 4), nullptr); // NOLINT: moved-from is empty
  DeviceMemory o;
  (void)mustAlloc(o, 64);
  o = std::move(n);
  EXPECT_EQ(o.load<uint32_t>(addr + 8), 77u);
  EXPECT_EQ(o.allocations().size(), 1u);
}

// The emulator's address space on its own (no runtime buffers): an
// allocation is described by its range until it is given a name, free()
// forgets the name, and a checkpoint copy keeps names and bytes.
TEST(AddressSpace, NamesOnlyWhatItIsTold) {
  simt::emu::AddressSpace s;
  uint64_t a = *s.allocate(16);
  EXPECT_EQ(s.describeAddress(a + 16),
            "0x10000010 is 0 bytes after allocation [0x10000000, 0x10000010), "
            "outside every allocation");
  s.setName(a, "v");
  EXPECT_EQ(s.describeAddress(a + 3),
            "0x10000003 is inside buffer 'v' [0x10000000, 0x10000010) at offset 3");
  ASSERT_TRUE(s.store<uint32_t>(a, 0xdeadbeef));
  simt::emu::AddressSpace copy(s);
  EXPECT_EQ(copy.load<uint32_t>(a), 0xdeadbeefu);
  EXPECT_NE(copy.translate(a, 4), s.translate(a, 4));
  EXPECT_EQ(copy.describeAddress(a), "0x10000000 is inside buffer 'v' [0x10000000, "
                                     "0x10000010) at offset 0");
  ASSERT_TRUE(s.free(a).ok());
  uint64_t b = *s.allocate(16);
  ASSERT_EQ(b, a); // first fit reuses the hole
  EXPECT_EQ(s.describeAddress(b), "0x10000000 is inside allocation [0x10000000, "
                                  "0x10000010) at offset 0");
}

// Page-locked host memory under unified addressing: the device address is
// the host address, blocks stay apart, and a checkpoint copy keeps the bytes
// elsewhere.
TEST(DeviceMemory, HostVisibleAllocationsAreIdentityMapped) {
  DeviceMemory m;
  auto a = m.allocateHostVisible(100);
  ASSERT_TRUE(a.ok()) << a.message();
  auto b = m.allocateHostVisible(5000);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_GE(*a, m.config().hostBase);
  EXPECT_LT(*b, m.config().hostEnd);
  EXPECT_EQ(m.translate(*a, 100), reinterpret_cast<uint8_t *>(uintptr_t(*a)));
  EXPECT_EQ(m.translate(*b + 4999, 1), reinterpret_cast<uint8_t *>(uintptr_t(*b + 4999)));
  EXPECT_EQ(m.translate(*a + 100, 1), nullptr); // past the end still faults
  *reinterpret_cast<int *>(uintptr_t(*a)) = 42; // a host store the device sees
  EXPECT_EQ(m.load<int>(*a), 42);
  DeviceMemory copy(m);
  EXPECT_EQ(copy.load<int>(*a), 42);
  EXPECT_NE(copy.translate(*a, 4), reinterpret_cast<uint8_t *>(uintptr_t(*a)));
  EXPECT_TRUE(m.free(*a).ok());
  EXPECT_EQ(m.translate(*a, 4), nullptr);
  // Another context's window is its own.
  DeviceMemory other(DeviceMemory::Config::forContext(1));
  auto c = other.allocateHostVisible(64);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_GE(*c, m.config().hostEnd);
}

// The program's own memory borrowed at its own address (cudaHostRegister):
// the device reads and writes the host's bytes, a page-granular memcheck
// reaches no further than the range, a copy (a checkpoint) has bytes of its
// own, and freeing gives the range back untouched.
TEST(DeviceMemory, BorrowedHostRangesAreTheHostsBytes) {
  std::vector<int> buffer(64, 7);
  const uint64_t at = reinterpret_cast<uintptr_t>(buffer.data());
  DeviceMemory m;
  auto a = m.borrowHostRange(at, buffer.size() * sizeof(int));
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(*a, at);
  EXPECT_EQ(m.load<int>(at + 4), 7);
  EXPECT_TRUE(m.store<int>(at + 8, 99));
  EXPECT_EQ(buffer[2], 99);
  EXPECT_FALSE(m.borrowHostRange(at + 16, 4).ok()); // overlaps
  m.setMemcheck(simt::emu::Memcheck::Page);
  EXPECT_EQ(m.translate(at + buffer.size() * sizeof(int), 1), nullptr);
  m.setMemcheck(simt::emu::Memcheck::Strict);
  DeviceMemory copy(m);
  EXPECT_TRUE(copy.store<int>(at, 5));
  EXPECT_EQ(buffer[0], 7);
  EXPECT_EQ(copy.load<int>(at + 8), 99);
  EXPECT_TRUE(m.free(at).ok());
  EXPECT_EQ(m.translate(at, 4), nullptr);
  buffer[0] = 1; // still the program's
  EXPECT_EQ(buffer[0], 1);
}

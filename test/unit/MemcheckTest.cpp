//===-- MemcheckTest.cpp - Strict and page global-memory checks -----------===//
//
// What the emulator may touch around each allocation in the two --memcheck
// modes (emu/mem/AddressSpace.h): exactly the allocation, or its 4 KiB pages
// and a guard page either side, never another allocation's bytes.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/AddressSpace.h"

#include <gtest/gtest.h>

using namespace simt::emu;

namespace {

constexpr uint64_t kPage = AddressSpace::kPageBytes;

uint64_t alloc(AddressSpace &m, uint64_t bytes) {
  auto a = m.allocate(bytes);
  EXPECT_TRUE(a.ok()) << a.message();
  return a.ok() ? *a : 0;
}

} // namespace

TEST(Memcheck, StrictMapsTheAllocationOnly) {
  AddressSpace m;
  uint64_t a = alloc(m, 0x100);
  MemRange r;
  ASSERT_TRUE(m.findMapped(a + 0x10, &r));
  EXPECT_EQ(r.base, a);
  EXPECT_EQ(r.size, 0x100u);
  EXPECT_FALSE(m.findMapped(a + 0x100, &r));
  EXPECT_FALSE(m.findMapped(a - 4, &r));
}

TEST(Memcheck, PageMapsThePagesAndAGuardPageEitherSide) {
  AddressSpace m;
  uint64_t a = alloc(m, 0x100); // page-aligned: the first allocation
  ASSERT_EQ(a % kPage, 0u);
  m.setMemcheck(Memcheck::Page);
  MemRange r;
  // One element before the buffer: the guard page below it.
  ASSERT_TRUE(m.findMapped(a - 4, &r));
  EXPECT_EQ(r.base, a - kPage);
  // The range is one block: the allocation's bytes are where they were.
  ASSERT_TRUE(m.findMapped(a, &r));
  uint8_t *p = r.at(a, 4);
  ASSERT_NE(p, nullptr);
  *p = 0x5a;
  EXPECT_EQ(m.load<uint8_t>(a), std::optional<uint8_t>(0x5a));
  // Zero-filled around it, up to the end of the guard page after its page.
  EXPECT_EQ(*r.at(a - 4, 1), 0);
  EXPECT_NE(r.at(a + 2 * kPage - 4, 4), nullptr);
  EXPECT_EQ(r.at(a + 2 * kPage - 2, 4), nullptr); // crosses the end
  EXPECT_FALSE(m.findMapped(a + 2 * kPage, &r));
  EXPECT_FALSE(m.findMapped(a - kPage - 1, &r));
  // Host accesses stay strict.
  EXPECT_FALSE(m.load<uint32_t>(a - 4).has_value());
}

TEST(Memcheck, NeighboursNeverSeeEachOthersBytes) {
  AddressSpace::Config c;
  c.guard = 256; // guard pages overlap
  AddressSpace m(c);
  uint64_t a = alloc(m, 0x100), b = alloc(m, 0x100);
  ASSERT_LT(b - (a + 0x100), kPage);
  m.setMemcheck(Memcheck::Page);
  MemRange ra, rb, gap;
  ASSERT_TRUE(m.findMapped(a, &ra));
  ASSERT_TRUE(m.findMapped(b, &rb));
  EXPECT_EQ(ra.base + ra.size, b) << "a's range stops at b's first byte";
  EXPECT_EQ(rb.base, b) << "the gap below b belongs to a, the lower allocation";
  ASSERT_TRUE(m.findMapped(b - 4, &gap));
  EXPECT_EQ(gap.base, ra.base);
  *rb.at(b, 1) = 7;
  EXPECT_EQ(*ra.at(a, 1), 0);
}

TEST(Memcheck, FaultTextHintsAtPageModeWhereItWouldHelp) {
  AddressSpace m;
  uint64_t a = alloc(m, 0x100);
  m.setName(a, "in");
  const std::string hint =
      " (simt-emu --memcheck=page allows accesses within an allocation's pages, as hardware "
      "does)";
  EXPECT_EQ(m.describeFault(a - 4), m.describeAddress(a - 4) + hint);
  EXPECT_EQ(m.describeFault(a + 0x100), m.describeAddress(a + 0x100) + hint);
  EXPECT_EQ(m.describeFault(a - 2 * kPage), m.describeAddress(a - 2 * kPage));
  m.setMemcheck(Memcheck::Page);
  EXPECT_EQ(m.describeFault(a - 2 * kPage), m.describeAddress(a - 2 * kPage));
}

TEST(Memcheck, ModeChangeInvalidatesCachesAndCopiesKeepIt) {
  AddressSpace m;
  uint64_t a = alloc(m, 0x100);
  uint64_t g = m.generation();
  m.setMemcheck(Memcheck::Page);
  EXPECT_GT(m.generation(), g);
  MemRange r;
  ASSERT_TRUE(m.findMapped(a - 4, &r));
  *r.at(a - 4, 1) = 9;
  AddressSpace copy(m);
  EXPECT_EQ(copy.memcheck(), Memcheck::Page);
  MemRange rc;
  ASSERT_TRUE(copy.findMapped(a - 4, &rc));
  EXPECT_EQ(*rc.at(a - 4, 1), 9) << "a checkpoint keeps what page mode wrote in a guard page";
  EXPECT_NE(rc.host, r.host);
}

TEST(Memcheck, HostBytesKeepTheDevicePageOffset) {
  // A device line is a host line: SMs on different host threads storing to
  // different device lines never share a host cache line (StoreBuffer's
  // overlap check works on host lines).
  AddressSpace m;
  alloc(m, 0x40);
  for (uint64_t bytes : {uint64_t{0x100}, uint64_t{3 * kPage + 8}, uint64_t{1} << 20}) {
    const uint64_t a = alloc(m, bytes);
    MemRange r;
    ASSERT_TRUE(m.findMapped(a, &r));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(r.host) % kPage, a % kPage) << bytes << " bytes";
    EXPECT_EQ(r.host[bytes - 1], 0) << "zero-filled";
  }
}

TEST(Memcheck, CopiedAddressSpaceHasItsOwnAlignedBytes) {
  AddressSpace m;
  const uint64_t a = alloc(m, 0x300);
  MemRange r;
  ASSERT_TRUE(m.findMapped(a, &r));
  r.host[0x2ff] = 0x5a;
  AddressSpace copy(m);
  MemRange c;
  ASSERT_TRUE(copy.findMapped(a, &c));
  EXPECT_NE(c.host, r.host);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(c.host) % kPage, a % kPage);
  EXPECT_EQ(c.host[0x2ff], 0x5a);
}

//===-- ModuleBanksTest.cpp - Each module's own constant bank images ------===//
//
// Unit tests of ModuleBanks (runtime/ModuleBanks.h): two modules with
// variables at the same offsets of one bank keep their own bytes; a bind
// writes a module's whole image only when another module held the bank;
// writes reach the bank only while the writer holds it; raw commands
// follow the holder.
//
//===----------------------------------------------------------------------===//
#include "runtime/ModuleBanks.h"

#include <gtest/gtest.h>

#include <vector>

using namespace simt::rt;

namespace {

using Bytes = std::vector<uint8_t>;

Bytes read(const ModuleBanks &b, ModuleBanks::Key m, uint32_t bank, uint32_t off, size_t n) {
  Bytes out(n, 0xee);
  EXPECT_TRUE(b.read(m, bank, off, out));
  return out;
}

TEST(ModuleBanksTest, ModulesKeepTheirOwnBytesOfOneBank) {
  ModuleBanks b;
  const ModuleBanks::Key a{0, 0}, c{0, 1};
  b.addVariable(a, 2, 0, 4, Bytes{1, 2, 3, 4});
  b.addVariable(c, 2, 0, 8, Bytes{9, 9}); // the rest zero
  EXPECT_EQ(read(b, a, 2, 0, 4), (Bytes{1, 2, 3, 4}));
  EXPECT_EQ(read(b, c, 2, 0, 8), (Bytes{9, 9, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(read(b, a, 2, 2, 4), (Bytes{3, 4, 0, 0})); // zero past the image
  Bytes out(4);
  EXPECT_FALSE(b.read(a, 3, 0, out)); // no variable of `a` in bank 3
  EXPECT_EQ(b.banksOf(a), (std::vector<uint32_t>{2}));
}

TEST(ModuleBanksTest, BindWritesOnlyWhenAnotherModuleHeldTheBank) {
  ModuleBanks b;
  const ModuleBanks::Key a{0, 0}, c{0, 1};
  b.addVariable(a, 2, 0, 4, Bytes{1, 2, 3, 4});
  b.hold(a, 2, Bytes{1, 2, 3, 4});
  b.addVariable(c, 2, 4, 4, Bytes{5, 6, 7, 8});
  EXPECT_TRUE(b.bind(a).empty()); // `a` holds it already
  auto cmds = b.bind(c);
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(cmds[0].bank, 2u);
  EXPECT_EQ(cmds[0].offset, 0u);
  // The whole image from offset 0: zeros where `a`'s bytes were.
  EXPECT_EQ(Bytes(cmds[0].bytes.begin(), cmds[0].bytes.end()), (Bytes{0, 0, 0, 0, 5, 6, 7, 8}));
  EXPECT_EQ(b.holder(2), c);
  EXPECT_TRUE(b.bind(c).empty());
  ASSERT_EQ(b.bind(a).size(), 1u);
}

TEST(ModuleBanksTest, WritesReachTheBankOnlyWhileTheWriterHoldsIt) {
  ModuleBanks b;
  const ModuleBanks::Key a{0, 0}, c{1, 0}; // two contexts
  b.addVariable(a, 5, 0, 4, {});
  b.addVariable(c, 5, 0, 4, {});
  b.hold(a, 5, Bytes(4, 0));
  bool reaches = false;
  EXPECT_TRUE(b.write(c, 5, 0, Bytes{7}, &reaches));
  EXPECT_FALSE(reaches);
  EXPECT_TRUE(b.write(a, 5, 1, Bytes{8}, &reaches));
  EXPECT_TRUE(reaches);
  EXPECT_EQ(read(b, a, 5, 0, 4), (Bytes{0, 8, 0, 0}));
  EXPECT_EQ(read(b, c, 5, 0, 4), (Bytes{7, 0, 0, 0}));
  EXPECT_FALSE(b.write(a, 6, 0, Bytes{1}, &reaches)); // no image: a raw command
  // A write past the variables grows the image, which a bind then writes.
  EXPECT_TRUE(b.write(c, 5, 10, Bytes{3, 3}, &reaches));
  auto cmds = b.bind(c);
  ASSERT_EQ(cmds.size(), 1u);
  EXPECT_EQ(cmds[0].bytes.size(), 12u);
}

TEST(ModuleBanksTest, RawCommandsAndHeldBytesFollowTheHolder) {
  ModuleBanks b;
  const ModuleBanks::Key a{0, 0}, c{0, 1};
  b.addVariable(a, 2, 4, 4, Bytes{1, 1, 1, 1});
  // What commands wrote before `a` was loaded stays in its image where
  // none of its initializers lies.
  b.hold(a, 2, Bytes{9, 9, 9, 9, 1, 1, 1, 1});
  EXPECT_EQ(read(b, a, 2, 0, 8), (Bytes{9, 9, 9, 9, 1, 1, 1, 1}));
  b.wroteBank(2, 0, Bytes{4});
  EXPECT_EQ(read(b, a, 2, 0, 2), (Bytes{4, 9}));
  b.addVariable(c, 2, 0, 4, {});
  (void)b.bind(c);
  b.wroteBank(2, 0, Bytes{6});
  EXPECT_EQ(read(b, a, 2, 0, 1), (Bytes{4}));
  EXPECT_EQ(read(b, c, 2, 0, 1), (Bytes{6}));
  b.remove(c);
  EXPECT_FALSE(b.holder(2).has_value());
  EXPECT_TRUE(b.banksOf(c).empty());
}

} // namespace

//===-- CcCallABITest.cpp - Where call arguments travel -------------------===//
//
// cc/abi/CallABI.h: a call's .params laid out word by word, each at its
// alignment (at least a word, 64-bit values on even words), the first twelve
// words in R4..R15 and the rest in the stack-argument area, whose size keeps
// the frames' alignment; at most 4 KiB a list.
//
//===----------------------------------------------------------------------===//
#include "cc/abi/CallABI.h"

#include "gtest/gtest.h"

using namespace simt::cc;

namespace {

VarDecl param(PTXType T, unsigned Align = 0, uint64_t Bytes = 0) {
  VarDecl V;
  V.Space = StateSpace::Param;
  V.Type = T;
  V.Align = Align;
  if (Bytes)
    V.Dims.push_back(Bytes);
  return V;
}

TEST(CcCallABI, ScalarsTakeWordsAndPairsAreEven) {
  VarDecl A = param(PTXType::B32), B = param(PTXType::B64), C = param(PTXType::F32),
          D = param(PTXType::B8);
  auto Slots = layoutABI({&A, &B, &C, &D});
  ASSERT_TRUE(Slots);
  ASSERT_EQ(Slots->size(), 4u);
  EXPECT_EQ((*Slots)[0].FirstWord, 0u);
  EXPECT_EQ((*Slots)[1].FirstWord, 2u); // R6:R7, not R5:R6
  EXPECT_EQ((*Slots)[2].FirstWord, 4u);
  EXPECT_EQ((*Slots)[3].FirstWord, 5u); // a byte still takes a word
  EXPECT_EQ(abiWords(*Slots), 6u);
}

TEST(CcCallABI, AggregatesKeepTheirAlignment) {
  VarDecl A = param(PTXType::B32), S = param(PTXType::B8, 8, 16);
  auto Slots = layoutABI({&A, &S});
  ASSERT_TRUE(Slots);
  EXPECT_EQ((*Slots)[1].FirstWord, 2u);
  EXPECT_EQ((*Slots)[1].Size, 16u);
  EXPECT_EQ(abiWords(*Slots), 6u);
}

TEST(CcCallABI, WordsPastTheTwelfthGoToTheStackArea) {
  VarDecl W = param(PTXType::B64), X = param(PTXType::B32);
  auto Twelve = layoutABI({&W, &W, &W, &W, &W, &X, &X});
  ASSERT_TRUE(Twelve);
  EXPECT_EQ(abiWords(*Twelve), 12u);
  EXPECT_EQ(stackArgBytes(abiWords(*Twelve), 1, 8), 0u); // all in R4..R15
  auto Padded = layoutABI({&X, &W, &W, &W, &W, &W, &X}); // the padding makes 13
  ASSERT_TRUE(Padded);
  EXPECT_EQ(abiWords(*Padded), 13u);
  EXPECT_EQ(stackArgBytes(13, 1, 8), 8u);   // one word, in an 8-byte-aligned area
  EXPECT_EQ(stackArgBytes(13, 1, 16), 16u); // a float4 slot somewhere: 16
  EXPECT_EQ(stackArgBytes(2, 16, 8), 16u);  // results past R15 take the area too
  EXPECT_EQ(stackArgBytes(32, 16, 8), 80u); // the larger list: 20 words
  // Rodinia's OpenCL dwt2d `transform`: b64, b32, b32, b64, b64, b32, b32, b32.
  auto Slots = layoutABI({&W, &X, &X, &W, &W, &X, &X, &X});
  ASSERT_TRUE(Slots);
  EXPECT_EQ(abiWords(*Slots), 11u);
}

TEST(CcCallABI, AListOver4KiBDoesNotFit) {
  VarDecl Max = param(PTXType::B8, 4, 4096), Over = param(PTXType::B8, 4, 4097);
  VarDecl X = param(PTXType::B32);
  EXPECT_TRUE(layoutABI({&Max}));
  EXPECT_FALSE(layoutABI({&Over}));
  EXPECT_FALSE(layoutABI({&X, &Max}));
}

} // namespace

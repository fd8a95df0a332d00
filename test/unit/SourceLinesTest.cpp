//===-- SourceLinesTest.cpp - Line tables read back by code section -------===//
//
// Objects assembled in memory with `.file`/`.loc`: the positions the reader
// returns are the ones the directives wrote, per section, with a device
// function's rows kept apart from a kernel's (both start at offset 0).
//
//===----------------------------------------------------------------------===//
#include "AssembleForTest.h"
#include "runtime/SourceLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace {

const char *const TwoSections = R"(
.file 1 "/src/k.cu"
.file 2 "/inc/util.h"
.kernel k
.param out, 8
        .loc 1 10 3
        S2R R0, SR_TID.X
        MOV R1, R0
        .loc 2 4 1
        CAL f
        .loc 1 12 0
        EXIT
.end_kernel
.func f
        .loc 2 5 2
        MOV R2, R0
        .loc 1 10 3
        RET
.end_func
)";

TEST(SourceLines, PositionsBySection) {
  auto L = simt::rt::SourceLines::read(assembleObject(TwoSections), "k.o");
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  ASSERT_FALSE(L->empty());
  auto P = L->at(".text.k", 0x8); // the MOV, still on line 10
  ASSERT_TRUE(P);
  EXPECT_EQ(P->file, "/src/k.cu");
  EXPECT_EQ(P->line, 10u);
  EXPECT_EQ(P->column, 3u);
  P = L->at(".text.k", 0x10);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->file, "/inc/util.h");
  EXPECT_EQ(P->line, 4u);
  // Offset 0 of the function's section is not the kernel's offset 0.
  P = L->at(".text.f", 0x0);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->file, "/inc/util.h");
  EXPECT_EQ(P->line, 5u);
  EXPECT_FALSE(L->at(".text.k", 0x20)); // past the end of the kernel
  EXPECT_FALSE(L->at(".text.nosuch", 0x0));
}

TEST(SourceLines, LinesToCode) {
  auto L = simt::rt::SourceLines::read(assembleObject(TwoSections), "k.o");
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  // Line 10 has code in both sections: the kernel's first two instructions
  // and the function's RET.
  std::vector<simt::rt::CodeRange> R = L->rangesOf("/src/k.cu", 10);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].section, ".text.k");
  EXPECT_EQ(R[0].begin, 0x0u);
  EXPECT_EQ(R[0].end, 0x10u);
  EXPECT_EQ(R[1].section, ".text.f");
  EXPECT_EQ(R[1].begin, 0x8u);
  EXPECT_EQ(R[1].end, 0x10u);
  EXPECT_TRUE(L->rangesOf("/src/k.cu", 11).empty());
  EXPECT_EQ(L->linesOf("/src/k.cu"), (std::vector<unsigned>{10, 12}));
  EXPECT_EQ(L->findFile("k.cu"), "/src/k.cu");
  EXPECT_EQ(L->findFile("util.h"), "/inc/util.h");
  EXPECT_EQ(L->findFile("c.cu"), ""); // a tail, but not a whole path component
  EXPECT_EQ(L->files(), (std::vector<std::string>{"/src/k.cu", "/inc/util.h"}));
}

TEST(SourceLines, NoLineTable) {
  auto L = simt::rt::SourceLines::read(assembleObject(".kernel k\n EXIT\n.end_kernel\n"), "k.o");
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  EXPECT_TRUE(L->empty());
  EXPECT_FALSE(L->at(".text.k", 0));
}

TEST(SourceLines, NotAnObject) {
  auto L = simt::rt::SourceLines::read("not an object", "junk.o");
  ASSERT_FALSE(bool(L));
  EXPECT_NE(llvm::toString(L.takeError()).find("junk.o: "), std::string::npos);
}

} // namespace

//===-- PTXSourceLinesTest.cpp - The .cu lines of clang's PTX -------------===//
//
// PTX in clang's shape with `.loc` directives and the .cu file it names:
// an instruction maps to the last `.loc` before it, a header to the
// function's first (at the name's column), a __shared__ variable to its
// declaration; taking the directives out keeps every other line in place.
//
//===----------------------------------------------------------------------===//
#include "cc/ptx/PTXSourceLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace simt::cc;

namespace {

const char *const Source = "// k.cu\n"
                           "__global__ void k(int *p) {\n"
                           "  __shared__ int tile[20000];\n"
                           "  asm volatile(\"bogus;\");\n"
                           "  p[0] = tile[p[1]];\n"
                           "}\n";

std::string ptxFor(llvm::StringRef Path) {
  return ".version 4.2\n"                                      // 1
         ".target sm_20\n"                                     // 2
         ".address_size 64\n"                                  // 3
         ".visible .shared .align 4 .b8 _ZZ1kPiE4tile[80000];\n" // 4
         ".visible .entry _Z1kPi(\n"                           // 5
         "\t.param .u64 _Z1kPi_param_0\n"                      // 6
         ")\n"                                                 // 7
         "{\n"                                                 // 8
         "\t.local .align 8 .b8 \t__local_depot0[8];\n"        // 9
         "$L__func_begin0:\n"                                  // 10
         "\t.loc\t1 2 0\n"                                     // 11
         "\tld.param.u64 \t%rd1, [_Z1kPi_param_0];\n"          // 12
         "\t.loc\t1 4 3   // k.cu:4:3\n"                       // 13
         "\t// begin inline asm\n"                             // 14
         "\tbogus;\n"                                          // 15
         "\t// end inline asm\n"                               // 16
         "\tret;\n"                                            // 17
         "$L__func_end0:\n"                                    // 18
         "}\n"                                                 // 19
         "\t.section\t.debug_loc\t{\t}\n"                      // 20
         "\t.file\t1 \"" +
         Path.str() + "\"\n";                                  // 21
}

class PTXSourceLinesTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("k", "cu", Path));
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Source;
  }
  void TearDown() override { llvm::sys::fs::remove(Path); }
  llvm::SmallString<128> Path;
};

TEST_F(PTXSourceLinesTest, InstructionIsAtTheLastLocBeforeIt) {
  PTXSourceLines Lines(ptxFor(Path), Path);
  std::optional<SourcePosition> P = Lines.lookup(15);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->File, Path.str());
  EXPECT_EQ(P->Line, 4u);
  EXPECT_EQ(P->Col, 3u);
  EXPECT_EQ(Lines.ptxLine(15), "bogus;");
  EXPECT_EQ(Lines.sourceLine(*P), "  asm volatile(\"bogus;\");");
}

TEST_F(PTXSourceLinesTest, HeaderIsAtTheFunctionsName) {
  PTXSourceLines Lines(ptxFor(Path), Path);
  std::optional<SourcePosition> P = Lines.lookup(5);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Line, 2u);
  EXPECT_EQ(P->Col, 17u); // __global__ void k
}

TEST_F(PTXSourceLinesTest, VariableIsAtItsDeclaration) {
  PTXSourceLines Lines(ptxFor(Path), Path);
  std::optional<SourcePosition> P = Lines.lookup(4);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Line, 3u); // not the comment's or the use's line
  EXPECT_EQ(P->Col, 18u);
  EXPECT_FALSE(Lines.lookup(2)); // .target: no source position
}

TEST_F(PTXSourceLinesTest, UnreadableSourceLeavesVariablesAtThePTX) {
  PTXSourceLines Lines(ptxFor("/nonexistent/k.cu"), "/nonexistent/k.cu");
  EXPECT_FALSE(Lines.lookup(4));
  ASSERT_TRUE(Lines.lookup(15));
  EXPECT_EQ(Lines.lookup(15)->Line, 4u);
}

TEST(WithoutLineDirectives, BlanksOnlyTheDirectivesLines) {
  std::string PTX = ptxFor("k.cu");
  std::string Out = withoutLineDirectives(PTX);
  llvm::SmallVector<llvm::StringRef, 0> In, Kept;
  llvm::StringRef(PTX).split(In, '\n');
  llvm::StringRef(Out).split(Kept, '\n');
  ASSERT_EQ(In.size(), Kept.size());
  for (unsigned N : {10, 11, 13, 18, 20, 21}) // 1-based
    EXPECT_EQ(Kept[N - 1], "") << "line " << N;
  for (unsigned N : {4, 5, 9, 12, 15, 17, 19}) // .local is no .loc
    EXPECT_EQ(Kept[N - 1], In[N - 1]) << "line " << N;
}

} // namespace

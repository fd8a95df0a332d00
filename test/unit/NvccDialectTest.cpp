//===-- NvccDialectTest.cpp - simt-nvcc's rewrite of nvcc's spellings -----===//
//
// The inline-asm rule: a lone '%' before a letter in an asm template
// becomes '%%' (nvcc's reading of `%globaltimer`); operands, '%%' and
// strings outside asm stay as written, and every line stays where it was.
//
//===----------------------------------------------------------------------===//
#include "cc/NvccDialect.h"

#include <gtest/gtest.h>

#include <algorithm>

using simt::cc::DialectFix;
using simt::cc::rewriteNvccDialect;

namespace {

std::string rewrite(std::string_view s) {
  std::vector<DialectFix> fixes;
  std::string out = rewriteNvccDialect(s, fixes);
  EXPECT_TRUE(fixes.empty());
  return out;
}

} // namespace

TEST(NvccDialect, LonePercentBeforeARegisterNameIsDoubled) {
  EXPECT_EQ(rewrite(R"t(asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));)t"),
            R"t(asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));)t");
  EXPECT_EQ(
      rewrite(R"t(__asm__ __volatile__("mov.u32 %0, %laneid;" "add.u32 %0, %0, %tid.x;" : "=r"(x));)t"),
      R"t(__asm__ __volatile__("mov.u32 %0, %%laneid;" "add.u32 %0, %0, %%tid.x;" : "=r"(x));)t");
}

TEST(NvccDialect, OperandsDoublePercentsAndOtherStringsStay) {
  for (const char *same : {R"t(asm("mov.u32 %0, %%clock;" : "=r"(c));)t",
                           R"t(asm("add.s32 %0, %1, %[b];" : "=r"(a) : "r"(x), [b] "r"(y));)t",
                           R"t(printf("%d %s\n", n, "asm(%x)");)t",
                           R"t(// asm("mov.u32 %0, %laneid;")
int x;)t",
                           R"t(asm("bar.sync 0;");)t",
                           // a basic asm (no operands): clang reads '%' as it is
                           R"t(asm volatile("{ .reg .u32 %tmp; mov.u32 %tmp, %laneid; }");)t",
                           R"t(asm volatile("testq %rax, %rax");)t"})
    EXPECT_EQ(rewrite(same), same);
}

TEST(NvccDialect, LinesStayWhereTheyWere) {
  const std::string in = "int a;\nasm(\"mov.u32 %0, %laneid;\" : \"=r\"(l));\nint b;\n";
  const std::string out = rewrite(in);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(in.begin(), in.end(), '\n'));
  EXPECT_EQ(out.substr(out.rfind('\n', out.size() - 2)), "\nint b;\n");
}

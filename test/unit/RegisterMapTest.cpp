//===-- RegisterMapTest.cpp - PTX register maps read back -----------------===//
//
// asm/RegisterMap.h on `.simt.regmap` sections written by hand in assembly
// (the format of docs/debugger.md, "PTX registers"): ranges are [begin, end)
// byte offsets of the function's code, looked up per function; malformed
// sections give an error naming the problem.
//
//===----------------------------------------------------------------------===//
#include "AssembleForTest.h"
#include "asm/RegisterMap.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace {

const char *const Code = R"(
.kernel k
        S2R R0, SR_TID.X
        MOV R1, R0
        MOV R2, R0
        EXIT
.end_kernel
.func f
        MOV R2, R0
        RET
.end_func
)";

// Entry: name, type, bits, kind, register, offset, begin, end.
const char *const Map = R"(
        .section .simt.regmap,"",%progbits
        .asciz "k"
        .long 4
        .asciz "%r10"
        .byte 'u', 32, 0, 0
        .long 0, 0x8, 0x18
        .asciz "%r2"
        .byte 's', 32, 0, 1
        .long 0, 0x10, 0x20
        .asciz "%rd1"
        .byte 'b', 64, 3, 1
        .long 0x18, 0x0, 0x20
        .asciz "%p1"
        .byte 'p', 1, 2, 3
        .long 0, 0x0, 0x8
        .asciz "f"
        .long 1
        .asciz "%r10"
        .byte 'f', 32, 1, 4
        .long 0, 0x0, 0x10
)";

std::vector<std::string> namesAt(const simt::as::RegisterMap &M, const char *F, uint64_t Off) {
  std::vector<std::string> Out;
  for (const simt::as::PTXRegLocation *L : M.liveAt(F, Off))
    Out.push_back(L->name + "@" + L->where());
  return Out;
}

TEST(RegisterMap, RangesByFunction) {
  auto M = simt::as::RegisterMap::read(assembleObject(std::string(Code) + Map), "k.o");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  ASSERT_EQ(M->entries().size(), 5u);
  using V = std::vector<std::string>;
  EXPECT_EQ(namesAt(*M, "k", 0x0), (V{"%p1@P3", "%rd1@local R1+0x18"}));
  // Begin is inside, end is not; %r2 sorts before %r10.
  EXPECT_EQ(namesAt(*M, "k", 0x8), (V{"%r10@R0", "%rd1@local R1+0x18"}));
  EXPECT_EQ(namesAt(*M, "k", 0x10), (V{"%r2@R1", "%r10@R0", "%rd1@local R1+0x18"}));
  EXPECT_EQ(namesAt(*M, "k", 0x18), (V{"%r2@R1", "%rd1@local R1+0x18"}));
  EXPECT_EQ(namesAt(*M, "k", 0x20), V{});
  // The device function's %r10 is another register: a pair, a float.
  EXPECT_EQ(namesAt(*M, "f", 0x8), V{"%r10@R4:R5"});
  const simt::as::PTXRegLocation &F = *M->liveAt("f", 0)[0];
  EXPECT_EQ(F.type, 'f');
  EXPECT_EQ(F.bits, 32u);
  EXPECT_TRUE(M->has("k", "%r2"));
  EXPECT_FALSE(M->has("f", "%r2"));
  EXPECT_EQ(M->names("k"), (V{"%p1", "%r10", "%r2", "%rd1"}));
}

TEST(RegisterMap, ConstantsAreInTheirBank) {
  // Kind 4: bank 2, offset 0x1a0, a 64-bit value, over the whole kernel.
  auto M = simt::as::RegisterMap::read(
      assembleObject(std::string(Code) + "\t.section .simt.regmap,\"\",%progbits\n"
                     "\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%rd3\"\n"
                     "\t.byte 'b', 64, 4, 2\n\t.long 0x1a0, 0, 0x20\n"),
      "k.o");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(namesAt(*M, "k", 0x18), std::vector<std::string>{"%rd3@c[0x2][0x1a0]"});
  EXPECT_EQ(M->entries()[0].kind, simt::as::PTXRegLocation::Const);
}

TEST(RegisterMap, NoSectionIsEmpty) {
  auto M = simt::as::RegisterMap::read(assembleObject(Code), "k.o");
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_TRUE(M->empty());
}

std::string errorOf(const std::string &Section) {
  auto M = simt::as::RegisterMap::read(
      assembleObject(std::string(Code) + "\t.section .simt.regmap,\"\",%progbits\n" + Section),
      "k.o");
  if (M)
    return "";
  return llvm::toString(M.takeError());
}

TEST(RegisterMap, MalformedSectionsAreErrors) {
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.short 1\n"),
            "k.o: .simt.regmap: truncated function record at offset 2");
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 2\n\t.asciz \"%r1\"\n\t.byte 'u', 32, 0, 0\n"
                    "\t.long 0, 0, 8\n"),
            "k.o: .simt.regmap: truncated entry of 'k' at offset 26");
  // A kind past Const, a register past R62, a bank past 15, a constant past
  // its bank's 64 KiB, a range that ends before it begins.
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%r1\"\n\t.byte 'u', 32, 5, 0\n"
                    "\t.long 0, 0, 8\n"),
            "k.o: .simt.regmap: bad entry '%r1' of 'k'");
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%r1\"\n\t.byte 'u', 32, 4, 16\n"
                    "\t.long 0, 0, 8\n"),
            "k.o: .simt.regmap: bad entry '%r1' of 'k'");
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%r1\"\n\t.byte 'u', 64, 4, 0\n"
                    "\t.long 0xfffc, 0, 8\n"),
            "k.o: .simt.regmap: bad entry '%r1' of 'k'");
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%r1\"\n\t.byte 'u', 32, 0, 63\n"
                    "\t.long 0, 0, 8\n"),
            "k.o: .simt.regmap: bad entry '%r1' of 'k'");
  EXPECT_EQ(errorOf("\t.asciz \"k\"\n\t.long 1\n\t.asciz \"%r1\"\n\t.byte 'u', 32, 0, 0\n"
                    "\t.long 0, 8, 0\n"),
            "k.o: .simt.regmap: bad entry '%r1' of 'k'");
}

} // namespace

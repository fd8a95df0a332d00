//===-- DwarfWriterTest.cpp - DWARF written by simt-cc, read back ---------===//
//
// The translator's DWARF writer (cc/emit/DwarfWriter.h) into an object with
// two code sections (a kernel and a device function), in one unit or two,
// read back through runtime/ObjectDwarf.h and LLVM's DWARF library as the
// debugger reads it: a function's DW_AT_low_pc/high_pc, a location list
// and a range list whose entries lie in either section, references (into
// another unit too), strings and constants. Code
// addresses come back as (section index << 32) | offset, each in its own
// section; the expected offsets follow from the instructions emitted
// (8 bytes each).
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTMCOutput.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"
#include "runtime/ObjectDwarf.h"
#include "cc/emit/DwarfWriter.h"

#include <gtest/gtest.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <llvm/ADT/SmallString.h>
#include <llvm/DebugInfo/DWARF/DWARFContext.h>
#include <llvm/DebugInfo/DWARF/DWARFDie.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCInstBuilder.h>
#include <llvm/MC/MCStreamer.h>
#include <llvm/Support/raw_ostream.h>
#pragma GCC diagnostic pop

using namespace llvm;
using simt::cc::CodeSpan;
using simt::cc::DIE;
using simt::cc::DwarfWriter;
using simt::cc::LocationEntry;

namespace {

/// Emits `Count` instructions with a label before each and one after.
std::vector<MCSymbol *> emitCode(SIMTMCOutput &Out, unsigned Count) {
  std::vector<MCSymbol *> Labels;
  for (unsigned N = 0; N <= Count; ++N) {
    Labels.push_back(Out.context().createTempSymbol());
    Out.streamer().emitLabel(Labels.back());
    if (N < Count)
      Out.streamer().emitInstruction(
          MCInstBuilder(SIMT::MOV32I).addImm(SIMT::PredTrue).addReg(SIMT::R0).addImm(N).addImm(0),
          Out.subtargetInfo());
  }
  return Labels;
}

CodeSpan spanOf(const std::vector<MCSymbol *> &L, size_t Begin, size_t End) {
  return CodeSpan{L[0], L[Begin], L[End]};
}

/// A kernel "k" of `kernelInsts` instructions and a function "f" of
/// `funcInsts`: their instructions' symbols.
std::pair<std::vector<MCSymbol *>, std::vector<MCSymbol *>>
emitKernelAndFunction(SIMTMCOutput &Out, size_t kernelInsts, size_t funcInsts) {
  SIMTTargetStreamer &TS = Out.targetStreamer();
  EXPECT_FALSE(TS.emitKernelBegin("k"));
  std::vector<MCSymbol *> K = emitCode(Out, kernelInsts);
  EXPECT_FALSE(TS.emitKernelEnd());
  EXPECT_FALSE(TS.emitFuncBegin("f"));
  std::vector<MCSymbol *> F = emitCode(Out, funcInsts);
  EXPECT_FALSE(TS.emitFuncEnd());
  return {K, F};
}

/// A base type named `name` of `bytes` bytes in `parent`.
DIE &addBaseType(DIE &parent, const char *name, uint64_t bytes) {
  DIE &T = parent.addChild(dwarf::DW_TAG_base_type);
  T.addString(dwarf::DW_AT_name, name);
  T.addUnsigned(dwarf::DW_AT_byte_size, bytes);
  return T;
}

std::string objectWithDwarf() {
  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  SIMTMCOutput Out(OS, {});
  auto [K, F] = emitKernelAndFunction(Out, 4, 3);

  DwarfWriter W;
  DIE &U = W.unit();
  U.addString(dwarf::DW_AT_name, "unit.cu");
  DIE &Int = addBaseType(U, "int", 4);
  DIE &Sub = U.addChild(dwarf::DW_TAG_subprogram);
  Sub.addSpan(spanOf(K, 0, 4));
  Sub.addString(dwarf::DW_AT_name, "k");
  DIE &Var = Sub.addChild(dwarf::DW_TAG_variable);
  Var.addString(dwarf::DW_AT_name, "v");
  Var.addRef(dwarf::DW_AT_type, &Int);
  // In f's code from its instruction 1 to 3: DW_OP_reg5; in k's 2..3: reg6.
  W.addLocationList(Var, dwarf::DW_AT_location,
                    {LocationEntry{spanOf(F, 1, 3), std::string(1, char(dwarf::DW_OP_reg5))},
                     LocationEntry{spanOf(K, 2, 3), std::string(1, char(dwarf::DW_OP_reg6))}});
  DIE &Block = Sub.addChild(dwarf::DW_TAG_lexical_block);
  W.addRangeList(Block, dwarf::DW_AT_ranges, {spanOf(K, 1, 2), spanOf(K, 3, 4)});
  W.emit(Out.streamer(), /*Text=*/false);
  EXPECT_TRUE(Out.finish());
  return std::string(Bytes.str());
}

TEST(DwarfWriter, ReadsBackWithRelocatedCodeAddresses) {
  std::string Obj = objectWithDwarf();
  auto D = simt::rt::ObjectDwarf::read(Obj, "mem.o");
  ASSERT_TRUE(bool(D)) << toString(D.takeError());
  const uint64_t K0 = *D->address(".text.k", 0), F0 = *D->address(".text.f", 0);
  ASSERT_NE(K0 >> 32, F0 >> 32); // two sections apart

  DWARFContext &Ctx = D->context();
  ASSERT_EQ(Ctx.getNumCompileUnits(), 1u);
  DWARFDie U = Ctx.compile_units().begin()->get()->getUnitDIE(false);
  EXPECT_STREQ(U.getShortName(), "unit.cu");
  DWARFDie Sub = U.getFirstChild().getSibling();
  ASSERT_EQ(Sub.getTag(), dwarf::DW_TAG_subprogram);
  uint64_t Low, High, Section;
  ASSERT_TRUE(Sub.getLowAndHighPC(Low, High, Section));
  EXPECT_EQ(Low, K0);
  EXPECT_EQ(High, K0 + 4 * 8);

  DWARFDie Var = Sub.getFirstChild();
  EXPECT_STREQ(Var.getShortName(), "v");
  DWARFDie Type = Var.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
  EXPECT_STREQ(Type.getShortName(), "int");
  EXPECT_EQ(dwarf::toUnsigned(Type.find(dwarf::DW_AT_byte_size)), std::optional<uint64_t>(4));
  auto Locs = Var.getLocations(dwarf::DW_AT_location);
  ASSERT_TRUE(bool(Locs)) << toString(Locs.takeError());
  ASSERT_EQ(Locs->size(), 2u);
  EXPECT_EQ((*Locs)[0].Range->LowPC, F0 + 8);
  EXPECT_EQ((*Locs)[0].Range->HighPC, F0 + 24);
  EXPECT_EQ((*Locs)[0].Expr, (SmallVector<uint8_t, 4>{dwarf::DW_OP_reg5}));
  EXPECT_EQ((*Locs)[1].Range->LowPC, K0 + 16);
  EXPECT_EQ((*Locs)[1].Range->HighPC, K0 + 24);
  EXPECT_EQ((*Locs)[1].Expr, (SmallVector<uint8_t, 4>{dwarf::DW_OP_reg6}));

  DWARFDie Block = Var.getSibling();
  ASSERT_EQ(Block.getTag(), dwarf::DW_TAG_lexical_block);
  auto Ranges = Block.getAddressRanges();
  ASSERT_TRUE(bool(Ranges)) << toString(Ranges.takeError());
  ASSERT_EQ(Ranges->size(), 2u);
  EXPECT_EQ((*Ranges)[0].LowPC, K0 + 8);
  EXPECT_EQ((*Ranges)[0].HighPC, K0 + 16);
  EXPECT_EQ((*Ranges)[1].LowPC, K0 + 24);
  EXPECT_EQ((*Ranges)[1].HighPC, K0 + 32);
  EXPECT_EQ(D->sectionOf(K0 + 24), std::make_optional(std::make_pair(std::string(".text.k"),
                                                                     uint64_t(24))));
}

// Two units, as simt-nvcc -rdc's device link has one per .cu file: the
// second's function has a parameter of the first's type (clang shares it
// between units), a DW_FORM_ref_addr, and a variable of its own unit's
// type, a unit-relative DW_FORM_ref4.
TEST(DwarfWriter, TwoUnitsReferToEachOther) {
  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  SIMTMCOutput Out(OS, {});
  auto [K, F] = emitKernelAndFunction(Out, 2, 3);

  DwarfWriter W;
  DIE &A = W.unit();
  A.addString(dwarf::DW_AT_name, "a.cu");
  DIE &Int = addBaseType(A, "int", 4);
  DIE &Kernel = A.addChild(dwarf::DW_TAG_subprogram);
  Kernel.addSpan(spanOf(K, 0, 2));
  Kernel.addString(dwarf::DW_AT_name, "k");
  DIE &B = W.addUnit();
  EXPECT_EQ(&W.unit(), &B);
  B.addString(dwarf::DW_AT_name, "b.cu");
  DIE &Long = addBaseType(B, "long", 8);
  DIE &Fn = B.addChild(dwarf::DW_TAG_subprogram);
  Fn.addSpan(spanOf(F, 0, 3));
  Fn.addString(dwarf::DW_AT_name, "f");
  DIE &X = Fn.addChild(dwarf::DW_TAG_formal_parameter);
  X.addString(dwarf::DW_AT_name, "x");
  X.addRef(dwarf::DW_AT_type, &Int);
  DIE &Y = Fn.addChild(dwarf::DW_TAG_variable);
  Y.addString(dwarf::DW_AT_name, "y");
  Y.addRef(dwarf::DW_AT_type, &Long);
  W.emit(Out.streamer(), /*Text=*/false);
  EXPECT_TRUE(Out.finish());

  auto D = simt::rt::ObjectDwarf::read(std::string(Bytes.str()), "mem.o");
  ASSERT_TRUE(bool(D)) << toString(D.takeError());
  const uint64_t F0 = *D->address(".text.f", 0);
  DWARFContext &Ctx = D->context();
  ASSERT_EQ(Ctx.getNumCompileUnits(), 2u);
  DWARFDie UA = Ctx.getUnitAtIndex(0)->getUnitDIE(false);
  DWARFDie UB = Ctx.getUnitAtIndex(1)->getUnitDIE(false);
  EXPECT_STREQ(UA.getShortName(), "a.cu");
  EXPECT_STREQ(UB.getShortName(), "b.cu");

  DWARFDie Sub = UB.getFirstChild().getSibling();
  ASSERT_EQ(Sub.getTag(), dwarf::DW_TAG_subprogram);
  EXPECT_STREQ(Sub.getShortName(), "f");
  uint64_t Low, High, Section;
  ASSERT_TRUE(Sub.getLowAndHighPC(Low, High, Section));
  EXPECT_EQ(Low, F0);
  EXPECT_EQ(High, F0 + 3 * 8);

  DWARFDie Param = Sub.getFirstChild();
  EXPECT_STREQ(Param.getShortName(), "x");
  EXPECT_EQ(Param.find(dwarf::DW_AT_type)->getForm(), dwarf::DW_FORM_ref_addr);
  DWARFDie ParamType = Param.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
  EXPECT_EQ(ParamType.getOffset(), UA.getFirstChild().getOffset());
  EXPECT_STREQ(ParamType.getShortName(), "int");

  DWARFDie Var = Param.getSibling();
  EXPECT_STREQ(Var.getShortName(), "y");
  EXPECT_EQ(Var.find(dwarf::DW_AT_type)->getForm(), dwarf::DW_FORM_ref4);
  DWARFDie VarType = Var.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
  EXPECT_EQ(VarType.getOffset(), UB.getFirstChild().getOffset());
  EXPECT_STREQ(VarType.getShortName(), "long");
}

} // namespace

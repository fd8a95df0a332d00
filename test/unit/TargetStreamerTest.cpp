//===-- TargetStreamerTest.cpp - SIMTTargetStreamer unit tests ------------===//
//
// Drives the kernel-directive API as a compiler will: an SIMTMCOutput, a
// kernel with parameters and resources, MCInsts built in code (no assembly
// text), a device function, an ELF object written to memory and loaded by
// the runtime's loader. The expected metadata follows TOOLS.md (parameters
// from 0x20 at their natural alignment; without .regs the highest register
// used + 1) and the expected words are the encodings the asm tests check
// (test/asm/*.s). The same calls into a text output give directives that
// simt-as assembles into the same object; what TOOLS.md rejects is an error
// that emits nothing.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTMCOutput.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"
#include "asm/Assembler.h"
#include "runtime/ObjectFile.h"

#include <gtest/gtest.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <llvm/ADT/SmallString.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCExpr.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstBuilder.h>
#include <llvm/MC/MCStreamer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#pragma GCC diagnostic pop

#include <string>

using namespace llvm;

namespace {

/// Fails the test with the message of an unexpected error.
void ok(llvm::Error E) {
  if (E)
    ADD_FAILURE() << toString(std::move(E));
}

/// The message of an expected error ("" when there was none).
std::string message(llvm::Error E) { return E ? toString(std::move(E)) : ""; }

// Every instruction's guard is PT; .S (pop-sync) is off.
MCInst mov32i(unsigned Rd, int64_t Imm) {
  return MCInstBuilder(SIMT::MOV32I).addImm(SIMT::PredTrue).addReg(Rd).addImm(Imm).addImm(0);
}
MCInst cal(MCContext &Ctx, StringRef Target) {
  return MCInstBuilder(SIMT::CAL)
      .addImm(SIMT::PredTrue)
      .addExpr(MCSymbolRefExpr::create(Ctx.getOrCreateSymbol(Target), Ctx));
}
MCInst bare(unsigned Opcode) { return MCInstBuilder(Opcode).addImm(SIMT::PredTrue); }

/// What a compiler would emit for
///   kernel scale(u32 n, u64 x, u16 h): shared 256, local 16, stack 32,
///     MOV32I R1, 0xdeadbeef; CAL helper; EXIT
///   function helper: .regs 3, RET
/// Returns the parameter offsets the streamer chose.
std::vector<uint64_t> emitProgram(SIMTMCOutput &Out) {
  SIMTTargetStreamer &TS = Out.targetStreamer();
  MCStreamer &S = Out.streamer();
  const MCSubtargetInfo &STI = Out.subtargetInfo();
  std::vector<uint64_t> Offsets;
  ok(TS.emitKernelBegin("scale"));
  for (auto [Name, Size] : {std::pair<const char *, uint64_t>{"n", 4}, {"x", 8}, {"h", 2}})
    Offsets.push_back(cantFail(TS.emitParam(Name, Size)));
  ok(TS.emitShared(256));
  ok(TS.emitLocal(16));
  ok(TS.emitMaxStack(32));
  S.emitInstruction(mov32i(SIMT::R1, 0xdeadbeef), STI);
  S.emitInstruction(cal(Out.context(), "helper"), STI);
  S.emitInstruction(bare(SIMT::EXIT), STI);
  ok(TS.emitKernelEnd());
  ok(TS.emitFuncBegin("helper"));
  ok(TS.emitRegs(3));
  S.emitInstruction(bare(SIMT::RET), STI);
  ok(TS.emitFuncEnd());
  return Offsets;
}

std::string objectOf(std::vector<uint64_t> *Offsets = nullptr) {
  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  SIMTMCOutput Out(OS, {});
  std::vector<uint64_t> O = emitProgram(Out);
  EXPECT_TRUE(Out.finish());
  if (Offsets)
    *Offsets = O;
  return std::string(Bytes.str());
}

TEST(TargetStreamer, ObjectFromMCInstsLoads) {
  std::vector<uint64_t> Offsets;
  std::string Obj = objectOf(&Offsets);
  EXPECT_EQ(Offsets, (std::vector<uint64_t>{0x20, 0x28, 0x30}));

  auto Loaded = simt::rt::loadObject(
      std::span(reinterpret_cast<const uint8_t *>(Obj.data()), Obj.size()), "mem.o");
  ASSERT_TRUE(Loaded.ok()) << Loaded.message();
  ASSERT_EQ(Loaded->kernels.size(), 1u);
  const simt::rt::LoadedKernel &K = Loaded->kernels[0];
  EXPECT_EQ(K.info.name, "scale");
  EXPECT_EQ(K.info.regs, 2u); // R1 is the highest register used
  EXPECT_EQ(K.info.shared, 256u);
  EXPECT_EQ(K.info.local, 16u);
  EXPECT_EQ(K.info.maxStack, 32u);
  EXPECT_FALSE(K.info.listing);
  EXPECT_EQ(K.info.abi, 64u);
  ASSERT_EQ(K.info.params.size(), 3u);
  const struct {
    const char *Name;
    uint32_t Offset, Size, Align;
  } Want[] = {{"n", 0x20, 4, 4}, {"x", 0x28, 8, 8}, {"h", 0x30, 2, 2}};
  for (unsigned I = 0; I < 3; ++I) {
    EXPECT_EQ(K.info.params[I].name, Want[I].Name);
    EXPECT_EQ(K.info.params[I].offset, Want[I].Offset) << Want[I].Name;
    EXPECT_EQ(K.info.params[I].size, Want[I].Size) << Want[I].Name;
    EXPECT_EQ(K.info.params[I].align, Want[I].Align) << Want[I].Name;
  }
  ASSERT_EQ(Loaded->functions.size(), 1u);
  EXPECT_EQ(Loaded->functions[0].name, "helper");
  EXPECT_EQ(Loaded->functions[0].regs, 3u);

  // The kernel's code, then the function's; CAL at 0x8 reaches helper at
  // 0x18: one instruction past the next (R_SIMT_PCREL24).
  EXPECT_EQ(K.image, (std::vector<uint64_t>{0x12037ab6fbbc0017, // MOV32I R1, 0xdeadbeef
                                            0x7200000000010007, // CAL helper
                                            0x7b00000000000007, // EXIT
                                            0x7a00000000000007})); // RET
  EXPECT_EQ(K.addressOf("helper"), std::optional<uint64_t>(0x18));
}

// A compiler's -S: the same calls into a text output print directives that
// simt-as assembles into the object the direct path wrote.
TEST(TargetStreamer, TextAssemblesToTheSameObject) {
  SmallString<0> Text;
  raw_svector_ostream OS(Text);
  SIMTMCOutput Out(OS, {SIMTMCOutput::Kind::Text});
  emitProgram(Out);
  EXPECT_TRUE(Out.finish());
  std::string S(Text.str());
  for (const char *Line : {".kernel scale\n.param n, 4, 4\n.param x, 8, 8\n.param h, 2, 2\n"
                           ".shared 256\n.local 16\n.max_stack 32\n",
                           ".end_kernel\n.func helper\n.regs 3\nRET\n.end_func\n"})
    EXPECT_NE(S.find(Line), std::string::npos) << Line << "\nnot in:\n" << S;
  EXPECT_EQ(S.find(".simt.info"), std::string::npos) << S;

  SmallString<0> Reassembled;
  raw_svector_ostream ObjOS(Reassembled);
  std::string Diag;
  raw_string_ostream DiagOS(Diag);
  simt::as::AssembleOptions Opts;
  Opts.FileName = "compiled.s";
  ASSERT_EQ(simt::as::assemble(S, Opts, ObjOS, DiagOS), 0u) << Diag << S;
  EXPECT_TRUE(std::string(Reassembled.str()) == objectOf())
      << "simt-as of the printed text differs from the directly written object:\n"
      << S;
}

// The ABI a compiler passes is recorded (abi= in .simt.info) and printed as
// `.abi` where the parser would not choose it; a listing kernel whose ABI is
// left to inference is 64-bit when it addresses memory with .E.
TEST(TargetStreamer, KernelAbi) {
  // ST.E [R2], RZ (the address in R2:R3, so 4 registers) and ST [R2], RZ
  // (guard, .E, cache operator .WB, width .32, [Ra+offset], Rb, .S).
  auto st = [](int64_t E) {
    return MCInstBuilder(SIMT::ST)
        .addImm(SIMT::PredTrue)
        .addImm(E)
        .addImm(0)
        .addImm(0)
        .addReg(SIMT::R2)
        .addImm(0)
        .addReg(SIMT::RZ)
        .addImm(0);
  };
  auto emit = [&](SIMTMCOutput &Out) {
    SIMTTargetStreamer &TS = Out.targetStreamer();
    const MCSubtargetInfo &STI = Out.subtargetInfo();
    ok(TS.emitKernelBegin("m32", SIMTAbi::Ptr32));
    Out.streamer().emitInstruction(bare(SIMT::EXIT), STI);
    ok(TS.emitKernelEnd());
    EXPECT_EQ(message(TS.emitKernelBegin("guess", SIMTAbi::Infer)),
              "the ABI of 'guess' can only be inferred in a listing");
    TS.emitListingMode();
    ok(TS.emitKernelBegin("wide", SIMTAbi::Infer));
    Out.streamer().emitInstruction(st(1), STI);
    ok(TS.emitKernelEnd());
    ok(TS.emitKernelBegin("narrow", SIMTAbi::Infer));
    Out.streamer().emitInstruction(st(0), STI);
    ok(TS.emitKernelEnd());
    ok(TS.emitKernelBegin("banner", SIMTAbi::Ptr64));
    Out.streamer().emitInstruction(st(0), STI);
    ok(TS.emitKernelEnd());
    EXPECT_TRUE(Out.finish());
  };
  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  SIMTMCOutput Obj(OS, {});
  emit(Obj);
  std::string Info = Obj.targetStreamer().simtInfo();
  for (const char *Want : {"kernel m32 regs=1 shared=0 local=0 max_stack=64 listing=0 abi=32\n",
                           "kernel wide regs=4 shared=0 local=0 max_stack=64 listing=1 abi=64\n",
                           "kernel narrow regs=3 shared=0 local=0 max_stack=64 listing=1 abi=32\n",
                           "kernel banner regs=3 shared=0 local=0 max_stack=64 listing=1 abi=64\n"})
    EXPECT_NE(Info.find(Want), std::string::npos) << Want << "not in:\n" << Info;

  SmallString<0> Text;
  raw_svector_ostream TextOS(Text);
  SIMTMCOutput Asm(TextOS, {SIMTMCOutput::Kind::Text});
  emit(Asm);
  std::string S(Text.str());
  for (const char *Want : {".kernel m32\n.abi 32\n", ".kernel wide\nST.E", ".kernel narrow\nST ",
                           ".kernel banner\n.abi 64\n"})
    EXPECT_NE(S.find(Want), std::string::npos) << Want << "\nnot in:\n" << S;
}

TEST(TargetStreamer, RejectsWhatToolsMdRejectsAndEmitsNothing) {
  SmallString<0> Bytes;
  raw_svector_ostream OS(Bytes);
  SIMTMCOutput Out(OS, {});
  SIMTTargetStreamer &TS = Out.targetStreamer();
  EXPECT_EQ(message(TS.emitParam("p", 4).takeError()), ".param outside .kernel/.func");
  EXPECT_EQ(message(TS.emitRegs(4)), ".regs outside .kernel/.func");
  EXPECT_EQ(message(TS.emitKernelEnd()), ".end_kernel without .kernel");
  EXPECT_EQ(TS.openKernel(), nullptr);

  ok(TS.emitKernelBegin("k"));
  EXPECT_EQ(message(TS.emitKernelBegin("k")), "'k' is already defined");
  EXPECT_EQ(message(TS.emitFuncBegin("f")),
            "'f' starts inside 'k': close it with .end_kernel or .end_func first");
  EXPECT_EQ(message(TS.emitParam("p", 0).takeError()), "parameter size must be positive");
  EXPECT_EQ(message(TS.emitParam("p", 4, 3).takeError()),
            "parameter alignment must be a power of 2");
  EXPECT_EQ(message(TS.emitParam("big", 0x10000).takeError()),
            "parameters exceed constant bank 0");
  EXPECT_EQ(message(TS.emitShared(48 * 1024 + 1)), ".shared must be at most 49152 bytes");
  EXPECT_EQ(message(TS.emitMaxStack(0)), ".max_stack must be in the range [1, 65536]");
  EXPECT_EQ(message(TS.emitRegs(64)), ".regs must be in the range [1, 63]");
  EXPECT_EQ(message(TS.emitFuncEnd()), ".end_func closes .kernel k");
  // Nothing of the rejected calls was recorded.
  const SIMTKernelRecord *K = TS.openKernel();
  ASSERT_NE(K, nullptr);
  EXPECT_TRUE(K->Params.empty());
  EXPECT_EQ(K->Shared, 0u);
  EXPECT_EQ(K->MaxStack, 64u);
  EXPECT_FALSE(K->DeclaredRegs);

  // Registers are counted from the emitted MCInsts, checked at the end.
  ok(TS.emitRegs(5));
  Out.streamer().emitInstruction(mov32i(SIMT::R4, 1), Out.subtargetInfo());
  EXPECT_EQ(K->RegsUsed, 5u);
  EXPECT_EQ(message(TS.emitKernelEnd()), "");
  ok(TS.emitKernelBegin("over"));
  ok(TS.emitRegs(2));
  Out.streamer().emitInstruction(mov32i(SIMT::R7, 1), Out.subtargetInfo());
  EXPECT_EQ(message(TS.emitKernelEnd()), ".regs 2 is below registers already used (R7)");
  EXPECT_EQ(message(TS.emitRegs(7)), ".regs 7 is below registers already used (R7)");
  ok(TS.emitRegs(8));
  ok(TS.emitKernelEnd());

  // A kernel left open is an error at the end, through the MCContext.
  std::string Reported;
  Out.context().setDiagnosticHandler(
      [&](const SMDiagnostic &D, bool, const SourceMgr &, std::vector<const MDNode *> &) {
        Reported += D.getMessage().str();
      });
  ok(TS.emitKernelBegin("open"));
  EXPECT_FALSE(Out.finish());
  EXPECT_EQ(Reported, "'open' is not closed: missing .end_kernel");
}

} // namespace

//===-- PtxasFuzzer.cpp - libFuzzer target: PTX text into simt-ptxas ------===//
//
// Any text through simt-ptxas's parser, analyses, lowering, register
// allocation and emission. Errors are the expected outcome of most inputs;
// what it accepts must be an object simt-objdump and, when it has
// kernels, the loader (runtime/ObjectFile.h) accept, and its -S text must assemble with simt-as to the same code
// (the contract: -S re-assembles to the same bytes).
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXParser.h"
#include "cc/Pipeline.h"
#include "runtime/ObjectFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace simt;

namespace {

[[noreturn]] void fail(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "fuzz-ptxas: %s%s%s\n", What, Detail.empty() ? "" : ": ", Detail.c_str());
  std::abort();
}

/// Translates the input to an object, or to -S text, in memory (as
/// cc/Translate.cpp does, without its file); false on (reported) errors.
bool translate(std::string_view Text, bool AsText, std::string &Out) {
  llvm::SourceMgr SM;
  unsigned BufID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(Text.data(), Text.size()), "fuzz.ptx"),
      llvm::SMLoc());
  cc::Diagnostics Diag(SM, llvm::nulls());
  std::unique_ptr<cc::Module> M = cc::parsePTX(BufID, Diag);
  if (!M)
    return false;
  llvm::SmallString<0> Bytes;
  llvm::raw_svector_ostream Mem(Bytes);
  cc::PipelineOptions Opts;
  Opts.Text = AsText;
  Opts.Output = &Mem;
  if (cc::runPipeline(*M, Diag, Opts, llvm::nulls()) != 0)
    return false;
  Out = std::string(Bytes.str());
  return true;
}

/// The object as simt-objdump reads it: with kernels, every check the
/// emulator's loader makes; without (a module of device functions only, or
/// nothing), no .simt.info.
rt::ObjectContents read(const std::string &Obj, const char *Who) {
  auto Contents = rt::readObjectContents(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(Obj.data()), Obj.size()), Who);
  if (!Contents)
    fail("an object simt-objdump refuses", Contents.message());
  if (Contents->info && !Contents->info->kernels.empty()) {
    auto Loaded = rt::loadObject(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(Obj.data()), Obj.size()), Who);
    if (!Loaded)
      fail("an object the loader refuses", Loaded.message());
  }
  return std::move(*Contents);
}

bool sameKernels(const rt::ObjectContents &A, const rt::ObjectContents &B) {
  if (A.code.size() != B.code.size() || bool(A.info) != bool(B.info))
    return false;
  for (size_t N = 0; N < A.code.size(); ++N)
    if (A.code[N].section != B.code[N].section || A.code[N].bytes != B.code[N].bytes)
      return false;
  if (!A.info)
    return true;
  const auto &KA = A.info->kernels, &KB = B.info->kernels;
  if (KA.size() != KB.size())
    return false;
  for (size_t N = 0; N < KA.size(); ++N)
    if (KA[N].name != KB[N].name || KA[N].regs != KB[N].regs || KA[N].shared != KB[N].shared ||
        KA[N].local != KB[N].local || KA[N].maxStack != KB[N].maxStack ||
        KA[N].params.size() != KB[N].params.size())
      return false;
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text = fuzz::text(Data, Size);
  std::string Obj, Asm;
  if (!translate(Text, /*AsText=*/false, Obj))
    return 0;
  rt::ObjectContents Translated = read(Obj, "simt-ptxas output");
  if (!translate(Text, /*AsText=*/true, Asm))
    fail("the object translates but -S does not", "");
  llvm::SmallString<0> Again;
  llvm::raw_svector_ostream OS(Again);
  as::AssembleOptions AsOpts;
  AsOpts.FileName = "fuzz.s";
  std::string Diag;
  llvm::raw_string_ostream DiagOS(Diag);
  if (as::assemble(Asm, AsOpts, OS, DiagOS) != 0)
    fail("simt-ptxas -S text that simt-as refuses", Diag);
  if (!sameKernels(Translated, read(std::string(Again.str()), "simt-as output")))
    fail("-S text that assembles to other code or metadata than the object", "");
  return 0;
}

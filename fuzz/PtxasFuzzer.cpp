//===-- PtxasFuzzer.cpp - libFuzzer target: PTX text into simt-ptxas -------===//
//
// Any text through simt-ptxas's parser, analyses, lowering, register
// allocation and emission. Errors are the expected outcome of most inputs;
// what it accepts must be an object the loader (runtime/ObjectFile.h)
// accepts, and its -S text must assemble with simt-as to the same code
// (the contract: -S re-assembles to the same bytes).
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "cc/Diagnostics.h"
#include "cc/PTXParser.h"
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

rt::LoadedObject load(const std::string &Obj, const char *Who) {
  auto Loaded = rt::loadObject(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(Obj.data()), Obj.size()), Who);
  if (!Loaded)
    fail("an object the loader refuses", Loaded.message());
  return std::move(*Loaded);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text = fuzz::text(Data, Size);
  std::string Obj, Asm;
  if (!translate(Text, /*AsText=*/false, Obj))
    return 0;
  rt::LoadedObject Loaded = load(Obj, "simt-ptxas output");
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
  rt::LoadedObject Reassembled = load(std::string(Again.str()), "simt-as output");
  if (Reassembled.kernels.size() != Loaded.kernels.size())
    fail("-S text with other kernels than the object", "");
  for (size_t K = 0; K < Loaded.kernels.size(); ++K) {
    const rt::LoadedKernel &A = Loaded.kernels[K], &B = Reassembled.kernels[K];
    if (A.name() != B.name() || A.image != B.image || A.info.regs != B.info.regs ||
        A.info.maxStack != B.info.maxStack || A.info.local != B.info.local ||
        A.info.shared != B.info.shared)
      fail("-S text that assembles to other code or metadata than the object", A.name());
  }
  return 0;
}

//===-- Translate.cpp - PTX text to an object file, in-process ------------===//
#include "cc/Translate.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXParser.h"
#include "cc/ToolchainLines.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

int translatePTX(std::unique_ptr<MemoryBuffer> Buf, SmallVectorImpl<char> &Output,
                 PipelineOptions Opts, raw_ostream &Dumps, raw_ostream &Errs) {
  SourceMgr SM;
  unsigned BufID = SM.AddNewSourceBuffer(std::move(Buf), SMLoc());
  Diagnostics Diag(SM, Errs);
  Diag.setSourceLines(Opts.SourceLines);
  std::unique_ptr<Module> M = parsePTX(BufID, Diag);
  if (!M)
    return 1;
  attributeToolchainLines(*M, Opts.ToolchainHeaderDirs);
  M->ConstBank = Opts.ConstBank;
  raw_svector_ostream Mem(Output);
  if (!Opts.PrintAfterAll && Opts.PrintAfter.empty())
    Opts.Output = &Mem;
  return runPipeline(*M, Diag, Opts, Dumps) ? 1 : 0;
}

int translatePTX(std::unique_ptr<MemoryBuffer> Buf, StringRef OutputPath,
                 PipelineOptions Opts, raw_ostream &Dumps, raw_ostream &Errs) {
  // The output is written only when it is complete: into memory first.
  SmallString<0> Bytes;
  bool Printing = Opts.PrintAfterAll || !Opts.PrintAfter.empty();
  if (int Status = translatePTX(std::move(Buf), Bytes, Opts, Dumps, Errs))
    return Status;
  if (OutputPath.empty() || Printing)
    return 0;
  std::error_code EC;
  raw_fd_ostream File(OutputPath, EC, Opts.Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC) {
    Errs << "error: cannot write '" << OutputPath << "': " << EC.message() << "\n";
    return 1;
  }
  File << Bytes;
  return 0;
}

} // namespace simt::cc

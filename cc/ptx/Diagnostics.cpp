//===-- Diagnostics.cpp - Errors with file:line:col and a caret -----------===//
#include "cc/ptx/Diagnostics.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

bool Diagnostics::error(SMLoc Loc, const Twine &Msg) {
  if (Errors++ < MaxErrors) {
    SM.PrintMessage(OS, Loc, SourceMgr::DK_Error, Msg, {}, {}, /*ShowColors=*/false);
    if (Errors == MaxErrors)
      OS << "note: too many errors, stopping here\n";
  }
  return true;
}

void Diagnostics::note(SMLoc Loc, const Twine &Msg) {
  if (Errors <= MaxErrors)
    SM.PrintMessage(OS, Loc, SourceMgr::DK_Note, Msg, {}, {}, /*ShowColors=*/false);
}

} // namespace simt::cc

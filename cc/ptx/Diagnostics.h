//===-- Diagnostics.h - Errors with file:line:col and a caret ---*- C++ -*-===//
//
// Every error of simt-ptxas goes through here: `file:line:col: error: msg`,
// the source line and a caret (LLVM's SourceMgr formatting, as simt-as).
// After MaxErrors the rest are counted but not printed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace simt::cc {

class Diagnostics {
public:
  static constexpr unsigned MaxErrors = 20;

  Diagnostics(llvm::SourceMgr &SM, llvm::raw_ostream &OS) : SM(SM), OS(OS) {}

  /// Reports an error at Loc; always returns true (for `return error(...)`).
  bool error(llvm::SMLoc Loc, const llvm::Twine &Msg);
  void note(llvm::SMLoc Loc, const llvm::Twine &Msg);
  unsigned errors() const { return Errors; }
  bool tooMany() const { return Errors >= MaxErrors; }
  llvm::SourceMgr &sourceMgr() const { return SM; }

private:
  llvm::SourceMgr &SM;
  llvm::raw_ostream &OS;
  unsigned Errors = 0;
};

} // namespace simt::cc

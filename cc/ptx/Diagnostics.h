//===-- Diagnostics.h - Errors with file:line:col and a caret ---*- C++ -*-===//
//
// Every error of simt-ptxas goes through here: `file:line:col: error: msg`,
// the source line and a caret (LLVM's SourceMgr formatting, as simt-as).
// After MaxErrors the rest are counted but not printed. Given the source
// lines of clang's PTX (simt-cc), an error is shown at the .cu line it came
// from, with the PTX line as a note: the PTX is a file the user never saw.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace simt::cc {

class PTXSourceLines;
struct SourcePosition;

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
  /// Positions in the main buffer are then shown at their source lines.
  void setSourceLines(const PTXSourceLines *S) { Sources = S; }

private:
  llvm::SourceMgr &SM;
  llvm::raw_ostream &OS;
  const PTXSourceLines *Sources = nullptr;
  unsigned Errors = 0;

  void report(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind Kind, const llvm::Twine &Msg);
  /// Where Loc came from, and its PTX line; none without Sources.
  std::optional<std::pair<SourcePosition, unsigned>> sourceOf(llvm::SMLoc Loc) const;
};

} // namespace simt::cc

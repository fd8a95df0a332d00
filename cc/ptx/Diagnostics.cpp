//===-- Diagnostics.cpp - Errors with file:line:col and a caret -----------===//
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXSourceLines.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

bool Diagnostics::error(SMLoc Loc, const Twine &Msg) {
  if (Errors++ < MaxErrors) {
    report(Loc, SourceMgr::DK_Error, Msg);
    if (Errors == MaxErrors)
      OS << "note: too many errors, stopping here\n";
  }
  return true;
}

void Diagnostics::note(SMLoc Loc, const Twine &Msg) {
  if (Errors <= MaxErrors)
    report(Loc, SourceMgr::DK_Note, Msg);
}

std::optional<std::pair<SourcePosition, unsigned>> Diagnostics::sourceOf(SMLoc Loc) const {
  if (!Sources || !Loc.isValid() || SM.FindBufferContainingLoc(Loc) != SM.getMainFileID())
    return std::nullopt;
  unsigned Line = SM.getLineAndColumn(Loc).first;
  if (std::optional<SourcePosition> P = Sources->lookup(Line); P && !P->File.empty())
    return std::make_pair(*P, Line);
  return std::nullopt;
}

void Diagnostics::report(SMLoc Loc, SourceMgr::DiagKind Kind, const Twine &Msg) {
  std::optional<std::pair<SourcePosition, unsigned>> Src = sourceOf(Loc);
  if (!Src) {
    SM.PrintMessage(OS, Loc, Kind, Msg, {}, {}, /*ShowColors=*/false);
    return;
  }
  const auto &[P, PTXLine] = *Src;
  StringRef Text = Sources->sourceLine(P);
  // No column (clang's 0): the line's first character.
  size_t Col = P.Col ? P.Col - 1 : std::min(Text.find_first_not_of(" \t"), Text.size());
  if (Text.empty()) // the file cannot be read: the position without a caret
    OS << P.File << ":" << P.Line << ":" << Col + 1 << ": "
       << (Kind == SourceMgr::DK_Error ? "error" : "note") << ": " << Msg << "\n";
  else
    SMDiagnostic(SM, SMLoc(), P.File, int(P.Line), int(std::min(Col, Text.size())), Kind,
                 Msg.str(), Text, {})
        .print(nullptr, OS, /*ShowColors=*/false);
  if (Kind == SourceMgr::DK_Error)
    OS << "note: in the PTX clang wrote for it, line " << PTXLine << ": "
       << Sources->ptxLine(PTXLine) << "\n";
}

} // namespace simt::cc

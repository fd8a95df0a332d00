//===-- ToolchainLines.cpp - Positions in the toolchain headers -----------===//
#include "cc/ToolchainLines.h"
#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace simt::cc {

static bool isUnder(StringRef Path, StringRef Dir) {
  SmallString<256> D(Dir), P(Path);
  sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  StringRef Prefix = StringRef(D).rtrim('/');
  return !Prefix.empty() && P.size() > Prefix.size() && StringRef(P).starts_with(Prefix) &&
         sys::path::is_separator(P[Prefix.size()]);
}

unsigned attributeToolchainLines(Module &M, ArrayRef<std::string> Dirs) {
  DenseSet<unsigned> Hidden;
  for (const auto &[Index, Path] : M.Files)
    for (const std::string &Dir : Dirs)
      if (isUnder(Path, Dir))
        Hidden.insert(Index);
  if (Hidden.empty())
    return 0;
  unsigned Changed = 0;
  for (const auto &F : M.Functions) {
    DebugLoc User; // the last position in the user's own files
    for (const auto &B : F->Blocks)
      for (Instruction &I : B->Insts) {
        if (!Hidden.contains(I.DL.File)) {
          if (I.DL.Line || I.DL.File)
            User = I.DL;
          continue;
        }
        I.DL = User;
        ++Changed;
      }
  }
  return Changed;
}

} // namespace simt::cc

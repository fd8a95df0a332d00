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
    // Blocks a branch goes to: the text before them may be another path's.
    DenseSet<const BasicBlock *> Targets;
    for (const auto &B : F->Blocks)
      for (const Instruction &I : B->Insts)
        if (I.isBranch())
          Targets.insert(I.branchTarget());
    DebugLoc User; // the last position in the user's own files on this path
    for (const auto &B : F->Blocks) {
      // Only a fall-through from the text before (clang's `$L__tmp` labels
      // of its line ranges) keeps the position of the code before it.
      const Instruction *Prev = nullptr;
      if (size_t N = B->index(); N > 0 && !F->Blocks[N - 1]->Insts.empty())
        Prev = &F->Blocks[N - 1]->Insts.back();
      if (Targets.contains(B.get()) || (Prev && Prev->isTerminator() && !Prev->Guard))
        User = DebugLoc();
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
  }
  return Changed;
}

} // namespace simt::cc

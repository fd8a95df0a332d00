//===-- LinePositions.cpp - Each emitted instruction's source position ----===//
#include "cc/emit/LinePositions.h"

#include <optional>

using namespace llvm;

namespace simt::cc {

namespace {

bool hasPosition(const MInst &I) {
  return I.Source && (I.Source->DL.Line || I.Source->DL.File);
}

/// Whether control does not go on from I to the next instruction of the
/// layout: the lanes wait at a pop-sync, or I ends a block that does not
/// fall through (a jump, break, exit or return; a block waiting at its
/// NOP.S resumes at its pad, wherever that is).
bool endsPath(const MBlock &B, const MInst &I) {
  const bool Waits = modifierOf(I, SIMT::MG_PopSync) != 0;
  if (Waits && !isGuarded(I))
    return true;
  return &I == &B.Insts.back() && (!B.FallThrough || Waits);
}

} // namespace

DenseMap<const MInst *, DebugLoc> linePositions(const MFunction &MF) {
  DenseMap<const MInst *, DebugLoc> Pos;
  std::optional<unsigned> File; // of line 0 rows: any file of the function
  for (const auto &B : MF.Blocks)
    for (const MInst &I : B->Insts)
      if (!File && hasPosition(I))
        File = I.Source->DL.File;
  if (!File)
    return Pos;
  const DebugLoc NoLine{*File, 0, 0};

  // Backwards: the position the code flows into, forgotten at a path's end.
  std::optional<DebugLoc> Next;
  for (auto B = MF.Blocks.rbegin(); B != MF.Blocks.rend(); ++B)
    for (auto I = (*B)->Insts.rbegin(); I != (*B)->Insts.rend(); ++I) {
      const bool Ends = endsPath(**B, *I);
      if (Ends)
        Next.reset();
      if (hasPosition(*I))
        Next = I->Source->DL;
      if (Next)
        Pos[&*I] = *Next;
      else if (Ends)
        Pos[&*I] = NoLine;
    }
  // Forwards, within each block: what is left takes the position before it.
  for (const auto &B : MF.Blocks) {
    std::optional<DebugLoc> Before;
    for (const MInst &I : B->Insts) {
      if (hasPosition(I))
        Before = I.Source->DL;
      if (!Pos.contains(&I))
        Pos[&I] = Before ? *Before : NoLine;
    }
  }
  return Pos;
}

} // namespace simt::cc

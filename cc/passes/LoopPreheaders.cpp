//===-- LoopPreheaders.cpp - One way into each loop -----------------------===//
#include "cc/passes/LoopPreheaders.h"
#include "cc/analysis/CFG.h"
#include "cc/analysis/Loops.h"
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// The labels given to preheaders (and to blocks redirected into them).
constexpr const char *kStem = "$__preheader_";

/// Adds L's preheader if it needs one; whether it did.
bool addPreheader(Function &F, const NaturalLoop &L) {
  BasicBlock &H = *L.Header;
  SmallVector<BasicBlock *, 4> Entries;
  for (BasicBlock *P : H.Preds)
    if (!L.isLatch(P) && !is_contained(Entries, P))
      Entries.push_back(P);
  const size_t At = indexOf(F, &H);
  if (Entries.size() < 2 || At == 0 || At >= F.Blocks.size())
    return false;
  // The block before the header in the layout falls into the preheader
  // instead; a latch there (a loop laid out bottom first) would enter the
  // loop through it on every iteration, so that layout keeps its header.
  BasicBlock &Before = *F.Blocks[At - 1];
  if (fallsThrough(Before) && L.isLatch(&Before))
    return false;
  Instruction Site; // the header's first instruction's place, if any
  if (!H.Insts.empty())
    Site = H.Insts.front();
  Site.Guard.reset();
  Site.Scope = 0;
  BasicBlock &Pre = *F.insertBlock(At);
  for (BasicBlock *E : Entries)
    if (E != &Before || !fallsThrough(Before) || hasEdge(F, *E, H))
      redirectEdges(F, *E, H, Pre, kStem, Site);
  F.refreshNodes();
  return true;
}

} // namespace

unsigned addLoopPreheaders(Function &F) {
  if (F.Blocks.empty())
    return 0;
  unsigned Added = 0;
  // One loop at a time, the CFG built again after each (each adds a block
  // and moves edges); at most one preheader per block of the function.
  for (size_t Round = 0, Blocks = F.Blocks.size(); Round < Blocks; ++Round) {
    buildCFG(F);
    bool Changed = false;
    for (const NaturalLoop &L : naturalLoops(F))
      if (addPreheader(F, L)) {
        Changed = true;
        ++Added;
        break;
      }
    if (!Changed)
      break;
  }
  return Added;
}

} // namespace simt::cc

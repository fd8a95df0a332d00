//===-- Loops.cpp - Natural loops of a PTX function -----------------------===//
#include "cc/analysis/Loops.h"
#include "cc/analysis/CFG.h" // the graph traits the dominator tree walks

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/GenericDomTree.h"
#include "llvm/Support/GenericDomTreeConstruction.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc {
using DomTree = DominatorTreeBase<BasicBlock, /*IsPostDom=*/false>;
} // namespace simt::cc

template void llvm::DomTreeBuilder::Calculate<simt::cc::DomTree>(simt::cc::DomTree &DT);

namespace simt::cc {

std::vector<NaturalLoop> naturalLoops(Function &F) {
  DomTree DT;
  DT.recalculate(F);
  std::vector<NaturalLoop> Loops;
  for (const auto &HB : F.Blocks) {
    BasicBlock *H = HB.get();
    if (!DT.isReachableFromEntry(H))
      continue;
    SmallVector<BasicBlock *, 8> Work;
    for (BasicBlock *P : H->Preds)
      if (DT.isReachableFromEntry(P) && DT.dominates(H, P))
        Work.push_back(P);
    if (Work.empty())
      continue;
    NaturalLoop L;
    L.Header = H;
    L.Body.insert(H);
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (!L.Body.insert(B).second)
        continue;
      for (BasicBlock *P : B->Preds)
        if (DT.isReachableFromEntry(P))
          Work.push_back(P);
    }
    Loops.push_back(std::move(L));
  }
  std::stable_sort(Loops.begin(), Loops.end(), [](const NaturalLoop &A, const NaturalLoop &B) {
    return A.Body.size() < B.Body.size();
  });
  return Loops;
}

} // namespace simt::cc

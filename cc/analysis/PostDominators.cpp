//===-- PostDominators.cpp - Immediate post-dominators --------------------===//
#include "cc/analysis/PostDominators.h"

#include "llvm/Support/GenericDomTreeConstruction.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

// The dominator-tree builder is a template over the graph; instantiate it once
// for ours, as LLVM does for its IR and machine functions.
template void llvm::DomTreeBuilder::Calculate<simt::cc::PostDomTree>(
    simt::cc::PostDomTree &DT);

namespace simt::cc {

void PostDominators::run(Function &F) { PDT.recalculate(F); }

BasicBlock *PostDominators::ipdom(const BasicBlock *B) const {
  const auto *Node = PDT.getNode(B);
  if (!Node || !Node->getIDom())
    return nullptr;
  return Node->getIDom()->getBlock();
}

void PostDominators::print(raw_ostream &OS, const Function &F) const {
  OS << "ipdom of " << F.Name << ":\n";
  for (const BasicBlock *B : F.nodes()) {
    if (B->isVirtualExit())
      continue;
    OS << "  " << B->name() << " -> ";
    if (BasicBlock *P = ipdom(B))
      OS << P->name();
    else
      OS << "(none)";
    OS << '\n';
  }
}

BitVector influenceRegion(const Function &F, const BasicBlock *B,
                          const BasicBlock *Join) {
  BitVector Seen(F.nodes().size());
  SmallVector<const BasicBlock *, 16> Work(B->Succs.begin(), B->Succs.end());
  while (!Work.empty()) {
    const BasicBlock *X = Work.pop_back_val();
    if (X == Join || X->isVirtualExit() || Seen.test(X->index()))
      continue;
    Seen.set(X->index());
    Work.append(X->Succs.begin(), X->Succs.end());
  }
  return Seen;
}

} // namespace simt::cc

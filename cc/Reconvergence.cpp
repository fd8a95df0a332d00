//===-- Reconvergence.cpp - Where divergent branches rejoin ---------------===//
#include "cc/Reconvergence.h"
#include "cc/PostDominators.h"
#include "cc/Uniformity.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

void Reconvergence::run(const Function &F, const PostDominators &PDT,
                        const Uniformity &UA) {
  Info.assign(F.nodes().size(), BranchInfo());
  for (const BasicBlock *B : F.nodes()) {
    const Instruction *T = B->terminator();
    if (!T || !T->isBranch() || !T->Guard)
      continue;
    BranchInfo &BI = Info[B->index()];
    BI.Join = PDT.ipdom(B);
    if (!UA.isDivergentBranch(B)) {
      BI.Kind = BranchKind::Uniform;
      continue;
    }
    bool InCycle = influenceRegion(F, B, BI.Join).test(B->index());
    BI.Kind = InCycle ? BranchKind::LoopExit : BranchKind::Divergent;
  }
}

void Reconvergence::print(raw_ostream &OS, const Function &F) const {
  OS << "reconvergence of " << F.Name << ":\n";
  for (const BasicBlock *B : F.nodes()) {
    const BranchInfo &BI = branch(B);
    if (BI.Kind == BranchKind::None)
      continue;
    OS << "  " << B->name() << ": ";
    switch (BI.Kind) {
    case BranchKind::None:
      break;
    case BranchKind::Uniform:
      OS << "uniform";
      break;
    case BranchKind::Divergent:
      OS << "divergent, reconverges at " << (BI.Join ? BI.Join->name() : "(none)");
      break;
    case BranchKind::LoopExit:
      OS << "divergent loop exit, reconverges at "
         << (BI.Join ? BI.Join->name() : "(none)");
      break;
    }
    OS << '\n';
  }
}

} // namespace simt::cc

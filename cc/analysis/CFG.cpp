//===-- CFG.cpp - Control-flow edges --------------------------------------===//
#include "cc/analysis/CFG.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

static void addEdge(BasicBlock *From, BasicBlock *To) {
  if (is_contained(From->Succs, To))
    return; // `@p bra L` falling through to L is one edge
  From->Succs.push_back(To);
  To->Preds.push_back(From);
}

void buildCFG(Function &F) {
  F.refreshNodes();
  for (BasicBlock *B : F.nodes()) {
    B->Succs.clear();
    B->Preds.clear();
  }
  BasicBlock *Exit = F.exitNode();
  for (size_t N = 0; N < F.Blocks.size(); ++N) {
    BasicBlock *B = F.Blocks[N].get();
    BasicBlock *Next = N + 1 < F.Blocks.size() ? F.Blocks[N + 1].get() : nullptr;
    const Instruction *T = B->terminator();
    if (T && T->isBranch())
      addEdge(B, T->branchTarget());
    if (T && T->isReturn())
      addEdge(B, Exit);
    // Fall-through: without a terminator, or past a guarded one.
    if (!T || T->Guard)
      addEdge(B, Next ? Next : Exit); // running off the end returns
  }
}

void printCFG(raw_ostream &OS, const Function &F) {
  OS << "cfg of " << F.Name << ":\n";
  for (const BasicBlock *B : F.nodes()) {
    OS << "  " << B->name() << ":";
    OS << " preds";
    for (const BasicBlock *P : B->Preds)
      OS << ' ' << P->name();
    OS << " ; succs";
    for (const BasicBlock *S : B->Succs)
      OS << ' ' << S->name();
    OS << '\n';
  }
}

} // namespace simt::cc

//===-- Liveness.cpp - Live registers at block boundaries -----------------===//
#include "cc/analysis/Liveness.h"
#include "cc/analysis/CFG.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

void Liveness::run(const Function &F) {
  size_t NumNodes = F.nodes().size(), NumRegs = F.numRegs();
  In.assign(NumNodes, BitVector(NumRegs));
  Out.assign(NumNodes, BitVector(NumRegs));
  // Upward-exposed uses and kills of each block.
  std::vector<BitVector> Use(NumNodes, BitVector(NumRegs)), Kill(NumNodes, BitVector(NumRegs));
  SmallVector<unsigned, 8> Regs;
  for (const BasicBlock *B : F.nodes()) {
    BitVector &U = Use[B->index()], &K = Kill[B->index()];
    for (const Instruction &I : reverse(B->Insts)) {
      if (!I.Guard) {
        Regs.clear();
        I.defs(Regs);
        for (unsigned R : Regs) {
          K.set(R);
          U.reset(R);
        }
      }
      Regs.clear();
      I.uses(Regs);
      for (unsigned R : Regs)
        U.set(R);
    }
  }
  // Iterate in post-order (successors first) until nothing changes; blocks
  // unreachable from the entry are visited too, in layout order.
  std::vector<const BasicBlock *> Order;
  BitVector Visited(NumNodes);
  if (F.entry())
    for (BasicBlock *B : post_order(const_cast<Function *>(&F))) {
      Order.push_back(B);
      Visited.set(B->index());
    }
  for (const BasicBlock *B : F.nodes())
    if (!Visited.test(B->index()))
      Order.push_back(B);
  bool Changed = true;
  BitVector NewIn(NumRegs);
  while (Changed) {
    Changed = false;
    for (const BasicBlock *B : Order) {
      unsigned N = B->index();
      for (const BasicBlock *S : B->Succs)
        Out[N] |= In[S->index()];
      NewIn = Out[N];
      NewIn.reset(Kill[N]);
      NewIn |= Use[N];
      if (NewIn != In[N]) {
        In[N] = NewIn;
        Changed = true;
      }
    }
  }
}

void printRegSet(raw_ostream &OS, const Function &F, const BitVector &Regs) {
  OS << '{';
  ListSeparator LS;
  for (unsigned R : Regs.set_bits())
    OS << LS << F.reg(R).Name;
  OS << '}';
}

void Liveness::print(raw_ostream &OS, const Function &F) const {
  OS << "liveness of " << F.Name << ":\n";
  for (const BasicBlock *B : F.nodes()) {
    if (B->isVirtualExit())
      continue;
    OS << "  " << B->name() << ": in ";
    printRegSet(OS, F, liveIn(B));
    OS << " out ";
    printRegSet(OS, F, liveOut(B));
    OS << '\n';
  }
}

} // namespace simt::cc

//===-- Uniformity.cpp - Which values and branches may diverge ------------===//
#include "cc/analysis/Uniformity.h"
#include "cc/analysis/Liveness.h"
#include "cc/analysis/PostDominators.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

static bool hasDivergentSpecial(const Operand &Op) {
  if (Op.K == Operand::Special && !specialRegIsUniform(Op.SReg))
    return true;
  return any_of(Op.Elems, hasDivergentSpecial);
}

static bool isKernelParam(const Function &F, const Operand &Address) {
  const Operand *Base = Address.addressBase();
  return F.IsKernel && Base && Base->K == Operand::Symbol &&
         any_of(F.Params, [&](const VarDecl &P) { return P.Name == Base->Name; });
}

// Whether I produces per-thread values whatever its register operands hold.
static bool isDivergenceSource(const Function &F, const Instruction &I) {
  switch (I.Op) {
  case Opcode::Atom:
  case Opcode::Shfl:
  case Opcode::Match:
  case Opcode::Suld:
  case Opcode::Tex:
  case Opcode::Tld4:
    return true;
  case Opcode::Ld:
  case Opcode::Ldu:
    // Local memory is per thread; a generic address may point there; a
    // .param outside a kernel's own parameters is a call's argument or result.
    if (I.Space == StateSpace::Local || I.Space == StateSpace::None)
      return true;
    if (I.Space == StateSpace::Param && I.Ops.size() > 1 && !isKernelParam(F, I.Ops[1]))
      return true;
    break;
  default:
    break;
  }
  return any_of(I.Ops, hasDivergentSpecial);
}

// vote and a barrier's reduction produce one value for all active threads
// (all the CTA's), whatever their inputs.
static bool isUniformizing(const Instruction &I) {
  return I.Op == Opcode::Vote || I.Op == Opcode::Activemask || I.Op == Opcode::Redux ||
         ((I.Op == Opcode::Bar || I.Op == Opcode::Barrier) && I.has(Modifier::Red));
}

/// The blocks of Region that paths from From reach without leaving Region
/// or passing Branch again.
static BitVector reachedWithin(const Function &F, const BasicBlock *From, const BitVector &Region,
                               const BasicBlock *Branch) {
  BitVector Seen(F.nodes().size());
  SmallVector<const BasicBlock *, 16> Work{From};
  while (!Work.empty()) {
    const BasicBlock *X = Work.pop_back_val();
    if (X == Branch || X->isVirtualExit() || !Region.test(X->index()) || Seen.test(X->index()))
      continue;
    Seen.set(X->index());
    Work.append(X->Succs.begin(), X->Succs.end());
  }
  return Seen;
}

static bool isConditionalBranch(const BasicBlock *B) {
  const Instruction *T = B->terminator();
  return T && T->isBranch() && T->Guard;
}

void Uniformity::run(const Function &F, const PostDominators &PDT, const Liveness &LV) {
  DivergentRegs = BitVector(F.numRegs());
  DivergentBranches = BitVector(F.nodes().size());
  SmallVector<unsigned, 8> Defs, Uses;
  auto MarkDefs = [&](const Instruction &I) {
    bool Changed = false;
    Defs.clear();
    I.defs(Defs);
    for (unsigned R : Defs)
      if (!DivergentRegs.test(R)) {
        DivergentRegs.set(R);
        Changed = true;
      }
    return Changed;
  };
  // Data and control dependence feed each other: iterate to a fixed point.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const BasicBlock *B : F.nodes())
      for (const Instruction &I : B->Insts) {
        if (!I.numDefOperands())
          continue;
        Uses.clear();
        I.uses(Uses);
        bool GuardDivergent = I.Guard && DivergentRegs.test(*I.Guard);
        bool Divergent =
            isUniformizing(I)
                ? GuardDivergent
                : isDivergenceSource(F, I) ||
                      any_of(Uses, [&](unsigned R) { return DivergentRegs.test(R); });
        if (Divergent)
          Changed |= MarkDefs(I);
      }
    for (const BasicBlock *B : F.nodes()) {
      if (!isConditionalBranch(B) || DivergentBranches.test(B->index()))
        continue;
      const Instruction *T = B->terminator();
      if (T->has(Modifier::Uni) || !DivergentRegs.test(*T->Guard))
        continue;
      DivergentBranches.set(B->index());
      Changed = true;
      // Threads that went different ways meet again at the post-dominator:
      // what the region wrote and the join reads differs between them. In
      // a loop they also meet inside the region, where both sides lead
      // (the header, by the back edge): what one iteration wrote and the
      // next reads there differs too (LLVM's temporal divergence).
      const BasicBlock *Join = PDT.ipdom(B);
      if (!Join || Join->isVirtualExit())
        continue;
      BitVector Region = influenceRegion(F, B, Join);
      BitVector Written(F.numRegs());
      for (unsigned N : Region.set_bits())
        for (const Instruction &I : F.nodes()[N]->Insts) {
          Defs.clear();
          I.defs(Defs);
          for (unsigned R : Defs)
            Written.set(R);
        }
      auto MarkLiveIn = [&](const BasicBlock *Meet) {
        BitVector Carried = Written;
        Carried &= LV.liveIn(Meet);
        DivergentRegs |= Carried;
      };
      MarkLiveIn(Join);
      if (B->Succs.size() == 2) {
        BitVector Both = reachedWithin(F, B->Succs[0], Region, B);
        Both &= reachedWithin(F, B->Succs[1], Region, B);
        for (unsigned N : Both.set_bits())
          MarkLiveIn(F.nodes()[N]);
      }
    }
  }
}

void Uniformity::print(raw_ostream &OS, const Function &F) const {
  OS << "uniformity of " << F.Name << ":\n  divergent ";
  printRegSet(OS, F, DivergentRegs);
  OS << '\n';
  for (const BasicBlock *B : F.nodes()) {
    if (!isConditionalBranch(B))
      continue;
    const Instruction *T = B->terminator();
    OS << "  " << B->name() << ": branch on " << (T->GuardNegated ? "!" : "")
       << F.reg(*T->Guard).Name << " is ";
    if (isDivergentBranch(B))
      OS << "divergent";
    else if (T->has(Modifier::Uni))
      OS << "uniform (bra.uni)";
    else
      OS << "uniform";
    OS << '\n';
  }
}

} // namespace simt::cc

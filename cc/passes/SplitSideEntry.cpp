//===-- SplitSideEntry.cpp - Node splitting of a side entry ---------------===//
#include "cc/passes/SplitSideEntry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace simt::cc {

namespace {

bool hasLabel(const Function &F, StringRef Name) {
  return any_of(F.Blocks, [&](const auto &B) { return is_contained(B->Labels, Name); });
}

/// A label of B, given it one if it has none.
const std::string &labelOf(Function &F, BasicBlock &B, StringRef Stem) {
  if (B.Labels.empty()) {
    std::string Name;
    for (unsigned N = 0; Name.empty() || hasLabel(F, Name); ++N)
      Name = (Twine("$__split_") + Stem + "_" + Twine(N)).str();
    B.Labels.push_back(Name);
  }
  return B.Labels.front();
}

Operand labelOperand(Function &F, BasicBlock &B, SMLoc Loc) {
  Operand Op;
  Op.K = Operand::Symbol;
  Op.SymKind = Operand::Label;
  Op.Name = labelOf(F, B, "to");
  Op.Target = &B;
  Op.Loc = Loc;
  return Op;
}

/// An unguarded instruction Op at Site's place.
Instruction plain(const Instruction &Site, Opcode Op, std::vector<Operand> Ops) {
  Instruction I = Instruction::at(Site, Op, {}, std::move(Ops));
  I.Guard.reset();
  I.GuardNegated = false;
  return I;
}

/// Whether control can run past B's last instruction into the next block.
bool fallsThrough(const BasicBlock &B) {
  const Instruction *T = B.terminator();
  return !T || T->Guard;
}

size_t indexOf(const Function &F, const BasicBlock *B) {
  for (size_t N = 0; N < F.Blocks.size(); ++N)
    if (F.Blocks[N].get() == B)
      return N;
  return F.Blocks.size();
}

} // namespace

bool splitSideEntry(Function &F, const BasicBlock *Block, const BasicBlock *From) {
  const size_t XI = indexOf(F, Block), PI = indexOf(F, From);
  if (XI == F.Blocks.size() || PI == F.Blocks.size() || Block->Insts.empty())
    return false;
  BasicBlock &X = *F.Blocks[XI];
  BasicBlock &P = *F.Blocks[PI];
  const Instruction *PT = P.terminator();
  const bool Branches = PT && PT->isBranch() && PT->branchTarget() == &X;
  const bool FallsIn = PI + 1 == XI && fallsThrough(P);
  if (!Branches && !FallsIn)
    return false;
  // A copy: the block now last may be X itself, and gains a `ret` below.
  const Instruction Site = X.Insts.front();
  // The copy goes last: the block now last must not run into it.
  // (A terminator ends a block: past a guarded one, the `ret` is a block.)
  BasicBlock &Last = *F.Blocks.back();
  if (fallsThrough(Last)) {
    Instruction Ret = plain(Last.Insts.empty() ? Site : Last.Insts.back(), Opcode::Ret, {});
    (Last.terminator() ? F.addBlock()->Insts : Last.Insts).push_back(std::move(Ret));
  }
  BasicBlock *Next = XI + 1 < F.Blocks.size() ? F.Blocks[XI + 1].get() : nullptr;
  std::string Name;
  for (unsigned N = 0; Name.empty() || hasLabel(F, Name); ++N)
    Name = (Twine(X.name()) + "_split" + Twine(N)).str();
  BasicBlock *Copy = F.addBlock();
  Copy->Labels.push_back(Name);
  Copy->Insts = X.Insts;
  if (fallsThrough(X))
    Copy->Insts.push_back(Next ? plain(Site, Opcode::Bra, {labelOperand(F, *Next, Site.Loc)})
                               : plain(Site, Opcode::Ret, {}));
  // From's edges into X: its branch, its fall-through, or both.
  if (Branches)
    P.Insts.back().Ops[0] = labelOperand(F, *Copy, P.Insts.back().Loc);
  if (FallsIn) {
    Instruction Jump = plain(P.Insts.empty() ? Site : P.Insts.back(), Opcode::Bra,
                             {labelOperand(F, *Copy, Site.Loc)});
    if (!P.terminator()) {
      P.Insts.push_back(std::move(Jump));
    } else { // past a guarded branch: a block of its own
      BasicBlock *Hop = F.insertBlock(PI + 1);
      Hop->Insts.push_back(std::move(Jump));
    }
  }
  F.refreshNodes();
  return true;
}

} // namespace simt::cc

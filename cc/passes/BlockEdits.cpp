//===-- BlockEdits.cpp - What passes that copy blocks share ---------------===//
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace simt::cc {

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

static bool hasLabel(const Function &F, StringRef Name) {
  return any_of(F.Blocks, [&](const auto &B) { return is_contained(B->Labels, Name); });
}

std::string freshLabel(const Function &F, const Twine &Stem) {
  const std::string Base = Stem.str();
  std::string Name;
  for (unsigned N = 0; Name.empty() || hasLabel(F, Name); ++N)
    Name = Base + std::to_string(N);
  return Name;
}

Operand labelOperand(Function &F, BasicBlock &B, StringRef Stem, SMLoc Loc) {
  if (B.Labels.empty())
    B.Labels.push_back(freshLabel(F, Stem));
  Operand Op;
  Op.K = Operand::Symbol;
  Op.SymKind = Operand::Label;
  Op.Name = B.Labels.front();
  Op.Target = &B;
  Op.Loc = Loc;
  return Op;
}

Instruction plain(const Instruction &Site, Opcode Op, std::vector<Operand> Ops) {
  return plain(Site, Op, {}, std::move(Ops));
}

Instruction plain(const Instruction &Site, Opcode Op, std::initializer_list<PTXType> Types,
                  std::vector<Operand> Ops, std::initializer_list<Modifier> Mods) {
  Instruction I = Instruction::at(Site, Op, Types, std::move(Ops), Mods);
  I.Guard.reset();
  I.GuardNegated = false;
  return I;
}

BasicBlock *appendBlock(Function &F, const Instruction &Site) {
  BasicBlock &Last = *F.Blocks.back();
  if (fallsThrough(Last)) {
    Instruction Ret = plain(Last.Insts.empty() ? Site : Last.Insts.back(), Opcode::Ret, {});
    // A terminator ends a block: past a guarded one, the `ret` is a block.
    (Last.terminator() ? F.addBlock()->Insts : Last.Insts).push_back(std::move(Ret));
  }
  return F.addBlock();
}

static bool branchesTo(const BasicBlock &From, const BasicBlock &To) {
  const Instruction *T = From.terminator();
  return T && T->isBranch() && T->branchTarget() == &To;
}

static bool fallsInto(const Function &F, const BasicBlock &From, const BasicBlock &To) {
  const size_t FI = indexOf(F, &From);
  return FI + 1 < F.Blocks.size() && F.Blocks[FI + 1].get() == &To && fallsThrough(From);
}

bool hasEdge(const Function &F, const BasicBlock &From, const BasicBlock &To) {
  return branchesTo(From, To) || fallsInto(F, From, To);
}

void appendJump(Function &F, BasicBlock &B, Instruction Jump) {
  if (!B.terminator()) {
    B.Insts.push_back(std::move(Jump));
  } else { // past a guarded branch: a block of its own
    BasicBlock *Hop = F.insertBlock(indexOf(F, &B) + 1);
    Hop->Insts.push_back(std::move(Jump));
  }
}

bool redirectEdges(Function &F, BasicBlock &From, const BasicBlock &Old, BasicBlock &New,
                   StringRef Stem, const Instruction &Site) {
  const bool Branches = branchesTo(From, Old), FallsIn = fallsInto(F, From, Old);
  if (!Branches && !FallsIn)
    return false;
  if (Branches)
    From.Insts.back().Ops[0] = labelOperand(F, New, Stem, From.Insts.back().Loc);
  if (FallsIn)
    appendJump(F, From,
               plain(From.Insts.empty() ? Site : From.Insts.back(), Opcode::Bra,
                     {labelOperand(F, New, Stem, Site.Loc)}));
  return true;
}

} // namespace simt::cc

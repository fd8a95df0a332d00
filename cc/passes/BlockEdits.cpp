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
  Instruction I = Instruction::at(Site, Op, {}, std::move(Ops));
  I.Guard.reset();
  I.GuardNegated = false;
  return I;
}

} // namespace simt::cc

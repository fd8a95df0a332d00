//===-- ExpandAtomics.cpp - Float atomics the ISA lacks as CAS loops ------===//
#include "cc/passes/ExpandAtomics.h"
#include "cc/passes/BlockEdits.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// A float add the ISA has no atomic for: the word the loop swaps and how
/// it adds.
struct FloatAdd {
  PTXType Word;  // b64 or b32: the cas's type
  PTXType Value; // the add's type (f64; f16x2 on b32 registers)
  PTXType Reg;   // the type of the registers the add works on
  std::optional<Modifier> Rounding;
};

std::optional<FloatAdd> floatAdd(const Instruction &I) {
  // Only a well-formed scalar site: any other shape is left to instruction
  // selection, which reports it.
  const bool Returns = I.Op == Opcode::Atom;
  if ((!Returns && I.Op != Opcode::Red) || !I.has(Modifier::Add) || I.Types.size() != 1 ||
      I.Vec != 0 || I.Ops.size() != (Returns ? 3u : 2u) ||
      (Returns && I.Ops[0].K != Operand::Reg) || I.Ops[Returns ? 1 : 0].K != Operand::Address)
    return std::nullopt;
  switch (I.Types[0]) {
  case PTXType::F64:
    return FloatAdd{PTXType::B64, PTXType::F64, PTXType::F64, std::nullopt};
  case PTXType::F16x2: // .noftz: to nearest, subnormals kept, as add.rn.f16x2
    return FloatAdd{PTXType::B32, PTXType::F16x2, PTXType::B32, Modifier::Rn};
  default:
    return std::nullopt;
  }
}

/// Rewrites the site F.Blocks[B]->Insts[N]; the index of the block that
/// holds the instructions after it.
size_t expand(Function &F, size_t B, size_t N, const FloatAdd &Add) {
  BasicBlock &Head = *F.Blocks[B];
  Instruction Site = Head.Insts[N];
  // What is added lies outside any `{ }` (nvcc's inline asm puts the f16x2
  // atomic in one): a loop inside a scope would stay one arm per space for
  // the unswitch pass, and print its declarations once per block.
  Site.Scope = 0;
  const PTXType Word = Add.Word;
  const PTXType Unsigned = Word == PTXType::B64 ? PTXType::U64 : PTXType::U32;
  const bool Returns = Site.Op == Opcode::Atom;
  const Operand &Addr = Site.Ops[Returns ? 1 : 0];
  const Operand &Value = Site.Ops[Returns ? 2 : 1];
  std::vector<Instruction> Tail(Head.Insts.begin() + N + 1, Head.Insts.end());
  Head.Insts.erase(Head.Insts.begin() + N, Head.Insts.end());

  BasicBlock &Retry = *F.insertBlock(B + 1);
  BasicBlock &Done = *F.insertBlock(B + 2);
  const SMLoc Loc = Site.Loc;
  auto reg = [&](PTXType T) { return Operand::reg(F.addRegister(T, "%atomf_"), Loc); };
  // Inside the loop every lane is one the site's guard let in.
  auto inLoop = [&](Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                    std::initializer_list<Modifier> Mods = {}) {
    Instruction I = Instruction::at(Site, Op, Types, std::move(Ops), Mods);
    I.Guard.reset();
    I.GuardNegated = false;
    return I;
  };
  const Operand Old = reg(Word);
  Instruction Load = Instruction::at(Site, Opcode::Ld, {Unsigned}, {Old, Addr});
  Load.Space = Site.Space;
  Head.Insts.push_back(std::move(Load));
  if (Site.Guard) {
    Instruction Skip = Instruction::at(Site, Opcode::Bra, {},
                                       {labelOperand(F, Done, "$__atomf_done", Loc)});
    Skip.GuardNegated = !Site.GuardNegated;
    Head.Insts.push_back(std::move(Skip));
  }

  const Operand X = reg(Add.Reg), Y = reg(Add.Reg), New = reg(Word), Got = reg(Word),
                Again = reg(PTXType::Pred);
  Retry.Insts.push_back(inLoop(Opcode::Mov, {Word}, {X, Old}));
  Instruction Sum = inLoop(Opcode::Add, {Add.Value}, {Y, X, Value});
  if (Add.Rounding)
    Sum.Mods.push_back(*Add.Rounding);
  Retry.Insts.push_back(std::move(Sum));
  Retry.Insts.push_back(inLoop(Opcode::Mov, {Word}, {New, Y}));
  Instruction Cas = inLoop(Opcode::Atom, {Word}, {Got, Addr, Old, New});
  Cas.Space = Site.Space;
  for (Modifier M : Site.Mods) // .sem, .scope
    if (M != Modifier::Add && M != Modifier::Noftz)
      Cas.Mods.push_back(M);
  Cas.Mods.push_back(Modifier::Cas);
  Retry.Insts.push_back(std::move(Cas));
  Retry.Insts.push_back(inLoop(Opcode::Setp, {Unsigned}, {Again, Got, Old}, {Modifier::Ne}));
  Retry.Insts.push_back(inLoop(Opcode::Mov, {Word}, {Old, Got}));
  Instruction Back =
      inLoop(Opcode::Bra, {}, {labelOperand(F, Retry, "$__atomf_retry", Loc)});
  Back.Guard = Again.RegId;
  Retry.Insts.push_back(std::move(Back));

  if (Returns) // under the guard: the other threads keep their d
    Done.Insts.push_back(Instruction::at(Site, Opcode::Mov, {Word}, {Site.Ops[0], Old}));
  Done.Insts.insert(Done.Insts.end(), std::make_move_iterator(Tail.begin()),
                    std::make_move_iterator(Tail.end()));
  return B + 2;
}

} // namespace

unsigned expandFloatAtomics(Function &F) {
  unsigned Count = 0;
  for (size_t B = 0; B < F.Blocks.size(); ++B)
    for (size_t N = 0; N < F.Blocks[B]->Insts.size(); ++N)
      if (std::optional<FloatAdd> Add = floatAdd(F.Blocks[B]->Insts[N])) {
        B = expand(F, B, N, *Add);
        N = size_t(-1); // the instructions after the site, from the first
        ++Count;
      }
  return Count;
}

} // namespace simt::cc

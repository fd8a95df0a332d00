//===-- ExpandAtomics.cpp - Atomics the ISA lacks as CAS loops ------------===//
#include "cc/passes/ExpandAtomics.h"
#include "cc/passes/BlockEdits.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// An atomic the ISA has no instruction for: the word the loop swaps and
/// what it puts there.
struct AtomicLoop {
  PTXType Word;  // b64 or b32: the cas's type
  PTXType Value; // the add's type (f64; f16x2 on b32 registers; f16)
  PTXType Reg;   // the type of the registers the add works on
  std::optional<Modifier> Rounding;
  /// A 16-bit site: the loop swaps the aligned b32 word that holds it.
  bool Half = false;
  /// A compare-and-swap (cas.b16): no add; where the half differs from the
  /// comparand the loop swaps the word for itself.
  bool Cas = false;
};

/// A 16-bit site the loop can take: its registers 16 bits wide, and its
/// address not a variable's in a generic access (a variable's address is
/// its window's offset, not a generic address; selection reports it).
bool halfSiteOk(const Function &F, const Instruction &I) {
  const Operand &Addr = I.Ops[I.Op == Opcode::Atom ? 1 : 0];
  if (I.Space == StateSpace::None && Addr.addressBase() &&
      Addr.addressBase()->K != Operand::Reg)
    return false;
  for (const Operand &Op : I.Ops)
    if (Op.K == Operand::Reg && typeBits(F.reg(Op.RegId).Type) != 16)
      return false;
  return true;
}

std::optional<AtomicLoop> atomicLoop(const Function &F, const Instruction &I) {
  // Only a well-formed scalar site: any other shape is left to instruction
  // selection, which reports it.
  const bool Returns = I.Op == Opcode::Atom;
  if ((!Returns && I.Op != Opcode::Red) || I.Types.size() != 1 || I.Vec != 0 ||
      (Returns && I.Ops[0].K != Operand::Reg) || I.Ops.size() < (Returns ? 2u : 1u) ||
      I.Ops[Returns ? 1 : 0].K != Operand::Address)
    return std::nullopt;
  const unsigned Sources = unsigned(I.Ops.size()) - (Returns ? 2 : 1);
  if (I.has(Modifier::Cas)) {
    if (!Returns || Sources != 2 || I.Types[0] != PTXType::B16 || !halfSiteOk(F, I))
      return std::nullopt;
    return AtomicLoop{PTXType::B32, PTXType::B16, PTXType::B16, std::nullopt, true, true};
  }
  if (!I.has(Modifier::Add) || Sources != 1)
    return std::nullopt;
  switch (I.Types[0]) {
  case PTXType::F64:
    return AtomicLoop{PTXType::B64, PTXType::F64, PTXType::F64, std::nullopt};
  case PTXType::F16x2: // .noftz: to nearest, subnormals kept, as add.rn.f16x2
    return AtomicLoop{PTXType::B32, PTXType::F16x2, PTXType::B32, Modifier::Rn};
  case PTXType::BF16x2:
    return AtomicLoop{PTXType::B32, PTXType::BF16x2, PTXType::B32, Modifier::Rn};
  case PTXType::F16: // the same, on one half of the word
  case PTXType::BF16:
    if (!halfSiteOk(F, I))
      return std::nullopt;
    return AtomicLoop{PTXType::B32, I.Types[0], PTXType::B16, Modifier::Rn, true};
  default:
    return std::nullopt;
  }
}

/// Rewrites the site F.Blocks[B]->Insts[N]; the index of the block that
/// holds the instructions after it.
size_t expand(Function &F, size_t B, size_t N, const AtomicLoop &Loop) {
  BasicBlock &Head = *F.Blocks[B];
  Instruction Site = Head.Insts[N];
  // What is added lies outside any `{ }` (nvcc's inline asm puts the f16x2
  // atomic in one): a loop inside a scope would stay one arm per space for
  // the unswitch pass, and print its declarations once per block.
  Site.Scope = 0;
  const PTXType Word = Loop.Word;
  const PTXType Unsigned = Word == PTXType::B64 ? PTXType::U64 : PTXType::U32;
  const bool Returns = Site.Op == Opcode::Atom;
  const Operand &Value = Site.Ops[Returns ? 2 : 1];
  std::vector<Instruction> Tail(Head.Insts.begin() + N + 1, Head.Insts.end());
  Head.Insts.erase(Head.Insts.begin() + N, Head.Insts.end());

  BasicBlock &Retry = *F.insertBlock(B + 1);
  BasicBlock &Done = *F.insertBlock(B + 2);
  const SMLoc Loc = Site.Loc;
  auto reg = [&](PTXType T) { return Operand::reg(F.addRegister(T, "%atomf_"), Loc); };
  // Inside the loop every lane is one the site's guard let in; so is the
  // address arithmetic before it (it has no effect): plain instructions.
  auto unguarded = [&](Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                       std::initializer_list<Modifier> Mods = {}) {
    return plain(Site, Op, Types, std::move(Ops), Mods);
  };

  // The word's address and, for a half, where the half lies in it.
  Operand Addr = Site.Ops[Returns ? 1 : 0];
  Operand Shift, Keep; // the half's bit offset; the mask of the other half
  if (Loop.Half) {
    const Operand *Base = Addr.addressBase();
    const PTXType AddrType = Base && Base->K == Operand::Reg ? F.reg(Base->RegId).Type
                                                             : PTXType::U64;
    const bool Wide = typeBits(AddrType) == 64;
    const PTXType UA = Wide ? PTXType::U64 : PTXType::U32, BA = Wide ? PTXType::B64 : PTXType::B32;
    const Operand At = reg(UA), Aligned = reg(UA), Low = reg(PTXType::U32);
    // [reg+off], [var+off] or [off]: the variable's address by mov
    const Operand Offset = Operand::imm(Addr.Int, Loc);
    if (Base && Base->K == Operand::Reg) {
      Head.Insts.push_back(unguarded(Opcode::Add, {UA}, {At, *Base, Offset}));
    } else {
      Head.Insts.push_back(unguarded(Opcode::Mov, {UA}, {At, Base ? *Base : Offset}));
      if (Base && Addr.Int != 0)
        Head.Insts.push_back(unguarded(Opcode::Add, {UA}, {At, At, Offset}));
    }
    Head.Insts.push_back(unguarded(Opcode::And, {BA}, {Aligned, At, Operand::imm(-4, Loc)}));
    Head.Insts.push_back(Wide ? unguarded(Opcode::Cvt, {PTXType::U32, UA}, {Low, At})
                              : unguarded(Opcode::Mov, {PTXType::B32}, {Low, At}));
    Shift = reg(PTXType::U32);
    Keep = reg(PTXType::B32);
    Head.Insts.push_back(unguarded(Opcode::And, {PTXType::B32}, {Shift, Low, Operand::imm(2, Loc)}));
    Head.Insts.push_back(unguarded(Opcode::Shl, {PTXType::B32}, {Shift, Shift, Operand::imm(3, Loc)}));
    Head.Insts.push_back(unguarded(Opcode::Mov, {PTXType::B32}, {Keep, Operand::imm(0xffff, Loc)}));
    Head.Insts.push_back(unguarded(Opcode::Shl, {PTXType::B32}, {Keep, Keep, Shift}));
    Head.Insts.push_back(unguarded(Opcode::Not, {PTXType::B32}, {Keep, Keep}));
    Addr.Elems.assign(1, Aligned);
    Addr.Int = 0;
  }
  // The half of `W` the site works on, in a new b16 register.
  auto halfOf = [&](BasicBlock &In, const Operand &W, bool UnderGuard, Operand Into) {
    const Operand Bits = reg(PTXType::B32);
    Instruction Down = unguarded(Opcode::Shr, {PTXType::B32}, {Bits, W, Shift});
    Instruction Cut = unguarded(Opcode::Cvt, {PTXType::U16, PTXType::U32}, {Into, Bits});
    if (UnderGuard) {
      Down.Guard = Cut.Guard = Site.Guard;
      Down.GuardNegated = Cut.GuardNegated = Site.GuardNegated;
    }
    In.Insts.push_back(std::move(Down));
    In.Insts.push_back(std::move(Cut));
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

  const Operand New = reg(Word), Got = reg(Word), Again = reg(PTXType::Pred);
  if (!Loop.Half) {
    const Operand X = reg(Loop.Reg), Y = reg(Loop.Reg);
    Retry.Insts.push_back(unguarded(Opcode::Mov, {Word}, {X, Old}));
    Instruction Sum = unguarded(Opcode::Add, {Loop.Value}, {Y, X, Value});
    if (Loop.Rounding)
      Sum.Mods.push_back(*Loop.Rounding);
    Retry.Insts.push_back(std::move(Sum));
    Retry.Insts.push_back(unguarded(Opcode::Mov, {Word}, {New, Y}));
  } else {
    const Operand X = reg(PTXType::B16), Wide = reg(PTXType::U32);
    halfOf(Retry, Old, false, X);
    Operand Y = Site.Ops.back(); // cas: the new value
    if (Loop.Cas && Y.K != Operand::Reg) { // a constant
      const Operand Imm = Y;
      Y = reg(PTXType::B16);
      Retry.Insts.push_back(unguarded(Opcode::Mov, {PTXType::B16}, {Y, Imm}));
    }
    if (!Loop.Cas) {
      Y = reg(PTXType::B16);
      Instruction Sum = unguarded(Opcode::Add, {Loop.Value}, {Y, X, Value});
      Sum.Mods.push_back(*Loop.Rounding);
      Retry.Insts.push_back(std::move(Sum));
    }
    Retry.Insts.push_back(unguarded(Opcode::Cvt, {PTXType::U32, PTXType::U16}, {Wide, Y}));
    Retry.Insts.push_back(unguarded(Opcode::Shl, {PTXType::B32}, {Wide, Wide, Shift}));
    Retry.Insts.push_back(unguarded(Opcode::And, {PTXType::B32}, {New, Old, Keep}));
    Retry.Insts.push_back(unguarded(Opcode::Or, {PTXType::B32}, {New, New, Wide}));
    if (Loop.Cas) {
      // A differing half swaps the word for itself: the cas that says so
      // is an atomic of its own, in its lane's turn, not the loop's first
      // plain load (which another lane may have changed since).
      const Operand Differs = reg(PTXType::Pred);
      Retry.Insts.push_back(
          unguarded(Opcode::Setp, {PTXType::U16}, {Differs, X, Value}, {Modifier::Ne}));
      Retry.Insts.push_back(unguarded(Opcode::Selp, {PTXType::B32}, {New, Old, New, Differs}));
    }
  }
  Instruction Cas = unguarded(Opcode::Atom, {Word}, {Got, Addr, Old, New});
  Cas.Space = Site.Space;
  for (Modifier M : Site.Mods) // .sem, .scope
    if (M != Modifier::Add && M != Modifier::Noftz && M != Modifier::Cas)
      Cas.Mods.push_back(M);
  Cas.Mods.push_back(Modifier::Cas);
  Retry.Insts.push_back(std::move(Cas));
  Retry.Insts.push_back(unguarded(Opcode::Setp, {Unsigned}, {Again, Got, Old}, {Modifier::Ne}));
  Retry.Insts.push_back(unguarded(Opcode::Mov, {Word}, {Old, Got}));
  Instruction Back =
      unguarded(Opcode::Bra, {}, {labelOperand(F, Retry, "$__atomf_retry", Loc)});
  Back.Guard = Again.RegId;
  Retry.Insts.push_back(std::move(Back));

  // Under the guard: the other threads keep their d. `old` is the word the
  // swap replaced.
  if (Returns && Loop.Half)
    halfOf(Done, Old, true, Site.Ops[0]);
  else if (Returns)
    Done.Insts.push_back(Instruction::at(Site, Opcode::Mov, {Word}, {Site.Ops[0], Old}));
  Done.Insts.insert(Done.Insts.end(), std::make_move_iterator(Tail.begin()),
                    std::make_move_iterator(Tail.end()));
  return B + 2;
}

/// An `atom`/`red` `.add.v2.f32` or `.v4.f32` (sm_90's atomicAdd on a
/// float2 or float4), whose elements PTX adds atomically one by one: the
/// scalar adds at the element addresses, in order (the ISA's ATOM/RED
/// .F32); a `_` destination element, a `red`. False for any other shape.
bool splitVectorAdd(Function &F, std::vector<Instruction> &Insts, size_t N) {
  const Instruction &I = Insts[N];
  const bool Returns = I.Op == Opcode::Atom;
  if ((!Returns && I.Op != Opcode::Red) || !I.has(Modifier::Add) || I.Vec == 0 ||
      I.Types.size() != 1 || I.type() != PTXType::F32 || I.Ops.size() != (Returns ? 3u : 2u))
    return false;
  const Operand &Addr = I.Ops[Returns ? 1 : 0], &Values = I.Ops[Returns ? 2 : 1];
  if (Addr.K != Operand::Address || Values.K != Operand::Vector || Values.Elems.size() != I.Vec ||
      (Returns && (I.Ops[0].K != Operand::Vector || I.Ops[0].Elems.size() != I.Vec)))
    return false;
  std::vector<Instruction> Scalars;
  // All sources are read before any destination is written: a source
  // register that an earlier element's result overwrites is copied first.
  std::vector<Operand> Sources = Values.Elems;
  for (unsigned E = 1; E < I.Vec; ++E) {
    auto WrittenBefore = [&](const Operand &S) {
      for (unsigned D = 0; Returns && D < E; ++D)
        if (I.Ops[0].Elems[D].K == Operand::Reg && I.Ops[0].Elems[D].RegId == S.RegId)
          return true;
      return false;
    };
    if (Sources[E].K == Operand::Reg && WrittenBefore(Sources[E])) {
      Operand Copy = Operand::reg(F.addRegister(PTXType::F32, "%atomf_"), I.Loc);
      // a copy in every lane is harmless
      Scalars.push_back(plain(I, Opcode::Mov, {PTXType::F32}, {Copy, Sources[E]}));
      Sources[E] = Copy;
    }
  }
  for (unsigned E = 0; E < I.Vec; ++E) {
    Instruction One = I;
    One.Vec = 0;
    Operand At = Addr;
    At.Int += 4 * E;
    const bool Keeps = Returns && I.Ops[0].Elems[E].K != Operand::Sink;
    One.Op = Keeps ? Opcode::Atom : Opcode::Red;
    One.Ops = Keeps ? std::vector<Operand>{I.Ops[0].Elems[E], At, Sources[E]}
                    : std::vector<Operand>{At, Sources[E]};
    Scalars.push_back(std::move(One));
  }
  Insts.erase(Insts.begin() + N);
  Insts.insert(Insts.begin() + N, Scalars.begin(), Scalars.end());
  return true;
}

} // namespace

unsigned expandAtomicLoops(Function &F) {
  unsigned Count = 0;
  for (size_t B = 0; B < F.Blocks.size(); ++B)
    for (size_t N = 0; N < F.Blocks[B]->Insts.size(); ++N)
      if (splitVectorAdd(F, F.Blocks[B]->Insts, N)) {
        ++Count;
      } else if (std::optional<AtomicLoop> Loop = atomicLoop(F, F.Blocks[B]->Insts[N])) {
        B = expand(F, B, N, *Loop);
        N = size_t(-1); // the instructions after the site, from the first
        ++Count;
      }
  return Count;
}

} // namespace simt::cc

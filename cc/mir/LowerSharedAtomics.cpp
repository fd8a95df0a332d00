//===-- LowerSharedAtomics.cpp - Shared atomics as lock loops -------------===//
#include "cc/mir/LowerSharedAtomics.h"
#include "cc/ptx/Diagnostics.h"
#include <cassert>
#include "cc/mir/MIR.h"
#include "cc/ptx/PTXIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include <string>

using namespace llvm;

namespace simt::cc {

namespace {

bool isSharedAtomic(const MInst &I) {
  return (I.Opcode == SIMT::ATOM || I.Opcode == SIMT::ATOMCAS || I.Opcode == SIMT::RED) &&
         I.Source && I.Source->Space == StateSpace::Shared;
}

/// The operand in slot Name of I.
const MOperand &slotOperand(const MInst &I, StringRef Name) {
  const Slot *S = slotNamed(I.Opcode, Name);
  assert(S && "no such slot");
  return I.Ops[S->McIndex];
}

/// The lock loop of one atomic, built into a block.
class LockLoop {
public:
  LockLoop(MFunction &MF, const MInst &Atom, MBlock &Loop)
      : MF(MF), Atom(Atom), Loop(Loop), Lock(MOperand::vreg(MF.newVReg(RegClass::Pred))),
        Wide(modifierOf(Atom, SIMT::MG_AtomTy) == unsigned(SIMT::AtomTy::U64)) {}

  void build(const MBlock *Done);

private:
  MOperand temp() { return MOperand::vreg(MF.newVReg(RegClass::GPR)); }
  /// A register for the old or new value: a pair for 64-bit atomics.
  MOperand value() { return MOperand::vreg(MF.newVReg(Wide ? RegClass::GPR64 : RegClass::GPR)); }
  /// A word of a 64-bit value (RZ stays RZ).
  static MOperand word(MOperand Pair, bool Hi) {
    return Pair.K == MOperand::VReg ? MOperand::vreg(Pair.Reg, Hi ? 2 : 1) : Pair;
  }
  MOperand pred() { return MOperand::vreg(MF.newVReg(RegClass::Pred)); }
  /// An instruction under @Lock: the store and the exit.
  MInstBuilder locked(unsigned Opcode) {
    MInstBuilder B(Opcode, Atom.Source);
    B.guard(Lock, false);
    return B;
  }
  /// An instruction computing the new value: unguarded, since it only
  /// writes temporaries, and a guarded write would keep them (and the
  /// predicates) live from the kernel's entry for the register allocator.
  MInstBuilder compute(unsigned Opcode) { return MInstBuilder(Opcode, Atom.Source); }
  void add(MInstBuilder B) { Loop.Insts.push_back(B.take()); }
  /// What the operation stores, given the old value.
  MOperand newValue(MOperand Old, MOperand B);
  /// The same for 64-bit values (add, and/or/xor, exch, cas, min/max.u64).
  MOperand newValue64(MOperand Old, MOperand B);
  void compare(MOperand Dst, StringRef Cmp, MOperand A, MOperand Sb, StringRef Bop,
               MOperand P);
  void select(MOperand Dst, MOperand IfTrue, MOperand IfFalse, MOperand P);
  /// Dst = A and/or/xor B, the atom's bitwise operation (LOP).
  void logic(MOperand Dst, MOperand A, MOperand B);

  MFunction &MF;
  const MInst &Atom;
  MBlock &Loop;
  MOperand Lock;
  bool Wide;
};

void LockLoop::compare(MOperand Dst, StringRef Cmp, MOperand A, MOperand Sb, StringRef Bop,
                       MOperand P) {
  MInstBuilder M = compute(SIMT::ISETP);
  M.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, Cmp)).mod(SIMT::MG_U32, true);
  M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop));
  M.reg("pu", Dst).reg("pv", MOperand::zero()).reg("ra", A);
  if (Sb.K == MOperand::Zero)
    M.srcImm("sb", 0);
  else
    M.regMod("sb", Sb, 0);
  M.reg("pp", P);
  add(M);
}

void LockLoop::select(MOperand Dst, MOperand IfTrue, MOperand IfFalse, MOperand P) {
  MInstBuilder M = compute(SIMT::SEL);
  M.reg("rd", Dst).reg("ra", IfTrue).regMod("sb", IfFalse, 0).reg("pp", P);
  add(M);
}

void LockLoop::logic(MOperand Dst, MOperand A, MOperand B) {
  auto OpKind = SIMT::AtomOp(modifierOf(Atom, SIMT::MG_AtomOp));
  StringRef Logic = OpKind == SIMT::AtomOp::AND  ? "AND"
                    : OpKind == SIMT::AtomOp::OR ? "OR"
                                                 : "XOR";
  MInstBuilder M = compute(SIMT::LOP);
  M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, Logic)).reg("rd", Dst);
  M.regMod("ra", A, 0).regMod("sb", B, 0);
  add(M);
}

MOperand LockLoop::newValue64(MOperand Old, MOperand B) {
  using Op = SIMT::AtomOp;
  auto OpKind = Op(modifierOf(Atom, SIMT::MG_AtomOp));
  MOperand New = value();
  auto PerWord = [&](MOperand IfTrue, MOperand IfFalse, MOperand P) {
    for (bool Hi : {false, true})
      select(word(New, Hi), word(IfTrue, Hi), word(IfFalse, Hi), P);
  };
  switch (OpKind) {
  case Op::ADD:
    for (bool Hi : {false, true}) {
      MInstBuilder M = compute(SIMT::IADD);
      M.mod(Hi ? SIMT::MG_X : SIMT::MG_CC, 1);
      M.reg("rd", word(New, Hi)).regMod("ra", word(Old, Hi), 0).regMod("sb", word(B, Hi), 0);
      add(M);
    }
    return New;
  case Op::AND:
  case Op::OR:
  case Op::XOR:
    for (bool Hi : {false, true})
      logic(word(New, Hi), word(Old, Hi), word(B, Hi));
    return New;
  case Op::EXCH:
    return B;
  case Op::CAS: { // old == b ? c : old, both words equal
    MOperand Equal = pred();
    compare(Equal, "EQ", word(Old, false), word(B, false), "AND", MOperand::zero());
    compare(Equal, "EQ", word(Old, true), word(B, true), "AND", Equal);
    PerWord(slotOperand(Atom, "rc"), Old, Equal);
    return New;
  }
  case Op::MIN:
  case Op::MAX: { // old <u b: the high words, or equal high words and the low ones
    MOperand Below = pred();
    compare(Below, "LT", word(Old, false), word(B, false), "AND", MOperand::zero());
    compare(Below, "EQ", word(Old, true), word(B, true), "AND", Below);
    compare(Below, "LT", word(Old, true), word(B, true), "OR", Below);
    if (OpKind == Op::MIN)
      PerWord(Old, B, Below);
    else
      PerWord(B, Old, Below);
    return New;
  }
  default:
    llvm_unreachable("instruction selection takes no other 64-bit atomic");
  }
}

MOperand LockLoop::newValue(MOperand Old, MOperand B) {
  using Op = SIMT::AtomOp;
  auto OpKind = Op(modifierOf(Atom, SIMT::MG_AtomOp));
  auto Ty = SIMT::AtomTy(modifierOf(Atom, SIMT::MG_AtomTy));
  MOperand New = temp();
  auto Sel = [&](MOperand IfTrue, MOperand IfFalse, MOperand P) {
    select(New, IfTrue, IfFalse, P);
  };
  auto Compare = [&](MOperand Dst, StringRef Cmp, MOperand A, MOperand Sb, StringRef Bop,
                     MOperand P) { compare(Dst, Cmp, A, Sb, Bop, P); };
  auto AddImm = [&](MOperand Dst, MOperand A, int64_t V) {
    MInstBuilder M = compute(SIMT::IADD);
    M.reg("rd", Dst).regMod("ra", A, 0).srcImm("sb", V & 0xFFFFF);
    add(M);
  };
  switch (OpKind) {
  case Op::ADD: {
    MInstBuilder M = compute(Ty == SIMT::AtomTy::F32 ? SIMT::FADD : SIMT::IADD);
    M.reg("rd", New).regMod("ra", Old, 0).regMod("sb", B, 0);
    add(M);
    return New;
  }
  case Op::MIN:
  case Op::MAX: { // IMNMX: PT selects the minimum, !PT the maximum
    MInstBuilder M = compute(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, Ty != SIMT::AtomTy::S32).reg("rd", New).reg("ra", Old);
    M.regMod("sb", B, 0).reg("pp", MOperand::zero(), OpKind == Op::MAX);
    add(M);
    return New;
  }
  case Op::AND:
  case Op::OR:
  case Op::XOR:
    logic(New, Old, B);
    return New;
  case Op::INC: { // old >= b ? 0 : old + 1
    MOperand Inc = temp(), Below = pred();
    AddImm(Inc, Old, 1);
    Compare(Below, "LT", Old, B, "AND", MOperand::zero());
    Sel(Inc, MOperand::zero(), Below);
    return New;
  }
  case Op::DEC: { // old == 0 || old > b ? b : old - 1
    MOperand Dec = temp(), Wraps = pred();
    AddImm(Dec, Old, -1);
    Compare(Wraps, "GT", Old, B, "AND", MOperand::zero());
    Compare(Wraps, "EQ", Old, MOperand::zero(), "OR", Wraps);
    Sel(B, Dec, Wraps);
    return New;
  }
  case Op::EXCH:
    return B;
  case Op::CAS: { // old == b ? c : old
    MOperand Equal = pred();
    Compare(Equal, "EQ", Old, B, "AND", MOperand::zero());
    Sel(slotOperand(Atom, "rc"), Old, Equal);
    return New;
  }
  }
  llvm_unreachable("an atomic operation");
}

void LockLoop::build(const MBlock *Done) {
  const MOperand &Guard = Atom.Ops[0];
  if (Guard.K == MOperand::VReg) { // threads whose guard is false leave at once
    MInstBuilder M(SIMT::BRK, Atom.Source);
    M.guard(Guard, !(Guard.Value & SIMT::PredNegBit));
    add(M);
  }
  const MOperand &Addr = slotOperand(Atom, "addr");
  int64_t Offset = Atom.Ops[&Addr - Atom.Ops.data() + 1].Value;
  MOperand Old = Atom.Opcode == SIMT::RED ? value() : slotOperand(Atom, "rd");
  SIMT::Width Width = Wide ? SIMT::Width::B64 : SIMT::Width::B32;
  MInstBuilder Load(SIMT::LDSLK, Atom.Source);
  Load.mod<SIMT::MG_Width>(Width).reg("pd", Lock).reg("rd", Old);
  Load.mem("addr", Addr, Offset);
  add(Load);
  MOperand B = slotOperand(Atom, "rb");
  MOperand New = Wide ? newValue64(Old, B) : newValue(Old, B);
  MInstBuilder Store = locked(SIMT::STSUL);
  Store.mod<SIMT::MG_Width>(Width).mem("addr", Addr, Offset).reg("rb", New);
  add(Store);
  add(locked(SIMT::BRK));
  MInstBuilder Retry(SIMT::BRA, Atom.Source);
  Retry.target("target", &Loop);
  add(Retry);
  Loop.BreakTo = const_cast<MBlock *>(Done);
}

} // namespace

bool lowerSharedAtomics(MFunction &MF, Diagnostics &) {
  unsigned NumLoops = 0;
  for (size_t N = 0; N < MF.Blocks.size(); ++N) {
    MBlock *B = MF.Blocks[N].get();
    for (size_t K = 0; K < B->Insts.size(); ++K) {
      const MInst &Atom = B->Insts[K];
      if (!isSharedAtomic(Atom))
        continue;
      // B = [before, PBK done] -> retry -> done = [after] with B's exits.
      const MBlock *Next = N + 1 < MF.Blocks.size() ? MF.Blocks[N + 1].get() : nullptr;
      std::string Tag = std::to_string(NumLoops++);
      MBlock *Done = MF.insertBlock(Next, B->Name + ".atom" + Tag + ".done");
      MBlock *Retry = MF.insertBlock(Done, B->Name + ".atom" + Tag + ".retry");
      Done->Source = B->Source;
      Done->FallThrough = B->FallThrough;
      Done->BreakTo = B->BreakTo;
      Done->Insts.assign(std::make_move_iterator(B->Insts.begin() + K + 1),
                         std::make_move_iterator(B->Insts.end()));
      MInst Moved = std::move(B->Insts[K]);
      B->Insts.resize(K);
      MInstBuilder Pbk(SIMT::PBK, Moved.Source);
      Pbk.target("target", Done);
      B->Insts.push_back(Pbk.take());
      B->FallThrough = Retry;
      B->BreakTo = nullptr;
      LockLoop(MF, Moved, *Retry).build(Done);
      break; // the rest of B is in Done, visited next
    }
  }
  return true;
}

} // namespace simt::cc

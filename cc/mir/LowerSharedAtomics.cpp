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
  /// A builder of record B for the atom's instruction. The instructions
  /// computing the new value stay unguarded, since they only write
  /// temporaries, and a guarded write would keep them (and the predicates)
  /// live from the kernel's entry for the register allocator; the store
  /// and the exit run under @Lock.
  template <class B> B make() const { return B(Atom.Source); }
  void add(MInstBuilder B) { Loop.Insts.push_back(B.take()); }
  /// What the operation stores, given the old value.
  MOperand newValue(MOperand Old, MOperand B);
  /// The same for 64-bit values (add, and/or/xor, exch, cas, min/max.u64).
  MOperand newValue64(MOperand Old, MOperand B);
  void compare(MOperand Dst, SIMT::ICmp Cmp, MOperand A, MOperand Sb, SIMT::BoolOp Bop,
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

void LockLoop::compare(MOperand Dst, SIMT::ICmp Cmp, MOperand A, MOperand Sb, SIMT::BoolOp Bop,
                       MOperand P) {
  auto M = make<mi::ISETP>().cmp(Cmp).u32().bop(Bop);
  M.pu(Dst).pv(MOperand::zero()).ra(A);
  M.sb(Sb.K == MOperand::Zero ? SrcB::imm(0) : Sb);
  add(M.pp(P));
}

void LockLoop::select(MOperand Dst, MOperand IfTrue, MOperand IfFalse, MOperand P) {
  add(make<mi::SEL>().rd(Dst).ra(IfTrue).sb(IfFalse).pp(P));
}

void LockLoop::logic(MOperand Dst, MOperand A, MOperand B) {
  auto OpKind = modifierOf<SIMT::MG_AtomOp>(Atom);
  SIMT::Logic Logic = OpKind == SIMT::AtomOp::AND  ? SIMT::Logic::AND
                      : OpKind == SIMT::AtomOp::OR ? SIMT::Logic::OR
                                                   : SIMT::Logic::XOR;
  add(make<mi::LOP>().op(Logic).rd(Dst).ra(A).sb(B));
}

MOperand LockLoop::newValue64(MOperand Old, MOperand B) {
  using Op = SIMT::AtomOp;
  using enum SIMT::ICmp;
  using enum SIMT::BoolOp;
  auto OpKind = modifierOf<SIMT::MG_AtomOp>(Atom);
  MOperand New = value();
  auto PerWord = [&](MOperand IfTrue, MOperand IfFalse, MOperand P) {
    for (bool Hi : {false, true})
      select(word(New, Hi), word(IfTrue, Hi), word(IfFalse, Hi), P);
  };
  switch (OpKind) {
  case Op::ADD:
    for (bool Hi : {false, true})
      add(make<mi::IADD>().x(Hi).cc(!Hi).rd(word(New, Hi)).ra(word(Old, Hi)).sb(word(B, Hi)));
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
    compare(Equal, EQ, word(Old, false), word(B, false), AND, MOperand::zero());
    compare(Equal, EQ, word(Old, true), word(B, true), AND, Equal);
    PerWord(operandOf(Atom, SIMT::OperandRole::Rc), Old, Equal);
    return New;
  }
  case Op::MIN:
  case Op::MAX: { // old <u b: the high words, or equal high words and the low ones
    MOperand Below = pred();
    compare(Below, LT, word(Old, false), word(B, false), AND, MOperand::zero());
    compare(Below, EQ, word(Old, true), word(B, true), AND, Below);
    compare(Below, LT, word(Old, true), word(B, true), OR, Below);
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
  using enum SIMT::ICmp;
  using enum SIMT::BoolOp;
  auto OpKind = modifierOf<SIMT::MG_AtomOp>(Atom);
  auto Ty = modifierOf<SIMT::MG_AtomTy>(Atom);
  MOperand New = temp();
  auto Sel = [&](MOperand IfTrue, MOperand IfFalse, MOperand P) {
    select(New, IfTrue, IfFalse, P);
  };
  auto Compare = [&](MOperand Dst, SIMT::ICmp Cmp, MOperand A, MOperand Sb, SIMT::BoolOp Bop,
                     MOperand P) { compare(Dst, Cmp, A, Sb, Bop, P); };
  auto AddImm = [&](MOperand Dst, MOperand A, int32_t V) {
    add(make<mi::IADD>().rd(Dst).ra(A).sb(SrcB::imm(V)));
  };
  switch (OpKind) {
  case Op::ADD:
    if (Ty == SIMT::AtomTy::F32)
      add(make<mi::FADD>().rd(New).ra(Old).sb(B));
    else
      add(make<mi::IADD>().rd(New).ra(Old).sb(B));
    return New;
  case Op::MIN:
  case Op::MAX: // IMNMX: PT selects the minimum, !PT the maximum
    add(make<mi::IMNMX>().u32(Ty != SIMT::AtomTy::S32).rd(New).ra(Old).sb(B).pp(
        MOperand::zero(), OpKind == Op::MAX));
    return New;
  case Op::AND:
  case Op::OR:
  case Op::XOR:
    logic(New, Old, B);
    return New;
  case Op::INC: { // old >= b ? 0 : old + 1
    MOperand Inc = temp(), Below = pred();
    AddImm(Inc, Old, 1);
    Compare(Below, LT, Old, B, AND, MOperand::zero());
    Sel(Inc, MOperand::zero(), Below);
    return New;
  }
  case Op::DEC: { // old == 0 || old > b ? b : old - 1
    MOperand Dec = temp(), Wraps = pred();
    AddImm(Dec, Old, -1);
    Compare(Wraps, GT, Old, B, AND, MOperand::zero());
    Compare(Wraps, EQ, Old, MOperand::zero(), OR, Wraps);
    Sel(B, Dec, Wraps);
    return New;
  }
  case Op::EXCH:
    return B;
  case Op::CAS: { // old == b ? c : old
    MOperand Equal = pred();
    Compare(Equal, EQ, Old, B, AND, MOperand::zero());
    Sel(operandOf(Atom, SIMT::OperandRole::Rc), Old, Equal);
    return New;
  }
  }
  llvm_unreachable("an atomic operation");
}

void LockLoop::build(const MBlock *Done) {
  const MOperand &Guard = Atom.Ops[0];
  if (Guard.K == MOperand::VReg) // threads whose guard is false leave at once
    add(make<mi::BRK>().guard(Guard, !(Guard.Value & SIMT::PredNegBit)));
  const MOperand &Addr = operandOf(Atom, SIMT::OperandRole::Addr);
  int64_t Offset = Atom.Ops[&Addr - Atom.Ops.data() + 1].Value;
  MOperand Old = Atom.Opcode == SIMT::RED ? value() : operandOf(Atom, SIMT::OperandRole::Rd);
  SIMT::Width Width = Wide ? SIMT::Width::B64 : SIMT::Width::B32;
  add(make<mi::LDSLK>().width(Width).pd(Lock).rd(Old).addr(Addr, Offset));
  MOperand B = operandOf(Atom, SIMT::OperandRole::Rb);
  MOperand New = Wide ? newValue64(Old, B) : newValue(Old, B);
  add(make<mi::STSUL>().guard(Lock).width(Width).addr(Addr, Offset).rb(New));
  add(make<mi::BRK>().guard(Lock));
  add(make<mi::BRA>().target(&Loop));
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
      B->Insts.push_back(mi::PBK(Moved.Source).target(Done).take());
      B->FallThrough = Retry;
      B->BreakTo = nullptr;
      LockLoop(MF, Moved, *Retry).build(Done);
      break; // the rest of B is in Done, visited next
    }
  }
  return true;
}

} // namespace simt::cc

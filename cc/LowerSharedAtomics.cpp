//===-- LowerSharedAtomics.cpp - Shared atomics as lock loops -------------===//
#include "cc/LowerSharedAtomics.h"
#include "cc/Diagnostics.h"
#include <cassert>
#include "cc/MIR.h"
#include "cc/PTXIR.h"

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
  for (const Slot &S : slotsOf(I.Opcode))
    if (S.Name == Name)
      return I.Ops[S.McIndex];
  llvm_unreachable("no such slot");
}

/// The lock loop of one atomic, built into a block.
class LockLoop {
public:
  LockLoop(MFunction &MF, const MInst &Atom, MBlock &Loop)
      : MF(MF), Atom(Atom), Loop(Loop), Lock(MOperand::vreg(MF.newVReg(RegClass::Pred))) {}

  void build(const MBlock *Done);

private:
  MOperand temp() { return MOperand::vreg(MF.newVReg(RegClass::GPR)); }
  MOperand pred() { return MOperand::vreg(MF.newVReg(RegClass::Pred)); }
  /// An instruction under @Lock.
  MInstBuilder locked(unsigned Opcode) {
    MInstBuilder B(Opcode, Atom.Source);
    B.guard(Lock, false);
    return B;
  }
  void add(MInstBuilder B) { Loop.Insts.push_back(B.take()); }
  /// What the operation stores, given the old value.
  MOperand newValue(MOperand Old, MOperand B);

  MFunction &MF;
  const MInst &Atom;
  MBlock &Loop;
  MOperand Lock;
};

MOperand LockLoop::newValue(MOperand Old, MOperand B) {
  using Op = SIMT::AtomOp;
  auto OpKind = Op(modifierOf(Atom, SIMT::MG_AtomOp));
  auto Ty = SIMT::AtomTy(modifierOf(Atom, SIMT::MG_AtomTy));
  MOperand New = temp();
  auto Sel = [&](MOperand IfTrue, MOperand IfFalse, MOperand P) {
    MInstBuilder M = locked(SIMT::SEL);
    M.reg("rd", New).reg("ra", IfTrue).regMod("sb", IfFalse, 0).reg("pp", P);
    add(M);
  };
  auto Compare = [&](MOperand Dst, StringRef Cmp, MOperand A, MOperand Sb, StringRef Bop,
                     MOperand P) {
    MInstBuilder M = locked(SIMT::ISETP);
    M.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, Cmp)).mod(SIMT::MG_U32, true);
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop));
    M.reg("pu", Dst).reg("pv", MOperand::zero()).reg("ra", A);
    if (Sb.K == MOperand::Zero)
      M.srcImm("sb", 0);
    else
      M.regMod("sb", Sb, 0);
    M.reg("pp", P);
    add(M);
  };
  auto AddImm = [&](MOperand Dst, MOperand A, int64_t V) {
    MInstBuilder M = locked(SIMT::IADD);
    M.reg("rd", Dst).regMod("ra", A, 0).srcImm("sb", V & 0xFFFFF);
    add(M);
  };
  switch (OpKind) {
  case Op::ADD: {
    MInstBuilder M = locked(Ty == SIMT::AtomTy::F32 ? SIMT::FADD : SIMT::IADD);
    M.reg("rd", New).regMod("ra", Old, 0).regMod("sb", B, 0);
    add(M);
    return New;
  }
  case Op::MIN:
  case Op::MAX: { // IMNMX: PT selects the minimum, !PT the maximum
    MInstBuilder M = locked(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, Ty != SIMT::AtomTy::S32).reg("rd", New).reg("ra", Old);
    M.regMod("sb", B, 0).reg("pp", MOperand::zero(), OpKind == Op::MAX);
    add(M);
    return New;
  }
  case Op::AND:
  case Op::OR:
  case Op::XOR: {
    StringRef Logic = OpKind == Op::AND ? "AND" : OpKind == Op::OR ? "OR" : "XOR";
    MInstBuilder M = locked(SIMT::LOP);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, Logic)).reg("rd", New);
    M.regMod("ra", Old, 0).regMod("sb", B, 0);
    add(M);
    return New;
  }
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
  MOperand Old = Atom.Opcode == SIMT::RED ? temp() : slotOperand(Atom, "rd");
  MInstBuilder Load(SIMT::LDSLK, Atom.Source);
  Load.mod<SIMT::MG_Width>(SIMT::Width::B32).reg("pd", Lock).reg("rd", Old);
  Load.mem("addr", Addr, Offset);
  add(Load);
  MOperand New = newValue(Old, slotOperand(Atom, "rb"));
  MInstBuilder Store = locked(SIMT::STSUL);
  Store.mod<SIMT::MG_Width>(SIMT::Width::B32).mem("addr", Addr, Offset).reg("rb", New);
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
      assert(modifierOf(Atom, SIMT::MG_AtomTy) != unsigned(SIMT::AtomTy::U64) &&
             "instruction selection rejects 64-bit shared atomics");
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

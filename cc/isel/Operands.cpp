//===-- Operands.cpp - Sources into slots, literals into registers --------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

MInstBuilder Selector::build(unsigned Opcode) {
  MInstBuilder B(Opcode, CurI);
  if (CurI->Guard)
    B.guard(MOperand::vreg(VRegOf[*CurI->Guard]), CurI->GuardNegated);
  return B;
}

MOperand Selector::materialize(uint32_t Bits) {
  MOperand T = temp();
  MInstBuilder B(SIMT::MOV32I, CurI);
  B.reg("rd", T).imm("imm", Bits);
  emit(B);
  return T;
}

MOperand Selector::regOf(const Operand &Op, bool Float) {
  switch (Op.K) {
  case Operand::Reg:
    return vreg(Op);
  case Operand::FImm:
    return materialize(f32Bits(Op));
  case Operand::Imm:
    return Float ? materialize(std::bit_cast<uint32_t>(float(Op.Int)))
                 : materialize(uint32_t(Op.Int));
  default:
    return MOperand::zero(); // the caller checked the operand kinds
  }
}

void Selector::setSrcB(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Float,
                       unsigned Flags) {
  if (Op.K == Operand::Reg) {
    B.regMod(Slot, vreg(Op), Flags);
    return;
  }
  if (Float) {
    uint32_t Bits = Op.K == Operand::FImm ? f32Bits(Op)
                                          : std::bit_cast<uint32_t>(float(Op.Int));
    if (Flags & SIMT::SB_Neg)
      Bits ^= 0x80000000u;
    if (Flags & SIMT::SB_Abs)
      Bits &= 0x7fffffffu;
    if ((Bits & 0xfff) == 0)
      B.srcImm(Slot, Bits >> 12);
    else
      B.regMod(Slot, materialize(Bits), 0);
    return;
  }
  int64_t V = Op.K == Operand::FImm ? int64_t(f32Bits(Op)) : Op.Int;
  V = int32_t(uint32_t(V)); // a 32-bit operation sees the low word
  if (Flags & SIMT::SB_Neg)
    V = int32_t(0u - uint32_t(V));
  if (Flags & SIMT::SB_Inv)
    V = ~V;
  if (fitsSb(V))
    B.srcImm(Slot, V & 0xfffff);
  else
    B.regMod(Slot, materialize(uint32_t(V)), 0);
}

void Selector::setPred(MInstBuilder &B, StringRef Slot, const Operand &Op) {
  if (Op.K == Operand::Reg)
    B.reg(Slot, vreg(Op), Op.Negated);
  else // a constant predicate: 1 is PT, 0 is !PT
    B.reg(Slot, MOperand::zero(), Op.Int == 0);
}

void Selector::move(MOperand Dst, const Operand &Src, std::optional<bool> Hi) {
  Operand W = Hi && Src.K != Operand::Reg ? wordOf(Src, *Hi) : Src;
  if (W.K != Operand::Reg && !fitsSb(int32_t(uint32_t(W.Int)))) {
    MInstBuilder B = build(SIMT::MOV32I);
    B.reg("rd", Dst).imm("imm", uint32_t(W.Int));
    emit(B);
    return;
  }
  MInstBuilder B = build(SIMT::MOV);
  B.reg("rd", Dst);
  if (Hi && W.K == Operand::Reg)
    B.regMod("sb", word(W, *Hi), 0);
  else
    setSrcB(B, "sb", W, false);
  emit(B);
}

} // namespace simt::cc::isel

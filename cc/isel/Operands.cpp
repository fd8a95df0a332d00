//===-- Operands.cpp - Sources into slots, literals into registers --------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

MOperand Selector::materialize(uint32_t Bits) {
  MOperand T = temp();
  emit(mi::MOV32I(CurI).rd(T).imm(Bits));
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

SrcB Selector::srcB(const Operand &Op, bool Float, unsigned Flags) {
  if (Op.K == Operand::Reg)
    return SrcB::reg(vreg(Op), Flags);
  if (Float) {
    uint32_t Bits = Op.K == Operand::FImm ? f32Bits(Op)
                                          : std::bit_cast<uint32_t>(float(Op.Int));
    if (Flags & SIMT::SB_Neg)
      Bits ^= 0x80000000u;
    if (Flags & SIMT::SB_Abs)
      Bits &= 0x7fffffffu;
    return fitsSbFloat(Bits) ? SrcB::fimm(Bits) : SrcB(materialize(Bits));
  }
  int64_t V = Op.K == Operand::FImm ? int64_t(f32Bits(Op)) : Op.Int;
  V = int32_t(uint32_t(V)); // a 32-bit operation sees the low word
  if (Flags & SIMT::SB_Neg)
    V = int32_t(0u - uint32_t(V));
  if (Flags & SIMT::SB_Inv)
    V = ~V;
  return fitsSbImm(V) ? SrcB::imm(int32_t(V)) : SrcB(materialize(uint32_t(V)));
}

MOperand Selector::predOf(const Operand &Op) {
  // A constant predicate: 1 is PT, 0 is !PT.
  MOperand P = Op.K == Operand::Reg ? vreg(Op) : MOperand::zero();
  bool Negated = Op.K == Operand::Reg ? Op.Negated : Op.Int == 0;
  P.Value = Negated ? SIMT::PredNegBit : 0;
  return P;
}

void Selector::move(MOperand Dst, const Operand &Src, std::optional<bool> Hi) {
  Operand W = Hi && Src.K != Operand::Reg ? wordOf(Src, *Hi) : Src;
  if (W.K != Operand::Reg) {
    emit(build<mi::MOVWithImm>(W.K == Operand::FImm ? f32Bits(W) : uint32_t(W.Int)).rd(Dst));
    return;
  }
  emit(build<mi::MOV>().rd(Dst).sb(Hi ? word(W, *Hi) : vreg(W)));
}

} // namespace simt::cc::isel

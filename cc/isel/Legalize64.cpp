//===-- Legalize64.cpp - 64-bit integers and doubles as register pairs ----===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

void Selector::widenedShift(const Operand &D, MOperand R, unsigned K, bool Signed) {
  emit(build<mi::SHL>().rd(word(D, false)).ra(R).sb(SrcB::imm(K)));
  emit(build<mi::SHR>().u32(!Signed).rd(word(D, true)).ra(R).sb(SrcB::imm(32 - K)));
}

std::optional<unsigned> Selector::widenedFrom(const Operand &R64, bool &Signed) const {
  if (R64.K != Operand::Reg || R64.RegId >= DefCount.size() || DefCount[R64.RegId] != 1)
    return std::nullopt;
  const Instruction &C = *DefOf[R64.RegId];
  if (C.Op != Opcode::Cvt || C.Guard || C.Ops.size() != 2 || C.Ops[1].K != Operand::Reg ||
      C.Ops[1].RegId >= DefCount.size() || DefCount[C.Ops[1].RegId] != 1 || !C.Mods.empty())
    return std::nullopt;
  const PTXType D = C.type(0), S = C.type(1);
  if (!((D == PTXType::S64 && S == PTXType::S32) || (D == PTXType::U64 && S == PTXType::U32)))
    return std::nullopt;
  Signed = D == PTXType::S64;
  return C.Ops[1].RegId;
}

MOperand Selector::regWord(const Operand &Op, bool Hi) {
  if (Op.K == Operand::Reg)
    return word(Op, Hi);
  return materialize(uint32_t(wordOf(Op, Hi).Int));
}

SrcB Selector::srcBWord(const Operand &Op, bool Hi, unsigned Flags) {
  if (Op.K == Operand::Reg)
    return SrcB::reg(word(Op, Hi), Flags);
  return srcB(wordOf(Op, Hi), false, Flags);
}

void Selector::extendHigh(MOperand Hi, MOperand Lo, bool Signed) {
  if (Signed)
    emit(build<mi::SHR>().u32(false).rd(Hi).ra(Lo).sb(SrcB::imm(31)));
  else
    emit(build<mi::MOV>().rd(Hi).sb(SrcB::imm(0)));
}

MOperand Selector::materialize64(uint64_t Bits) {
  MOperand P = MOperand::vreg(MF->newVReg(RegClass::GPR64));
  for (bool Hi : {false, true}) {
    const uint32_t Word = uint32_t(Bits >> (Hi ? 32 : 0));
    emit(mi::MOV32I(CurI).rd(MOperand::vreg(P.Reg, Hi ? 2 : 1)).imm(Word));
  }
  return P;
}

MOperand Selector::pairOf(const Operand &Op) {
  if (Op.K == Operand::Reg)
    return vreg(Op);
  return materialize64(f64Bits(Op));
}

SrcB Selector::srcBDouble(const Operand &Op, unsigned Flags) {
  if (Op.K == Operand::Reg)
    return SrcB::reg(vreg(Op), Flags);
  uint64_t Bits = f64Bits(Op);
  if (Flags & SIMT::SB_Neg)
    Bits ^= uint64_t(1) << 63;
  if (Flags & SIMT::SB_Abs)
    Bits &= ~(uint64_t(1) << 63);
  if ((Bits & ((uint64_t(1) << 44) - 1)) == 0) // the high word's high 20 bits
    return SrcB::fimm(uint32_t(Bits >> 32));
  return materialize64(Bits);
}

} // namespace simt::cc::isel

//===-- Legalize64.cpp - 64-bit integers and doubles as register pairs ----===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

void Selector::widenedShift(const Operand &D, MOperand R, unsigned K, bool Signed) {
  for (bool H : {false, true}) {
    MInstBuilder M = build(H ? SIMT::SHR : SIMT::SHL);
    if (H)
      M.mod(SIMT::MG_U32, !Signed);
    M.reg("rd", word(D, H)).reg("ra", R).srcImm("sb", H ? 32 - K : K);
    emit(M);
  }
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

void Selector::setSrcBWord(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Hi,
                           unsigned Flags) {
  if (Op.K == Operand::Reg)
    B.regMod(Slot, word(Op, Hi), Flags);
  else
    setSrcB(B, Slot, wordOf(Op, Hi), false, Flags);
}

void Selector::extendHigh(MOperand Hi, MOperand Lo, bool Signed) {
  MInstBuilder M = build(Signed ? SIMT::SHR : SIMT::MOV);
  if (Signed)
    M.mod(SIMT::MG_U32, 0).reg("rd", Hi).reg("ra", Lo).srcImm("sb", 31);
  else
    M.reg("rd", Hi).srcImm("sb", 0);
  emit(M);
}

MOperand Selector::materialize64(uint64_t Bits) {
  MOperand P = MOperand::vreg(MF->newVReg(RegClass::GPR64));
  for (bool Hi : {false, true}) {
    MInstBuilder B(SIMT::MOV32I, CurI);
    B.reg("rd", MOperand::vreg(P.Reg, Hi ? 2 : 1)).imm("imm", uint32_t(Bits >> (Hi ? 32 : 0)));
    emit(B);
  }
  return P;
}

MOperand Selector::pairOf(const Operand &Op) {
  if (Op.K == Operand::Reg)
    return vreg(Op);
  return materialize64(f64Bits(Op));
}

void Selector::setSrcBDouble(MInstBuilder &B, StringRef Slot, const Operand &Op,
                             unsigned Flags) {
  if (Op.K == Operand::Reg) {
    B.regMod(Slot, vreg(Op), Flags);
    return;
  }
  uint64_t Bits = f64Bits(Op);
  if (Flags & SIMT::SB_Neg)
    Bits ^= uint64_t(1) << 63;
  if (Flags & SIMT::SB_Abs)
    Bits &= ~(uint64_t(1) << 63);
  if ((Bits & ((uint64_t(1) << 44) - 1)) == 0)
    B.srcImm(Slot, int64_t(Bits >> 44));
  else
    B.regMod(Slot, materialize64(Bits), 0);
}

} // namespace simt::cc::isel

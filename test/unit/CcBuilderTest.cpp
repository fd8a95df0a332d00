//===-- CcBuilderTest.cpp - The typed builders and record properties ------===//
//
// The builders generated from the .td must put each named operand and
// modifier where the MC layer (and so the emulator) reads it, <Rec>WithImm
// must take the 32I twin exactly when an immediate does not fit Sb, and
// dead-code elimination and constant folding must follow the records'
// pure and commutable properties. Expected values come from ISA.md (the
// Sb field is 20 bits signed; a float Sb keeps the value's high 20 bits).
//
//===----------------------------------------------------------------------===//
#include "cc/mir/DeadCode.h"
#include "cc/mir/MIR.h"

#include <gtest/gtest.h>

namespace simt::cc {
namespace {

using Role = SIMT::OperandRole;

const MOperand &sub(const MInst &I, Role R, unsigned N) {
  return (&operandOf(I, R))[N];
}

TEST(CcBuilder, NamedOperandsAndModifiersLandInTheirSlots) {
  MInst I = mi::ISETP()
                .cmp(SIMT::ICmp::LT)
                .u32()
                .bop(SIMT::BoolOp::OR)
                .pu(MOperand::vreg(3))
                .pv(MOperand::zero())
                .ra(MOperand::vreg(4))
                .sb(SrcB::imm(-2))
                .pp(MOperand::vreg(5), /*Negated=*/true)
                .take();
  EXPECT_EQ(I.Opcode, unsigned(SIMT::ISETP));
  EXPECT_EQ(modifierOf<SIMT::MG_ICmp>(I), SIMT::ICmp::LT);
  EXPECT_EQ(modifierOf(I, SIMT::MG_U32), 1u);
  EXPECT_EQ(modifierOf<SIMT::MG_Bop>(I), SIMT::BoolOp::OR);
  EXPECT_EQ(modifierOf(I, SIMT::MG_X), 0u); // left unset: the default
  EXPECT_EQ(operandOf(I, Role::Pu).Reg, 3u);
  EXPECT_EQ(operandOf(I, Role::Ra).Reg, 4u);
  EXPECT_EQ(sub(I, Role::Sb, 1).Value, 0xffffe); // -2 in 20 bits
  EXPECT_EQ(sub(I, Role::Sb, 2).Value, SIMT::SB_Imm);
  EXPECT_EQ(operandOf(I, Role::Pp).Value, SIMT::PredNegBit);
  EXPECT_FALSE(isGuarded(I));

  MInst L = mi::LDL()
                .guard(MOperand::vreg(1))
                .width(SIMT::Width::B64)
                .rd(MOperand::vreg(2))
                .addr(MOperand::vreg(6), -8)
                .take();
  EXPECT_TRUE(isGuarded(L));
  EXPECT_EQ(modifierOf<SIMT::MG_Width>(L), SIMT::Width::B64);
  EXPECT_EQ(operandOf(L, Role::Addr).Reg, 6u);
  EXPECT_EQ(sub(L, Role::Addr, 1).Value, -8);
}

TEST(CcBuilder, WideImmediatesTakeThe32IForm) {
  const MOperand R0 = MOperand::vreg(0), R1 = MOperand::vreg(1);
  auto Iadd = [&](uint32_t V) { return mi::IADDWithImm(V).rd(R0).ra(R1).take(); };
  MInst Small = Iadd(0x7ffff), Negative = Iadd(uint32_t(-0x80000));
  MInst Wide = Iadd(0x80000), WideNegative = Iadd(uint32_t(-0x80001));
  EXPECT_EQ(Small.Opcode, unsigned(SIMT::IADD));
  EXPECT_EQ(sub(Small, Role::Sb, 1).Value, 0x7ffff);
  EXPECT_EQ(Negative.Opcode, unsigned(SIMT::IADD));
  EXPECT_EQ(sub(Negative, Role::Sb, 1).Value, 0x80000);
  EXPECT_EQ(Wide.Opcode, unsigned(SIMT::IADD32I));
  EXPECT_EQ(operandOf(Wide, Role::Imm).Value, 0x80000);
  EXPECT_EQ(WideNegative.Opcode, unsigned(SIMT::IADD32I));
  EXPECT_EQ(operandOf(Wide, Role::Rd).Reg, 0u);
  EXPECT_EQ(operandOf(Wide, Role::Ra).Reg, 1u);

  // Floats: Sb holds the high 20 bits, so 1.0f fits and 1.1f does not.
  MInst One = mi::FMULWithImm(0x3f800000).rd(R0).ra(R1).take();
  MInst Inexact = mi::FMULWithImm(0x3f8ccccd).rd(R0).ra(R1).take();
  EXPECT_EQ(One.Opcode, unsigned(SIMT::FMUL));
  EXPECT_EQ(sub(One, Role::Sb, 1).Value, 0x3f800);
  EXPECT_EQ(Inexact.Opcode, unsigned(SIMT::FMUL32I));
  EXPECT_EQ(operandOf(Inexact, Role::Imm).Value, 0x3f8ccccd);

  MInst Mask = mi::LOPWithImm(0x7fffffff).op(SIMT::Logic::AND).rd(R0).ra(R1).take();
  EXPECT_EQ(Mask.Opcode, unsigned(SIMT::LOP32I));
  EXPECT_EQ(modifierOf<SIMT::MG_Logic>(Mask), SIMT::Logic::AND);
}

TEST(CcBuilder, RecordProperties) {
  // Pure: writes its destination operands and nothing else.
  for (unsigned Op : {SIMT::IADD, SIMT::MOV32I, SIMT::IABS, SIMT::DSETP, SIMT::DMNMX,
                      SIMT::PRMT, SIMT::ICMP, SIMT::FFMA, SIMT::S2R, SIMT::VOTE})
    EXPECT_TRUE(isPure(Op)) << mnemonicOf(Op).str();
  for (unsigned Op : {SIMT::LD, SIMT::ST, SIMT::LDS, SIMT::ATOM, SIMT::BARSYNC, SIMT::BARRED,
                      SIMT::MEMBAR, SIMT::BPT, SIMT::BRA, SIMT::CAL, SIMT::EXIT, SIMT::R2P})
    EXPECT_FALSE(isPure(Op)) << mnemonicOf(Op).str();
  for (unsigned Op : {SIMT::IADD, SIMT::LOP, SIMT::POPC, SIMT::IMNMX, SIMT::FADD, SIMT::FMUL,
                      SIMT::FFMA, SIMT::FMNMX, SIMT::DADD, SIMT::DMUL, SIMT::DFMA})
    EXPECT_TRUE(isCommutable(Op)) << mnemonicOf(Op).str();
  for (unsigned Op : {SIMT::ISETP, SIMT::SHL, SIMT::SEL, SIMT::ISCADD, SIMT::IMUL, SIMT::IADD32I})
    EXPECT_FALSE(isCommutable(Op)) << mnemonicOf(Op).str();
}

TEST(CcBuilder, DeadCodeFollowsPurity) {
  MFunction MF;
  MBlock *B = MF.insertBlock(nullptr, "entry");
  auto Reg = [&] { return MOperand::vreg(MF.newVReg(RegClass::GPR)); };
  MOperand A = Reg(), Abs = Reg(), Sum = Reg(), Kept = Reg();
  B->Insts.push_back(mi::MOV32I().rd(A).imm(-5).take());
  B->Insts.push_back(mi::IABS().rd(Abs).sb(A).take());            // dead
  B->Insts.push_back(mi::IADD().cc().rd(Sum).ra(A).sb(A).take()); // writes CC
  B->Insts.push_back(mi::IADD().x().rd(Kept).ra(A).sb(A).take()); // reads CC
  B->Insts.push_back(mi::STL().addr(MOperand::zero(), 0).rb(Kept).take());
  EXPECT_EQ(removeDeadCode(MF), 1u);
  ASSERT_EQ(B->Insts.size(), 4u);
  EXPECT_EQ(B->Insts[1].Opcode, unsigned(SIMT::IADD));
}

} // namespace
} // namespace simt::cc

//===-- SpecialOperands.cpp - Special registers read through a mov --------===//
#include "cc/passes/SpecialOperands.h"

namespace simt::cc {

static PTXType widthOf(SpecialReg R) {
  switch (R) {
  case SpecialReg::Clock64:
  case SpecialReg::Globaltimer:
  case SpecialReg::Gridid:
    return PTXType::U64;
  default:
    return PTXType::U32;
  }
}

bool moveSpecialOperands(Function &F) {
  bool Changed = false;
  for (auto &B : F.Blocks) {
    std::vector<Instruction> Out;
    Out.reserve(B->Insts.size());
    for (Instruction &I : B->Insts) {
      if (I.Op != Opcode::Mov)
        for (unsigned N = I.numDefOperands(); N < I.Ops.size(); ++N) {
          Operand &Op = I.Ops[N];
          if (Op.K != Operand::Special)
            continue;
          PTXType T = widthOf(Op.SReg);
          unsigned R = F.addRegister(T, "%sreg");
          Instruction Mov = Instruction::at(I, Opcode::Mov, {T}, {Operand::reg(R, Op.Loc), Op});
          Mov.Guard.reset(); // reading a special register has no effect
          Mov.GuardNegated = false;
          Out.push_back(std::move(Mov));
          Op = Operand::reg(R, Op.Loc);
          Changed = true;
        }
      Out.push_back(std::move(I));
    }
    B->Insts = std::move(Out);
  }
  return Changed;
}

} // namespace simt::cc

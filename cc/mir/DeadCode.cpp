//===-- DeadCode.cpp - Instructions whose results nothing reads -----------===//
#include "cc/mir/DeadCode.h"
#include "cc/mir/MIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// Opcodes whose only effect is the registers they write (with no .CC and
/// no .S, which removable() checks).
bool pureOpcode(unsigned Opcode) {
  switch (Opcode) {
  case SIMT::MOV: case SIMT::MOV32I: case SIMT::IADD: case SIMT::IADD32I:
  case SIMT::ISCADD: case SIMT::IMUL: case SIMT::IMAD: case SIMT::LOP:
  case SIMT::LOP32I: case SIMT::SHL: case SIMT::SHR: case SIMT::SEL:
  case SIMT::IMNMX: case SIMT::BFE: case SIMT::BFI: case SIMT::POPC:
  case SIMT::FLO: case SIMT::FADD: case SIMT::FMUL: case SIMT::FFMA:
  case SIMT::FADD32I: case SIMT::FMUL32I: case SIMT::FMNMX: case SIMT::MUFU:
  case SIMT::I2I: case SIMT::I2F: case SIMT::F2I: case SIMT::F2F:
  case SIMT::DADD: case SIMT::DMUL: case SIMT::DFMA: case SIMT::ISETP:
  case SIMT::FSETP: case SIMT::PSETP:
    return true;
  default:
    return false;
  }
}

bool removable(const MInst &I) {
  return pureOpcode(I.Opcode) && modifierOf(I, SIMT::MG_CC) == 0 &&
         modifierOf(I, SIMT::MG_PopSync) == 0 && I.ImplicitDefs.empty();
}

} // namespace

unsigned removeDeadCode(MFunction &MF) {
  SmallVector<Access, 8> Acc;
  return eraseUnread(MF, [&](const MInst &I, const WordsRead &Read) {
    if (!removable(I))
      return false;
    Acc.clear();
    accessesOf(I, Acc);
    bool Writes = false;
    for (const Access &A : Acc) {
      if (!A.Def)
        continue;
      // A register the ABI fixes (arguments, results) is read where the
      // MIR does not say: keep its writes. Any word read keeps it.
      if (Read.lookup(A.VReg) != 0 || MF.VRegs[A.VReg].Fixed >= 0)
        return false;
      Writes = true;
    }
    return Writes;
  });
}

} // namespace simt::cc

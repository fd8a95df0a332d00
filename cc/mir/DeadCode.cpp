//===-- DeadCode.cpp - Instructions whose results nothing reads -----------===//
#include "cc/mir/DeadCode.h"
#include "cc/mir/MIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

using namespace llvm;

namespace simt::cc {

namespace {

/// Pure records (the .td's properties) whose .CC and .S are off.
bool removable(const MInst &I) {
  return isPure(I.Opcode) && modifierOf(I, SIMT::MG_CC) == 0 &&
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

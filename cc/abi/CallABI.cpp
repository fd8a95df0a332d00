//===-- CallABI.cpp - Registers and frames of device-function calls -------===//
#include "cc/abi/CallABI.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc {

std::optional<std::vector<ABISlot>> layoutABI(ArrayRef<const VarDecl *> Params) {
  std::vector<ABISlot> Slots;
  uint64_t Offset = 0;
  for (const VarDecl *P : Params) {
    uint64_t Align = P->Align ? P->Align : std::max(1u, typeBits(P->Type) / 8);
    Align = std::clamp<uint64_t>(Align, 4, 8); // a word at least; pairs are even
    Offset = alignTo(Offset, Align);
    Slots.push_back({unsigned(Offset / 4), P->sizeInBytes()});
    Offset += alignTo(P->sizeInBytes(), 4);
  }
  if (Offset > abi::MaxParamBytes)
    return std::nullopt;
  return Slots;
}

unsigned abiWords(ArrayRef<ABISlot> Slots) {
  unsigned Words = 0;
  for (const ABISlot &S : Slots)
    Words = std::max<unsigned>(Words, S.FirstWord + alignTo(S.Size, 4) / 4);
  return Words;
}

uint64_t stackArgBytes(unsigned ArgWords, unsigned RetWords, uint64_t StackAlign) {
  unsigned Words = std::max(ArgWords, RetWords);
  if (Words <= abi::NumArgRegs)
    return 0;
  return alignTo(4 * uint64_t(Words - abi::NumArgRegs), StackAlign);
}

uint64_t stackAlignment(const Module &M) {
  uint64_t Align = 8;
  for (const auto &F : M.Functions)
    for (const VarDecl &V : F->Locals)
      if (V.Space == StateSpace::Local)
        Align = std::max<uint64_t>(Align, V.Align);
  return Align;
}

} // namespace simt::cc

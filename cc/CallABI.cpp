//===-- CallABI.cpp - Registers and frames of device-function calls -------===//
#include "cc/CallABI.h"

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
  if (Offset > 4 * abi::NumArgRegs)
    return std::nullopt;
  return Slots;
}

unsigned abiWords(ArrayRef<ABISlot> Slots) {
  unsigned Words = 0;
  for (const ABISlot &S : Slots)
    Words = std::max<unsigned>(Words, S.FirstWord + alignTo(S.Size, 4) / 4);
  return Words;
}

} // namespace simt::cc

//===-- ParamLayout.cpp - Where kernel parameters live in c[0x0] ----------===//
#include "cc/abi/ParamLayout.h"

#include "llvm/Support/MathExtras.h"

namespace simt::cc {

std::vector<ParamSlot> layoutParams(const Function &F) {
  std::vector<ParamSlot> Slots;
  uint64_t Offset = ParamBase;
  for (const VarDecl &P : F.Params) {
    ParamSlot S;
    S.Size = unsigned(P.sizeInBytes());
    unsigned Natural = std::max(1u, typeBits(P.Type) / 8) * std::max<unsigned>(1, P.Vec);
    S.Align = P.Align ? P.Align : Natural;
    Offset = llvm::alignTo(Offset, S.Align);
    S.Offset = unsigned(Offset);
    Offset += S.Size;
    Slots.push_back(S);
  }
  return Slots;
}

std::optional<ParamSlot> paramSlot(const Function &F, llvm::StringRef Name) {
  std::vector<ParamSlot> Slots = layoutParams(F);
  for (size_t N = 0; N < F.Params.size(); ++N)
    if (F.Params[N].Name == Name)
      return Slots[N];
  return std::nullopt;
}

} // namespace simt::cc

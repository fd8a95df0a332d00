//===-- ModuleData.cpp - Module variables in constant and global memory ---===//
#include "cc/abi/ModuleData.h"
#include "cc/ptx/Diagnostics.h"

#include "isa/SIMTLimits.h"

#include "llvm/Support/MathExtras.h"

#include <bit>
#include <cstring>

using namespace llvm;

namespace simt::cc {

static uint64_t naturalAlign(const VarDecl &V) {
  return std::max(1u, typeBits(V.Type) / 8) * (V.Vec ? V.Vec : 1);
}

ModuleDataLayout layoutModuleData(const Module &M) {
  ModuleDataLayout L;
  uint64_t ConstTop = 0, GlobalTop = 0;
  // Constant variables in declaration order, as nvcc places them; in the
  // global block the initialised ones first, then the others: the object
  // stores a block's bytes up to its last initialised one only.
  std::vector<const VarDecl *> Vars;
  for (bool Initialised : {true, false})
    for (const VarDecl &V : M.Globals)
      if ((V.Space == StateSpace::Global ? V.Init.has_value() : true) == Initialised)
        Vars.push_back(&V);
  for (const VarDecl *VP : Vars) {
    const VarDecl &V = *VP;
    if (V.Space != StateSpace::Const && V.Space != StateSpace::Global)
      continue;
    ModuleVarSlot S;
    S.Var = &V;
    S.IsConst = V.Space == StateSpace::Const;
    if (V.Link == Linkage::Extern) { // defined elsewhere: no place here
      L.Slots.insert({V.Name, S});
      continue;
    }
    S.Size = V.sizeInBytes();
    S.Align = std::max<uint64_t>(V.Align ? V.Align : naturalAlign(V), S.IsConst ? 4 : 1);
    uint64_t &Top = S.IsConst ? ConstTop : GlobalTop;
    S.Offset = alignTo(Top, S.Align);
    Top = S.Offset + S.Size;
    S.Fits = !S.IsConst || Top <= simt::limits::kConstBankBytes;
    auto It = L.Slots.insert({V.Name, S}).first;
    L.Order.push_back(&It->second);
  }
  return L;
}

StringRef varElementType(const VarDecl &V) {
  if (V.IsTexRef)
    return "texref";
  switch (V.Type) {
  case PTXType::S8: return "s8";
  case PTXType::U16: case PTXType::B16: return "u16";
  case PTXType::S16: return "s16";
  case PTXType::U32: case PTXType::B32: return "u32";
  case PTXType::S32: return "s32";
  case PTXType::U64: case PTXType::B64: return "u64";
  case PTXType::S64: return "s64";
  case PTXType::F32: return "f32";
  case PTXType::F64: return "f64";
  default: return "u8";
  }
}

/// The scalars of an initialiser, braces flattened ({{1, 2}, {3, 4}}).
static void flatten(const Operand &Op, std::vector<const Operand *> &Out) {
  if (Op.K == Operand::Vector) {
    for (const Operand &E : Op.Elems)
      flatten(E, Out);
    return;
  }
  Out.push_back(&Op);
}

bool encodeInitializer(const VarDecl &V, std::vector<uint8_t> &Bytes, Diagnostics &Diag,
                       std::vector<InitAddress> *Addresses) {
  const std::string Space = "." + spaceName(V.Space).str();
  if (V.Link == Linkage::Extern)
    return Diag.error(V.Loc, "not supported yet: '.extern' " + Twine(Space) + " variable '" + V.Name +
                                 "' (defined in another module)");
  const uint64_t Size = V.sizeInBytes();
  if (Size == 0)
    return Diag.error(V.Loc, "not supported yet: " + Space + " variable '" + V.Name +
                                 "' of unknown size");
  bool Float = isFloatType(V.Type);
  unsigned Elem = typeBits(V.Type) / 8;
  if (V.Type == PTXType::Pred || Elem == 0 ||
      (Float && V.Type != PTXType::F32 && V.Type != PTXType::F64) || V.Type == PTXType::B128)
    return Diag.error(V.Loc, "not supported yet: " + Space + " variable '" + V.Name +
                                 "' of type '." + typeName(V.Type) + "'");
  Bytes.clear();
  if (!V.Init)
    return false; // all zero
  Bytes.assign(Size, 0);
  std::vector<const Operand *> Values;
  flatten(*V.Init, Values);
  if (Values.size() > Size / Elem)
    return Diag.error(V.Init->Loc, "the initialiser of '" + V.Name + "' has " +
                                       Twine(Values.size()) + " values for " +
                                       Twine(Size / Elem) + " elements");
  for (size_t N = 0; N < Values.size(); ++N) {
    const Operand &E = *Values[N];
    uint64_t Bits;
    if (E.K == Operand::Symbol && (!Addresses || Elem != 8))
      return Diag.error(E.Loc, Addresses ? "not supported yet: the address of '" + E.Name +
                                               "' in a " + Twine(Elem * 8) +
                                               "-bit element of '" + V.Name +
                                               "' (addresses in initialisers are 64-bit)"
                                         : "not supported yet: the address of '" + E.Name +
                                               "' in the initialiser of '" + V.Name + "'");
    if (E.K == Operand::Symbol) {
      Addresses->push_back({N * Elem, E.Name, E.Int, E.Loc});
      continue;
    }
    if (E.K == Operand::Imm) {
      if (V.Type == PTXType::F32)
        Bits = std::bit_cast<uint32_t>(float(E.Int));
      else if (V.Type == PTXType::F64)
        Bits = std::bit_cast<uint64_t>(double(E.Int));
      else
        Bits = uint64_t(E.Int);
    } else if (E.K == Operand::FImm && Float) {
      if (E.FBits == 32 && V.Type == PTXType::F64)
        Bits = std::bit_cast<uint64_t>(double(std::bit_cast<float>(uint32_t(E.Int))));
      else if (E.FBits == 64 && V.Type == PTXType::F32)
        Bits = std::bit_cast<uint32_t>(float(std::bit_cast<double>(E.Int)));
      else
        Bits = uint64_t(E.Int);
    } else if (E.K == Operand::FImm) {
      return Diag.error(E.Loc, "a floating-point value in the initialiser of the '." +
                                   typeName(V.Type) + "' variable '" + V.Name + "'");
    } else {
      return Diag.error(E.Loc, "not supported yet: this value in the initialiser of '" +
                                   V.Name + "'");
    }
    for (unsigned B = 0; B < Elem; ++B)
      Bytes[N * Elem + B] = uint8_t(Bits >> (8 * B));
  }
  while (!Bytes.empty() && Bytes.back() == 0)
    Bytes.pop_back();
  return false;
}

} // namespace simt::cc

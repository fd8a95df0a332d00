//===-- PTXTypes.cpp - PTX vocabularies and their spellings ---------------===//
#include "cc/ptx/PTXTypes.h"

using namespace llvm;

namespace simt::cc {

namespace {
struct TypeRow {
  PTXType T;
  const char *Name;
  unsigned Bits;
};
constexpr TypeRow Types[] = {
    {PTXType::None, "", 0},        {PTXType::Pred, "pred", 1},
    {PTXType::B8, "b8", 8},        {PTXType::B16, "b16", 16},
    {PTXType::B32, "b32", 32},     {PTXType::B64, "b64", 64},
    {PTXType::B128, "b128", 128},  {PTXType::U8, "u8", 8},
    {PTXType::U16, "u16", 16},     {PTXType::U32, "u32", 32},
    {PTXType::U64, "u64", 64},     {PTXType::S8, "s8", 8},
    {PTXType::S16, "s16", 16},     {PTXType::S32, "s32", 32},
    {PTXType::S64, "s64", 64},     {PTXType::F16, "f16", 16},
    {PTXType::F16x2, "f16x2", 32}, {PTXType::BF16, "bf16", 16},
    {PTXType::BF16x2, "bf16x2", 32}, {PTXType::F32, "f32", 32},
    {PTXType::F64, "f64", 64},
};

constexpr const char *SpaceNames[] = {"", "reg", "sreg", "const", "global",
                                      "local", "param", "shared", "tex"};

constexpr const char *OpcodeNames[] = {
#define PTX_OPCODE(E, S) S,
#include "cc/ptx/PTXOpcodes.def"
};

constexpr const char *ModifierNames[] = {
#define PTX_MODIFIER(E, S) S,
#include "cc/ptx/PTXModifiers.def"
};

constexpr const char *SpecialRegNames[] = {
    "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid",
    "%smid", "%nsmid", "%gridid", "%lanemask_eq", "%lanemask_le",
    "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock64",
    "%pm0", "%pm1", "%pm2", "%pm3", "%globaltimer", "%globaltimer_lo",
    "%globaltimer_hi", "%total_smem_size", "%dynamic_smem_size", "%envreg"};

template <typename E, size_t N>
std::optional<E> findIn(const char *const (&Names)[N], StringRef S) {
  for (size_t I = 0; I < N; ++I)
    if (S == Names[I])
      return static_cast<E>(I);
  return std::nullopt;
}
} // namespace

std::optional<PTXType> lookupType(StringRef S) {
  for (const TypeRow &R : Types)
    if (R.T != PTXType::None && S == R.Name)
      return R.T;
  return std::nullopt;
}
StringRef typeName(PTXType T) { return Types[static_cast<unsigned>(T)].Name; }
unsigned typeBits(PTXType T) { return Types[static_cast<unsigned>(T)].Bits; }
bool isFloatType(PTXType T) {
  return T == PTXType::F16 || T == PTXType::F16x2 || T == PTXType::BF16 ||
         T == PTXType::BF16x2 || T == PTXType::F32 || T == PTXType::F64;
}
bool isSignedType(PTXType T) {
  return T == PTXType::S8 || T == PTXType::S16 || T == PTXType::S32 ||
         T == PTXType::S64;
}

std::optional<StateSpace> lookupSpace(StringRef S) {
  // .reg and .sreg are declarations, never instruction suffixes or variables.
  auto Space = findIn<StateSpace>(SpaceNames, S);
  if (!Space || *Space == StateSpace::None || *Space == StateSpace::Reg ||
      *Space == StateSpace::Sreg)
    return std::nullopt;
  return Space;
}
StringRef spaceName(StateSpace S) { return SpaceNames[static_cast<unsigned>(S)]; }

std::optional<Opcode> lookupOpcode(StringRef S) { return findIn<Opcode>(OpcodeNames, S); }
StringRef opcodeName(Opcode Op) { return OpcodeNames[static_cast<unsigned>(Op)]; }

unsigned videoParts(Opcode Op) {
  switch (Op) {
  case Opcode::Vabsdiff: case Opcode::Vadd: case Opcode::Vmad: case Opcode::Vmax:
  case Opcode::Vmin: case Opcode::Vset: case Opcode::Vshl: case Opcode::Vshr:
  case Opcode::Vsub:
    return 1;
  case Opcode::Vabsdiff2: case Opcode::Vadd2: case Opcode::Vavrg2: case Opcode::Vmax2:
  case Opcode::Vmin2: case Opcode::Vset2: case Opcode::Vsub2:
    return 2;
  case Opcode::Vabsdiff4: case Opcode::Vadd4: case Opcode::Vavrg4: case Opcode::Vmax4:
  case Opcode::Vmin4: case Opcode::Vset4: case Opcode::Vsub4:
    return 4;
  default:
    return 0;
  }
}

std::optional<Modifier> lookupModifier(StringRef S) {
  return findIn<Modifier>(ModifierNames, S);
}
StringRef modifierName(Modifier M) { return ModifierNames[static_cast<unsigned>(M)]; }

std::optional<SpecialReg> lookupSpecialReg(StringRef S) {
  if (S.starts_with("%envreg"))
    return envregIndex(S) ? std::optional(SpecialReg::Envreg) : std::nullopt;
  return findIn<SpecialReg>(SpecialRegNames, S);
}
std::optional<unsigned> envregIndex(StringRef S) {
  unsigned N;
  if (!S.consume_front("%envreg") || S.empty() || (S.size() > 1 && S[0] == '0') ||
      S.getAsInteger(10, N) || N > 31)
    return std::nullopt;
  return N;
}
StringRef specialRegName(SpecialReg R) {
  return SpecialRegNames[static_cast<unsigned>(R)];
}
bool specialRegHasComponent(SpecialReg R) { return R <= SpecialReg::Nctaid; }
bool specialRegIsUniform(SpecialReg R) {
  switch (R) {
  case SpecialReg::Ntid:
  case SpecialReg::Ctaid:
  case SpecialReg::Nctaid:
  case SpecialReg::Warpid:
  case SpecialReg::Nwarpid:
  case SpecialReg::Smid:
  case SpecialReg::Nsmid:
  case SpecialReg::Gridid:
  case SpecialReg::TotalSmemSize:
  case SpecialReg::DynamicSmemSize:
  case SpecialReg::Envreg:
    return true;
  default: // %tid, %laneid, lane masks; clocks and counters conservatively
    return false;
  }
}

} // namespace simt::cc

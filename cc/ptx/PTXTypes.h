//===-- PTXTypes.h - PTX types, state spaces, opcodes, modifiers ----------===//
//
// The closed vocabularies of PTX as enums with their spellings: fundamental
// types (.u32, .f32, .pred...), state spaces (.global, .shared...), the
// instruction names (PTXOpcodes.def), the instruction suffixes
// (PTXModifiers.def) and the special registers (%tid.x...). Lookups return
// std::nullopt for an unknown spelling so the parser can name it in an error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace simt::cc {

enum class PTXType : uint8_t {
  None,
  Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, F32, F64,
};

/// The types by their bare names, for the passes that build instructions
/// (`using namespace ptx_types;`).
namespace ptx_types {
inline constexpr PTXType Pred = PTXType::Pred, B16 = PTXType::B16, B32 = PTXType::B32,
                         B64 = PTXType::B64, U32 = PTXType::U32, U64 = PTXType::U64,
                         S32 = PTXType::S32, F32 = PTXType::F32, F64 = PTXType::F64;
} // namespace ptx_types

std::optional<PTXType> lookupType(llvm::StringRef Spelling); // without the dot
llvm::StringRef typeName(PTXType T);                          // without the dot
unsigned typeBits(PTXType T);                                 // 1 for .pred
bool isFloatType(PTXType T);
bool isSignedType(PTXType T);

enum class StateSpace : uint8_t { None, Reg, Sreg, Const, Global, Local, Param, Shared, Tex };

std::optional<StateSpace> lookupSpace(llvm::StringRef Spelling);
llvm::StringRef spaceName(StateSpace S);

enum class Opcode : uint8_t {
#define PTX_OPCODE(E, S) E,
#include "cc/ptx/PTXOpcodes.def"
};

std::optional<Opcode> lookupOpcode(llvm::StringRef Spelling);
llvm::StringRef opcodeName(Opcode Op);
/// The video instructions: scalar (vadd, ..., vshr, vmad, vset) and the
/// SIMD ones on halfwords (vadd2, ...) or bytes (vadd4, ...): their parts
/// (2 or 4), 1 for the scalar ones, 0 for any other instruction.
unsigned videoParts(Opcode Op);

enum class Modifier : uint8_t {
#define PTX_MODIFIER(E, S) E,
#include "cc/ptx/PTXModifiers.def"
};

std::optional<Modifier> lookupModifier(llvm::StringRef Spelling);
llvm::StringRef modifierName(Modifier M);

/// PTX's predefined read-only registers.
enum class SpecialReg : uint8_t {
  Tid, Ntid, Ctaid, Nctaid, // with a .x/.y/.z component
  Laneid, Warpid, Nwarpid, Smid, Nsmid, Gridid,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  Clock, Clock64, Pm0, Pm1, Pm2, Pm3, Globaltimer, GlobaltimerLo, GlobaltimerHi,
  TotalSmemSize, DynamicSmemSize,
  Envreg, // %envreg0..%envreg31: the index is the operand's Component
};

std::optional<SpecialReg> lookupSpecialReg(llvm::StringRef Name); // with the %
/// The N of `%envregN` (0..31), or none.
std::optional<unsigned> envregIndex(llvm::StringRef Name);
llvm::StringRef specialRegName(SpecialReg R);                    // with the %
bool specialRegHasComponent(SpecialReg R);
/// The same value in every thread of a warp (a uniformity source or not).
bool specialRegIsUniform(SpecialReg R);

} // namespace simt::cc

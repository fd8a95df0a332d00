//===-- SIMTOperandFlags.h - Flags inside compound MC operands ------------===//
//
// Shared by the parser, printer, code emitter, disassembler and the
// emulator's decoder: how a source modifier or an Sb operand kind is kept in
// the flags sub-operand of a compound MC operand.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "SIMTModGroups.h"

namespace llvm {
namespace SIMT {

// Flags sub-operand of RegNeg/RegNegAbs/RegInv.
enum RegModFlag : unsigned { RM_Neg = 1, RM_Abs = 2, RM_Inv = 4 };

// Flags sub-operand of Sb: kind in bits 0..1, then modifiers.
enum SrcBFlag : unsigned {
  SB_KindMask = 3,
  SB_Reg = 0,
  SB_Imm = 1,
  SB_Const = 2,
  SB_Neg = 4,
  SB_Abs = 8,
  SB_Inv = 16,
};

// Predicate operands: index in bits 0..2, negation in bit 3.
inline constexpr unsigned PredNegBit = 8;
inline constexpr unsigned PredTrue = 7;

// Sizes of immediate fields.
inline constexpr int64_t SbImmMin = -0x80000, SbImmMax = 0x7ffff;
inline constexpr int64_t MemOffMin = -0x800000, MemOffMax = 0x7fffff;
inline constexpr int64_t MemOff20Min = -0x80000, MemOff20Max = 0x7ffff;
inline constexpr int64_t BranchMin = -0x800000, BranchMax = 0x7fffff;

// ELF: our machine number and relocation types.
inline constexpr uint16_t EM_SIMT = 0x5349;
enum RelocType : unsigned { R_SIMT_NONE = 0, R_SIMT_PCREL24 = 1, R_SIMT_ABS32 = 2, R_SIMT_ABS64 = 3 };

} // namespace SIMT
} // namespace llvm

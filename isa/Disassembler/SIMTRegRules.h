//===-- SIMTRegRules.h - How many registers a register operand names ------===//
//
// ISA.md 2: 64-bit values live in even/odd pairs written as the even register
// (R62 cannot start one), 128-bit accesses in aligned quads. Which register
// operands are pairs or quads the records say (simt_tablegen.py): an operand
// class's RegBits (GPR64Op, RegNegAbs64, SbD), or an instruction's SizedBy,
// the modifier whose value's Bytes decide (the memory width, an atomic's
// .U64, a conversion's types, the 64-bit address of .E). One rule, used by
// the assembler (a diagnostic, and the register count of a kernel), the
// disassembler (such a word is an undefined encoding) and simt-objdump.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "SIMTModGroups.h"
#include "SIMTOperandRoles.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace llvm {
namespace SIMT {

/// One operand of one record (the generated SIMTOperands.def).
struct RegRuleOperand {
  unsigned Opcode;
  unsigned Index;       // first MC operand
  unsigned NumSubOps;
  unsigned Group;       // modifier or named group, NumModGroups if none
  unsigned Allowed;     // the group's values it takes
  OperandRole Role;
  OperandKind Kind;
  unsigned RegBits;     // register bits it names (0: none) unless SizeGroup
  unsigned SizeGroup;   // the group whose value's Bytes decide, or NumModGroups
  unsigned SizeIndex;   // the MC operand holding that value
};

inline const RegRuleOperand RegRuleOperands[] = {
#define SIMT_OPERAND(Rec, Name, Type, Index, NumSubOps, Group, Allowed, Role,    \
                     Kind, RegBits, SizeGroup, SizeIndex)                        \
  {SIMT::Rec, Index, NumSubOps, Group, Allowed, OperandRole::Role,               \
   OperandKind::Kind, RegBits, SizeGroup, SizeIndex},
#include "SIMTOperands.def"
};

/// The operands of one opcode: the generated list is grouped by record, so
/// each opcode's operands are one contiguous run (found once, then indexed;
/// the assembler and disassembler ask for every register operand).
inline ArrayRef<RegRuleOperand> regRuleOperandsOf(unsigned Opcode) {
  static const std::vector<std::pair<unsigned, unsigned>> Runs = [] {
    unsigned Max = 0;
    for (const RegRuleOperand &O : RegRuleOperands)
      Max = std::max(Max, O.Opcode);
    std::vector<std::pair<unsigned, unsigned>> R(Max + 1, {0, 0});
    const unsigned N = unsigned(std::size(RegRuleOperands));
    for (unsigned I = 0; I < N;) {
      unsigned J = I;
      while (J < N && RegRuleOperands[J].Opcode == RegRuleOperands[I].Opcode)
        ++J;
      R[RegRuleOperands[I].Opcode] = {I, J - I};
      I = J;
    }
    return R;
  }();
  if (Opcode >= Runs.size())
    return {};
  return ArrayRef<RegRuleOperand>(RegRuleOperands + Runs[Opcode].first,
                                  Runs[Opcode].second);
}

/// The number of consecutive registers (1, 2 or 4) that the register at MC
/// operand OpIdx of MI names; a register naming 2 or 4 must be aligned to
/// that count (RZ is always allowed).
inline unsigned regSpan(const MCInst &MI, unsigned OpIdx) {
  const RegRuleOperand *Op = nullptr;
  for (const RegRuleOperand &O : regRuleOperandsOf(MI.getOpcode()))
    if (OpIdx >= O.Index && OpIdx < O.Index + O.NumSubOps)
      Op = &O;
  if (!Op)
    return 1;
  unsigned Bytes = Op->RegBits / 8;
  if (Op->SizeGroup != NumModGroups && Op->SizeIndex < MI.getNumOperands() &&
      MI.getOperand(Op->SizeIndex).isImm()) {
    const ModGroupInfo &G = ModGroupTable[Op->SizeGroup];
    int64_t V = MI.getOperand(Op->SizeIndex).getImm();
    Bytes = V >= 0 && V < int64_t(G.NumSpellings) ? G.Bytes[V] : 4;
  }
  return std::max(1u, Bytes / 4);
}

/// Whether register index Idx (0..62, 63 = RZ) may start Span registers.
inline bool regAligned(unsigned Idx, unsigned Span) {
  return Idx == 63 || (Idx % Span == 0 && Idx + Span - 1 <= 62);
}

} // namespace SIMT
} // namespace llvm

//===-- SIMTRegRules.h - How many registers a register operand names -------===//
//
// ISA.md 2: 64-bit values live in even/odd pairs written as the even register
// (R62 cannot start one), 128-bit accesses in aligned quads. Which register
// operands are pairs or quads follows from the operand class (GPR64Op,
// RegNegAbs64, SbD) and from modifier values: the memory width (.64, .128),
// an atomic's .U64, a conversion's 64-bit types and the 64-bit address of .E.
// One rule, used by the assembler (a diagnostic, and the register count of a
// kernel), the disassembler (such a word is an undefined encoding) and
// simt-objdump.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "SIMTModGroups.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/MC/MCInst.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace llvm {
namespace SIMT {

struct RegRuleOperand {
  unsigned Opcode;
  const char *Name;     // operand name in the .td record
  const char *Type;     // operand class
  unsigned Index;       // first MC operand
  unsigned NumSubOps;
  unsigned Group;       // modifier group, NumModGroups if none
};

inline const RegRuleOperand RegRuleOperands[] = {
#define SIMT_OPERAND(Rec, Name, Type, Index, NumSubOps, Group, Allowed, ...)   \
  {SIMT::Rec, #Name, #Type, Index, NumSubOps, Group},
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

/// Value of modifier group G in MI, or -1 when MI has no such group.
inline int64_t regRuleModifier(const MCInst &MI, unsigned G) {
  for (const RegRuleOperand &O : regRuleOperandsOf(MI.getOpcode()))
    if (O.Group == G &&
        O.Index < MI.getNumOperands() && MI.getOperand(O.Index).isImm())
      return MI.getOperand(O.Index).getImm();
  return -1;
}

/// What decides an operand's register count, classified once from its
/// name and class so the per-instruction rule compares no strings.
struct RegSpanRule {
  uint8_t Fixed = 1;     // 1, 2 or 4 when nothing else applies
  bool MemAddr = false;  // an address: a pair under .E
  bool DataWidth = false; // rd/rb/rc: .64/.128 widths, an atomic's .U64
  bool CvtDst = false;   // a conversion destination (GPROp rd)
  bool CvtSrc = false;   // a conversion source (SbCvt sb)
};

inline RegSpanRule classifyRegSpan(const RegRuleOperand &O) {
  const StringRef Type = O.Type, Name = O.Name;
  RegSpanRule R;
  if (Type == "GPR64Op" || Type == "RegNegAbs64" || Type == "SbD") {
    R.Fixed = 2;
    return R;
  }
  if (Type == "GPR128Op") {
    R.Fixed = 4;
    return R;
  }
  if (Name == "addr") {
    R.MemAddr = Type == "MemAddr" || Type == "MemAddr20";
    return R;
  }
  R.DataWidth = Name == "rd" || Name == "rb" || Name == "rc";
  R.CvtDst = Name == "rd" && Type == "GPROp";
  R.CvtSrc = Name == "sb" && Type == "SbCvt";
  return R;
}

/// The number of consecutive registers (1, 2 or 4) that the register at MC
/// operand OpIdx of MI names; a register naming 2 or 4 must be aligned to
/// that count (RZ is always allowed).
inline unsigned regSpan(const MCInst &MI, unsigned OpIdx) {
  static const std::vector<RegSpanRule> Rules = [] {
    std::vector<RegSpanRule> R;
    for (const RegRuleOperand &O : RegRuleOperands)
      R.push_back(classifyRegSpan(O));
    return R;
  }();
  const RegRuleOperand *Op = nullptr;
  for (const RegRuleOperand &O : regRuleOperandsOf(MI.getOpcode()))
    if (OpIdx >= O.Index && OpIdx < O.Index + O.NumSubOps)
      Op = &O;
  if (!Op)
    return 1;
  const RegSpanRule &R = Rules[size_t(Op - RegRuleOperands)];
  if (R.MemAddr)
    return regRuleModifier(MI, MG_E) == 1 ? 2 : 1;
  if (R.DataWidth) {
    int64_t W = regRuleModifier(MI, MG_Width);
    if (W == 5) // .64
      return 2;
    if (W == 6) // .128
      return 4;
    if (regRuleModifier(MI, MG_AtomTy) == 2) // .U64
      return 2;
  }
  // Conversions: the destination by its type, the source by its type.
  auto Wide = [&](unsigned IntG, unsigned FltG) {
    int64_t I = regRuleModifier(MI, IntG), F = regRuleModifier(MI, FltG);
    return I == 6 || I == 7 || F == 1; // U64, S64 / F64
  };
  if (R.CvtDst && Wide(MG_IntDst, MG_FltDst))
    return 2;
  if (R.CvtSrc && Wide(MG_IntSrc, MG_FltSrc))
    return 2;
  return R.Fixed;
}

/// Whether register index Idx (0..62, 63 = RZ) may start Span registers.
inline bool regAligned(unsigned Idx, unsigned Span) {
  return Idx == 63 || (Idx % Span == 0 && Idx + Span - 1 <= 62);
}

} // namespace SIMT
} // namespace llvm

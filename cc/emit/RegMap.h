//===-- RegMap.h - Where each PTX register lives, for the debugger --------===//
//
// simt-dbg shows PTX registers (`print %r5`, `info registers`) through a map
// the translator writes into objects compiled with debug positions
// (`.file`/`.loc`, simt-cc -g): for each PTX register of each kernel and
// device function, the code ranges over which it is in an ISA register, a
// pair, a predicate or a local-memory spill slot. The ranges are the final
// code's live intervals (RegAlloc.h's liveIntervals), where an allocated
// value owns its register; a register coalesced into another value, or a
// spilled predicate kept as 0/1 in a GPR, is shown where that value is.
//
// The section `.simt.regmap` (format in docs/debugger.md, "PTX registers")
// holds no relocations: code offsets are differences of labels in the
// function's own `.text.NAME`, which the MC layer resolves.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class MCContext;
class MCStreamer;
class MCSymbol;
} // namespace llvm

namespace simt::cc {

struct Allocation;
struct MFunction;

/// One PTX register over one range of code.
struct RegLocation {
  enum Kind : uint8_t { GPR, Pair, Pred, Local, Const };
  std::string Name;   // "%r5"
  char Type = 'u';    // u s b f p (PTX's type letter)
  uint8_t Bits = 32;  // 1 for predicates
  Kind K = GPR;
  uint8_t Reg = 0;    // Rn, a pair's Rn, Pn; Local: the base register or 255; Const: the bank
  uint32_t Offset = 0; // Local: the slot's offset from the base (or from 0); Const: in the bank
  unsigned First = 0, Last = 0; // instructions in layout order, inclusive
};

/// The PTX registers of MF (after allocation and frame lowering) and where
/// they are.
std::vector<RegLocation> mapPTXRegisters(const MFunction &MF, const Allocation &A);

/// One function's map while its code is emitted: the ranges' ends become
/// labels before those instructions (the label differences are the
/// offsets, resolved by the MC layer).
struct FunctionRegMap {
  std::string Function;
  std::vector<RegLocation> Locs;
  /// Per instruction in layout order, and one past the last: the label to
  /// define before it, or null. The first one is always there (offset 0).
  std::vector<llvm::MCSymbol *> Labels;

  static FunctionRegMap create(const MFunction &MF, const Allocation &A, llvm::MCContext &Ctx);
  llvm::MCSymbol *labelBefore(size_t Inst) const {
    return Inst < Labels.size() ? Labels[Inst] : nullptr;
  }
};

/// Switches to `.simt.regmap`, after the code of every function. For
/// assembly text the directive is written with `%progbits`: this ISA's
/// assembler reads `@` as a predicate guard.
void switchToRegMap(llvm::MCStreamer &S, bool Text);

/// Appends M's record to the current section (`.simt.regmap`), after M's
/// labels have all been defined.
void emitRegMap(llvm::MCStreamer &S, const FunctionRegMap &M);

} // namespace simt::cc

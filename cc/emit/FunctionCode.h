//===-- FunctionCode.h - One function's final code, for its DWARF ---------===//
//
// What the DWARF of a function needs from its code after allocation and
// frame lowering, in layout order (the order Emit.cpp writes it):
// - the PTX position of each instruction (Instruction::Ord; an instruction
//   the lowering added has the next one's, as for line positions), so that
//   a range of clang's DWARF, between two PTX labels, becomes the
//   instructions that came from the PTX between them;
// - labels before instructions, made when asked for and defined while the
//   code is emitted, that the debug sections refer to;
// - where R1, the stack pointer, is relative to the frame's base (its value
//   after the prologue), in functions with a frame.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/emit/DwarfWriter.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class MCContext;
class MCSymbol;
} // namespace llvm

namespace simt::cc {

struct Allocation;
struct Instruction;
struct MFunction;

class FunctionCode {
public:
  FunctionCode(const MFunction &MF, const Allocation &A, llvm::MCContext &Ctx);

  const MFunction &function() const { return MF; }
  size_t size() const { return Ords.size(); }

  /// The instructions whose PTX position is in [Begin, End): sorted,
  /// disjoint [first, last + 1) runs of instruction indices.
  std::vector<std::pair<size_t, size_t>> instructionsFrom(unsigned Begin, unsigned End) const;

  /// Instructions [Begin, End) as a span of labels (made on first use).
  CodeSpan span(size_t Begin, size_t End);
  CodeSpan whole() { return span(0, size()); }
  /// The label to define before instruction N (N == size(): after the
  /// last), or null when nothing refers to it.
  llvm::MCSymbol *labelBefore(size_t N) const { return N < Labels.size() ? Labels[N] : nullptr; }

  /// The instruction after the last that came from a PTX instruction
  /// From accepts, 0 when none did.
  size_t afterLast(llvm::function_ref<bool(const Instruction &)> From) const;

  /// R1 less the frame's base when each instruction is about to run;
  /// nullopt where it is not known (before the prologue, in an epilogue
  /// under a guard) or the function has no frame.
  const std::vector<std::optional<int64_t>> &stackPointerOffsets() const { return SPOffsets; }

private:
  void findStackPointerOffsets(const Allocation &A);

  const MFunction &MF;
  llvm::MCContext &Ctx;
  std::vector<unsigned> Ords;
  std::vector<llvm::MCSymbol *> Labels;
  std::vector<std::optional<int64_t>> SPOffsets;
};

} // namespace simt::cc

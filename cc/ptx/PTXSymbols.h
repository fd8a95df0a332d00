//===-- PTXSymbols.h - Visiting the symbols a function's code names -------===//
//
// What instructions refer to by name (variables, functions, labels), nested
// operands (addresses, vectors, call lists) included: the variables a
// function's layout needs (isel), the calls a module leaves to the system
// (LinkSystemCalls).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Calls `Visit(Op)` for each symbol operand of F's instructions.
template <typename Fn> void forEachSymbol(const Function &F, Fn &&Visit) {
  auto Walk = [&](const Operand &Op, auto &Self) -> void {
    if (Op.K == Operand::Symbol)
      Visit(Op);
    for (const Operand &E : Op.Elems)
      Self(E, Self);
  };
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts)
      for (const Operand &Op : I.Ops)
        Walk(Op, Walk);
}

} // namespace simt::cc

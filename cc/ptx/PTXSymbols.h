//===-- PTXSymbols.h - Visiting the symbols a function's code names -------===//
//
// What instructions refer to by name (variables, functions, labels), nested
// operands (addresses, vectors, call lists) included: the variables a
// function's layout needs (isel), the calls a module leaves to the system
// (LinkSystemCalls), and the functions calls reach (the pipeline's
// translated functions, the kernels that share a device function's
// .shared variables).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

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

/// The device functions with a body that `Roots` call, directly or not
/// (a kernel is never a callee).
inline llvm::DenseSet<const Function *> calledFunctions(const Module &M,
                                                         llvm::ArrayRef<const Function *> Roots) {
  llvm::DenseSet<const Function *> Seen;
  std::vector<const Function *> Work(Roots.begin(), Roots.end());
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    for (const auto &B : F->Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Op != Opcode::Call)
          continue;
        for (const Operand &Op : I.Ops)
          if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
            if (const Function *C = M.function(Op.Name);
                C && C->HasBody && !C->IsKernel && Seen.insert(C).second)
              Work.push_back(C);
      }
  }
  return Seen;
}

} // namespace simt::cc

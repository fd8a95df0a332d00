//===-- JitSemantics.cpp - The fast forms, as the JIT's bitcode -----------===//
//
// Not part of any library: clang-19 compiles this file (and
// emu/core/FastForms.cpp) to LLVM bitcode at build time, and the JIT
// inlines simt_jit_step into every compiled run with the instruction as a
// constant, so each step folds to the one form it is. The semantics are
// execFast's own (emu/core/FastForms.h), the ones the interpreter runs:
// there is no second definition of an instruction to keep in step.
//
//===----------------------------------------------------------------------===//
#include "emu/core/FastForms.h"

using namespace simt::emu;

/// One instruction of a run, as Sm::issueFast does it: under the warp's
/// active mask and the guard, nothing when no lane takes part. Returns the
/// participating lanes (the count).
extern "C" __attribute__((always_inline)) uint32_t
simt_jit_step(WarpRegs *regs, const Grid *grid, const Inst *inst, uint32_t active) {
  // PT reads all lanes (WarpRegs keeps pred[PT] so and never writes it):
  // said here as a constant, so that an unguarded step of a converged warp
  // folds to its full-mask form.
  const uint32_t guard =
      inst->guard.idx == PT ? (inst->guard.neg ? 0u : AllLanes) : regs->predMask(inst->guard);
  const uint32_t mask = active & guard;
  if (mask != 0)
    execFast(*regs, *grid, *inst, mask);
  return mask;
}

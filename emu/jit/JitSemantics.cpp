//===-- JitSemantics.cpp - The fast forms, as the JIT's bitcode -----------===//
//
// Not part of any library: clang-19 compiles this file (and
// emu/core/FastForms.cpp) to LLVM bitcode at build time, and the JIT
// inlines one step function into a compiled run per instruction, with the
// instruction as a constant. The semantics are execFast's own
// (emu/core/FastForms.h), the ones the interpreter runs: there is no second
// definition of an instruction to keep in step.
//
// One step function per value of Inst::fast (form and operand source), each
// specialised at build time: inlining the whole of execFast for every
// instruction and folding it at run time cost the JIT seconds per hundred
// instructions. The build vectorises the lane loops (CMakeLists.txt), so
// that the JIT only inlines and folds.
//
//===----------------------------------------------------------------------===//
#include "emu/core/FastForms.h"

#include <array>
#include <utility>

using namespace simt::emu;

namespace {

using StepFn = uint32_t (*)(WarpRegs *, const Grid *, const Inst *, uint32_t);

/// One instruction of a run, as Sm::issueFast does it: under the warp's
/// active mask and the guard, nothing when no lane takes part. Returns the
/// participating lanes (the count). `Fast` is inst->fast.
template <uint8_t Fast>
uint32_t step(WarpRegs *regs, const Grid *grid, const Inst *inst, uint32_t active) {
  // PT reads all lanes (WarpRegs keeps pred[PT] so and never writes it):
  // said here as a constant, so that an unguarded step of a converged warp
  // folds to its full-mask form.
  const uint32_t guard =
      inst->guard.idx == PT ? (inst->guard.neg ? 0u : AllLanes) : regs->predMask(inst->guard);
  const uint32_t mask = active & guard;
  if (mask != 0) {
    Inst known = *inst;
    known.fast = Fast; // the same value, now a constant: execFast's switch folds
    execFast(*regs, *grid, known, mask);
  }
  return mask;
}

template <size_t... F>
constexpr std::array<StepFn, sizeof...(F)> steps(std::index_sequence<F...>) {
  return {&step<uint8_t(F)>...};
}

} // namespace

/// The step function of each Inst::fast value (RunIR.cpp reads it).
extern "C" const std::array<StepFn, fast::NumForms * 4> simt_jit_steps =
    steps(std::make_index_sequence<fast::NumForms * 4>());

//===-- ISel.h - PTX instructions to SIMT instructions ----------*- C++ -*-===//
//
// Instruction selection: each PTX instruction of a function becomes one or
// more SIMT instructions (MIR.h) on virtual registers, one per PTX register
// (32-bit values and predicates as they are, 64-bit ones as register pairs)
// plus temporaries. The selector (Selector.h, which lists its files) has a
// file per family of PTX instructions: moves, integer and f32 arithmetic,
// comparisons and selects, conversions, 64-bit integers and doubles (as
// register pairs), memory, atomics and votes, control, calls and module
// variables; division, square root and the MUFU functions expand to the
// sequences of LowerMath.h and LowerMath64.h. Anything else is reported as
// `not supported yet: '<opcode>'` at the instruction.
//
// Branches are selected as plain BRA; reconvergence (SSY/PBK) is placed by
// a later pass from the Reconvergence analysis.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/mir/MIR.h"

#include <memory>

namespace simt::cc {

class Diagnostics;
struct SharedLayout;

/// Selects F (which must have a body), with the module's agreement on the
/// .shared variables of device functions (cc/abi/SharedLayout.h); null
/// after reporting every instruction it cannot select.
std::unique_ptr<MFunction> selectInstructions(const Function &F, const SharedLayout &Shared,
                                              Diagnostics &Diag);

} // namespace simt::cc

//===-- ExpandHalf.h - PTX's half-precision instructions in f32 and f64 ---===//
//
// The ISA has no half-precision arithmetic (sm_53 added it), and nvcc's
// cuda_fp16 for sm_53 and later writes .f16 and .f16x2 instructions. Each
// becomes f32 arithmetic between conversions: a half to f32 is exact (its
// bits moved into place and scaled by 2^112, so that subnormal halves come
// out right), and f32 to half rounds once, to nearest even, in integers.
// add, sub and mul in f32 round to the correctly rounded half (f32 has
// 24 >= 2 * 11 + 2 bits); fma computes in f64, where the sum of a product
// of halves and a half that can still be a finite half is exact, and
// rounds to f32 by round-to-odd first so that the second rounding is
// right. A .f16x2 instruction is the same on each half of its words.
// Part of expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Whether Site has a .f16 or .f16x2 type.
bool isHalfInstruction(const Instruction &Site);

/// Appends Site's expansion to Out; false (Out unchanged) for a form it
/// does not know: directed roundings of cvt to f16, .ftz, atomics, ...
bool expandHalf(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

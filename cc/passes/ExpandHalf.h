//===-- ExpandHalf.h - PTX's half-precision instructions in f32 and f64 ---===//
//
// The ISA has no half-precision arithmetic (sm_53 added f16, sm_80 and
// sm_90 bf16), and nvcc's cuda_fp16 and cuda_bf16 for those targets write
// .f16, .f16x2, .bf16 and .bf16x2 instructions. Each becomes f32
// arithmetic between conversions: a half to f32 is exact (an f16's bits
// moved into place and scaled by 2^112, so that subnormal halves come out
// right; a bf16 is f32's upper half), and f32 to a half rounds once, to
// nearest even, in integers. add, sub and mul in f32 round to the
// correctly rounded half (f32 has 24 >= 2 * 11 + 2 bits); fma computes in
// f64, where the sum of a product of f16s and an f16 that can still be a
// finite half is exact (a bf16 sum, whose exponents reach f32's, is
// rounded to odd there with the sum's exact error), and rounds to f32 by
// round-to-odd first so that the second rounding is right. A pair is the
// same on each half of its words.
// Part of expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Whether Site has a .f16, .f16x2, .bf16 or .bf16x2 type.
bool isHalfInstruction(const Instruction &Site);

/// Appends Site's expansion to Out; false (Out unchanged) for a form it
/// does not know: directed roundings of cvt to f16, .ftz, atomics, ...
bool expandHalf(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

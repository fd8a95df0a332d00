//===-- ExpandInstructions.h - Composite PTX instructions expanded --------===//
//
// sm_20 PTX has instructions that nvcc 2.x-4.x wrote and that are short
// combinations of the core ones the selection implements. This pass
// rewrites each, on the PTX before the analyses, into those (PTX ISA
// semantics in the comments of ExpandInstructions.cpp):
//
//   set.cmp[.bop].dtype.stype d, a, b[, c]   setp + selp (1.0f or 0xffffffff)
//   slct.dtype.s32/.f32 d, a, b, c            setp.ge c, 0 + selp
//   cnot.bN d, a                              setp.eq a, 0 + selp 1, 0
//   copysign.f32/.f64 d, a, b                 the sign bit of a over |b| (and, or)
//   testp.op.f32/.f64 p, a                    setp on the bits (and, sub)
//   sad.type d, a, b, c                       c + max(a, b) - min(a, b)
//   lop3.b32 d, a, b, c, lut                  and/or/xor/not of b and c, then
//                                             a's choice between the halves
//   mad.wide.type d, a, b, c                  mul.wide + add
//   mul24/mad24.lo/.hi.u32/.s32               the 24-bit operands extended,
//                                             mul.lo (and mul.hi, shifts)
//   tex{.level,.grad}.{1d,2d,3d}.v4.dtype.ctype  loads through the texture's
//                                             binding (ExpandTexture.h)
//   suld.b / sust.b .{1d,2d,3d}               bounds-checked global loads and
//                                             stores through the surface's
//                                             descriptor (ExpandSurface.h)
//
// The last instruction of each expansion writes the destination; the
// others write new registers, all under the original guard. A form the
// pass does not know (a wrong operand count, a modifier it would drop) is
// left as it is, for the selection to report.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Expands F's composite instructions; whether any changed.
bool expandInstructions(Function &F);

} // namespace simt::cc

//===-- ExpandVideo.h - PTX's SIMD video instructions as scalar ones ------===//
//
// vadd2/4, vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4 and vset2/4
// operate on each halfword or byte the source selectors pick from the pair
// {b, a}: each element becomes a scalar video instruction on that part
// (vabsdiff with .b2, vset's 1 or 0, ...; vavrg a vadd and a rounding
// shift), saturated to the
// element's range under .sat, and the elements are merged into c under the
// destination's mask (bfi), or added to c under .add (the scalar .add
// chain). Part of expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Appends Site's expansion to Out; false (Out unchanged) for a form it
/// does not know (a selector that is not one, an operand that is not a
/// register).
bool expandVideo(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

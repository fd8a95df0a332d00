//===-- ExpandSurface.h - PTX surface loads and stores as global ones -----===//
//
// `suld.b` and `sust.b` of 1-, 2- and 3-D surfaces through a surface
// object's descriptor (the words of a texture binding, isa/SIMTLimits.h, in
// device memory: cudaCreateSurfaceObject): the coordinates bounds-checked
// by the instruction's mode, then global loads and stores. Part of
// expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Appends Site's expansion to Out; false (Out unchanged) for a form it
/// does not know: a guard, a surface reference, a layered surface.
bool expandSurface(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

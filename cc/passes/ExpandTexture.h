//===-- ExpandTexture.h - PTX texture reads as loads and arithmetic -------===//
//
// `tex.{1d,2d,3d}.v4.dtype.{s32,f32}` through a texture reference's binding
// (isa/SIMTLimits.h, docs/cuda.md "Textures"): this target has no texture
// unit, so a read is global loads and arithmetic, every step predicated.
// Part of expandInstructions (ExpandInstructions.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

/// Appends Site's expansion to Out; false (Out unchanged) for a form it
/// does not know: a guard, a texture object, another variable.
bool expandTexture(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

} // namespace simt::cc

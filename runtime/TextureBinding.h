//===-- TextureBinding.h - A texture reference's binding words --*- C++ -*-===//
//
// Binding a texture reference is a constant command: the reference is a
// `__constant__` variable of isa/SIMTLimits.h's kTextureBindingWords words
// (address, size, texel format, geometry, sampling) that texture fetches
// read. A run script's `bind`/`unbind` and the CUDA runtime's
// cudaBindTexture* state a binding here (DeviceSession::bindTexture); this unit
// checks it and turns it into those words.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_TEXTUREBINDING_H
#define SIMT_RUNTIME_TEXTUREBINDING_H

#include "isa/SIMTLimits.h"
#include "runtime/ObjectFile.h"
#include "runtime/RunScriptCommands.h"
#include "runtime/Values.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace simt::rt {

/// A texture reference's binding as the host states it (a run script's
/// `bind`, cudaBindTexture*): the bound bytes, the texel (`channels`
/// elements of `channelType`), the geometry (default: one row of every
/// texel) and the sampling.
struct TextureBinding {
  std::string memory; ///< what is bound, for messages ("buffer a", "cudaArray")
  uint64_t addr = 0, bytes = 0;
  ElemType channelType = ElemType::U8;
  unsigned channels = 1;
  std::optional<uint64_t> extent[3]; ///< width, height, depth in texels
  std::optional<uint64_t> pitch;     ///< bytes from a row to the next
  bool linear = false, normalized = false;
  simt::limits::TexAddressMode address[3] = {};
};

/// A binding's words (isa/SIMTLimits.h): a texture reference's constant
/// variable, or a texture or surface object's descriptor in device memory.
using TextureWords = std::array<uint32_t, simt::limits::kTextureBindingWords>;

/// The words of a binding; errors read as `bind`'s.
Expected<TextureWords> textureBindingWords(const TextureBinding &binding);

/// What a binding's words say, for people (the debugger's `info texture`):
/// lines of "  what: value", or one line saying nothing is bound.
std::string describeTextureWords(const TextureWords &words);

/// The constant command that writes texture reference `tex`'s binding words
/// (all zero for nullopt: unbound). Errors read as `bind`'s.
Expected<ConstCommand> textureBindingCommand(const VarInfo &tex,
                                             const std::optional<TextureBinding> &binding);

} // namespace simt::rt

#endif // SIMT_RUNTIME_TEXTUREBINDING_H

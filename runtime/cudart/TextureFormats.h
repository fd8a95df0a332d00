//===-- TextureFormats.h - CUDA arrays and sampling descriptions ----------===//
//
// What texture references (Textures.cpp) and texture and surface objects
// (TextureObjects.cpp) share: CUDA arrays, and a binding's texel format,
// filter and addressing from CUDA's descriptions of them.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_TEXTUREFORMATS_H
#define SIMT_RUNTIME_CUDART_TEXTUREFORMATS_H

#include "runtime/TextureBinding.h"
#include "runtime/cudart/Runtime.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

/// A CUDA array: its memory, texel format and extent in texels (rows of
/// width texels, height rows a slice, depth slices).
struct cudaArray {
  uint64_t device = 0;
  cudaChannelFormatDesc desc{};
  size_t width = 0, height = 0, depth = 1, texelBytes = 0;
  size_t rowBytes() const { return width * texelBytes; }
  size_t bytes() const { return rowBytes() * height * depth; }
};

namespace simt::cudart {

/// The array `a` names, if the runtime made it (cudaMallocArray and friends).
cudaArray *findArray(const cudaArray *a);

/// Binding linear memory at devPtr: `*offset` (if asked) is 0, any address
/// being aligned enough (no texture unit); `*avail` the bytes from devPtr to
/// its allocation's end; cudaErrorInvalidDevicePointer outside every one.
cudaError_t linearMemory(Runtime &RT, size_t *offset, const void *devPtr, uint64_t *avail);

/// The element type and channel count of a channel format; false if this
/// device cannot sample it (channels of different widths, or widths other
/// than 8, 16 and 32 bits).
bool texelOf(const cudaChannelFormatDesc &d, simt::rt::ElemType *type, unsigned *channels);

/// A binding's texel, filter and addressing from CUDA's descriptions, or
/// the error CUDA gives (with a line of why in *why, for the channel
/// format) when this device cannot sample them.
cudaError_t describeSampling(const cudaChannelFormatDesc *desc, cudaTextureFilterMode filter,
                             bool normalized, const cudaTextureAddressMode address[3],
                             simt::rt::TextureBinding &b, const char **why);

} // namespace simt::cudart

#endif // SIMT_RUNTIME_CUDART_TEXTUREFORMATS_H

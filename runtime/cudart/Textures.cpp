//===-- Textures.cpp - Texture references, channel formats, CUDA arrays ---===//
//
// A texture reference is a constant variable of the kernel's object, its
// binding (isa/SIMTLimits.h); binding it writes the binding words as a
// constant command (Session::bindTexture, as a run script's `bind`), from
// the bound memory, the channel format and the reference's filterMode,
// addressMode and normalized fields. A CUDA array is a device allocation
// of rows of texels (this target models no texture unit, so no tiled
// layout); binding one gives the texture its width, height and pitch.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

#include <cstring>

using simt::cudart::Runtime;
using simt::limits::TexAddressMode;

/// A CUDA array: its memory, texel format and extent in texels.
struct cudaArray {
  uint64_t device = 0;
  cudaChannelFormatDesc desc{};
  size_t width = 0, height = 0, texelBytes = 0;
};

namespace {
std::vector<std::unique_ptr<cudaArray>> Arrays;

/// The element type and channel count of a channel format; false if this
/// device cannot sample it (channels of different widths, or widths other
/// than 8, 16 and 32 bits).
bool texelOf(const cudaChannelFormatDesc &d, simt::rt::ElemType *type, unsigned *channels) {
  using simt::rt::ElemType;
  const int widths[4] = {d.x, d.y, d.z, d.w};
  *channels = 0;
  for (int w : widths) {
    if (!w)
      break;
    if (w != d.x)
      return false;
    ++*channels;
  }
  if (!*channels || *channels == 3)
    return false;
  switch (d.f) {
  case cudaChannelFormatKindFloat:
    if (d.x != 32)
      return false; // half textures need a texture unit's conversion
    *type = ElemType::F32;
    return true;
  case cudaChannelFormatKindSigned:
  case cudaChannelFormatKindUnsigned: {
    const bool s = d.f == cudaChannelFormatKindSigned;
    if (d.x == 8)
      *type = s ? ElemType::S8 : ElemType::U8;
    else if (d.x == 16)
      *type = s ? ElemType::S16 : ElemType::U16;
    else if (d.x == 32)
      *type = s ? ElemType::S32 : ElemType::U32;
    else
      return false;
    return true;
  }
  default:
    return false;
  }
}

TexAddressMode addressMode(cudaTextureAddressMode m, bool normalized) {
  switch (m) {
  case cudaAddressModeBorder: return TexAddressMode::Border;
  // Wrap and mirror need normalized coordinates; CUDA clamps otherwise.
  case cudaAddressModeWrap: return normalized ? TexAddressMode::Wrap : TexAddressMode::Clamp;
  case cudaAddressModeMirror: return normalized ? TexAddressMode::Mirror : TexAddressMode::Clamp;
  default: return TexAddressMode::Clamp;
  }
}

/// Binds `texref` to `bytes` at device address `addr` with the given
/// geometry (width 0: one row of every texel).
cudaError_t bind(Runtime &RT, const textureReference *texref, uint64_t addr, uint64_t bytes,
                 const cudaChannelFormatDesc *desc, size_t width, size_t height, size_t pitch,
                 const char *call) {
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const simt::cudart::SymbolEntry *entry = RT.textureEntry(texref);
  const simt::rt::VarInfo *var = entry ? RT.textureVar(*entry) : nullptr;
  if (!var)
    return RT.result(cudaErrorInvalidTexture);
  simt::rt::TextureBinding b;
  if (!desc || !texelOf(*desc, &b.channelType, &b.channels))
    return RT.fail(cudaErrorInvalidChannelDescriptor, call,
                   "channels of 8, 16 or 32 bits (32-bit float), 1, 2 or 4 of them, are what "
                   "this device samples");
  if (texref->filterMode == cudaFilterModeLinear && desc->f != cudaChannelFormatKindFloat &&
      desc->x == 32)
    return RT.result(cudaErrorInvalidFilterSetting);
  b.memory = "the bound memory";
  b.addr = addr;
  b.bytes = bytes;
  if (width) {
    b.extent[0] = width;
    if (height)
      b.extent[1] = height;
    b.pitch = pitch;
  }
  b.linear = texref->filterMode == cudaFilterModeLinear;
  b.normalized = texref->normalized != 0;
  for (int d = 0; d < 3; ++d)
    b.address[d] = addressMode(texref->addressMode[d], b.normalized);
  simt::Status st = RT.session()->bindTexture(*var, b);
  if (!st)
    return RT.fail(cudaErrorInvalidValue, call, st.message());
  return cudaSuccess;
}

/// The allocation bytes from `devPtr` to its end, or 0 if not device memory.
uint64_t bytesToEnd(Runtime &RT, const void *devPtr) {
  uint64_t addr = reinterpret_cast<uintptr_t>(devPtr);
  const simt::emu::MemRange *a = RT.session()->memory().findAllocation(addr);
  return a ? a->base + a->size - addr : 0;
}

cudaArray *findArray(const cudaArray *a) {
  for (auto &p : Arrays)
    if (p.get() == a)
      return p.get();
  return nullptr;
}
} // namespace

extern "C" {

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size) {
  SIMT_CUDART_ENTRY;
  if (offset)
    *offset = 0; // any address is aligned enough: no texture unit
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  uint64_t avail = bytesToEnd(RT, devPtr);
  if (!avail)
    return RT.result(cudaErrorInvalidDevicePointer);
  if (size != ~size_t(0) && size > avail)
    return RT.result(cudaErrorInvalidValue);
  return bind(RT, texref, reinterpret_cast<uintptr_t>(devPtr),
              size == ~size_t(0) ? avail : size, desc, 0, 0, 0, "cudaBindTexture");
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch) {
  SIMT_CUDART_ENTRY;
  if (offset)
    *offset = 0;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  uint64_t avail = bytesToEnd(RT, devPtr);
  if (!avail)
    return RT.result(cudaErrorInvalidDevicePointer);
  if (!width || !height)
    return RT.result(cudaErrorInvalidValue);
  return bind(RT, texref, reinterpret_cast<uintptr_t>(devPtr), std::min<uint64_t>(avail, UINT32_MAX),
              desc, width, height, pitch, "cudaBindTexture2D");
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   const struct cudaArray *array,
                                   const struct cudaChannelFormatDesc *desc) {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(array);
  if (!a)
    return RT.result(cudaErrorInvalidResourceHandle);
  return bind(RT, texref, a->device, a->width * a->height * a->texelBytes,
              desc ? desc : &a->desc, a->width, a->height, a->width * a->texelBytes,
              "cudaBindTextureToArray");
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref) {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const simt::cudart::SymbolEntry *entry = RT.textureEntry(texref);
  const simt::rt::VarInfo *var = entry ? RT.textureVar(*entry) : nullptr;
  if (!var)
    return RT.result(cudaErrorInvalidTexture);
  simt::Status st = RT.session()->bindTexture(*var, std::nullopt);
  return st ? cudaSuccess : RT.fail(cudaErrorInvalidTexture, "cudaUnbindTexture", st.message());
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *) {
  if (!offset)
    return cudaErrorInvalidValue;
  *offset = 0;
  return cudaSuccess;
}

cudaError_t cudaMallocArray(struct cudaArray **array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int) {
  SIMT_CUDART_ENTRY;
  simt::rt::ElemType type;
  unsigned channels;
  if (!array || !desc || !width)
    return RT.result(cudaErrorInvalidValue);
  if (!texelOf(*desc, &type, &channels))
    return RT.result(cudaErrorInvalidChannelDescriptor);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  auto a = std::make_unique<cudaArray>();
  a->desc = *desc;
  a->width = width;
  a->height = height ? height : 1;
  a->texelBytes = size_t(desc->x / 8) * channels;
  auto addr = RT.session()->memory().allocate(a->width * a->height * a->texelBytes);
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  RT.session()->memory().setName(*addr, "cudaArray");
  a->device = *addr;
  *array = a.get();
  Arrays.push_back(std::move(a));
  return cudaSuccess;
}

cudaError_t cudaFreeArray(struct cudaArray *array) {
  SIMT_CUDART_ENTRY;
  if (!array)
    return cudaSuccess;
  for (auto it = Arrays.begin(); it != Arrays.end(); ++it)
    if (it->get() == array) {
      if (RT.session())
        (void)RT.session()->memory().free(array->device);
      Arrays.erase(it);
      return cudaSuccess;
    }
  return RT.result(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                               const struct cudaArray *array) {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(array);
  if (!desc || !a)
    return RT.result(cudaErrorInvalidValue);
  *desc = a->desc;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(struct cudaArray *dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind) {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(dst);
  if (!a)
    return RT.result(cudaErrorInvalidResourceHandle);
  const size_t rowBytes = a->width * a->texelBytes;
  if (wOffset + width > rowBytes || hOffset + height > a->height)
    return RT.result(cudaErrorInvalidValue);
  void *to = reinterpret_cast<void *>(uintptr_t(a->device + hOffset * rowBytes + wOffset));
  return cudaMemcpy2D(to, rowBytes, src, spitch, width, height,
                      kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyHostToDevice);
}

cudaError_t cudaMemcpyToArray(struct cudaArray *dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count, enum cudaMemcpyKind kind) {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(dst);
  if (!a)
    return RT.result(cudaErrorInvalidResourceHandle);
  const size_t rowBytes = a->width * a->texelBytes;
  const size_t at = hOffset * rowBytes + wOffset;
  if (at + count > rowBytes * a->height)
    return RT.result(cudaErrorInvalidValue);
  return cudaMemcpy(reinterpret_cast<void *>(uintptr_t(a->device + at)), src, count,
                    kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyHostToDevice);
}

} // extern "C"

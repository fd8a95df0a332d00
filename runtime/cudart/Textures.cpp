//===-- Textures.cpp - Texture references, channel formats, CUDA arrays ---===//
//
// A texture reference is a constant variable of the kernel's object, its
// binding (isa/SIMTLimits.h); binding it writes the binding words as a
// constant command (DeviceSession::bindTexture, as a run script's `bind`), from
// the bound memory, the channel format and the reference's filterMode,
// addressMode and normalized fields. A CUDA array is a device allocation
// of rows of texels (this target models no texture unit, so no tiled
// layout); binding one gives the texture its width, height and pitch.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"
#include "runtime/cudart/TextureFormats.h"

#include <cstring>

using simt::cudart::Runtime;
using simt::limits::TexAddressMode;

namespace simt::cudart {
namespace {
std::vector<std::unique_ptr<cudaArray>> Arrays;
} // namespace

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

namespace {
TexAddressMode addressMode(cudaTextureAddressMode m, bool normalized) {
  switch (m) {
  case cudaAddressModeBorder: return TexAddressMode::Border;
  // Wrap and mirror need normalized coordinates; CUDA clamps otherwise.
  case cudaAddressModeWrap: return normalized ? TexAddressMode::Wrap : TexAddressMode::Clamp;
  case cudaAddressModeMirror: return normalized ? TexAddressMode::Mirror : TexAddressMode::Clamp;
  default: return TexAddressMode::Clamp;
  }
}
} // namespace

cudaError_t describeSampling(const cudaChannelFormatDesc *desc, cudaTextureFilterMode filter,
                             bool normalized, const cudaTextureAddressMode address[3],
                             simt::rt::TextureBinding &b, const char **why) {
  if (!desc || !texelOf(*desc, &b.channelType, &b.channels)) {
    *why = "channels of 8, 16 or 32 bits (32-bit float), 1, 2 or 4 of them, are what this "
           "device samples";
    return cudaErrorInvalidChannelDescriptor;
  }
  if (filter == cudaFilterModeLinear && desc->f != cudaChannelFormatKindFloat && desc->x == 32)
    return cudaErrorInvalidFilterSetting;
  b.linear = filter == cudaFilterModeLinear;
  b.normalized = normalized;
  for (int d = 0; d < 3; ++d)
    b.address[d] = addressMode(address[d], normalized);
  return cudaSuccess;
}

cudaError_t linearMemory(Runtime &RT, size_t *offset, const void *devPtr, uint64_t *avail) {
  if (offset)
    *offset = 0;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  uint64_t addr = reinterpret_cast<uintptr_t>(devPtr);
  const simt::emu::MemRange *a = RT.session()->memory().findAllocation(addr);
  if (!a)
    return RT.result(cudaErrorInvalidDevicePointer);
  *avail = a->base + a->size - addr;
  return cudaSuccess;
}

cudaArray *findArray(const cudaArray *a) {
  for (auto &p : Arrays)
    if (p.get() == a)
      return p.get();
  return nullptr;
}
} // namespace simt::cudart

using namespace simt::cudart;

namespace {
/// Binds `texref` to `bytes` at device address `addr` with the given
/// geometry (width 0: one row of every texel).
cudaError_t bind(Runtime &RT, const textureReference *texref, uint64_t addr, uint64_t bytes,
                 const cudaChannelFormatDesc *desc, size_t width, size_t height, size_t depth,
                 size_t pitch, const char *call) {
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const simt::rt::VarInfo *var = RT.textureVar(texref);
  if (!var)
    return RT.result(cudaErrorInvalidTexture);
  simt::rt::TextureBinding b;
  const char *why = nullptr;
  if (cudaError_t e = describeSampling(desc, texref->filterMode, texref->normalized != 0,
                                       texref->addressMode, b, &why))
    return why ? RT.fail(e, call, why) : RT.result(e);
  b.memory = "the bound memory";
  b.addr = addr;
  b.bytes = bytes;
  if (width) {
    b.extent[0] = width;
    if (height)
      b.extent[1] = height;
    if (height && depth > 1)
      b.extent[2] = depth;
    b.pitch = pitch;
  }
  simt::Status st = RT.session()->bindTexture(*var, b);
  if (!st)
    return RT.fail(cudaErrorInvalidValue, call, st.message());
  return cudaSuccess;
}

/// One side of cudaMemcpy3D: where its rows start, their pitch, rows per
/// slice, and the element size (an array's texel; 1 for a pointer).
struct Copy3DSide {
  const cudaArray *array = nullptr;
  uint8_t *base = nullptr; ///< the host pointer or device address of (x, 0, 0)
  size_t x = 0, y = 0, z = 0, pitch = 0, rows = 0, elem = 1;
  void *at(size_t row, size_t slice) const {
    return base + ((z + slice) * rows + y + row) * pitch;
  }
};

cudaError_t copy3DSide(Runtime &RT, const cudaArray *array, const cudaPitchedPtr &ptr,
                       const cudaPos &pos, Copy3DSide *s) {
  if (array) {
    s->array = findArray(array);
    if (!s->array)
      return RT.result(cudaErrorInvalidResourceHandle);
    s->elem = s->array->texelBytes;
    s->pitch = s->array->rowBytes();
    s->rows = s->array->height;
    s->base = reinterpret_cast<uint8_t *>(uintptr_t(s->array->device));
  } else {
    s->pitch = ptr.pitch;
    s->rows = ptr.ysize ? ptr.ysize : 1;
    s->base = static_cast<uint8_t *>(ptr.ptr);
  }
  s->x = pos.x * s->elem, s->y = pos.y, s->z = pos.z;
  s->base += s->x;
  return cudaSuccess;
}
} // namespace

extern "C" {

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size) try {
  SIMT_CUDART_ENTRY;
  uint64_t avail = 0;
  if (cudaError_t e = linearMemory(RT, offset, devPtr, &avail))
    return e;
  if (size != ~size_t(0) && size > avail)
    return RT.result(cudaErrorInvalidValue);
  return bind(RT, texref, reinterpret_cast<uintptr_t>(devPtr),
              size == ~size_t(0) ? avail : size, desc, 0, 0, 0, 0, "cudaBindTexture");
} SIMT_CUDART_CATCH

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch) try {
  SIMT_CUDART_ENTRY;
  uint64_t avail = 0;
  if (cudaError_t e = linearMemory(RT, offset, devPtr, &avail))
    return e;
  if (!width || !height)
    return RT.result(cudaErrorInvalidValue);
  return bind(RT, texref, reinterpret_cast<uintptr_t>(devPtr), std::min<uint64_t>(avail, UINT32_MAX),
              desc, width, height, 1, pitch, "cudaBindTexture2D");
} SIMT_CUDART_CATCH

cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   const struct cudaArray *array,
                                   const struct cudaChannelFormatDesc *desc) try {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(array);
  if (!a)
    return RT.result(cudaErrorInvalidResourceHandle);
  return bind(RT, texref, a->device, a->bytes(), desc ? desc : &a->desc, a->width, a->height,
              a->depth, a->rowBytes(), "cudaBindTextureToArray");
} SIMT_CUDART_CATCH

cudaError_t cudaUnbindTexture(const struct textureReference *texref) try {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const simt::rt::VarInfo *var = RT.textureVar(texref);
  if (!var)
    return RT.result(cudaErrorInvalidTexture);
  simt::Status st = RT.session()->bindTexture(*var, std::nullopt);
  return st ? cudaSuccess : RT.fail(cudaErrorInvalidTexture, "cudaUnbindTexture", st.message());
} SIMT_CUDART_CATCH

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *) {
  if (!offset)
    return cudaErrorInvalidValue;
  *offset = 0;
  return cudaSuccess;
}

cudaError_t cudaMalloc3DArray(struct cudaArray **array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  // Every array is rows of texels: sampled and a surface alike. Layers and
  // cube faces would need fetches this device does not have.
  if (flags & (cudaArrayLayered | cudaArrayCubemap))
    return RT.fail(cudaErrorNotSupported, "cudaMalloc3DArray",
                   "layered and cubemap arrays: their fetches need a texture unit");
  simt::rt::ElemType type;
  unsigned channels;
  if (!array || !desc || !extent.width || (extent.depth && !extent.height))
    return RT.result(cudaErrorInvalidValue);
  if (!texelOf(*desc, &type, &channels))
    return RT.result(cudaErrorInvalidChannelDescriptor);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  auto a = std::make_unique<cudaArray>();
  a->desc = *desc;
  a->width = extent.width;
  a->height = extent.height ? extent.height : 1;
  a->depth = extent.depth ? extent.depth : 1;
  a->texelBytes = size_t(desc->x / 8) * channels;
  auto addr = RT.allocateDevice(a->bytes());
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  RT.session()->memory().setName(*addr, "cudaArray");
  a->device = *addr;
  *array = a.get();
  Arrays.push_back(std::move(a));
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMallocArray(struct cudaArray **array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags) try {
  SIMT_CUDART_ENTRY; // the call the program made, for messages and the profiler
  return cudaMalloc3DArray(array, desc, make_cudaExtent(width, height, 0), flags);
} SIMT_CUDART_CATCH

cudaError_t cudaFreeArray(struct cudaArray *array) try {
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
} SIMT_CUDART_CATCH

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                               const struct cudaArray *array) try {
  SIMT_CUDART_ENTRY;
  const cudaArray *a = findArray(array);
  if (!desc || !a)
    return RT.result(cudaErrorInvalidValue);
  *desc = a->desc;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!p || (!p->srcArray == !p->srcPtr.ptr) || (!p->dstArray == !p->dstPtr.ptr))
    return RT.result(cudaErrorInvalidValue);
  Copy3DSide src, dst;
  if (cudaError_t e = copy3DSide(RT, p->srcArray, p->srcPtr, p->srcPos, &src))
    return e;
  if (cudaError_t e = copy3DSide(RT, p->dstArray, p->dstPtr, p->dstPos, &dst))
    return e;
  // The width in elements when an array is involved, else in bytes.
  const size_t elem = p->srcArray ? src.elem : p->dstArray ? dst.elem : 1;
  const size_t rowBytes = p->extent.width * elem;
  const size_t rows = p->extent.height ? p->extent.height : 1;
  const size_t slices = p->extent.depth ? p->extent.depth : 1;
  for (const Copy3DSide *s : {&src, &dst})
    if (s->x + rowBytes > s->pitch || (s->array && (s->y + rows > s->rows ||
                                                    s->z + slices > s->array->depth)))
      return RT.result(cudaErrorInvalidValue);
  cudaMemcpyKind kind = p->kind;
  if (p->srcArray && kind == cudaMemcpyHostToDevice)
    kind = cudaMemcpyDeviceToDevice; // an array is device memory whatever the kind says
  if (p->dstArray && kind == cudaMemcpyDeviceToHost)
    kind = cudaMemcpyDeviceToDevice;
  for (size_t z = 0; z < slices; ++z)
    for (size_t y = 0; y < rows; ++y)
      if (cudaError_t e = cudaMemcpyAsync(dst.at(y, z), src.at(y, z), rowBytes, kind, stream))
        return e;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) { return cudaMemcpy3DAsync(p, 0); }

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitched, struct cudaExtent extent) try {
  SIMT_CUDART_ENTRY;
  if (!pitched)
    return RT.result(cudaErrorInvalidValue);
  size_t pitch = 0;
  void *p = nullptr;
  const size_t rows = extent.height ? extent.height : 1, slices = extent.depth ? extent.depth : 1;
  if (rows > SIZE_MAX / slices) // a size past 2^64
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, rows * slices))
    return e;
  *pitched = make_cudaPitchedPtr(p, pitch, extent.width, extent.height);
  return cudaSuccess;
} SIMT_CUDART_CATCH

// The 1-D and 2-D array copies, as 3-D ones of one slice.
static cudaError_t copy2D(struct cudaArray *dstArray, const cudaArray *srcArray, void *ptr,
                          size_t pitch, size_t wOffset, size_t hOffset, size_t widthBytes,
                          size_t height, cudaMemcpyKind kind) {
  const cudaArray *a = findArray(dstArray ? dstArray : srcArray);
  if (!a || widthBytes % a->texelBytes || wOffset % a->texelBytes)
    return cudaErrorInvalidValue;
  cudaMemcpy3DParms p = {};
  p.extent = make_cudaExtent(widthBytes / a->texelBytes, height, 1);
  p.kind = kind;
  cudaPos pos = make_cudaPos(wOffset / a->texelBytes, hOffset, 0);
  cudaPitchedPtr host = make_cudaPitchedPtr(ptr, pitch, widthBytes, height);
  if (dstArray) {
    p.dstArray = dstArray, p.dstPos = pos, p.srcPtr = host;
  } else {
    p.srcArray = const_cast<cudaArray *>(srcArray), p.srcPos = pos, p.dstPtr = host;
  }
  return cudaMemcpy3D(&p);
}

cudaError_t cudaMemcpy2DToArray(struct cudaArray *dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return RT.result(copy2D(dst, nullptr, const_cast<void *>(src), spitch, wOffset, hOffset,
                          width, height, kind));
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, const struct cudaArray *src,
                                  size_t wOffset, size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return RT.result(copy2D(nullptr, src, dst, dpitch, wOffset, hOffset, width, height, kind));
} SIMT_CUDART_CATCH

// A linear copy to or from an array runs on from (wOffset, hOffset) across
// rows: the device address it starts at, if `count` bytes fit.
static cudaError_t linearInArray(const cudaArray *array, size_t wOffset, size_t hOffset,
                                 size_t count, void **at) {
  const cudaArray *a = findArray(array);
  if (!a)
    return cudaErrorInvalidResourceHandle;
  const size_t offset = hOffset * a->rowBytes() + wOffset;
  if (offset + count > a->bytes())
    return cudaErrorInvalidValue;
  *at = reinterpret_cast<void *>(uintptr_t(a->device + offset));
  return cudaSuccess;
}

cudaError_t cudaMemcpyToArray(struct cudaArray *dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count, enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  void *at = nullptr;
  if (cudaError_t e = linearInArray(dst, wOffset, hOffset, count, &at))
    return RT.result(e);
  return cudaMemcpy(at, src, count,
                    kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyHostToDevice);
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpyFromArray(void *dst, const struct cudaArray *src, size_t wOffset,
                                size_t hOffset, size_t count, enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  void *at = nullptr;
  if (cudaError_t e = linearInArray(src, wOffset, hOffset, count, &at))
    return RT.result(e);
  return cudaMemcpy(dst, at, count,
                    kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyDeviceToHost);
} SIMT_CUDART_CATCH

} // extern "C"

//===-- TextureObjects.cpp - Texture and surface objects ------------------===//
//
// A texture or surface object (compute capability 3.0) is a descriptor in
// device memory: the words of a texture reference's binding
// (isa/SIMTLimits.h), which PTX's tex, suld and sust read through the
// object's handle, the descriptor's device address
// (cc/passes/ExpandTexture.cpp, ExpandSurface.cpp). Creating one checks the
// resource and the sampling as binding a reference does, then writes the
// words; the runtime keeps the descriptions it was made from, which the
// cudaGet*Object*Desc calls give back.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"
#include "runtime/cudart/TextureFormats.h"

#include <cstring>
#include <map>

using simt::cudart::Runtime;
using namespace simt::cudart;

namespace {

/// An object the runtime made: what it was made from.
struct ObjectRecord {
  bool surface = false;
  cudaResourceDesc resource{};
  cudaTextureDesc texture{};
};
std::map<unsigned long long, ObjectRecord> Objects;

/// The memory, texel format and geometry of a resource, into `b`.
cudaError_t describeResource(Runtime &RT, const cudaResourceDesc &r, bool surface,
                             const cudaChannelFormatDesc **desc, simt::rt::TextureBinding &b,
                             const char *call) {
  switch (r.resType) {
  case cudaResourceTypeArray: {
    const cudaArray *a = findArray(r.res.array.array);
    if (!a)
      return RT.result(cudaErrorInvalidResourceHandle);
    *desc = &a->desc;
    b.memory = "the cudaArray";
    b.addr = a->device;
    b.bytes = a->bytes();
    b.extent[0] = a->width;
    b.extent[1] = a->height;
    if (a->depth > 1)
      b.extent[2] = a->depth;
    b.pitch = a->rowBytes();
    return cudaSuccess;
  }
  case cudaResourceTypeLinear:
  case cudaResourceTypePitch2D: {
    if (surface)
      return RT.fail(cudaErrorInvalidValue, call, "a surface object's resource is a cudaArray");
    const bool linear = r.resType == cudaResourceTypeLinear;
    const void *devPtr = linear ? r.res.linear.devPtr : r.res.pitch2D.devPtr;
    uint64_t avail = 0;
    if (cudaError_t e = linearMemory(RT, nullptr, devPtr, &avail))
      return e;
    const uint64_t addr = reinterpret_cast<uintptr_t>(devPtr);
    *desc = linear ? &r.res.linear.desc : &r.res.pitch2D.desc;
    b.memory = "the allocation at devPtr";
    b.addr = addr;
    if (linear) {
      if (r.res.linear.sizeInBytes > avail)
        return RT.result(cudaErrorInvalidValue);
      b.bytes = r.res.linear.sizeInBytes;
    } else {
      if (!r.res.pitch2D.width || !r.res.pitch2D.height)
        return RT.result(cudaErrorInvalidValue);
      b.bytes = std::min<uint64_t>(avail, UINT32_MAX);
      b.extent[0] = r.res.pitch2D.width;
      b.extent[1] = r.res.pitch2D.height;
      b.pitch = r.res.pitch2D.pitchInBytes;
    }
    return cudaSuccess;
  }
  case cudaResourceTypeMipmappedArray:
    return RT.fail(cudaErrorNotSupported, call,
                   "mipmapped arrays: this device's textures have one level");
  }
  return RT.result(cudaErrorInvalidValue);
}

/// Writes the words of binding `b` to a new descriptor in device memory:
/// the object's handle.
cudaError_t makeObject(Runtime &RT, const simt::rt::TextureBinding &b, ObjectRecord record,
                       unsigned long long *handle, const char *call) {
  auto words = simt::rt::textureBindingWords(b);
  if (!words)
    return RT.fail(cudaErrorInvalidValue, call, words.message());
  simt::rt::DeviceMemory &mem = RT.session()->memory();
  auto addr = mem.allocate(sizeof(*words));
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  mem.setName(*addr, record.surface ? "surface object" : "texture object");
  uint8_t bytes[sizeof(*words)];
  std::memcpy(bytes, words->data(), sizeof(bytes));
  if (simt::Status st = mem.write(*addr, bytes); !st)
    return RT.fail(cudaErrorInvalidValue, call, st.message());
  *handle = *addr;
  Objects[*addr] = record;
  return cudaSuccess;
}

const ObjectRecord *findObject(unsigned long long handle, bool surface) {
  auto it = Objects.find(handle);
  return it != Objects.end() && it->second.surface == surface ? &it->second : nullptr;
}

cudaError_t destroyObject(Runtime &RT, unsigned long long handle, bool surface) {
  if (!findObject(handle, surface))
    return RT.result(cudaErrorInvalidValue);
  // Programs destroy an object right after the launch that reads it (the
  // CUDA samples' create, launch, destroy), which works on a GPU: the
  // descriptor is freed once the grids issued before have run, as cudaFree
  // waits for them.
  if (cudaError_t e = RT.synchronize())
    return RT.result(e);
  Objects.erase(handle);
  if (RT.session())
    (void)RT.session()->memory().free(handle);
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc) try {
  SIMT_CUDART_ENTRY;
  static const char *call = "cudaCreateTextureObject";
  if (!pTexObject || !pResDesc || !pTexDesc)
    return RT.result(cudaErrorInvalidValue);
  if (pResViewDesc)
    return RT.fail(cudaErrorNotSupported, call,
                   "resource views: a texture reads its resource's own format here");
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  simt::rt::TextureBinding b;
  const cudaChannelFormatDesc *desc = nullptr;
  if (cudaError_t e = describeResource(RT, *pResDesc, false, &desc, b, call))
    return e;
  const char *why = nullptr;
  if (cudaError_t e = describeSampling(desc, pTexDesc->filterMode, pTexDesc->normalizedCoords != 0,
                                       pTexDesc->addressMode, b, &why))
    return why ? RT.fail(e, call, why) : RT.result(e);
  // The read mode needs no word: a float result normalizes 8- and 16-bit
  // integer texels, and leaves float and 32-bit ones as they are, which is
  // what CUDA documents cudaReadModeNormalizedFloat to do with them.
  ObjectRecord record;
  record.resource = *pResDesc;
  record.texture = *pTexDesc;
  return makeObject(RT, b, record, pTexObject, call);
} SIMT_CUDART_CATCH

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) try {
  SIMT_CUDART_ENTRY;
  return destroyObject(RT, texObject, false);
} SIMT_CUDART_CATCH

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject) try {
  SIMT_CUDART_ENTRY;
  const ObjectRecord *o = findObject(texObject, false);
  if (!pResDesc || !o)
    return RT.result(cudaErrorInvalidValue);
  *pResDesc = o->resource;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject) try {
  SIMT_CUDART_ENTRY;
  const ObjectRecord *o = findObject(texObject, false);
  if (!pTexDesc || !o)
    return RT.result(cudaErrorInvalidValue);
  *pTexDesc = o->texture;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc) try {
  SIMT_CUDART_ENTRY;
  static const char *call = "cudaCreateSurfaceObject";
  if (!pSurfObject || !pResDesc)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  simt::rt::TextureBinding b;
  const cudaChannelFormatDesc *desc = nullptr;
  if (cudaError_t e = describeResource(RT, *pResDesc, true, &desc, b, call))
    return e;
  if (!texelOf(*desc, &b.channelType, &b.channels))
    return RT.result(cudaErrorInvalidChannelDescriptor);
  ObjectRecord record;
  record.surface = true;
  record.resource = *pResDesc;
  return makeObject(RT, b, record, pSurfObject, call);
} SIMT_CUDART_CATCH

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) try {
  SIMT_CUDART_ENTRY;
  return destroyObject(RT, surfObject, true);
} SIMT_CUDART_CATCH

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject) try {
  SIMT_CUDART_ENTRY;
  const ObjectRecord *o = findObject(surfObject, true);
  if (!pResDesc || !o)
    return RT.result(cudaErrorInvalidValue);
  *pResDesc = o->resource;
  return cudaSuccess;
} SIMT_CUDART_CATCH

} // extern "C"

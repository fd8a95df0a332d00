//===-- DriverTextures.cpp - The driver API's arrays and texture objects --===//
//
// cuArrayCreate, cuMemcpy2D and cuTexObjectCreate as the runtime's
// cudaMallocArray, 2-D copies and cudaCreateTextureObject: the driver's
// formats and flags become the runtime's channel descriptions and texture
// descriptions, so both APIs make the same arrays and objects.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/DriverEntry.h"
#include "runtime/cudart/TextureFormats.h"

#include <cuda.h>

using simt::cudart::driverResult;
using simt::cudart::Runtime;

namespace {

/// The runtime's description of `channels` elements of `format`, or false
/// for a format or a channel count the driver has no name for.
bool channelDesc(CUarray_format format, unsigned channels, cudaChannelFormatDesc *d) {
  int bits = 0;
  cudaChannelFormatKind kind = cudaChannelFormatKindUnsigned;
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8; break;
  case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16; break;
  case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32; break;
  case CU_AD_FORMAT_SIGNED_INT8: bits = 8, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT16: bits = 16, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT32: bits = 32, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_HALF: bits = 16, kind = cudaChannelFormatKindFloat; break;
  case CU_AD_FORMAT_FLOAT: bits = 32, kind = cudaChannelFormatKindFloat; break;
  default: return false;
  }
  if (channels != 1 && channels != 2 && channels != 4)
    return false;
  *d = cudaCreateChannelDesc(bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0,
                             channels > 2 ? bits : 0, kind);
  return true;
}

/// One side of a 2-D copy that is not an array: its first byte.
const void *pointerSide(CUmemorytype type, const void *host, CUdeviceptr device, size_t pitch,
                        size_t xBytes, size_t y) {
  const char *base = type == CU_MEMORYTYPE_HOST ? static_cast<const char *>(host)
                                                : reinterpret_cast<const char *>(device);
  return base ? base + y * pitch + xBytes : nullptr;
}

} // namespace

extern "C" {

CUresult cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *d) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  cudaChannelFormatDesc desc;
  if (!pHandle || !d || !channelDesc(d->Format, d->NumChannels, &desc))
    return CUDA_ERROR_INVALID_VALUE;
  return driverResult(cudaMallocArray(pHandle, &desc, d->Width, d->Height, 0));
} SIMT_DRIVER_CATCH

CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *d, CUarray hArray) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  const cudaArray *a = simt::cudart::findArray(hArray);
  if (!d)
    return CUDA_ERROR_INVALID_VALUE;
  if (!a)
    return CUDA_ERROR_INVALID_HANDLE;
  const cudaChannelFormatDesc &c = a->desc;
  const bool isFloat = c.f == cudaChannelFormatKindFloat, isSigned = c.f == cudaChannelFormatKindSigned;
  d->Format = c.x == 8    ? (isSigned ? CU_AD_FORMAT_SIGNED_INT8 : CU_AD_FORMAT_UNSIGNED_INT8)
              : c.x == 16 ? (isFloat    ? CU_AD_FORMAT_HALF
                             : isSigned ? CU_AD_FORMAT_SIGNED_INT16
                                        : CU_AD_FORMAT_UNSIGNED_INT16)
                          : (isFloat    ? CU_AD_FORMAT_FLOAT
                             : isSigned ? CU_AD_FORMAT_SIGNED_INT32
                                        : CU_AD_FORMAT_UNSIGNED_INT32);
  d->NumChannels = unsigned(a->texelBytes / size_t(c.x / 8));
  d->Width = a->width;
  d->Height = a->height;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuArrayDestroy(CUarray hArray) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!simt::cudart::findArray(hArray))
    return CUDA_ERROR_INVALID_HANDLE;
  return driverResult(cudaFreeArray(hArray));
} SIMT_DRIVER_CATCH

CUresult cuMemcpy2D(const CUDA_MEMCPY2D *c) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!c)
    return CUDA_ERROR_INVALID_VALUE;
  const bool fromArray = c->srcMemoryType == CU_MEMORYTYPE_ARRAY;
  const bool toArray = c->dstMemoryType == CU_MEMORYTYPE_ARRAY;
  const void *src = fromArray ? nullptr
                              : pointerSide(c->srcMemoryType, c->srcHost, c->srcDevice,
                                            c->srcPitch, c->srcXInBytes, c->srcY);
  void *dst = toArray ? nullptr
                      : const_cast<void *>(pointerSide(c->dstMemoryType, c->dstHost,
                                                       c->dstDevice, c->dstPitch,
                                                       c->dstXInBytes, c->dstY));
  if ((!fromArray && !src) || (!toArray && !dst))
    return CUDA_ERROR_INVALID_VALUE;
  if (fromArray && toArray) { // through the 3-D copy, in texels
    const cudaArray *s = simt::cudart::findArray(c->srcArray);
    if (!s || !simt::cudart::findArray(c->dstArray))
      return CUDA_ERROR_INVALID_HANDLE;
    const size_t texel = s->texelBytes;
    if (c->srcXInBytes % texel || c->dstXInBytes % texel || c->WidthInBytes % texel)
      return CUDA_ERROR_INVALID_VALUE;
    cudaMemcpy3DParms p{};
    p.srcArray = c->srcArray, p.dstArray = c->dstArray;
    p.srcPos = make_cudaPos(c->srcXInBytes / texel, c->srcY, 0);
    p.dstPos = make_cudaPos(c->dstXInBytes / texel, c->dstY, 0);
    p.extent = make_cudaExtent(c->WidthInBytes / texel, c->Height, 1);
    p.kind = cudaMemcpyDeviceToDevice;
    return driverResult(cudaMemcpy3D(&p));
  }
  if (toArray)
    return driverResult(cudaMemcpy2DToArray(c->dstArray, c->dstXInBytes, c->dstY, src,
                                            c->srcPitch, c->WidthInBytes, c->Height,
                                            cudaMemcpyDefault));
  if (fromArray)
    return driverResult(cudaMemcpy2DFromArray(dst, c->dstPitch, c->srcArray, c->srcXInBytes,
                                              c->srcY, c->WidthInBytes, c->Height,
                                              cudaMemcpyDefault));
  return driverResult(cudaMemcpy2D(dst, c->dstPitch, src, c->srcPitch, c->WidthInBytes,
                                   c->Height, cudaMemcpyDefault));
} SIMT_DRIVER_CATCH

CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *r,
                           const CUDA_TEXTURE_DESC *t, const CUDA_RESOURCE_VIEW_DESC *view) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!pTexObject || !r || !t || view || r->flags)
    return CUDA_ERROR_INVALID_VALUE;
  cudaResourceDesc res{};
  const cudaChannelFormatDesc *texels = nullptr; // what the texture reads
  switch (r->resType) {
  case CU_RESOURCE_TYPE_ARRAY: {
    const cudaArray *a = simt::cudart::findArray(r->res.array.hArray);
    if (!a)
      return CUDA_ERROR_INVALID_HANDLE;
    texels = &a->desc;
    res.resType = cudaResourceTypeArray;
    res.res.array.array = r->res.array.hArray;
    break;
  }
  case CU_RESOURCE_TYPE_LINEAR:
    texels = &res.res.linear.desc;
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = reinterpret_cast<void *>(r->res.linear.devPtr);
    res.res.linear.sizeInBytes = r->res.linear.sizeInBytes;
    if (!channelDesc(r->res.linear.format, r->res.linear.numChannels, &res.res.linear.desc))
      return CUDA_ERROR_INVALID_VALUE;
    break;
  case CU_RESOURCE_TYPE_PITCH2D:
    texels = &res.res.pitch2D.desc;
    res.resType = cudaResourceTypePitch2D;
    res.res.pitch2D.devPtr = reinterpret_cast<void *>(r->res.pitch2D.devPtr);
    res.res.pitch2D.width = r->res.pitch2D.width;
    res.res.pitch2D.height = r->res.pitch2D.height;
    res.res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
    if (!channelDesc(r->res.pitch2D.format, r->res.pitch2D.numChannels, &res.res.pitch2D.desc))
      return CUDA_ERROR_INVALID_VALUE;
    break;
  default: // mipmapped arrays: no texture unit to choose a level
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  cudaTextureDesc tex{};
  for (int i = 0; i < 3; ++i)
    tex.addressMode[i] = cudaTextureAddressMode(t->addressMode[i]);
  tex.filterMode = cudaTextureFilterMode(t->filterMode);
  // Integers are read as normalized floats unless CU_TRSF_READ_AS_INTEGER;
  // floats are read as they are.
  const bool floats = texels->f == cudaChannelFormatKindFloat;
  tex.readMode = floats || (t->flags & CU_TRSF_READ_AS_INTEGER) ? cudaReadModeElementType
                                                                 : cudaReadModeNormalizedFloat;
  tex.normalizedCoords = (t->flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
  tex.sRGB = (t->flags & CU_TRSF_SRGB) != 0;
  tex.disableTrilinearOptimization = (t->flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION) != 0;
  tex.seamlessCubemap = (t->flags & CU_TRSF_SEAMLESS_CUBEMAP) != 0;
  tex.maxAnisotropy = t->maxAnisotropy;
  tex.mipmapFilterMode = cudaTextureFilterMode(t->mipmapFilterMode);
  tex.mipmapLevelBias = t->mipmapLevelBias;
  tex.minMipmapLevelClamp = t->minMipmapLevelClamp;
  tex.maxMipmapLevelClamp = t->maxMipmapLevelClamp;
  for (int i = 0; i < 4; ++i)
    tex.borderColor[i] = t->borderColor[i];
  cudaTextureObject_t object = 0;
  const CUresult e = driverResult(cudaCreateTextureObject(&object, &res, &tex, nullptr));
  *pTexObject = object;
  return e;
} SIMT_DRIVER_CATCH

CUresult cuTexObjectDestroy(CUtexObject texObject) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaDestroyTextureObject(texObject));
} SIMT_DRIVER_CATCH

} // extern "C"

// The driver API's arrays and texture objects, as NVIDIA's simpleTextureDrv
// uses them: cuArrayCreate and cuArrayGetDescriptor, cuMemcpy2D between
// host, device and arrays (at offsets, with pitches), cuTexObjectCreate
// over an array (point filtering, clamped, unnormalized coordinates; 8-bit
// texels read as normalized floats) and a kernel taking a CUtexObject;
// descriptors the driver refuses. Expected values: the texels written,
// the CUDA Driver API reference's rules.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -cubin -arch=sm_35 %S/Inputs/driver_texture_kernels.cu -o %t/kernels.cubin
// RUN: simt-nvcc -O2 %s -o %t/app -lcuda
// RUN: %t/app %t/kernels.cubin | FileCheck %s
// CHECK: descriptor: 8 x 4, format 0x20, 1 channel
// CHECK-NEXT: fetch2D: 0 wrong of 32
// CHECK-NEXT: past the edge: 0 wrong of 4
// CHECK-NEXT: normalized: 0 wrong of 16
// CHECK-NEXT: array to array to device: 0 wrong of 32
// CHECK-NEXT: three channels: 1 (CUDA_ERROR_INVALID_VALUE), unknown array: 400 (CUDA_ERROR_INVALID_HANDLE)
#include "Inputs/check_cu.h"
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

CUtexObject textureOf(CUarray array, CUfilter_mode filter, unsigned flags) {
  CUDA_RESOURCE_DESC res = {};
  res.resType = CU_RESOURCE_TYPE_ARRAY;
  res.res.array.hArray = array;
  CUDA_TEXTURE_DESC tex = {};
  tex.addressMode[0] = tex.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  tex.filterMode = filter;
  tex.flags = flags;
  CUtexObject object = 0;
  CHECK_CU(cuTexObjectCreate(&object, &res, &tex, nullptr));
  return object;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  CHECK_CU(cuInit(0));
  CUdevice dev;
  CUcontext ctx;
  CHECK_CU(cuDeviceGet(&dev, 0));
  CHECK_CU(cuCtxCreate(&ctx, 0, dev));
  CUmodule module;
  CHECK_CU(cuModuleLoad(&module, argv[1]));
  CUfunction fetch2D, pastEdge, normalized;
  CHECK_CU(cuModuleGetFunction(&fetch2D, module, "fetch2D"));
  CHECK_CU(cuModuleGetFunction(&pastEdge, module, "fetchPastEdge"));
  CHECK_CU(cuModuleGetFunction(&normalized, module, "fetchNormalized"));

  // An 8 x 4 float array, filled from a host image 12 floats wide, from
  // its third column on.
  const int w = 8, h = 4, hostWidth = 12;
  CUDA_ARRAY_DESCRIPTOR d = {};
  d.Width = w, d.Height = h, d.Format = CU_AD_FORMAT_FLOAT, d.NumChannels = 1;
  CUarray array;
  CHECK_CU(cuArrayCreate(&array, &d));
  CUDA_ARRAY_DESCRIPTOR back = {};
  CHECK_CU(cuArrayGetDescriptor(&back, array));
  std::printf("descriptor: %zu x %zu, format 0x%x, %u channel\n", back.Width, back.Height,
              unsigned(back.Format), back.NumChannels);
  std::vector<float> image(hostWidth * h);
  for (int i = 0; i < hostWidth * h; ++i)
    image[i] = float(i) * 0.5f - 3.0f;
  CUDA_MEMCPY2D up = {};
  up.srcMemoryType = CU_MEMORYTYPE_HOST;
  up.srcHost = image.data();
  up.srcPitch = hostWidth * sizeof(float);
  up.srcXInBytes = 2 * sizeof(float);
  up.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  up.dstArray = array;
  up.WidthInBytes = w * sizeof(float);
  up.Height = h;
  CHECK_CU(cuMemcpy2D(&up));
  const auto texel = [&](int x, int y) { return image[y * hostWidth + 2 + x]; };

  CUtexObject tex = textureOf(array, CU_TR_FILTER_MODE_POINT, 0);
  CUdeviceptr out;
  CHECK_CU(cuMemAlloc(&out, w * h * sizeof(float)));
  int width = w;
  void *args[] = {&out, &width, &tex};
  CHECK_CU(cuLaunchKernel(fetch2D, h, 1, 1, w, 1, 1, 0, nullptr, args, nullptr));
  std::vector<float> got(w * h);
  CHECK_CU(cuMemcpyDtoH(got.data(), out, got.size() * sizeof(float)));
  int wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      wrong += got[y * w + x] != texel(x, y);
  std::printf("fetch2D: %d wrong of %d\n", wrong, w * h);

  void *edgeArgs[] = {&out, &tex};
  CHECK_CU(cuLaunchKernel(pastEdge, 1, 1, 1, h, 1, 1, 0, nullptr, edgeArgs, nullptr));
  CHECK_CU(cuMemcpyDtoH(got.data(), out, h * sizeof(float)));
  wrong = 0;
  for (int y = 0; y < h; ++y)
    wrong += got[y] != texel(w - 1, y);
  std::printf("past the edge: %d wrong of %d\n", wrong, h);

  // 4 texels of 4 unsigned bytes: read as floats in [0, 1] (no
  // CU_TRSF_READ_AS_INTEGER).
  CUDA_ARRAY_DESCRIPTOR bytes = {};
  bytes.Width = 4, bytes.Height = 0, bytes.Format = CU_AD_FORMAT_UNSIGNED_INT8;
  bytes.NumChannels = 4;
  CUarray byteArray;
  CHECK_CU(cuArrayCreate(&byteArray, &bytes));
  const unsigned char rgba[16] = {0, 255, 51, 102, 1, 2, 3, 4, 200, 100, 50, 25, 255, 0, 128, 64};
  CUDA_MEMCPY2D upBytes = {};
  upBytes.srcMemoryType = CU_MEMORYTYPE_HOST;
  upBytes.srcHost = rgba;
  upBytes.srcPitch = sizeof rgba;
  upBytes.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  upBytes.dstArray = byteArray;
  upBytes.WidthInBytes = sizeof rgba;
  upBytes.Height = 1;
  CHECK_CU(cuMemcpy2D(&upBytes));
  CUtexObject byteTex = textureOf(byteArray, CU_TR_FILTER_MODE_POINT, 0);
  CUdeviceptr out4;
  CHECK_CU(cuMemAlloc(&out4, 16 * sizeof(float)));
  void *normArgs[] = {&out4, &byteTex};
  CHECK_CU(cuLaunchKernel(normalized, 1, 1, 1, 4, 1, 1, 0, nullptr, normArgs, nullptr));
  float norm[16];
  CHECK_CU(cuMemcpyDtoH(norm, out4, sizeof norm));
  wrong = 0;
  for (int i = 0; i < 16; ++i)
    wrong += std::fabs(norm[i] - rgba[i] / 255.0f) > 1e-6f;
  std::printf("normalized: %d wrong of 16\n", wrong);

  // Array to array (a second 8 x 4), then that array to device memory with
  // a pitch of 10 floats, read back.
  CUarray copy;
  CHECK_CU(cuArrayCreate(&copy, &d));
  CUDA_MEMCPY2D across = {};
  across.srcMemoryType = CU_MEMORYTYPE_ARRAY, across.srcArray = array;
  across.dstMemoryType = CU_MEMORYTYPE_ARRAY, across.dstArray = copy;
  across.WidthInBytes = w * sizeof(float), across.Height = h;
  CHECK_CU(cuMemcpy2D(&across));
  CUdeviceptr pitched;
  const size_t pitch = 10 * sizeof(float);
  CHECK_CU(cuMemAlloc(&pitched, pitch * h));
  CUDA_MEMCPY2D down = {};
  down.srcMemoryType = CU_MEMORYTYPE_ARRAY, down.srcArray = copy;
  down.dstMemoryType = CU_MEMORYTYPE_DEVICE, down.dstDevice = pitched, down.dstPitch = pitch;
  down.WidthInBytes = w * sizeof(float), down.Height = h;
  CHECK_CU(cuMemcpy2D(&down));
  std::vector<float> rows(10 * h);
  CHECK_CU(cuMemcpyDtoH(rows.data(), pitched, pitch * h));
  wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      wrong += rows[y * 10 + x] != texel(x, y);
  std::printf("array to array to device: %d wrong of %d\n", wrong, w * h);

  CUDA_ARRAY_DESCRIPTOR three = d;
  three.NumChannels = 3;
  CUarray bad;
  const CUresult threeChannels = cuArrayCreate(&bad, &three);
  const CUresult unknown = cuArrayDestroy(reinterpret_cast<CUarray>(&three));
  const char *n1 = nullptr, *n2 = nullptr;
  cuGetErrorName(threeChannels, &n1);
  cuGetErrorName(unknown, &n2);
  std::printf("three channels: %d (%s), unknown array: %d (%s)\n", int(threeChannels), n1,
              int(unknown), n2);

  CHECK_CU(cuTexObjectDestroy(tex));
  CHECK_CU(cuTexObjectDestroy(byteTex));
  CHECK_CU(cuArrayDestroy(array));
  CHECK_CU(cuArrayDestroy(byteArray));
  CHECK_CU(cuArrayDestroy(copy));
  cuCtxDestroy(ctx);
  return 0;
}

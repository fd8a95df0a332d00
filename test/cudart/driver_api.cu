// The driver API as the samples' *Drv programs use it: a module loaded from
// PTX (a file, and text in memory, translated when loaded) or from this
// ISA's object, functions and globals by name (a __constant__ written
// through its cuModuleGetGlobal address), launches with kernelParams and
// with a packed `extra` buffer, and the runtime API on the same device;
// cuDeviceGetAttribute of the attributes deviceQueryDrv asks for agrees
// with cudaGetDeviceProperties; cuCtxCreate in CUDA 13's form too;
// cuDeviceGetProperties; the occupancy calculator's block size is optimal.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -ptx %S/Inputs/driver_kernels.cu -o %t/kernels.ptx
// RUN: simt-nvcc -cubin %S/Inputs/driver_kernels.cu -o %t/kernels.cubin
// RUN: simt-nvcc -O2 %s -o %t/app -lcuda
// RUN: %t/app %t/kernels.ptx | FileCheck %s
// RUN: %t/app %t/kernels.cubin | FileCheck %s
// RUN: not %t/app %t/missing.ptx 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo ".version 3.2 .target sm_20 bogus" > %t/bad.ptx
// RUN: not %t/app %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: cuda 13 context: same
// CHECK: devprop: ok
// CHECK: second load: CUDA_SUCCESS
// CHECK: linked: 1
// CHECK: cuModuleGetFunction(nothing): CUDA_ERROR_NOT_FOUND
// CHECK: occupancy plain: optimal
// CHECK: occupancy with callback: optimal
// CHECK: launches = 3
// CHECK: PASSED
// MISSING: cuModuleLoad: CUDA_ERROR_FILE_NOT_FOUND
// BAD: simt-cudart: cuModuleLoad: PTX: {{.*}}error:
// BAD: cuModuleLoad: CUDA_ERROR_INVALID_PTX
#include <cuda.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#define CHECK_CU(call)                                                                     \
  do {                                                                                     \
    CUresult r = (call);                                                                   \
    if (r != CUDA_SUCCESS) {                                                               \
      const char *name;                                                                    \
      cuGetErrorName(r, &name);                                                            \
      printf("%s: %s\n", #call, name);                                                     \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

// Blocks of 512 threads and more take 30 KB of dynamic shared memory.
static size_t bigBlocksShare(int blockSize) { return blockSize >= 512 ? 30 * 1024 : 0; }

int main(int argc, char **argv) {
  const int n = 1000;
  CUdevice dev;
  CUcontext ctx;
  CUmodule fromFile, fromMemory;
  CUfunction f;
  if (cuModuleLoad(&fromFile, argv[1]) != CUDA_ERROR_NOT_INITIALIZED)
    return 1;
  CHECK_CU(cuInit(0));
  CHECK_CU(cuDeviceGet(&dev, 0));
  int major, minor;
  CHECK_CU(cuDeviceComputeCapability(&major, &minor, dev));
  CHECK_CU(cuCtxCreate(&ctx, 0, dev));
  // CUDA 13's form (context parameters, null for the defaults): the same
  // one context.
  CUcontext again;
  CHECK_CU(cuCtxCreate(&again, NULL, 0, dev));
  printf("cuda 13 context: %s\n", again == ctx ? "same" : "other");
  // The deprecated properties, against the runtime's.
  CUdevprop old;
  CHECK_CU(cuDeviceGetProperties(&old, dev));
  cudaDeviceProp now;
  cudaGetDeviceProperties(&now, 0);
  printf("devprop: %s\n", old.maxThreadsPerBlock == now.maxThreadsPerBlock &&
                                  old.SIMDWidth == 32 && old.maxGridSize[0] == now.maxGridSize[0] &&
                                  old.sharedMemPerBlock == int(now.sharedMemPerBlock)
                              ? "ok"
                              : "BAD");
  // The attributes deviceQueryDrv asks for, against cudaGetDeviceProperties.
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const struct {
    CUdevice_attribute attribute;
    int expected;
  } attributes[] = {
      {CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, prop.memoryClockRate},
      {CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, prop.memoryBusWidth},
      {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, prop.l2CacheSize},
      {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH, prop.maxTexture1D},
      {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT, prop.maxTexture2D[1]},
      {CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, prop.asyncEngineCount},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, int(prop.sharedMemPerMultiprocessor)},
      {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, prop.regsPerMultiprocessor},
      {CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, prop.managedMemory},
      {CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, prop.pciBusID},
      {CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK, int(prop.sharedMemPerBlock)},
  };
  for (const auto &a : attributes) {
    int value = -1;
    CHECK_CU(cuDeviceGetAttribute(&value, a.attribute, dev));
    if (value != a.expected) {
      printf("attribute %d: %d, cudaGetDeviceProperties %d\n", int(a.attribute), value, a.expected);
      return 1;
    }
  }
  const char *name;
  CUresult r = cuModuleLoad(&fromFile, argv[1]);
  if (r != CUDA_SUCCESS) {
    const char *name;
    cuGetErrorName(r, &name);
    printf("cuModuleLoad: %s\n", name);
    return 1;
  }
  // Again from memory: a second module, PTX translated into another
  // constant bank; an object (its bank fixed when it was compiled) shares
  // the first one's bank, each module with its own bytes of it.
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::string image = text.str();
  bool ptx = image.compare(0, 4, "\x7f" "ELF") != 0;
  r = cuModuleLoadData(&fromMemory, image.c_str());
  cuGetErrorName(r, &name);
  printf("second load: %s\n", name);
  if (r != CUDA_SUCCESS)
    return 1;
  // PTX through the JIT linker, as the samples' ptxjit does.
  if (ptx) {
    CUlinkState link;
    void *cubin;
    size_t cubinSize = 0;
    CUmodule linked;
    CHECK_CU(cuLinkCreate(0, nullptr, nullptr, &link));
    CHECK_CU(cuLinkAddFile(link, CU_JIT_INPUT_PTX, argv[1], 0, nullptr, nullptr));
    CHECK_CU(cuLinkComplete(link, &cubin, &cubinSize));
    CHECK_CU(cuModuleLoadData(&linked, cubin));
    CHECK_CU(cuLinkDestroy(link));
    printf("linked: %d\n", cubinSize > 0);
  } else {
    printf("linked: 1\n");
  }
  r = cuModuleGetFunction(&f, fromFile, "nothing");
  cuGetErrorName(r, &name);
  printf("cuModuleGetFunction(nothing): %s\n", name);
  CHECK_CU(cuModuleGetFunction(&f, fromFile, "saxpy_gain"));
  // The occupancy calculator: its block size keeps at least as many threads
  // resident as any other whole number of warps (each size's own count from
  // cuOccupancyMaxActiveBlocksPerMultiprocessor), also where the dynamic
  // shared memory depends on the block size.
  for (int callback = 0; callback < 2; ++callback) {
    CUoccupancyB2DSize perSize = callback ? bigBlocksShare : nullptr;
    int grid = 0, best = 0, bestBlocks = 0;
    CHECK_CU(cuOccupancyMaxPotentialBlockSize(&grid, &best, f, perSize, 0, 0));
    CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&bestBlocks, f, best,
                                                         callback ? perSize(best) : 0));
    bool optimal = best > 0 && grid > 0;
    for (int b = 32; b <= 1024; b += 32) {
      int blocks = 0;
      CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, b, callback ? perSize(b) : 0));
      optimal = optimal && blocks * b <= bestBlocks * best;
    }
    printf("occupancy %s: %s\n", callback ? "with callback" : "plain", optimal ? "optimal" : "BAD");
  }

  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i * 0.5f;
    y[i] = 1.0f + i % 7;
  }
  CUdeviceptr dx, dy, gainAddr, launchesAddr;
  size_t bytes;
  CHECK_CU(cuMemAlloc(&dx, n * sizeof(float)));
  CHECK_CU(cuMemAlloc(&dy, n * sizeof(float)));
  CHECK_CU(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
  CHECK_CU(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)));
  CHECK_CU(cuModuleGetGlobal(&gainAddr, &bytes, fromFile, "gain"));
  float g = 2.0f;
  CHECK_CU(cuMemcpyHtoD(gainAddr, &g, sizeof g));
  // The other module's gain is its own: the launches below see g.
  CUdeviceptr otherGainAddr;
  CHECK_CU(cuModuleGetGlobal(&otherGainAddr, &bytes, fromMemory, "gain"));
  float otherGain = 5.0f;
  CHECK_CU(cuMemcpyHtoD(otherGainAddr, &otherGain, sizeof otherGain));
  if (otherGainAddr == gainAddr)
    return 1;
  float a = 3.0f;
  int count = n;
  void *params[] = {&dy, &dx, &a, &count};
  CHECK_CU(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, nullptr));
  // Twice more through `extra`: the arguments packed as the kernel lays them out.
  struct {
    CUdeviceptr y, x;
    float a;
    int n;
  } packed = {dy, dx, a, n};
  size_t size = sizeof packed;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   CU_LAUNCH_PARAM_END};
  CHECK_CU(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, nullptr, extra));
  CHECK_CU(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, nullptr, extra));
  CHECK_CU(cuCtxSynchronize());
  CHECK_CU(cuMemcpyDtoH(y.data(), dy, n * sizeof(float)));
  int launches = 0;
  CHECK_CU(cuModuleGetGlobal(&launchesAddr, &bytes, fromFile, "launches"));
  CHECK_CU(cuMemcpyDtoH(&launches, launchesAddr, sizeof launches));
  printf("launches = %d\n", launches);
  float readBack = 0;
  CHECK_CU(cuMemcpyDtoH(&readBack, gainAddr, sizeof readBack));
  for (int i = 0; i < n; ++i) {
    float v = 1.0f + i % 7;
    for (int k = 0; k < 3; ++k)
      v = g * (a * x[i] + v);
    if (y[i] != v || readBack != g || major != 2 || minor != 0) {
      printf("FAILED at %d: %g, expected %g\n", i, y[i], v);
      return 1;
    }
  }
  cuMemFree(dx);
  cuMemFree(dy);
  cuModuleUnload(fromFile);
  cuModuleUnload(fromMemory);
  printf("PASSED\n");
  return 0;
}

// No exception leaves the C API: a call whose own host memory runs out
// (cuMemsetD32 builds its pattern on the host, here under an address-space
// limit that leaves no room for it) fails with CUDA_ERROR_OUT_OF_MEMORY,
// which CUDA documents as "unable to allocate enough memory ... to perform
// the requested operation", instead of aborting the program with
// std::bad_alloc. Then, the limit lifted, the process still works
// (allocate, launch, copy back, verify: "health OK").
// ASan reserves terabytes of address space for its shadow: no limit fits it.
// UNSUPPORTED: asan
// RUN: simt-nvcc -O2 %s -o %t -lcuda
// RUN: %t 2>&1 | FileCheck %s
// CHECK: simt-cudart: cuMemsetD32: out of host memory
// CHECK-NEXT: cuMemsetD32(64 Mi words): CUDA_ERROR_OUT_OF_MEMORY
// CHECK-NEXT: health OK
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <sys/resource.h>

#include "Inputs/health.h"

// The process's address space now (VmSize), in bytes.
static size_t addressSpace() {
  size_t kb = 0;
  if (FILE *f = fopen("/proc/self/status", "r")) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "VmSize: %zu kB", &kb) == 1)
        break;
    fclose(f);
  }
  return kb * 1024;
}

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0); // in order with the runtime's messages
  const size_t words = size_t(64) << 20;
  CUdeviceptr d;
  CUdevice dev;
  CUcontext ctx;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
      cuCtxCreate(&ctx, 0, dev) != CUDA_SUCCESS || cuMemAlloc(&d, words * 4) != CUDA_SUCCESS)
    return printf("setup FAILED\n"), 1;
  // Room for 16 MiB more, not for the call's 256 MiB pattern.
  rlimit old;
  getrlimit(RLIMIT_AS, &old);
  rlimit tight = old;
  tight.rlim_cur = addressSpace() + (size_t(16) << 20);
  setrlimit(RLIMIT_AS, &tight);
  const CUresult r = cuMemsetD32(d, 1, words);
  setrlimit(RLIMIT_AS, &old);
  const char *name = nullptr;
  cuGetErrorName(r, &name);
  printf("cuMemsetD32(64 Mi words): %s\n", name);
  cuMemFree(d);
  return health();
}

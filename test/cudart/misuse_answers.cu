// Misuses of the runtime API answered as CUDA answers them (issue 43's
// first cases): each case runs in a process of its own, prints what each
// call returned, then checks that the runtime still works (allocate,
// launch, copy back, verify: "health OK"). The expected codes are NVIDIA's
// runtime's on an H100 with CUDA 13.0 for the same calls.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t attribute | FileCheck %s --check-prefix=ATTRIBUTE
// ATTRIBUTE: cudaDeviceGetAttribute(9999): cudaErrorInvalidValue
// ATTRIBUTE-NEXT: cudaGetErrorName(12345): unrecognized error code
// ATTRIBUTE-NEXT: cudaGetErrorString(12345): unrecognized error code
// ATTRIBUTE-NEXT: health OK
// RUN: %t copy0 | FileCheck %s --check-prefix=COPY0
// COPY0: cudaMemcpy(NULL, NULL, 0): cudaSuccess
// COPY0-NEXT: cudaMemcpyAsync(NULL, NULL, 0): cudaSuccess
// COPY0-NEXT: health OK
// RUN: %t hostalloc0 | FileCheck %s --check-prefix=HOSTALLOC0
// HOSTALLOC0: cudaHostAlloc(0): cudaSuccess, pointer NULL
// HOSTALLOC0-NEXT: cudaMallocHost(0): cudaSuccess, pointer NULL
// HOSTALLOC0-NEXT: cudaFreeHost(NULL): cudaSuccess
// HOSTALLOC0-NEXT: health OK
// RUN: %t limits 2>&1 | FileCheck %s --check-prefix=LIMITS
// LIMITS: cudaDeviceSetLimit(cudaLimitStackSize, SIZE_MAX): cudaErrorInvalidValue
// LIMITS-NEXT: cudaOccupancyMaxActiveBlocksPerMultiprocessor(block 0): cudaErrorInvalidValue, numBlocks untouched
// LIMITS-NEXT: health OK
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

static void say(const char *what, cudaError_t e) { printf("%s: %s\n", what, cudaGetErrorName(e)); }

// The runtime still works: the last error cleared, memory, a launch and a copy.
static int health() {
  cudaGetLastError();
  int *d = nullptr, h[64] = {};
  if (cudaMalloc(&d, sizeof h) != cudaSuccess)
    return printf("health FAILED (cudaMalloc)\n"), 1;
  fill<<<1, 64>>>(d, 7);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess || h[63] != 7)
    return printf("health FAILED (launch or copy)\n"), 1;
  cudaFree(d);
  printf("health OK\n");
  return 0;
}

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  if (!strcmp(c, "attribute")) {
    int v = -5;
    say("cudaDeviceGetAttribute(9999)", cudaDeviceGetAttribute(&v, cudaDeviceAttr(9999), 0));
    printf("cudaGetErrorName(12345): %s\n", cudaGetErrorName(cudaError_t(12345)));
    printf("cudaGetErrorString(12345): %s\n", cudaGetErrorString(cudaError_t(12345)));
  } else if (!strcmp(c, "copy0")) {
    say("cudaMemcpy(NULL, NULL, 0)", cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyHostToDevice));
    say("cudaMemcpyAsync(NULL, NULL, 0)",
        cudaMemcpyAsync(nullptr, nullptr, 0, cudaMemcpyDeviceToHost, 0));
  } else if (!strcmp(c, "hostalloc0")) {
    void *p = reinterpret_cast<void *>(1);
    cudaError_t e = cudaHostAlloc(&p, 0, cudaHostAllocDefault);
    printf("cudaHostAlloc(0): %s, pointer %s\n", cudaGetErrorName(e), p ? "set" : "NULL");
    p = reinterpret_cast<void *>(1);
    e = cudaMallocHost(&p, 0);
    printf("cudaMallocHost(0): %s, pointer %s\n", cudaGetErrorName(e), p ? "set" : "NULL");
    say("cudaFreeHost(NULL)", cudaFreeHost(p));
  } else if (!strcmp(c, "limits")) {
    say("cudaDeviceSetLimit(cudaLimitStackSize, SIZE_MAX)",
        cudaDeviceSetLimit(cudaLimitStackSize, SIZE_MAX));
    int n = -5;
    const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, fill, 0, 0);
    printf("cudaOccupancyMaxActiveBlocksPerMultiprocessor(block 0): %s, numBlocks %s\n",
           cudaGetErrorName(e), n == -5 ? "untouched" : "written");
  } else {
    return printf("usage: misuse_answers attribute|copy0|hostalloc0|limits\n"), 2;
  }
  return health();
}

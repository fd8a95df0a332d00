// Misuses of the runtime API answered as CUDA answers them: each case runs in a process of its own, prints what each
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
// RUN: %t free | FileCheck %s --check-prefix=FREE
// FREE: cudaFree(host memory): cudaErrorInvalidValue
// FREE-NEXT: cudaFree(inside an allocation): cudaErrorInvalidValue
// FREE-NEXT: cudaFree(#1): cudaSuccess
// FREE-NEXT: cudaFree(#2): cudaErrorInvalidValue
// FREE-NEXT: cudaFree(pinned host memory): cudaErrorInvalidValue
// FREE-NEXT: health OK
// RUN: %t launch 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: cudaLaunchKernel(NULL): cudaErrorInvalidDeviceFunction
// LAUNCH: cudaLaunchKernel(a host function): cudaErrorInvalidResourceHandle
// LAUNCH-NEXT: cudaLaunchKernel(arguments NULL): cudaErrorInvalidValue
// LAUNCH-NEXT: health OK
// RUN: %t symbol | FileCheck %s --check-prefix=SYMBOL
// SYMBOL: cudaMemcpyToSymbol(kind device-to-host): cudaErrorInvalidMemcpyDirection
// SYMBOL-NEXT: cudaMemcpyFromSymbol(kind host-to-device): cudaErrorInvalidMemcpyDirection
// SYMBOL-NEXT: cudaMemcpyToSymbol(a host variable): cudaErrorInvalidSymbol
// SYMBOL-NEXT: cudaMemcpyToSymbol(past the end): cudaErrorInvalidValue
// SYMBOL-NEXT: health OK
// RUN: %t pitch | FileCheck %s --check-prefix=PITCH
// PITCH: cudaMallocPitch(SIZE_MAX / 2 x 4): cudaErrorInvalidValue, pointer NULL
// PITCH-NEXT: cudaMalloc3D(2^40 x 2^40 x 2^40): cudaErrorInvalidValue
// PITCH-NEXT: cudaMemcpy2D(pitch less than the width): cudaErrorInvalidValue
// PITCH-NEXT: health OK
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
__device__ int deviceWords[4];
int hostWords[4];
static void hostFunction(int *, int) {}

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
  } else if (!strcmp(c, "free")) {
    int *d = nullptr;
    void *pinned = nullptr;
    char host[64];
    cudaMalloc(&d, 256);
    say("cudaFree(host memory)", cudaFree(host));
    say("cudaFree(inside an allocation)", cudaFree(d + 4));
    say("cudaFree(#1)", cudaFree(d));
    say("cudaFree(#2)", cudaFree(d));
    cudaMallocHost(&pinned, 64);
    say("cudaFree(pinned host memory)", cudaFree(pinned));
    cudaFreeHost(pinned);
  } else if (!strcmp(c, "launch")) {
    int *d = nullptr, v = 1;
    cudaMalloc(&d, 256);
    void *args[] = {&d, &v};
    say("cudaLaunchKernel(NULL)", cudaLaunchKernel((const void *)nullptr, 1, 32, args, 0, 0));
    say("cudaLaunchKernel(a host function)",
        cudaLaunchKernel((const void *)hostFunction, 1, 32, args, 0, 0));
    say("cudaLaunchKernel(arguments NULL)", cudaLaunchKernel((const void *)fill, 1, 32, nullptr, 0, 0));
  } else if (!strcmp(c, "symbol")) {
    int h[4] = {};
    say("cudaMemcpyToSymbol(kind device-to-host)",
        cudaMemcpyToSymbol(deviceWords, h, 16, 0, cudaMemcpyDeviceToHost));
    say("cudaMemcpyFromSymbol(kind host-to-device)",
        cudaMemcpyFromSymbol(h, deviceWords, 16, 0, cudaMemcpyHostToDevice));
    say("cudaMemcpyToSymbol(a host variable)", cudaMemcpyToSymbol(hostWords, h, 16));
    say("cudaMemcpyToSymbol(past the end)", cudaMemcpyToSymbol(deviceWords, h, 4, 16));
  } else if (!strcmp(c, "pitch")) {
    void *p = nullptr;
    size_t pitch = 0;
    cudaError_t e = cudaMallocPitch(&p, &pitch, SIZE_MAX / 2, 4);
    printf("cudaMallocPitch(SIZE_MAX / 2 x 4): %s, pointer %s\n", cudaGetErrorName(e),
           p ? "set" : "NULL");
    cudaPitchedPtr pp;
    say("cudaMalloc3D(2^40 x 2^40 x 2^40)",
        cudaMalloc3D(&pp, make_cudaExtent(size_t(1) << 40, size_t(1) << 40, size_t(1) << 40)));
    int *d = nullptr, h[16] = {};
    cudaMalloc(&d, 64);
    say("cudaMemcpy2D(pitch less than the width)",
        cudaMemcpy2D(d, 16, h, 64, 64, 1, cudaMemcpyHostToDevice));
  } else {
    return printf("usage: misuse_answers attribute|copy0|hostalloc0|limits|free|launch|symbol|pitch\n"), 2;
  }
  return health();
}

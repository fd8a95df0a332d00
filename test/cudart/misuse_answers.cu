// Misuses of the runtime API answered as CUDA answers them: each case runs in a process of its own, prints what each
// call returned, then checks that the runtime still works (allocate,
// launch, copy back, verify: "health OK"). The expected codes are NVIDIA's
// runtime's on an H100 with CUDA 13.0 for the same calls.
// RUN: simt-nvcc -O2 -arch=sm_20 %s -o %t
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
// RUN: %t memory | FileCheck %s --check-prefix=MEMORY
// RUN: %t total | FileCheck %s --check-prefix=TOTAL1
// RUN: env SIMT_EMU_FLAGS=--global-memory=3221225472 %t total | FileCheck %s --check-prefix=TOTAL3
// TOTAL1: totalGlobalMem 1024 MiB
// TOTAL1-NEXT: cudaMalloc(2 GiB): cudaErrorMemoryAllocation
// TOTAL3: totalGlobalMem 3072 MiB
// TOTAL3-NEXT: cudaMalloc(2 GiB): cudaSuccess
// MEMORY: cudaMalloc(the device's memory + 1 MiB): cudaErrorMemoryAllocation
// MEMORY-NEXT: cudaMalloc(half the free memory) twice: cudaSuccess cudaSuccess
// MEMORY-NEXT: cudaMalloc(the free memory + 1 byte): cudaErrorMemoryAllocation
// MEMORY-NEXT: totalGlobalMem equals cudaMemGetInfo's total: yes
// MEMORY-NEXT: health OK
// RUN: %t configuration | FileCheck %s --check-prefix=CONFIGURATION
// CONFIGURATION: <<<65536, 1>>> on a device whose maxGridSize[0] is 65535: cudaErrorInvalidConfiguration
// CONFIGURATION-NEXT: <<<1, 32, 48 KiB + 4>>>: cudaErrorInvalidValue
// CONFIGURATION-NEXT: <<<1, 32, 1 GiB>>>: cudaErrorInvalidValue
// CONFIGURATION-NEXT: health OK
// RUN: %t sticky 2>&1 | FileCheck %s --check-prefix=STICKY
// STICKY: cudaDeviceSynchronize after a fault: cudaErrorIllegalAddress
// STICKY-NEXT: cudaPeekAtLastError: cudaErrorIllegalAddress
// STICKY-NEXT: cudaGetLastError #1: cudaErrorIllegalAddress
// STICKY-NEXT: cudaGetLastError #2: cudaSuccess
// STICKY-NEXT: cudaMalloc: cudaErrorIllegalAddress
// STICKY-NEXT: cudaStreamCreate: cudaErrorIllegalAddress
// STICKY-NEXT: cudaEventCreate: cudaErrorIllegalAddress
// STICKY-NEXT: cudaFree: cudaErrorIllegalAddress
// STICKY-NEXT: cudaDeviceReset: cudaSuccess
// STICKY-NEXT: cudaGetLastError after the reset: cudaErrorIllegalAddress
// STICKY-NEXT: health OK
// RUN: %t register | FileCheck %s --check-prefix=REGISTER
// REGISTER: cudaHostUnregister(never registered): cudaErrorHostMemoryNotRegistered
// REGISTER-NEXT: cudaHostRegister(#1): cudaSuccess
// REGISTER-NEXT: cudaHostRegister(#2): cudaErrorHostMemoryAlreadyRegistered
// REGISTER-NEXT: cudaHostRegister(overlapping): cudaErrorHostMemoryAlreadyRegistered
// REGISTER-NEXT: cudaHostUnregister(#1): cudaSuccess
// REGISTER-NEXT: cudaHostUnregister(#2): cudaErrorHostMemoryNotRegistered
// REGISTER-NEXT: health OK
// RUN: %t callback | FileCheck %s --check-prefix=CALLBACK
// CALLBACK-DAG: cudaMemcpy in a stream callback: cudaErrorNotPermitted
// CALLBACK-DAG: cudaStreamAddCallback: cudaSuccess
// CALLBACK: cudaStreamSynchronize: cudaSuccess
// CALLBACK-NEXT: cudaGetLastError: cudaSuccess
// CALLBACK-NEXT: health OK
// Where NVIDIA's runtime crashes (a garbage stream, a second destroy, a
// destroyed event), this one answers cudaErrorInvalidResourceHandle.
// RUN: %t handles | FileCheck %s --check-prefix=HANDLES
// HANDLES: cudaMemcpyAsync(stream 0x1234): cudaErrorInvalidResourceHandle
// HANDLES-NEXT: cudaStreamDestroy(#1): cudaSuccess
// HANDLES-NEXT: cudaStreamDestroy(#2): cudaErrorInvalidResourceHandle
// HANDLES-NEXT: cudaEventDestroy(#1): cudaSuccess
// HANDLES-NEXT: cudaEventDestroy(#2): cudaErrorInvalidResourceHandle
// HANDLES-NEXT: cudaStreamWaitEvent(a destroyed event): cudaErrorInvalidResourceHandle
// HANDLES-NEXT: health OK
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "Inputs/health.h"
__device__ int deviceWords[4];
int hostWords[4];
static void hostFunction(int *, int) {}

static void say(const char *what, cudaError_t e) { printf("%s: %s\n", what, cudaGetErrorName(e)); }

__global__ void outOfBounds(int *p) { p[threadIdx.x + (1 << 28)] = 1; }
__global__ void useShared(int *p) {
  extern __shared__ int s[];
  s[0] = 1;
  p[0] = s[0];
}
static void CUDART_CB copyInCallback(cudaStream_t, cudaError_t, void *d) {
  int h;
  say("cudaMemcpy in a stream callback", cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost));
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
  } else if (!strcmp(c, "memory")) {
    size_t freeBytes = 0, total = 0;
    cudaMemGetInfo(&freeBytes, &total);
    void *p = nullptr, *q = nullptr;
    say("cudaMalloc(the device's memory + 1 MiB)", cudaMalloc(&p, total + (1 << 20)));
    const cudaError_t a = cudaMalloc(&p, freeBytes / 2), b = cudaMalloc(&q, freeBytes / 2);
    printf("cudaMalloc(half the free memory) twice: %s %s\n", cudaGetErrorName(a),
           cudaGetErrorName(b));
    cudaMemGetInfo(&freeBytes, &total);
    void *r = nullptr;
    say("cudaMalloc(the free memory + 1 byte)", cudaMalloc(&r, freeBytes + 1));
    cudaFree(p);
    cudaFree(q);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("totalGlobalMem equals cudaMemGetInfo's total: %s\n",
           prop.totalGlobalMem == total ? "yes" : "no");
  } else if (!strcmp(c, "total")) {
    // The device's memory is --global-memory's (1 GiB unless given); a
    // 2 GiB allocation fits only a larger one.
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    void *p = nullptr;
    printf("totalGlobalMem %zu MiB\n", prop.totalGlobalMem >> 20);
    say("cudaMalloc(2 GiB)", cudaMalloc(&p, size_t(2) << 30));
    cudaFree(p);
  } else if (!strcmp(c, "configuration")) {
    int *d = nullptr;
    cudaMalloc(&d, 256);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    cudaGetLastError();
    fill<<<prop.maxGridSize[0] + 1, 1>>>(d, 1);
    printf("<<<%d, 1>>> on a device whose maxGridSize[0] is %d: %s\n", prop.maxGridSize[0] + 1,
           prop.maxGridSize[0], cudaGetErrorName(cudaGetLastError()));
    useShared<<<1, 32, 48 * 1024 + 4>>>(d);
    say("<<<1, 32, 48 KiB + 4>>>", cudaGetLastError());
    useShared<<<1, 32, 1u << 30>>>(d);
    say("<<<1, 32, 1 GiB>>>", cudaGetLastError());
  } else if (!strcmp(c, "sticky")) {
    int *d = nullptr;
    cudaMalloc(&d, 256);
    outOfBounds<<<1, 32>>>(d);
    say("cudaDeviceSynchronize after a fault", cudaDeviceSynchronize());
    say("cudaPeekAtLastError", cudaPeekAtLastError());
    say("cudaGetLastError #1", cudaGetLastError());
    say("cudaGetLastError #2", cudaGetLastError());
    void *p = nullptr;
    say("cudaMalloc", cudaMalloc(&p, 64));
    cudaStream_t s;
    say("cudaStreamCreate", cudaStreamCreate(&s));
    cudaEvent_t e;
    say("cudaEventCreate", cudaEventCreate(&e));
    say("cudaFree", cudaFree(d));
    say("cudaDeviceReset", cudaDeviceReset());
    say("cudaGetLastError after the reset", cudaGetLastError());
  } else if (!strcmp(c, "register")) {
    static char block[8192];
    say("cudaHostUnregister(never registered)", cudaHostUnregister(block));
    say("cudaHostRegister(#1)", cudaHostRegister(block, 4096, 0));
    say("cudaHostRegister(#2)", cudaHostRegister(block, 4096, 0));
    say("cudaHostRegister(overlapping)", cudaHostRegister(block + 2048, 4096, 0));
    say("cudaHostUnregister(#1)", cudaHostUnregister(block));
    say("cudaHostUnregister(#2)", cudaHostUnregister(block));
  } else if (!strcmp(c, "handles")) {
    int *d = nullptr, h[16] = {};
    cudaMalloc(&d, 64);
    say("cudaMemcpyAsync(stream 0x1234)",
        cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice, reinterpret_cast<cudaStream_t>(0x1234)));
    cudaStream_t s;
    cudaStreamCreate(&s);
    say("cudaStreamDestroy(#1)", cudaStreamDestroy(s));
    say("cudaStreamDestroy(#2)", cudaStreamDestroy(s));
    cudaEvent_t e;
    cudaEventCreate(&e);
    cudaEventRecord(e, 0);
    say("cudaEventDestroy(#1)", cudaEventDestroy(e));
    say("cudaEventDestroy(#2)", cudaEventDestroy(e));
    cudaStream_t t;
    cudaStreamCreate(&t);
    say("cudaStreamWaitEvent(a destroyed event)", cudaStreamWaitEvent(t, e, 0));
  } else if (!strcmp(c, "callback")) {
    int *d = nullptr;
    cudaMalloc(&d, 256);
    cudaStream_t s;
    cudaStreamCreate(&s);
    say("cudaStreamAddCallback", cudaStreamAddCallback(s, copyInCallback, d, 0));
    say("cudaStreamSynchronize", cudaStreamSynchronize(s));
    say("cudaGetLastError", cudaGetLastError());
  } else {
    return printf("usage: misuse_answers attribute|copy0|hostalloc0|limits|free|launch|symbol|"
                  "pitch|memory|configuration|sticky|register|handles|callback\n"),
           2;
  }
  return health();
}

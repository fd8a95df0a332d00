// Misuses of the driver API answered as CUDA answers them, each case in a
// process of its own, then a check that the process still works through
// the runtime (allocate, launch, copy back, verify: "health OK"). The
// expected codes are NVIDIA's driver's on an H100 with CUDA 13.0 for the
// same calls, except where this driver is stricter (a launch buffer shorter
// than the parameters; NVIDIA's runs the kernel on the bytes past it).
// RUN: simt-nvcc -O2 %s -o %t -lcuda
// RUN: %t context | FileCheck %s --check-prefix=CONTEXT
// CONTEXT: cuMemAlloc before cuInit: CUDA_ERROR_NOT_INITIALIZED
// CONTEXT-NEXT: cuInit(1): CUDA_ERROR_INVALID_VALUE
// CONTEXT-NEXT: cuInit(0): CUDA_SUCCESS
// CONTEXT-NEXT: cuMemAlloc without a context: CUDA_ERROR_INVALID_CONTEXT
// CONTEXT-NEXT: cuCtxSynchronize without a context: CUDA_ERROR_INVALID_CONTEXT
// CONTEXT-NEXT: cuCtxGetCurrent: CUDA_SUCCESS, NULL
// CONTEXT-NEXT: cuCtxSetCurrent(primary): CUDA_SUCCESS
// CONTEXT-NEXT: cuMemAlloc: CUDA_SUCCESS
// CONTEXT-NEXT: cuCtxDestroy(primary): CUDA_ERROR_INVALID_CONTEXT
// CONTEXT-NEXT: cuMemAlloc after it: CUDA_SUCCESS
// CONTEXT-NEXT: cuCtxPopCurrent: CUDA_SUCCESS
// CONTEXT-NEXT: cuMemFree without a context: CUDA_ERROR_INVALID_CONTEXT
// CONTEXT-NEXT: cudaGetLastError: cudaSuccess
// CONTEXT-NEXT: health OK
// RUN: %t load 2>/dev/null | FileCheck %s --check-prefix=LOAD
// LOAD: cuModuleLoadData(random bytes): CUDA_ERROR_INVALID_IMAGE
// LOAD-NEXT: cuModuleLoadData(empty): CUDA_ERROR_INVALID_IMAGE
// LOAD-NEXT: cuModuleLoadData(half a PTX text): CUDA_ERROR_INVALID_PTX
// LOAD-NEXT: cuModuleLoadDataEx(3 options, NULL arrays): CUDA_ERROR_INVALID_VALUE
// LOAD-NEXT: cudaGetLastError: cudaSuccess
// LOAD-NEXT: health OK
// RUN: %t launch | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: cuLaunchKernel(neither kernelParams nor extra): CUDA_ERROR_INVALID_VALUE
// LAUNCH-NEXT: cuLaunchKernel(kernelParams and extra): CUDA_ERROR_INVALID_VALUE
// LAUNCH-NEXT: cuLaunchKernel(extra of 4 bytes for 12): CUDA_ERROR_INVALID_VALUE
// LAUNCH-NEXT: cuLaunchKernel(NULL): CUDA_ERROR_INVALID_HANDLE
// LAUNCH-NEXT: cuLaunchKernel(kernelParams): CUDA_SUCCESS
// LAUNCH-NEXT: cuModuleUnload #1: CUDA_SUCCESS
// LAUNCH-NEXT: cuModuleUnload #2: CUDA_ERROR_INVALID_HANDLE
// LAUNCH-NEXT: cuLaunchKernel(a function of the unloaded module): CUDA_ERROR_INVALID_HANDLE
// LAUNCH-NEXT: cuMemsetD32(2^40 words into 4 KiB): CUDA_ERROR_INVALID_VALUE
// LAUNCH-NEXT: cuMemsetD32(1024 words into 4 KiB): CUDA_SUCCESS
// LAUNCH-NEXT: cuMemsetD32(1025 words into 4 KiB): CUDA_ERROR_INVALID_VALUE
// LAUNCH-NEXT: health OK
// Loading and unloading a module with __constant__ and __device__ data many
// times: each unload frees what the load took.
// RUN: %t reload | FileCheck %s --check-prefix=RELOAD
// RELOAD: 40 loads and unloads: each launch read its own constant
// RELOAD-NEXT: device memory in use after them: 0 bytes
// RELOAD-NEXT: health OK
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Inputs/health.h"

// set(p, v): p[0] = v + scale[0]; `total` takes device memory.
static const char *Ptx = R"(
.version 7.0
.target sm_20
.address_size 64
.const .align 4 .b32 scale[256];
.global .align 4 .b32 total[1024];
.visible .entry set(.param .u64 p, .param .u32 v)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [v];
  cvta.to.global.u64 %rd2, %rd1;
  ld.const.u32 %r2, [scale];
  add.u32 %r3, %r1, %r2;
  st.global.u32 [%rd2], %r3;
  ret;
}
)";

static void say(const char *what, CUresult r) {
  const char *name = "?";
  cuGetErrorName(r, &name);
  printf("%s: %s\n", what, name);
}

static void primaryCurrent() {
  CUdevice d;
  CUcontext c;
  cuInit(0);
  cuDeviceGet(&d, 0);
  cuDevicePrimaryCtxRetain(&c, d);
  cuCtxSetCurrent(c);
}

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  CUdeviceptr p = 0;
  CUmodule m = nullptr;
  if (!strcmp(c, "context")) {
    say("cuMemAlloc before cuInit", cuMemAlloc(&p, 64));
    say("cuInit(1)", cuInit(1));
    say("cuInit(0)", cuInit(0));
    say("cuMemAlloc without a context", cuMemAlloc(&p, 64));
    say("cuCtxSynchronize without a context", cuCtxSynchronize());
    CUcontext ctx = reinterpret_cast<CUcontext>(1);
    const CUresult r = cuCtxGetCurrent(&ctx);
    printf("cuCtxGetCurrent: %s, %s\n", r == CUDA_SUCCESS ? "CUDA_SUCCESS" : "failed",
           ctx ? "a context" : "NULL");
    CUdevice d;
    cuDeviceGet(&d, 0);
    cuDevicePrimaryCtxRetain(&ctx, d);
    say("cuCtxSetCurrent(primary)", cuCtxSetCurrent(ctx));
    say("cuMemAlloc", cuMemAlloc(&p, 64));
    say("cuCtxDestroy(primary)", cuCtxDestroy(ctx));
    say("cuMemAlloc after it", cuMemAlloc(&p, 64));
    CUcontext popped = nullptr;
    say("cuCtxPopCurrent", cuCtxPopCurrent(&popped));
    say("cuMemFree without a context", cuMemFree(p));
    printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
  } else if (!strcmp(c, "load")) {
    primaryCurrent();
    unsigned char bytes[4096];
    srand(1);
    for (unsigned char &b : bytes)
      b = static_cast<unsigned char>(rand() | 1); // no NUL: the driver reads to one
    bytes[sizeof bytes - 1] = 0;
    say("cuModuleLoadData(random bytes)", cuModuleLoadData(&m, bytes));
    say("cuModuleLoadData(empty)", cuModuleLoadData(&m, ""));
    char half[2048];
    const size_t n = strlen(Ptx) / 2;
    memcpy(half, Ptx, n);
    half[n] = 0;
    say("cuModuleLoadData(half a PTX text)", cuModuleLoadData(&m, half));
    say("cuModuleLoadDataEx(3 options, NULL arrays)",
        cuModuleLoadDataEx(&m, Ptx, 3, nullptr, nullptr));
    printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
  } else if (!strcmp(c, "launch")) {
    primaryCurrent();
    cuModuleLoadData(&m, Ptx);
    CUfunction f;
    cuModuleGetFunction(&f, m, "set");
    cuMemAlloc(&p, 4096);
    unsigned v = 5;
    void *params[] = {&p, &v};
    unsigned char buffer[16] = {};
    size_t whole = 12, part = 4;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, buffer, CU_LAUNCH_PARAM_BUFFER_SIZE, &whole,
                     CU_LAUNCH_PARAM_END};
    void *shortExtra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, buffer, CU_LAUNCH_PARAM_BUFFER_SIZE,
                          &part, CU_LAUNCH_PARAM_END};
    say("cuLaunchKernel(neither kernelParams nor extra)",
        cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, nullptr, nullptr));
    say("cuLaunchKernel(kernelParams and extra)",
        cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, params, extra));
    say("cuLaunchKernel(extra of 4 bytes for 12)",
        cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, nullptr, shortExtra));
    say("cuLaunchKernel(NULL)", cuLaunchKernel(nullptr, 1, 1, 1, 32, 1, 1, 0, 0, params, nullptr));
    say("cuLaunchKernel(kernelParams)", cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, params, nullptr));
    cuCtxSynchronize();
    say("cuModuleUnload #1", cuModuleUnload(m));
    say("cuModuleUnload #2", cuModuleUnload(m));
    say("cuLaunchKernel(a function of the unloaded module)",
        cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, params, nullptr));
    say("cuMemsetD32(2^40 words into 4 KiB)", cuMemsetD32(p, 7, size_t(1) << 40));
    say("cuMemsetD32(1024 words into 4 KiB)", cuMemsetD32(p, 7, 1024));
    say("cuMemsetD32(1025 words into 4 KiB)", cuMemsetD32(p, 7, 1025));
  } else if (!strcmp(c, "reload")) {
    primaryCurrent();
    cuMemAlloc(&p, 4);
    const int loads = 40;
    int i = 0;
    for (; i < loads; ++i) {
      if (cuModuleLoadData(&m, Ptx) != CUDA_SUCCESS)
        break;
      CUdeviceptr scale;
      size_t bytes;
      cuModuleGetGlobal(&scale, &bytes, m, "scale");
      const unsigned s = 1000u * i;
      cuMemcpyHtoD(scale, &s, 4);
      CUfunction f;
      cuModuleGetFunction(&f, m, "set");
      unsigned v = i;
      void *params[] = {&p, &v};
      unsigned got = 0;
      if (cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, 0, params, nullptr) != CUDA_SUCCESS ||
          cuMemcpyDtoH(&got, p, 4) != CUDA_SUCCESS || got != s + v ||
          cuModuleUnload(m) != CUDA_SUCCESS)
        break;
    }
    cuMemFree(p);
    if (i == loads)
      printf("%d loads and unloads: each launch read its own constant\n", loads);
    else
      printf("load %d failed\n", i);
    size_t freeBytes = 0, total = 0;
    cuMemGetInfo(&freeBytes, &total);
    printf("device memory in use after them: %zu bytes\n", total - freeBytes);
  } else {
    return printf("usage: driver_misuse context|load|launch|reload\n"), 2;
  }
  return health();
}

// Launch arguments no kernel can take: an argument array with a NULL where a
// parameter's address belongs (cudaLaunchKernel's args, cuLaunchKernel's
// kernelParams: the runtime read through the NULL), and a CUDA 8 argument
// larger than any kernel's parameters (cudaSetupArgument: std::bad_alloc
// escaped the call). Each is CUDA's answer for a parameter "not within an
// acceptable range of values": cudaErrorInvalidValue,
// CUDA_ERROR_INVALID_VALUE. Each case runs in a process of its own, then
// checks that the runtime still works (allocate, launch, copy back, verify:
// "health OK").
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -cubin %S/Inputs/driver_kernels.cu -o %t/k.cubin
// RUN: simt-nvcc -O2 %s -o %t/app -lcuda
// RUN: %t/app args | FileCheck %s --check-prefix=ARGS
// ARGS: cudaLaunchKernel(args[1] NULL): cudaErrorInvalidValue
// ARGS-NEXT: health OK
// RUN: %t/app params %t/k.cubin | FileCheck %s --check-prefix=PARAMS
// PARAMS: cuLaunchKernel(kernelParams[1] NULL): CUDA_ERROR_INVALID_VALUE
// PARAMS-NEXT: health OK
// RUN: %t/app setup | FileCheck %s --check-prefix=SETUP
// SETUP: cudaSetupArgument(2^40 bytes): cudaErrorInvalidValue
// SETUP-NEXT: cudaSetupArgument(at offset 2^40): cudaErrorInvalidValue
// SETUP-NEXT: cudaSetupArgument(NULL, 4 bytes): cudaErrorInvalidValue
// SETUP-NEXT: health OK
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "Inputs/health.h"

static void say(const char *what, cudaError_t e) { printf("%s: %s\n", what, cudaGetErrorName(e)); }

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  if (!strcmp(c, "args")) {
    int *d = nullptr;
    cudaMalloc(&d, 256);
    void *args[] = {&d, nullptr};
    say("cudaLaunchKernel(args[1] NULL)", cudaLaunchKernel((const void *)fill, 1, 32, args, 0, 0));
  } else if (!strcmp(c, "params") && argc > 2) {
    CUmodule m;
    CUfunction f;
    CUdeviceptr y, x;
    float a = 2;
    int n = 1;
    CUdevice dev;
    CUcontext ctx;
    if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
        cuCtxCreate(&ctx, 0, dev) != CUDA_SUCCESS || cuModuleLoad(&m, argv[2]) != CUDA_SUCCESS ||
        cuModuleGetFunction(&f, m, "saxpy_gain") != CUDA_SUCCESS ||
        cuMemAlloc(&y, 4) != CUDA_SUCCESS || cuMemAlloc(&x, 4) != CUDA_SUCCESS)
      return printf("setup FAILED\n"), 1;
    void *params[] = {&y, nullptr, &a, &n};
    const char *name = nullptr;
    cuGetErrorName(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr), &name);
    printf("cuLaunchKernel(kernelParams[1] NULL): %s\n", name);
  } else if (!strcmp(c, "setup")) {
    int v = 1;
    cudaConfigureCall(1, 32);
    say("cudaSetupArgument(2^40 bytes)", cudaSetupArgument(&v, size_t(1) << 40, 0));
    say("cudaSetupArgument(at offset 2^40)", cudaSetupArgument(&v, sizeof v, size_t(1) << 40));
    say("cudaSetupArgument(NULL, 4 bytes)", cudaSetupArgument(nullptr, 4, 0));
  } else {
    return printf("usage: launch_arguments args|setup, or params FILE\n"), 2;
  }
  return health();
}

// A kernel that never ends: with SIMT_EMU_FLAGS=--timeout SECONDS the
// device run is stopped after that much host time, the report says where
// each warp stood, and the program gets cudaErrorLaunchTimeout, as a
// display watchdog gives it, sticky as on NVIDIA's devices; the driver API
// says CUDA_ERROR_LAUNCH_TIMEOUT.
// RUN: simt-nvcc -O2 %s -o %t -lcuda
// RUN: env SIMT_EMU_FLAGS="--timeout 0.5" %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// RUN: env SIMT_EMU_FLAGS="--timeout 0" %t 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: cudaDeviceSynchronize: cudaErrorLaunchTimeout
// CHECK-NEXT: cudaMalloc: cudaErrorLaunchTimeout
// CHECK-NEXT: cuCtxSynchronize: CUDA_ERROR_LAUNCH_TIMEOUT
// REPORT: the --timeout of 0.5 s ran out
// REPORT: kernel 'spin(int volatile*) (_Z4spinPVi)' (grid 1): 0 of 1 CTAs finished
// REPORT: cta (0,0,0) warp 0 lanes 0-31
// BAD: simt-cudart: SIMT_EMU_FLAGS: --timeout: a number of seconds above 0
// BAD: cudaDeviceSynchronize: cudaErrorInitializationError
#include <cuda.h>

#include <cstdio>

__global__ void spin(volatile int *flag) {
  while (*flag == 0) {
  }
}

int main() {
  int *flag = nullptr;
  cudaMalloc(&flag, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  spin<<<1, 32>>>(flag);
  printf("cudaDeviceSynchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&flag, 4)));
  const char *name = "?";
  cuInit(0);
  cuGetErrorName(cuCtxSynchronize(), &name);
  printf("cuCtxSynchronize: %s\n", name);
  return 0;
}

// A kernel that faults (a store far past its allocation) under the tools
// other than memcheck: racecheck, synccheck and initcheck do not check
// global bounds, so the fault ends the kernel and the program's next call
// returns cudaErrorIllegalAddress (700), which the sanitizer reports as an
// API error, as compute-sanitizer does; the emulator's own fault report
// (what a plain run prints on standard error) is not printed beside it.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool racecheck %t 2>&1 | FileCheck %s
// RUN: simt-sanitizer --tool synccheck %t 2>&1 | FileCheck %s
// RUN: simt-sanitizer --tool initcheck %t 2>&1 | FileCheck %s
// RUN: %t 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <cstdio>

__global__ void scatter(int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x * 100000] = tile[63 - threadIdx.x];
}

int main() {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  scatter<<<1, 64>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s (%d)\n", cudaGetErrorName(e), int(e));
  return 0;
}

// CHECK: ========= Program hit cudaErrorIllegalAddress (error 700) due to "an illegal memory access was encountered" on CUDA API call to cudaDeviceSynchronize.
// CHECK-NOT: fault:
// CHECK: sync: cudaErrorIllegalAddress (700)
// CHECK-NOT: fault:

// PLAIN: fault: global memory access out of range in kernel 'scatter(int*) (_Z7scatterPi)' (grid 1)
// PLAIN: sync: cudaErrorIllegalAddress (700)

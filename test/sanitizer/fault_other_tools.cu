// A kernel that faults (a store far past its allocation) under the tools
// other than memcheck: racecheck, synccheck and initcheck do not check
// global bounds, so the fault ends the kernel and the program's next call
// returns cudaErrorIllegalAddress (700). As compute-sanitizer (CUDA 13 on
// an H200, this program): no API error report under those tools, and no
// hazard or error counted; the emulator's own fault report (what a plain
// run prints on standard error) is not printed either. Under memcheck the
// store is memcheck's own report.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool racecheck %t 2>&1 | FileCheck %s --check-prefixes=CHECK,RACE
// RUN: simt-sanitizer --tool synccheck %t 2>&1 | FileCheck %s --check-prefixes=CHECK,OTHER
// RUN: simt-sanitizer --tool initcheck %t 2>&1 | FileCheck %s --check-prefixes=CHECK,OTHER
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

// CHECK: ========= SIMT-SANITIZER
// CHECK-NOT: Program hit
// CHECK-NOT: fault:
// CHECK: sync: cudaErrorIllegalAddress (700)
// RACE-NEXT: ========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
// OTHER-NEXT: ========= ERROR SUMMARY: 0 errors

// PLAIN: fault: global memory access out of range in kernel 'scatter(int*) (_Z7scatterPi)' (grid 1)
// PLAIN: sync: cudaErrorIllegalAddress (700)

// --launch-skip counts launches, not faults: memcheck sees only the grids
// that fault, yet skipping one launch here skips the good first one and
// checks both bad ones.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: simt-sanitizer --launch-skip 1 --destroy-on-device-error kernel %t 2>&1 | FileCheck %s
// RUN: simt-sanitizer --launch-skip 2 --destroy-on-device-error kernel %t 2>&1 | FileCheck %s --check-prefix=SKIP2
#include <cstdio>

__global__ void write(int *p, int at) { p[at] = 1; }

int main() {
  int *d;
  cudaMalloc(&d, 4 * sizeof(int));
  write<<<1, 1>>>(d, 0);
  write<<<1, 1>>>(d, 4); // BUG: one past the end
  write<<<1, 1>>>(d, 5); // BUG: two past the end
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK: and is 1 bytes after the nearest allocation
// CHECK: and is 5 bytes after the nearest allocation
// CHECK: cudaSuccess
// CHECK: ERROR SUMMARY: 2 errors
// The second launch is not checked: its fault is the program's, as without
// the tool, and the call that returns its error is reported (the API error
// record stands for the emulator's own fault report, which a plain run
// prints).
// SKIP2-NOT: 1 bytes after the nearest
// SKIP2-NOT: fault:
// SKIP2:      ========= Program hit cudaErrorIllegalAddress (error 700) due to "an illegal memory access was encountered" on CUDA API call to cudaDeviceSynchronize.
// SKIP2: cudaErrorIllegalAddress
// SKIP2: ERROR SUMMARY: 1 error

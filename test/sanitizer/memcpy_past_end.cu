// memcheck: a host copy that runs past the end of its allocation is
// reported with the API call, and the call fails as in CUDA.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: simt-sanitizer %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

int main() {
  const int n = 100;
  int h[n + 1] = {};
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  // BUG: one element too many.
  printf("%s\n", cudaGetErrorName(cudaMemcpy(d, h, (n + 1) * sizeof(int), cudaMemcpyHostToDevice)));
  cudaFree(d);
  return 0;
}

// CHECK:      ========= Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaMemcpy.
// CHECK-NEXT: =========     cudaMemcpy of 404 bytes at 0x{{[0-9a-f]+}}: 4 bytes past the end of the allocation at 0x{{[0-9a-f]+}} of size 400 bytes
// CHECK:      ========= ERROR SUMMARY: 1 error
// OUT: cudaErrorInvalidValue

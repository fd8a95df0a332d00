// memcheck: cudaFree of a block already freed, and of a pointer into the
// middle of a block, are reported with the call and what CUDA returns.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

int main() {
  float *a, *b;
  cudaMalloc(&a, 256);
  cudaMalloc(&b, 256);
  cudaFree(a);
  printf("again: %s\n", cudaGetErrorName(cudaFree(a))); // BUG: double free
  printf("middle: %s\n", cudaGetErrorName(cudaFree(b + 4))); // BUG: not the block's start
  cudaFree(b);
  return 0;
}

// CHECK:      ========= Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaFree.
// CHECK-NEXT: =========     Double free of 0x[[A:[0-9a-f]+]]: the allocation of size 256 bytes (cudaMalloc #1) was freed before by cudaFree
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at error
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: again: cudaErrorInvalidValue
// CHECK-NEXT: ========= Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaFree.
// CHECK-NEXT: =========     Invalid free of 0x{{[0-9a-f]+}}: inside the allocation at 0x{{[0-9a-f]+}} of size 256 bytes, not its start
// CHECK:      ========= ERROR SUMMARY: 2 errors
// OUT: again: cudaErrorInvalidValue
// OUT: middle: cudaErrorInvalidValue

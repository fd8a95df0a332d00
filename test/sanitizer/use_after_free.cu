// memcheck: a kernel reading a buffer the host has already freed.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.err
// RUN: FileCheck %s < %t.err
#include <cstdio>

__global__ void sum(const int *in, int *out) {
  atomicAdd(out, in[threadIdx.x]);
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, sizeof(int));
  cudaMemset(in, 0, 32 * sizeof(int));
  cudaMemset(out, 0, sizeof(int));
  cudaFree(in); // BUG: freed before the kernel reads it
  sum<<<1, 1>>>(in, out);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Invalid __global__ read of size 4 bytes
// CHECK-NEXT: =========     at sum(const int *, int *)+0x{{[0-9a-f]+}} in {{.*}}use_after_free.cu:8
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x[[A:[0-9a-f]+]] is out of bounds
// CHECK-NEXT: =========     and is 0 bytes inside a freed allocation at 0x[[A]] of size 128 bytes
// CHECK-NEXT: =========     Allocated by cudaMalloc #1, freed by cudaFree
// The sticky error the next call returns is reported too, as compute-sanitizer reports failed calls.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors

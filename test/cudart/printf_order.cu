// Device printf reaches stdout where CUDA flushes it: when the host
// synchronises after the grid has ended, in launch order, between the
// host's own lines.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s --match-full-lines
// CHECK: host: before
// CHECK-NEXT: block 0 says 7
// CHECK-NEXT: block 1 says 8
// CHECK-NEXT: host: between
// CHECK-NEXT: second grid: 2.500000
// CHECK-NEXT: host: after
#include <cstdio>

__global__ void say(int base) {
  if (threadIdx.x == 0)
    printf("block %d says %d\n", blockIdx.x, base + blockIdx.x);
}
__global__ void say_float(float f) { printf("second grid: %f\n", f); }

int main() {
  printf("host: before\n");
  say<<<2, 32>>>(7);
  cudaDeviceSynchronize();
  printf("host: between\n");
  say_float<<<1, 1>>>(2.5f);
  float unused;
  cudaMemcpy(&unused, &unused, 0, cudaMemcpyHostToHost); // a blocking copy flushes too
  printf("host: after\n");
  return 0;
}

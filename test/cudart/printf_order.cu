// Device printf reaches stdout where CUDA flushes it: when the host
// synchronises after the grid has ended, in launch order, between the
// host's own lines.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s --match-full-lines
// SIMT_EMU_FLAGS' tracing and statistics leave the program's output alone.
// RUN: env SIMT_EMU_FLAGS="--trace=%t.trace --stats-file %t.json --stats" %t 2> %t.err | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace
// RUN: FileCheck %s --check-prefix=STATS < %t.json
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// TRACE: cycle 0 sm 0 grid 1 cta (0,0,0) warp 0 pc 0x0000
// TRACE: grid 2
// STATS: "schema": 1
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

// A failed device assert prints CUDA's line for each failing thread, stops
// the kernel and returns cudaErrorAssert, which stays until
// cudaDeviceReset. Those lines are the whole report, as CUDA's runtime
// prints nothing more: no emulator's fault block on stderr.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --allow-empty --check-prefix=ERR < %t.err
// CHECK: assert.cu:[[@LINE+12]]: void check_sorted(const int *, int): block: [1,0,0], thread: [4,0,0] Assertion `v[i] <= v[i + 1]` failed.
// CHECK-NOT: Assertion
// CHECK: sync: cudaErrorAssert
// CHECK: later: cudaErrorAssert
// CHECK: after reset: cudaSuccess
// ERR-NOT: fault
#include <cassert>
#include <cstdio>

__global__ void check_sorted(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    assert(v[i] <= v[i + 1]);
}

int main() {
  int h[64], *d;
  for (int i = 0; i < 64; ++i)
    h[i] = i == 36 ? 1000 : i; // out of order after element 35
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  check_sorted<<<2, 32>>>(d, 64);
  printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("later: %s\n", cudaGetErrorName(cudaMalloc(&d, 4)));
  cudaDeviceReset();
  printf("after reset: %s\n", cudaGetErrorName(cudaMalloc(&d, 4)));
  return 1;
}

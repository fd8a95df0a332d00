// At -O0 clang keeps a pointer that may point into shared or global memory
// in a frame slot, whose tag follows it (docs/cuda.md "Generic addresses");
// in a module that gives only local memory a generic window (a helper
// called with a local and a global pointer), the frame's accesses are
// rebased into the local window and the slot's tag still follows it (the
// pointer is no window address, so its space cannot be read from its
// value). Expected values: the host loop below.
// RUN: simt-nvcc -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s
// RUN: simt-nvcc -G %s -o %t-g.app
// RUN: %t-g.app | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s
// CHECK: PASSED
#include <cuda_runtime.h>
#include <stdio.h>

__device__ __noinline__ float get(const float *p) { return *p; }
__global__ void k(const float *g, float *out) {
  __shared__ float sh[32];
  const int t = threadIdx.x;
  const float *p = t & 1 ? sh + t : g + t;
  float loc[2] = {1, 2};
  sh[t] = 100 + t;
  __syncthreads();
  out[t] = *p + get(loc + (t & 1)) * 1000 + get(g) * 10000;
}
int main() {
  float h[32], *g, *out, o[32];
  for (int i = 0; i < 32; ++i)
    h[i] = i * 0.5f;
  cudaMalloc(&g, sizeof h);
  cudaMalloc(&out, sizeof o);
  cudaMemcpy(g, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(g, out);
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 32; ++t) {
    float e = (t & 1 ? 100 + t : h[t]) + (1 + (t & 1)) * 1000 + h[0] * 10000;
    if (o[t] != e) {
      ++bad;
      if (bad < 4)
        printf("t%d: %g, expected %g\n", t, o[t], e);
    }
  }
  printf(bad ? "FAILED\n" : "PASSED\n");
}

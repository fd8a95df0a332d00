// CUDA's min and max (int, unsigned, float; umin, umax) are host functions
// as well as device ones: a host that sizes its launches with them
// compiles, and the device keeps its own calls.
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK-LABEL: .kernel clamp
// CHECK: IMNMX
#include <cuda_runtime.h>

extern "C" __global__ void clamp(int *v, int hi) {
  v[threadIdx.x] = min(v[threadIdx.x], hi);
}

int main() {
  int n = 100, threads = min(n, 256);
  unsigned blocks = max(1u, umin(4u, (unsigned)n / threads));
  float scale = max(0.5f, min(2.0f, 1.5f));
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  clamp<<<blocks, threads>>>(d, (int)(scale * 10) + umax(1u, 2u));
  return 0;
}

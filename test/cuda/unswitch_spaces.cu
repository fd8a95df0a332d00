// Loops through a pointer that may be __constant__ or global, copied per
// space at -O2 (docs/cuda.md "Generic addresses", the unswitch pass): a
// __noinline__ dot(a, b, n) (clang unrolls its loop by 4 and keeps a
// remainder loop) called from one launch in which warp 0 passes coef, warp
// 1 a global array, warp 2 coef in its odd lanes and the global array in
// its even ones, and warp 3 the global array in lanes 0..4 only: warps 0
// and 1 run a copy with one kind of load each, warps 2 and 3 the loop
// with both arms predicated. The lengths 0..66 (a lane's n) cover no trip,
// the remainder alone and both loops. Expected values: the host loop below.
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s
// RUN: simt-nvcc -arch=sm_20 -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t35.app
// RUN: %t35.app | FileCheck %s
// CHECK: PASSED
#include <cuda_runtime.h>
#include <stdio.h>

constexpr int kLen = 72;
__constant__ float coef[kLen];

__device__ __noinline__ float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

__host__ __device__ bool usesCoef(int t) {
  const int warp = t / 32, lane = t % 32;
  return warp == 0 || (warp == 2 && (lane & 1)) || (warp == 3 && lane >= 5);
}
__host__ __device__ int lengthOf(int t) { return (t * 7) % 67; }

__global__ void dots(const float *x, const float *y, float *out) {
  const int t = threadIdx.x;
  const float *a = usesCoef(t) ? coef : x;
  out[t] = dot(a + t % 4, y, lengthOf(t));
}

int main() {
  const int T = 128;
  float hc[kLen], hx[kLen], hy[kLen], ho[T];
  for (int i = 0; i < kLen; ++i) {
    hc[i] = (i % 5) * 0.5f + 1;
    hx[i] = (i % 7) - 3;
    hy[i] = (i % 3) + 0.25f;
  }
  float *x, *y, *o;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&o, sizeof ho);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(coef, hc, sizeof hc);
  dots<<<1, T>>>(x, y, o);
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < T; ++t) {
    const float *a = (usesCoef(t) ? hc : hx) + t % 4;
    float s = 0;
    for (int i = 0; i < lengthOf(t); ++i)
      s += a[i] * hy[i];
    if (s != ho[t] && bad++ < 5)
      printf("out[%d] = %g, expected %g\n", t, ho[t], s);
  }
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}

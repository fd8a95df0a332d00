// The cost of generic windows (docs/cuda.md "Generic addresses"): a
// __noinline__ dot(a, b, 64) called by one kernel with a global `a`, 4 blocks
// of 64 threads. -DWITH_CONST adds a kernel (never launched) that calls it
// with a __constant__ array, -DWITH_LOCAL one that calls it with a local
// array: the module then gives that space a window and `a` may be in either.
// The launch is the same in all three; its result is checked on the host.
#include <cuda_runtime.h>
#include <stdio.h>

__device__ __noinline__ float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}
__global__ void k(const float *x, const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = dot(x + (i % 4), y, 64);
}
#ifdef WITH_CONST
__constant__ float coef[64];
__global__ void kc(const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = dot(coef, y, 64);
}
#endif
#ifdef WITH_LOCAL
__global__ void kl(const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float buf[64];
  for (int j = 0; j < 64; ++j)
    buf[j] = y[j] * i;
  out[i] = dot(buf, y, 64);
}
#endif

int main() {
  const int N = 256;
  float hx[N + 4], hy[64], ho[N];
  for (int i = 0; i < N + 4; ++i)
    hx[i] = (i % 7) * 0.5f;
  for (int i = 0; i < 64; ++i)
    hy[i] = (i % 5) - 2;
  float *x, *y, *o;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&o, sizeof ho);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  k<<<4, 64>>>(x, y, o);
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    float s = 0;
    for (int j = 0; j < 64; ++j)
      s += hx[i % 4 + j] * hy[j];
    bad += s != ho[i];
  }
  printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}

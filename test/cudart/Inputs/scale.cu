#include "scale.cuh"
__constant__ int offset_b;                 // this file's own constant
__global__ void add_offset(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += offset_b;
}
// Host code in another translation unit driving its own kernels.
int scale_on_device(int *host, int n, int factor) {
  int *d;
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess)
    return 1;
  cudaMemcpy(d, host, n * sizeof(int), cudaMemcpyHostToDevice);
  const int off = 1000;
  cudaMemcpyToSymbol(offset_b, &off, sizeof off);
  scale<int><<<(n + 63) / 64, 64>>>(d, factor, n);
  add_offset<<<(n + 63) / 64, 64>>>(d, n);
  cudaMemcpy(host, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return cudaGetLastError() != cudaSuccess;
}

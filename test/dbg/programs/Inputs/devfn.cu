#include <cstdio>
struct Pair { int a; float b; };
__device__ int square(int v) {
  int r = v * v;
  return r;
}
__device__ int addsq(int x, int y) {
  int s = square(x);
  s += square(y);
  return s;
}
__global__ void kern(int *out, Pair p, int n) {
  __shared__ int tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i;
  __syncthreads();
  if (i < n) {
    int v = addsq(i, p.a);
    out[i] = v + tile[threadIdx.x];
  }
}
int main() {
  int n = 100;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  Pair p = {3, 0.5f};
  kern<<<2, 64>>>(d, p, n);
  cudaDeviceSynchronize();
  int h[100];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("h[5]=%d\n", h[5]);
  return 0;
}

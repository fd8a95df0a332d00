#include <cstdio>
__global__ void k(int *out, int off) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x + off];   // off = 4096: far outside the CTA's shared memory
}
int main() {
  int *d; cudaMalloc(&d, 32 * sizeof(int));
  k<<<1, 32>>>(d, 4096);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return 0;
}

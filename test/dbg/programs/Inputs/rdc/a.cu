#include <cstdio>
extern __device__ int helper(int x);
__global__ void k(int *out) { out[threadIdx.x] = helper(threadIdx.x); }
int main() {
  int *d; cudaMalloc(&d, 32 * sizeof(int));
  k<<<1, 32>>>(d);
  int h[32]; cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("h[3]=%d\n", h[3]);
  return 0;
}

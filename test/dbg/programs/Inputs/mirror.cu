// Each thread reads the element the mirror thread of the other warp wrote
// before the barrier (next-over-barrier.test).
#include <cstdio>

__global__ void mirror(int *out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  tile[t] = 3 * t + 1;
  __syncthreads();
  out[t] = tile[63 - t];
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  mirror<<<1, 64>>>(d);
  int h[64];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", h[0]);
  return 0;
}

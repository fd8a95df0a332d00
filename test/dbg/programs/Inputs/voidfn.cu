#include <cstdio>
__device__ void bump(volatile int *s, int tid) {
  s[tid] = s[tid] + 1;
}
__global__ void kern(int *out) {
  extern __shared__ int sd[];
  int tid = threadIdx.x;
  sd[tid] = tid;
  __syncthreads();
  if (tid < 32) bump(sd, tid);
  out[tid] = sd[tid];
}
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  kern<<<1, 64, 64 * sizeof(int)>>>(d);
  cudaDeviceSynchronize();
  int h[64];
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("h[5]=%d\n", h[5]);
  return 0;
}

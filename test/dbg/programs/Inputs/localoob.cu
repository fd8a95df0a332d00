#include <cstdio>
__global__ void k(int *out, int off) {
  int loc[8];
  for (int j = 0; j < 8; j++) loc[j] = j * threadIdx.x;
  out[threadIdx.x] = loc[threadIdx.x % 8 + off];   // off = 1000000: far outside the thread's local memory
}
int main() {
  int *d; cudaMalloc(&d, 32 * sizeof(int));
  k<<<1, 32>>>(d, 1000000);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}

#include <cstdio>
__global__ void k(int *out) {
  int i = threadIdx.x;
  int *p = (i == 5) ? (int *)0 : out;
  p[i] = i;   // thread 5 stores through a null pointer
}
int main() {
  int *d; cudaMalloc(&d, 32 * sizeof(int));
  k<<<1, 32>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 3;
}

// Global loads whose L2 outcome follows from the L2 model
// (emu/mem/L2.h: 128-byte lines, allocated on a miss, loads and stores
// alike; the host's copies and sets write their lines into the slices), for
// shared-metrics.test. Each launch of `plus` runs 4 warps; each warp loads
// one 128-byte line of x (32 ints) and stores one line of y.
#include <cstdio>

__global__ void plus(const int *x, int *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + 1;
}

int main() {
  const size_t bytes = 128 * sizeof(int); // 4 lines
  int h[128] = {};
  int *cold, *warm, *y, *z;
  cudaMalloc(&cold, bytes); // never written: its lines are not in the L2
  cudaMalloc(&warm, bytes);
  cudaMalloc(&y, bytes);
  cudaMalloc(&z, bytes);
  cudaMemcpy(warm, h, bytes, cudaMemcpyHostToDevice); // its lines are
  plus<<<2, 64>>>(cold, y); // reads miss 4, stores miss 4
  plus<<<2, 64>>>(cold, y); // reads hit 4, stores hit 4
  plus<<<2, 64>>>(warm, z); // reads hit 4, stores miss 4
  cudaMemcpy(h, z, bytes, cudaMemcpyDeviceToHost);
  printf("z[0] %d\n", h[0]);
  return 0;
}

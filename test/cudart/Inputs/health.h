// The misuse tests' last step: the runtime still works after what the case
// did (the last error cleared, memory, a launch and a copy back, verified).
// Prints "health OK" and returns 0, or says what failed and returns 1.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

static int health() {
  cudaGetLastError();
  int *d = nullptr, h[64] = {};
  if (cudaMalloc(&d, sizeof h) != cudaSuccess)
    return printf("health FAILED (cudaMalloc)\n"), 1;
  fill<<<1, 64>>>(d, 7);
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess || h[63] != 7)
    return printf("health FAILED (launch or copy)\n"), 1;
  cudaFree(d);
  printf("health OK\n");
  return 0;
}

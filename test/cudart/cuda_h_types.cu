// <cuda.h> alone gives what NVIDIA's gives with it: <stdint.h>'s types
// (programs write uint32_t after including only cuda.h; HeCBench's lut-gemm
// and merkle) and the driver API's cuuint32_t/cuuint64_t.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: high word 7, sizes 4 8: PASS
#include <cuda.h>
#include <stdio.h>

__global__ void highWord(uint32_t *p, uint64_t v) { *p = (uint32_t)(v >> 32); }

int main() {
  uint32_t *d, h = 0;
  cudaMalloc(&d, sizeof(uint32_t));
  highWord<<<1, 1>>>(d, (uint64_t)7 << 32);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("high word %u, sizes %zu %zu: %s\n", h, sizeof(cuuint32_t), sizeof(cuuint64_t),
         h == 7 ? "PASS" : "FAIL");
  return 0;
}

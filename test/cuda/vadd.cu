// Vector addition, as a CUDA program is written: a kernel and a host main
// (which simt-cc parses and ignores). Expected values: Inputs/ref.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py vadd > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 2 * i;
  }
  float *da, *db, *dc;
  cudaMalloc(&da, bytes);
  cudaMalloc(&db, bytes);
  cudaMalloc(&dc, bytes);
  cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
  vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  cudaDeviceSynchronize();
  cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (c[i] != 3 * i) {
      printf("mismatch at %d\n", i);
      return 1;
    }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  printf("PASSED\n");
  return 0;
}

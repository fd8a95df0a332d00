// Shared-memory tiled matrix multiply (16x16 tiles, a size that is not a
// multiple of the tile): barriers in a uniform loop, guarded tile loads.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py matmul > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define TILE 16

extern "C" __global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
    int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < n && ac < n) ? A[row * n + ac] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (br < n && col < n) ? B[br * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  size_t bytes = n * n * sizeof(float);
  float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
  for (int i = 0; i < n * n; ++i) {
    ha[i] = (float)(rand() % 16 - 8);
    hb[i] = (float)(rand() % 16 - 8);
  }
  float *a, *b, *c;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  cudaMemcpy(a, ha, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, bytes, cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  matmul<<<grid, block>>>(a, b, c, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  cudaMemcpy(hc, c, bytes, cudaMemcpyDeviceToHost);
  // CPU reference (the SDK's matrixMul gold): C = A B. Small integer
  // entries keep every sum exact in float, so the results must be equal.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k)
        sum += ha[i * n + k] * hb[k * n + j];
      if (hc[i * n + j] != sum) {
        printf("mismatch at %d: %f != %f\n", i * n + j, hc[i * n + j], sum);
        return 1;
      }
    }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  free(ha);
  free(hb);
  free(hc);
  printf("PASSED\n");
  return 0;
}

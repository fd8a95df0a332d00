// Covariance of the columns of a data matrix, the three kernels of the
// usual GPU port: column means, centring, then one thread per column j1
// computing the upper triangle of the symmetric matrix and mirroring it
// (an inner loop whose trip count depends on the thread: triangular work).
// The mean is scaled by 1/N passed as a parameter (float division is not
// lowered on this branch yet).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py covariance > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define M 24 /* columns (variables) */
#define N 16 /* rows (observations) */
#define DIM_X 32

extern "C" __global__ void mean_kernel(float *mean, const float *data, float inv_n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < M) {
    mean[j] = 0.0f;
    for (int i = 0; i < N; i++)
      mean[j] += data[i * M + j];
    mean[j] *= inv_n;
  }
}

extern "C" __global__ void reduce_kernel(const float *mean, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < N && j < M)
    data[i * M + j] -= mean[j];
}

extern "C" __global__ void covar_kernel(float *symmat, const float *data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < M) {
    for (int j2 = j1; j2 < M; j2++) {
      float s = 0.0f;
      for (int i = 0; i < N; i++)
        s += data[i * M + j1] * data[i * M + j2];
      symmat[j1 * M + j2] = s;
      symmat[j2 * M + j1] = s;
    }
  }
}

int main() {
  float *data = (float *)malloc(N * M * sizeof(float));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i * M + j] = (float)((i * j + 3 * j) % 11);
  float *d_data, *d_mean, *d_symmat;
  cudaMalloc(&d_data, N * M * sizeof(float));
  cudaMalloc(&d_mean, M * sizeof(float));
  cudaMalloc(&d_symmat, M * M * sizeof(float));
  cudaMemcpy(d_data, data, N * M * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block1(DIM_X), grid1((M + DIM_X - 1) / DIM_X);
  dim3 block2(DIM_X, 8), grid2((M + DIM_X - 1) / DIM_X, (N + 7) / 8);
  mean_kernel<<<grid1, block1>>>(d_mean, d_data, 1.0f / N);
  reduce_kernel<<<grid2, block2>>>(d_mean, d_data);
  covar_kernel<<<grid1, block1>>>(d_symmat, d_data);
  cudaThreadSynchronize();
  float *symmat = (float *)malloc(M * M * sizeof(float));
  cudaMemcpy(symmat, d_symmat, M * M * sizeof(float), cudaMemcpyDeviceToHost);
  printf("cov[0][0] = %f\n", symmat[0]);

  // CPU reference, as PolyBench's covariance: the mean of each column, the
  // centred data, then the product of every pair of columns. The data are
  // integers and N is 16, so every value is a multiple of 1/256 well within
  // float's precision: the results must be equal exactly.
  double mean[M], centred[N][M], gold[M][M];
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < N; i++)
      mean[j] += data[i * M + j];
    mean[j] /= N;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      centred[i][j] = data[i * M + j] - mean[j];
  for (int j1 = 0; j1 < M; j1++)
    for (int j2 = 0; j2 < M; j2++) {
      gold[j1][j2] = 0.0;
      for (int i = 0; i < N; i++)
        gold[j1][j2] += centred[i][j1] * centred[i][j2];
    }
  for (int k = 0; k < M * M; k++)
    if (symmat[k] != gold[k / M][k % M]) {
      printf("mismatch at %d: %f != %f\n", k, symmat[k], gold[k / M][k % M]);
      return 1;
    }
  printf("PASSED\n");
  free(data);
  free(symmat);
  return 0;
}

// Needleman-Wunsch global alignment scores, computed by one block sweeping
// the anti-diagonals of the (n+1)x(n+1) score matrix in global memory with a
// barrier between diagonals. Each cell takes the best of a diagonal step
// (match or mismatch: a data-dependent branch on the two sequences) and two
// gap steps; threads stride over the cells of long diagonals, and the
// number of active threads grows then shrinks (ragged divergence).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py needle > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__device__ int max3(int a, int b, int c) {
  int m = a > b ? a : b;
  return m > c ? m : c;
}

extern "C" __global__ void needle(int *score, const int *seq_a, const int *seq_b, int n,
                                  int match, int mismatch, int gap) {
  int tid = threadIdx.x;
  int cols = n + 1;
  for (int i = tid; i <= n; i += blockDim.x) {
    score[i * cols] = -i * gap;
    score[i] = -i * gap;
  }
  __syncthreads();
  for (int diag = 2; diag <= 2 * n; ++diag) {
    int first = diag - n > 1 ? diag - n : 1;
    int last = diag - 1 < n ? diag - 1 : n;
    for (int i = first + tid; i <= last; i += blockDim.x) {
      int j = diag - i;
      int d = score[(i - 1) * cols + (j - 1)];
      if (seq_a[i - 1] == seq_b[j - 1])
        d += match;
      else
        d -= mismatch;
      score[i * cols + j] =
          max3(d, score[(i - 1) * cols + j] - gap, score[i * cols + j - 1] - gap);
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int *a = (int *)malloc(n * sizeof(int)), *b = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i) {
    a[i] = rand() % 4;
    b[i] = rand() % 4;
  }
  int *d_score, *d_a, *d_b;
  cudaMalloc(&d_score, (n + 1) * (n + 1) * sizeof(int));
  cudaMalloc(&d_a, n * sizeof(int));
  cudaMalloc(&d_b, n * sizeof(int));
  cudaMemcpy(d_a, a, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(int), cudaMemcpyHostToDevice);
  needle<<<1, 32>>>(d_score, d_a, d_b, n, 2, 1, 1);
  int result;
  cudaMemcpy(&result, d_score + (n + 1) * (n + 1) - 1, sizeof result, cudaMemcpyDeviceToHost);
  printf("alignment score %d\n", result);
  // CPU reference: Needleman-Wunsch row by row (match +2, mismatch -1,
  // gap -1); every cell of the score matrix is compared.
  int cols = n + 1;
  int *score = (int *)malloc(cols * cols * sizeof(int));
  int *gold = (int *)malloc(cols * cols * sizeof(int));
  cudaMemcpy(score, d_score, cols * cols * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i <= n; ++i) {
    gold[i * cols] = -i;
    gold[i] = -i;
  }
  for (int i = 1; i <= n; ++i)
    for (int j = 1; j <= n; ++j) {
      int diag = gold[(i - 1) * cols + j - 1] + (a[i - 1] == b[j - 1] ? 2 : -1);
      int up = gold[(i - 1) * cols + j] - 1, left = gold[i * cols + j - 1] - 1;
      int best = diag;
      if (up > best)
        best = up;
      if (left > best)
        best = left;
      gold[i * cols + j] = best;
    }
  for (int k = 0; k < cols * cols; ++k)
    if (score[k] != gold[k]) {
      printf("mismatch at %d: %d != %d\n", k, score[k], gold[k]);
      return 1;
    }
  printf("PASSED\n");
  cudaFree(d_score);
  free(a);
  free(b);
  free(score);
  free(gold);
  return 0;
}

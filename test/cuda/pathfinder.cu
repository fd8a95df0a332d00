// Dynamic programming over a grid of costs, row by row (the "pathfinder"
// pattern): the cheapest path from the top row down to each cell of the
// bottom row, moving straight down or diagonally. One block keeps the
// current cost row in shared memory, each thread striding over the
// columns; every cell takes the cheapest of its three upper neighbours
// (clamped at the edges: divergent edge handling) plus its own cost, with
// barriers between the read and write phases of every row.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py pathfinder > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_COLS 256
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

extern "C" __global__ void pathfinder(const int *wall, int *result, int cols, int rows) {
  __shared__ int cur[MAX_COLS], upd[MAX_COLS];
  for (int x = threadIdx.x; x < cols; x += blockDim.x)
    cur[x] = wall[x];
  __syncthreads();
  for (int r = 1; r < rows; ++r) {
    for (int x = threadIdx.x; x < cols; x += blockDim.x) {
      int best = cur[x];
      if (x > 0)
        best = MIN(best, cur[x - 1]);
      if (x < cols - 1)
        best = MIN(best, cur[x + 1]);
      upd[x] = best + wall[r * cols + x];
    }
    __syncthreads();
    for (int x = threadIdx.x; x < cols; x += blockDim.x)
      cur[x] = upd[x];
    __syncthreads();
  }
  for (int x = threadIdx.x; x < cols; x += blockDim.x)
    result[x] = cur[x];
}

int main(int argc, char **argv) {
  int rows = 20, cols = 150;
  if (argc == 3) {
    cols = atoi(argv[1]);
    rows = atoi(argv[2]);
  }
  int *wall = (int *)malloc(rows * cols * sizeof(int));
  for (int i = 0; i < rows * cols; ++i)
    wall[i] = rand() % 10;
  int *d_wall, *d_result;
  cudaMalloc(&d_wall, rows * cols * sizeof(int));
  cudaMalloc(&d_result, cols * sizeof(int));
  cudaMemcpy(d_wall, wall, rows * cols * sizeof(int), cudaMemcpyHostToDevice);
  pathfinder<<<1, 64>>>(d_wall, d_result, cols, rows);
  int *result = (int *)malloc(cols * sizeof(int));
  cudaMemcpy(result, d_result, cols * sizeof(int), cudaMemcpyDeviceToHost);
  for (int x = 0; x < cols; ++x)
    printf("%d ", result[x]);
  printf("\n");
  // CPU reference (Rodinia's dynamic programming on the host): the cheapest
  // path from the first row to each column of the last, each step moving
  // down to one of the three cells below.
  int *cost = (int *)malloc(cols * sizeof(int)), *next = (int *)malloc(cols * sizeof(int));
  for (int x = 0; x < cols; ++x)
    cost[x] = wall[x];
  for (int r = 1; r < rows; ++r) {
    for (int x = 0; x < cols; ++x) {
      int m = cost[x];
      if (x > 0 && cost[x - 1] < m)
        m = cost[x - 1];
      if (x + 1 < cols && cost[x + 1] < m)
        m = cost[x + 1];
      next[x] = wall[r * cols + x] + m;
    }
    int *t = cost;
    cost = next;
    next = t;
  }
  for (int x = 0; x < cols; ++x)
    if (result[x] != cost[x]) {
      printf("mismatch at %d: %d != %d\n", x, result[x], cost[x]);
      return 1;
    }
  printf("PASSED\n");
  free(wall);
  free(result);
  free(cost);
  free(next);
  return 0;
}

// A backtracking search with an explicit per-thread stack (N-Queens
// counted from each thread's first two queens): the row counter goes up on
// one side of a divergent branch and down on the other, and the loop's
// tests read it, so those tests diverge too. The kernel's .max_stack must
// hold what its warps push (it overflowed the SIMT stack when the tests
// were taken to be uniform). Counts come from the same function on the
// host: 40 solutions of 7 queens, 92 of 8.
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O2 -arch=sm_35 %s -o %t35 && %t35 | FileCheck %s
// CHECK: n=7: 40 solutions (host 40), 0 threads wrong
// CHECK-NEXT: n=8: 92 solutions (host 92), 0 threads wrong
#include <cstdio>

__host__ __device__ int solutionsFrom(int n, unsigned cols, unsigned left, unsigned right) {
  unsigned keptCols[32], keptLeft[32], keptRight[32], keptFree[32];
  const unsigned all = (1u << n) - 1;
  int depth = 0, row = 2, found = 0;
  unsigned open = all & ~(cols | left | right);
  for (;;) {
    if (row == n) { // a solution: back to the last choice
      ++found;
      if (depth == 0)
        break;
      --depth;
      --row;
      cols = keptCols[depth];
      left = keptLeft[depth];
      right = keptRight[depth];
      open = keptFree[depth];
      continue;
    }
    if (open == 0) { // a dead end: back too
      if (depth == 0)
        break;
      --depth;
      --row;
      cols = keptCols[depth];
      left = keptLeft[depth];
      right = keptRight[depth];
      open = keptFree[depth];
      continue;
    }
    const unsigned bit = open & (0u - open);
    open ^= bit;
    keptCols[depth] = cols;
    keptLeft[depth] = left;
    keptRight[depth] = right;
    keptFree[depth] = open;
    ++depth;
    cols |= bit;
    left = ((left | bit) << 1) & all;
    right = (right | bit) >> 1;
    ++row;
    open = all & ~(cols | left | right);
  }
  return found;
}

// Thread t puts the first queen in column t / n and the second in t % n.
__host__ __device__ int countFor(int n, int t) {
  const int a = t / n, b = t % n;
  if (a >= n)
    return 0;
  const unsigned all = (1u << n) - 1, c = 1u << a, l = (c << 1) & all, r = c >> 1;
  const unsigned bit = 1u << b;
  if ((c | l | r) & bit)
    return 0;
  return solutionsFrom(n, c | bit, ((l | bit) << 1) & all, (r | bit) >> 1);
}

__global__ void queens(int n, int *perThread, int *total) {
  const int found = countFor(n, threadIdx.x);
  perThread[threadIdx.x] = found;
  atomicAdd(total, found);
}

int main() {
  int *d, *dTotal, h[128];
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&dTotal, sizeof(int));
  for (int n = 7; n <= 8; ++n) {
    cudaMemset(dTotal, 0, sizeof(int));
    queens<<<1, 128>>>(n, d, dTotal);
    cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int total = 0, host = 0, wrong = e != cudaSuccess;
    cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 128; ++t) {
      host += countFor(n, t);
      wrong += h[t] != countFor(n, t);
    }
    printf("n=%d: %d solutions (host %d), %d threads wrong\n", n, total, host, wrong);
  }
  return 0;
}

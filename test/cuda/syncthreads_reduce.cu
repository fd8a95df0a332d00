// Fermi's counting barriers (__syncthreads_count/_and/_or: BAR.RED.POPC,
// .AND, .OR) in blocks of six warps. block_stats votes once per block on
// every element: how many exceed a threshold, whether all are even,
// whether any is negative; the tail block's threads past n vote as if
// absent. chain_labels propagates the minimum label along linked runs of a
// block in Jacobi rounds until __syncthreads_or says no label changed (the
// loop's exit is the barrier's block-wide answer, the same in every
// thread). Expected values: Inputs/syncthreads_reduce.py.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK-DAG: BAR.RED.POPC
// CHECK-DAG: BAR.RED.AND
// CHECK-DAG: BAR.RED.OR
// RUN: %python %S/Inputs/syncthreads_reduce.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
#include <cuda_runtime.h>
#include <stdio.h>

#define BLOCK 192

extern "C" __global__ void block_stats(const int *in, int n, int threshold, int *stats) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool valid = i < n;
  int v = valid ? in[i] : 0;
  int above = __syncthreads_count(valid && v > threshold);
  int all_even = __syncthreads_and(!valid || (v & 1) == 0);
  int any_negative = __syncthreads_or(valid && v < 0);
  if (threadIdx.x == 0) {
    stats[3 * blockIdx.x] = above;
    stats[3 * blockIdx.x + 1] = all_even != 0;
    stats[3 * blockIdx.x + 2] = any_negative != 0;
  }
}

extern "C" __global__ void chain_labels(const unsigned char *link, int *labels, int *rounds) {
  __shared__ int lab[BLOCK];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  lab[t] = base + t;
  bool left = t > 0 && link[base + t - 1];
  bool right = t < BLOCK - 1 && link[base + t];
  __syncthreads();
  int r = 0;
  int changed;
  do {
    int m = lab[t];
    if (left)
      m = min(m, lab[t - 1]);
    if (right)
      m = min(m, lab[t + 1]);
    __syncthreads();
    changed = m != lab[t];
    lab[t] = m;
    ++r;
  } while (__syncthreads_or(changed));
  labels[base + t] = lab[t];
  if (t == 0)
    rounds[blockIdx.x] = r;
}

int main() {
  const int n = 700, blocks = (n + BLOCK - 1) / BLOCK;
  int *in, *stats, *labels, *rounds;
  unsigned char *link;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&stats, 3 * blocks * sizeof(int));
  block_stats<<<blocks, BLOCK>>>(in, n, 1000, stats);
  cudaMalloc(&link, 3 * BLOCK);
  cudaMalloc(&labels, 3 * BLOCK * sizeof(int));
  cudaMalloc(&rounds, 3 * sizeof(int));
  chain_labels<<<3, BLOCK>>>(link, labels, rounds);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}

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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

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
  int h_in[n], h_stats[3 * blocks], h_labels[3 * BLOCK], h_rounds[3];
  unsigned char h_link[3 * BLOCK];
  for (int i = 0; i < n; ++i)
    h_in[i] = 2 * (rand() % 1200) - 100; // even; a few negative, some above 1000
  h_in[BLOCK + 5] = 7;                   // one odd value in block 1
  for (int i = 2 * BLOCK; i < 3 * BLOCK; ++i) // block 2 has no negative value
    h_in[i] = h_in[i] < 0 ? -h_in[i] : h_in[i];
  for (int i = 0; i < 3 * BLOCK; ++i)
    h_link[i] = rand() % 8 != 0; // chains of ~8 elements
  for (int i = 2 * BLOCK; i < 2 * BLOCK + 150; ++i)
    h_link[i] = 1; // and a long one
  int *in, *stats, *labels, *rounds;
  unsigned char *link;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&stats, 3 * blocks * sizeof(int));
  cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  block_stats<<<blocks, BLOCK>>>(in, n, 1000, stats);
  cudaMalloc(&link, 3 * BLOCK);
  cudaMalloc(&labels, 3 * BLOCK * sizeof(int));
  cudaMalloc(&rounds, 3 * sizeof(int));
  cudaMemcpy(link, h_link, sizeof h_link, cudaMemcpyHostToDevice);
  chain_labels<<<3, BLOCK>>>(link, labels, rounds);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaMemcpy(h_stats, stats, sizeof h_stats, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_labels, labels, sizeof h_labels, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_rounds, rounds, sizeof h_rounds, cudaMemcpyDeviceToHost);

  // CPU reference. Per block of values: how many exceed 1000, whether all
  // are even, whether any is negative.
  for (int b = 0; b < blocks; ++b) {
    int above = 0, all_even = 1, any_negative = 0;
    for (int i = b * BLOCK; i < (b + 1) * BLOCK && i < n; ++i) {
      above += h_in[i] > 1000;
      all_even = all_even && h_in[i] % 2 == 0;
      any_negative = any_negative || h_in[i] < 0;
    }
    int expect[3] = {above, all_even, any_negative};
    for (int k = 0; k < 3; ++k)
      if (h_stats[3 * b + k] != expect[k]) {
        printf("block_stats: mismatch at %d: %d != %d\n", 3 * b + k, h_stats[3 * b + k], expect[k]);
        return 1;
      }
  }
  // Per block of links: element t joins t + 1 when link[t] is set (not
  // across blocks); each element's label is the first element of its chain,
  // and the labels settle after as many rounds as the longest chain has
  // elements (one step a round, then one round without change).
  for (int b = 0; b < 3; ++b) {
    int first = 0, longest = 0;
    for (int t = 0; t < BLOCK; ++t) {
      if (t > 0 && !h_link[b * BLOCK + t - 1])
        first = t;
      if (t - first + 1 > longest)
        longest = t - first + 1;
      if (h_labels[b * BLOCK + t] != b * BLOCK + first) {
        printf("chain_labels: mismatch at %d: %d != %d\n", b * BLOCK + t, h_labels[b * BLOCK + t],
               b * BLOCK + first);
        return 1;
      }
    }
    if (h_rounds[b] != longest) {
      printf("chain_labels: rounds mismatch at %d: %d != %d\n", b, h_rounds[b], longest);
      return 1;
    }
  }
  cudaFree(in);
  cudaFree(stats);
  cudaFree(link);
  cudaFree(labels);
  cudaFree(rounds);
  printf("PASSED\n");
  return 0;
}

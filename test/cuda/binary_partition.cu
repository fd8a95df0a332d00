// cooperative_groups::binary_partition (CUDA 11) of a 32-thread tile and of
// a coalesced group, at sm_35: each lane's group is the tile's lanes whose
// predicate equals its own; its size, rank and cg::reduce over it, as a
// public sample counts and sums odd and even elements. Expected values: the
// host's own counts and sums of the same elements below.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: odd 240 sum 11826 even 272 sum 13768 mismatches 0
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void oddEven(const int *in, int *counts, int *sums, int *ranks, int *inner, int n) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  cg::coalesced_group part = cg::binary_partition(tile, v & 1);
  int sum = cg::reduce(part, v, cg::plus<int>());
  ranks[i] = part.thread_rank();
  if (part.thread_rank() == 0) {
    atomicAdd(&counts[v & 1], part.size());
    atomicAdd(&sums[v & 1], sum);
  }
  // A partition of a coalesced group: the same group split by v < 25.
  cg::coalesced_group low = cg::binary_partition(part, v < 25);
  inner[i] = low.size();
}

int main() {
  const int n = 512;
  int h[n];
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    h[i] = (seed >> 16) % 100;
  }
  int *din, *dc, *ds, *dr, *dinner;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dc, 2 * sizeof(int));
  cudaMalloc(&ds, 2 * sizeof(int));
  cudaMalloc(&dr, sizeof h);
  cudaMalloc(&dinner, sizeof h);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dc, 0, 2 * sizeof(int));
  cudaMemset(ds, 0, 2 * sizeof(int));
  oddEven<<<n / 128, 128>>>(din, dc, ds, dr, dinner, n);
  int counts[2], sums[2], ranks[n], inner[n];
  cudaMemcpy(counts, dc, sizeof counts, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, ds, sizeof sums, cudaMemcpyDeviceToHost);
  cudaMemcpy(ranks, dr, sizeof ranks, cudaMemcpyDeviceToHost);
  cudaMemcpy(inner, dinner, sizeof inner, cudaMemcpyDeviceToHost);
  int want[2] = {0, 0}, wsum[2] = {0, 0}, bad = 0;
  for (int i = 0; i < n; ++i) {
    want[h[i] & 1]++;
    wsum[h[i] & 1] += h[i];
    // Rank: the lanes of the same warp before this one with the same parity.
    int rank = 0, same = 0;
    for (int j = i / 32 * 32; j < i / 32 * 32 + 32; ++j) {
      bool mates = (h[j] & 1) == (h[i] & 1);
      rank += j < i && mates;
      same += mates && (h[j] < 25) == (h[i] < 25);
    }
    bad += ranks[i] != rank || inner[i] != same;
  }
  bad += counts[0] != want[0] || counts[1] != want[1] || sums[0] != wsum[0] || sums[1] != wsum[1];
  printf("odd %d sum %d even %d sum %d mismatches %d\n", counts[1], sums[1], counts[0], sums[0],
         bad);
  return bad != 0;
}

// racecheck: a tree reduction in shared memory over a cooperative group
// known only at run time (a thread_group: the block, or a 16-thread tile
// of it passed as one), with g.sync() between the writes and the reads.
// On CUDA a tile's sync is a __syncwarp of its lanes, so compute-sanitizer
// finds no hazard; at -arch=sm_35 the generic group's sync is that
// WARPSYNC here too (sm_20 has no warp barrier: its lockstep orders the
// lanes, and racecheck warns as for any warp-synchronous code). Expected
// sums: 0 + 1 + ... + 63 = 2016 for the block, 0 + ... + 15 = 120 per tile.
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t
// RUN: %t | FileCheck %s --check-prefix=SUMS
// RUN: simt-sanitizer --tool racecheck %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t.sm20
// RUN: simt-sanitizer --tool racecheck %t.sm20 | FileCheck %s --check-prefix=SM20
// SUMS: block 2016 tiles 120 120 120 120
// CHECK: block 2016 tiles 120 120 120 120
// CHECK: RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
// SM20: Warning: Race reported
// SM20: RACECHECK SUMMARY: {{[1-9][0-9]*}} hazards displayed (0 errors, {{[1-9][0-9]*}} warnings)
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__device__ int groupSum(cg::thread_group g, int *scratch, int v) {
  unsigned r = g.thread_rank();
  for (unsigned half = g.size() / 2; half > 0; half /= 2) {
    scratch[r] = v;
    g.sync();
    if (r < half)
      v += scratch[r + half];
    g.sync();
  }
  return v;
}

__global__ void sums(int *out) {
  __shared__ int scratch[64];
  cg::thread_block block = cg::this_thread_block();
  int total = groupSum(block, scratch, block.thread_rank());
  if (block.thread_rank() == 0)
    out[0] = total;
  block.sync();
  cg::thread_group tile = cg::tiled_partition(block, 16);
  unsigned first = block.thread_rank() - tile.thread_rank();
  int part = groupSum(tile, scratch + first, tile.thread_rank());
  if (tile.thread_rank() == 0)
    out[1 + first / 16] = part;
}

int main() {
  int *d, h[5];
  cudaMalloc(&d, sizeof h);
  sums<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("block %d tiles %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
  return 0;
}

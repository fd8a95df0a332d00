// Cooperative groups' run-time groups: one reduction written for any
// cg::thread_group (thread_rank, size, sync), called on the thread block,
// on tiles of 32 of it and on tiles of 16 of those (tiled_partition(g, n)
// with a constant size), and on tiles whose size is a kernel argument.
// The block's sync is a barrier, a tile's none (a warp runs in lock step).
// A tile size that is not a power of two of at most 32 traps when it is
// known only at run time. Expected values: Inputs/coop_thread_group.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/coop_thread_group.py 8 > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: %python %S/Inputs/coop_thread_group.py 4 > %t-4.simt
// RUN: simt-emu %t.o %t-4.simt
// RUN: %python %S/Inputs/coop_thread_group.py 24 > %t-24.simt
// RUN: not simt-emu %t.o %t-24.simt 2>&1 | FileCheck %s --check-prefix=TRAP
// TRAP: error: {{.*}}BPT.TRAP
#include <cooperative_groups.h>
#include <stdio.h>
using namespace cooperative_groups;

#define THREADS 256

__device__ int reduce(thread_group g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i)
      val += x[lane + i];
    g.sync();
  }
  return val;
}

extern "C" __global__ void group_sums(const int *data, unsigned tile, int *block_sums,
                                      int *warp_sums, int *half_sums, int *tile_sums,
                                      unsigned *sizes) {
  __shared__ int sdata[THREADS];
  thread_block block = this_thread_block();
  unsigned t = block.thread_rank();
  int v = data[block.group_index().x * THREADS + t];
  thread_group warp = tiled_partition(block, 32);
  thread_group half = tiled_partition(warp, 16);
  thread_group mine = tiled_partition(block, tile);

  int s = reduce(block, sdata, v);
  if (block.thread_rank() == 0)
    block_sums[blockIdx.x] = s;
  s = reduce(warp, sdata + t / 32 * 32, v);
  if (warp.thread_rank() == 0)
    warp_sums[blockIdx.x * (THREADS / 32) + t / 32] = s;
  s = reduce(half, sdata + t / 16 * 16, v);
  if (half.thread_rank() == 0)
    half_sums[blockIdx.x * (THREADS / 16) + t / 16] = s;
  block.sync();
  s = reduce(mine, sdata + t / mine.size() * mine.size(), v);
  if (mine.thread_rank() == 0)
    tile_sums[blockIdx.x * (THREADS / tile) + t / tile] = s;
  if (t == 0)
    sizes[blockIdx.x] = block.size() | warp.size() << 12 | half.size() << 18 | mine.size() << 24;
}

int main() {
  int *data, *sums;
  unsigned *sizes;
  cudaMallocManaged(&data, 2 * THREADS * sizeof(int));
  cudaMallocManaged(&sums, 2 * (1 + 8 + 16 + THREADS) * sizeof(int));
  cudaMallocManaged(&sizes, 2 * sizeof(unsigned));
  for (int i = 0; i < 2 * THREADS; i++)
    data[i] = i % 7 - 3;
  int *block_sums = sums, *warp_sums = block_sums + 2, *half_sums = warp_sums + 16,
      *tile_sums = half_sums + 32;
  group_sums<<<2, THREADS>>>(data, 8, block_sums, warp_sums, half_sums, tile_sums, sizes);
  cudaDeviceSynchronize();
  printf("%d %d\n", block_sums[0], block_sums[1]);
  return 0;
}

// Cooperative groups on Fermi: the thread block (rank, size, sync, the
// free cg::sync) drives a shared tree sum, and tiles of 8 threads vote with
// their ballot/any/all, all lanes active. Expected values: Inputs/coop_groups.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/coop_groups.py > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3
#include <cooperative_groups.h>
#include <stdio.h>
namespace cg = cooperative_groups;

#define THREADS 128

extern "C" __global__ void block_sum_cg(const int *in, int *out, unsigned *votes) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ int s[THREADS];
  unsigned t = cta.thread_rank();
  int v = in[cta.group_index().x * cta.size() + t];
  s[t] = v;
  cg::sync(cta);
  for (unsigned k = cta.size() / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    cta.sync();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cta);
  unsigned b = tile.ballot(v & 1);
  unsigned any3 = tile.any(tile.thread_rank() == 3 && (v & 2));
  unsigned all = tile.all(v != 12345);
  tile.sync();
  if (tile.thread_rank() == 0)
    votes[blockIdx.x * (THREADS / 8) + tile.meta_group_rank()] = b | any3 << 8 | all << 9;
}

int main() {
  int *in, *out;
  unsigned *votes;
  cudaMalloc((void **)&in, 2 * THREADS * sizeof(int));
  cudaMalloc((void **)&out, 2 * sizeof(int));
  cudaMalloc((void **)&votes, 32 * sizeof(unsigned));
  block_sum_cg<<<2, THREADS>>>(in, out, votes);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}

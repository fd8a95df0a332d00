// Cooperative groups on Fermi: the thread block (rank, size, sync, the
// free cg::sync) drives a shared tree sum, and tiles of 8 threads vote with
// their ballot/any/all, all lanes active. Expected values: Inputs/coop_groups.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/coop_groups.py > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cooperative_groups.h>
#include <stdio.h>
#include <stdlib.h>
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
  const int n = 2 * THREADS;
  int h_in[n], h_out[2];
  unsigned h_votes[32];
  for (int i = 0; i < n; ++i)
    h_in[i] = rand() % 1000 - 500;
  h_in[77] = 12345; // one tile's `all` is false
  int *in, *out;
  unsigned *votes;
  cudaMalloc((void **)&in, 2 * THREADS * sizeof(int));
  cudaMalloc((void **)&out, 2 * sizeof(int));
  cudaMalloc((void **)&votes, 32 * sizeof(unsigned));
  cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  block_sum_cg<<<2, THREADS>>>(in, out, votes);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_votes, votes, sizeof h_votes, cudaMemcpyDeviceToHost);
  // CPU reference: each block's sum, and per group of 8 consecutive
  // threads: the mask of odd values (bit = thread within the group), bit 8
  // if the group's fourth value has bit 1 set, bit 9 if no value is 12345.
  for (int b = 0; b < 2; ++b) {
    int sum = 0;
    for (int i = 0; i < THREADS; ++i)
      sum += h_in[b * THREADS + i];
    if (h_out[b] != sum) {
      printf("sum mismatch at %d: %d != %d\n", b, h_out[b], sum);
      return 1;
    }
  }
  for (int g = 0; g < n / 8; ++g) {
    unsigned expect = 0, all = 1;
    for (int r = 0; r < 8; ++r) {
      int v = h_in[g * 8 + r];
      if (v % 2 != 0)
        expect |= 1u << r;
      if (v == 12345)
        all = 0;
    }
    if (h_in[g * 8 + 3] & 2)
      expect |= 1u << 8;
    expect |= all << 9;
    if (h_votes[g] != expect) {
      printf("votes mismatch at %d: 0x%x != 0x%x\n", g, h_votes[g], expect);
      return 1;
    }
  }
  cudaFree(in);
  cudaFree(out);
  cudaFree(votes);
  printf("PASSED\n");
  return 0;
}

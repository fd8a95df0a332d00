// cooperative_groups::this_grid() in an ordinary launch, as grid-stride
// loops use it (a public sample counts odd and even elements with it):
// thread_rank() and size() over a 3 x 2 grid of 8 x 4 blocks, block_rank(),
// num_blocks(), dim_blocks(), block_index(); is_valid() is false, as for
// CUDA without a cooperative launch. Expected values: the host's loop over
// the same elements (0 + 1 + ... + 999 = 499500; 192 threads).
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t35 && %t35 | FileCheck %s
// CHECK: sum 499500 threads 192 blocks 6 valid 0 last block 5 (2,1,0) of (3,2,1) mismatches 0
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void gridSum(const int *in, unsigned long long *sum, int *rankOf, unsigned *info,
                        int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) {
    atomicAdd(sum, (unsigned long long)in[i]);
    rankOf[i] = (int)grid.thread_rank();
  }
  if (grid.thread_rank() == grid.size() - 1) {
    dim3 b = grid.block_index(), d = grid.dim_blocks();
    unsigned v[] = {(unsigned)grid.size(), (unsigned)grid.num_blocks(), grid.is_valid(),
                    (unsigned)grid.block_rank(), b.x, b.y, b.z, d.x, d.y, d.z};
    for (int k = 0; k < 10; ++k)
      info[k] = v[k];
  }
}

int main() {
  const int n = 1000;
  int h[n], *din, *drank;
  for (int i = 0; i < n; ++i)
    h[i] = i;
  unsigned long long *dsum, sum = 0;
  unsigned *dinfo, info[10];
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&drank, sizeof h);
  cudaMalloc(&dsum, sizeof sum);
  cudaMalloc(&dinfo, sizeof info);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(dsum, &sum, sizeof sum, cudaMemcpyHostToDevice);
  gridSum<<<dim3(3, 2), dim3(8, 4)>>>(din, dsum, drank, dinfo, n);
  int rank[n];
  cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost);
  cudaMemcpy(rank, drank, sizeof rank, cudaMemcpyDeviceToHost);
  cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost);
  unsigned long long want = 0;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    want += h[i];
    bad += rank[i] != i % 192; // element i is the (i mod 192)-th thread's
  }
  bad += sum != want;
  printf("sum %llu threads %u blocks %u valid %u last block %u (%u,%u,%u) of (%u,%u,%u) "
         "mismatches %d\n",
         sum, info[0], info[1], info[2], info[3], info[4], info[5], info[6], info[7], info[8],
         info[9], bad);
  return bad != 0;
}

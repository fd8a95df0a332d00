// A warp's work list handed out by lane 0: `int item; if (lane == 0) item
// = atomicAdd(&next, 1); item = __shfl_sync(~0u, item, 0);`, as graph
// codes (ECL-CC's worklists) write it. The other lanes' `item` is never
// set before the shuffle, which only reads lane 0's. clang marks every
// argument noundef, so to LLVM the call proved that all lanes had set it:
// at -O1 and above the lane test was dropped and every lane took items
// (32 times as many, each item once per lane instead of once per warp).
// nvcc's NVVM treats it as an unknown value; so does simt-nvcc now. The
// expected counts follow from the loop: each of the 1000 items is claimed
// by one warp, whose 32 lanes each count it once; each of the 32 warps
// also claims the first index past the end, and counts itself done once.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: items counted 32 times each: 1000 of 1000
// CHECK: next = 1032, warps done = 32
#include <cstdio>

__device__ int next;

__global__ void claim(int items, int *counts, int *done) {
  const int lane = threadIdx.x % 32;
  int item;
  if (lane == 0)
    item = atomicAdd(&next, 1);
  item = __shfl_sync(0xffffffffu, item, 0);
  while (item < items) {
    atomicAdd(&counts[item], 1);
    if (lane == 0)
      item = atomicAdd(&next, 1);
    item = __shfl_sync(0xffffffffu, item, 0);
  }
  if (lane == 0)
    atomicAdd(done, 1);
}

int main() {
  const int items = 1000, blocks = 4, threads = 256;
  int *counts, *done, zero = 0;
  cudaMalloc(&counts, items * sizeof(int));
  cudaMemset(counts, 0, items * sizeof(int));
  cudaMalloc(&done, sizeof(int));
  cudaMemset(done, 0, sizeof(int));
  cudaMemcpyToSymbol(next, &zero, sizeof zero);
  claim<<<blocks, threads>>>(items, counts, done);
  static int host[items];
  int finished, last;
  cudaMemcpy(host, counts, sizeof host, cudaMemcpyDeviceToHost);
  cudaMemcpy(&finished, done, sizeof finished, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&last, next, sizeof last);
  int good = 0;
  for (int i = 0; i < items; i++)
    good += host[i] == 32;
  printf("items counted 32 times each: %d of %d\n", good, items);
  printf("next = %d, warps done = %d\n", last, finished);
  return 0;
}

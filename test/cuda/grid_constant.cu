// __grid_constant__ (CUDA 11.7: a kernel parameter whose address the
// kernel takes, here read through a pointer) and cooperative groups'
// labeled_partition (CUDA 11: the members of a tile with the caller's
// label) beside binary_partition. Expected values: the host loops below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: grid constant: 0 wrong of 200
// CHECK-NEXT: partitions: 0 wrong of 32
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

struct Params {
  int n;
  float scale;
  float bias[4];
};

__device__ float apply(const Params *p, int i) { return i * p->scale + p->bias[i % 4]; }

__global__ void scaled(const __grid_constant__ Params p, float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    out[i] = apply(&p, i);
}

// Per lane: the size of its binary part (lane < 12), the size of its
// labeled part (lane % 3) and its rank there.
__global__ void parts(int *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  auto half = cg::binary_partition(warp, warp.thread_rank() < 12);
  auto same = cg::labeled_partition(warp, int(warp.thread_rank() % 3));
  out[threadIdx.x] = half.size() * 10000 + same.size() * 100 + same.thread_rank();
}

int main() {
  float *o;
  int *q;
  cudaMalloc(&o, 256 * sizeof(float));
  cudaMalloc(&q, 32 * sizeof(int));
  const Params p = {200, 0.5f, {1, 2, 3, 4}};
  scaled<<<2, 128>>>(p, o);
  parts<<<1, 32>>>(q);
  float h[256];
  int hq[32];
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(hq, q, sizeof hq, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 200; ++i)
    wrong += h[i] != i * 0.5f + p.bias[i % 4];
  printf("grid constant: %d wrong of 200\n", wrong);
  wrong = 0;
  for (int l = 0; l < 32; ++l) {
    const int halfSize = l < 12 ? 12 : 20;
    int size = 0, rank = 0;
    for (int m = 0; m < 32; ++m)
      if (m % 3 == l % 3) {
        rank += m < l;
        ++size;
      }
    wrong += hq[l] != halfSize * 10000 + size * 100 + rank;
  }
  printf("partitions: %d wrong of 32\n", wrong);
  return 0;
}

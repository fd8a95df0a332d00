// sm_60's scoped atomics (atomicAdd_block, atomicAdd_system, ... for every
// atomic): this device has one scope, so each is its device-wide atomic
// (cc/headers/__simt_scoped_atomics.h), on every type its plain overloads
// take: int, unsigned, unsigned long long, float, double and __half (the
// last found through its class's namespace). 2 blocks of 64 threads; the
// expected values are the host's arithmetic of the same updates.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: 0 wrong of 15
#include <cstdio>
#include <cuda_fp16.h>

struct Cells {
  int i[6];
  unsigned u[5];
  unsigned long long ull;
  float f;
  double d;
  __half h;
};

__global__ void scoped(Cells *c) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd_block(&c->i[0], 2);
  atomicSub_system(&c->i[1], 3);
  atomicMax_block(&c->i[2], t);
  atomicMin_system(&c->i[3], -t);
  atomicExch_block(&c->i[4], 7);
  atomicCAS_system(&c->i[5], 0, 9);
  atomicAnd_block(&c->u[0], ~(1u << (t % 32)));
  atomicOr_system(&c->u[1], 1u << (t % 16));
  atomicXor_block(&c->u[2], 1u << (t % 8));
  atomicInc_system(&c->u[3], 1000u);
  atomicDec_block(&c->u[4], 1000u);
  atomicAdd_system(&c->ull, 1ull << 33);
  atomicAdd_block(&c->f, 0.5f);
  atomicAdd_system(&c->d, 0.25);
  atomicAdd_block(&c->h, __float2half(1.0f));
}

int main() {
  const int n = 128;
  Cells *c;
  cudaMallocManaged(&c, sizeof(Cells));
  *c = Cells{};
  c->i[3] = 100;
  c->u[0] = 0xffffffffu;
  c->u[4] = 500;
  scoped<<<2, 64>>>(c);
  cudaDeviceSynchronize();
  // 128 threads: each xor bit is flipped 16 times (even), inc counts to
  // 128, dec from 500 down 128.
  const long long want[15] = {2 * n, -3 * n, n - 1, -(n - 1), 7, 9, 0, 0xffff, 0, n,
                              500 - n, (long long)n << 33, n / 2, n / 4, n};
  const long long got[15] = {c->i[0], c->i[1], c->i[2], c->i[3], c->i[4], c->i[5], c->u[0],
                             c->u[1], c->u[2], c->u[3], c->u[4], (long long)c->ull,
                             (long long)c->f, (long long)c->d,
                             (long long)__half2float(c->h)};
  int wrong = 0;
  for (int k = 0; k < 15; ++k)
    if (got[k] != want[k]) {
      ++wrong;
      printf("cell %d: %lld, want %lld\n", k, got[k], want[k]);
    }
  printf("%d wrong of 15\n", wrong);
  return 0;
}

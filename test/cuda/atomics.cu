// Global atomics of every operation the ISA has (ATOM/RED: add, min, max,
// inc, dec, and, or, xor, exch, CAS; s32, u32, f32 and the u64 add clang
// builds from a CAS loop), a float atomicMax made of an atomicCAS loop, warp
// votes over a partly exited warp, and the bit intrinsics (__popc, __brev,
// __ffs, __clz, __byte_perm); then the same 32-bit atomics on shared memory
// (LDSLK/STSUL lock loops), which must leave the same values, and a
// histogram in shared memory. Results are checked against Python's; every
// update commutes, so random schedules give the same memory.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// RUN: %python %S/Inputs/intrinsics.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// CHECK-LABEL: .kernel atomics
// CHECK-DAG: RED.E.ADD [R{{[0-9]+}}], R{{[0-9]+}}
// CHECK-DAG: RED.E.MIN.S32
// CHECK-DAG: RED.E.INC
// CHECK-DAG: ATOM.E.CAS
// CHECK-DAG: RED.E.ADD.F32
// CHECK-DAG: VOTE.ANY R{{[0-9]+}}, PT,
// CHECK-DAG: VOTE.ALL RZ, P{{[0-6]}},
// CHECK-DAG: POPC
// CHECK-DAG: BFE.U32.BREV
// CHECK-DAG: PRMT
// CHECK-LABEL: .kernel atomics_shared
// CHECK: PBK
// CHECK: LDSLK P{{[0-6]}}, R{{[0-9]+}}, [R{{[0-9]+}}]
// CHECK: @P{{[0-6]}} STSUL
// CHECK: @P{{[0-6]}} BRK
#include <cuda_runtime.h>
#include <stdio.h>

__device__ float atomicMaxFloat(float *addr, float v) {
  int *word = (int *)addr;
  int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

extern "C" __global__ void atomics(int *ci, unsigned *cu, unsigned long long *cl, float *cf,
                                   unsigned *bits, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  atomicAdd(&ci[0], t);
  atomicMin(&ci[1], 100 - t);
  atomicMax(&ci[2], t * 3);
  atomicSub(&ci[3], 2 * t);
  atomicExch(&ci[4], 77);
  atomicInc(&cu[0], 40u);
  atomicDec(&cu[1], 50u);
  atomicAnd(&cu[2], ~(1u << (t % 29)));
  atomicOr(&cu[3], 1u << (t % 13));
  atomicXor(&cu[4], (unsigned)t * 2654435761u);
  atomicMax(&cu[5], (unsigned)t * 0x01000001u);
  atomicAdd(&cl[0], (unsigned long long)t << 33);
  atomicAdd(&cf[0], 0.5f);
  atomicMaxFloat(&cf[1], t * 0.25f - 10.0f);
  unsigned *b = bits + 4 * t;
  b[0] = __ballot(t & 1);
  b[1] = __popc(t * 0x01010101u) + __all(t < 1000) * 100 + __any(t % 64 == 5) * 1000 +
         __popcll(((unsigned long long)t << 40) | 0x8000000000000001ull) * 10000;
  b[2] = __brev(t) ^ __ffs(t);
  b[3] = __byte_perm(t, 0xAABBCCDDu, 0x5140) + __clz(t);
}

// The 32-bit counters of `atomics`, in shared memory.
#define SHARED_OPS(t, si, su, sf)                                                      \
  atomicAdd(&si[0], t);                                                                \
  atomicMin(&si[1], 100 - t);                                                          \
  atomicMax(&si[2], t * 3);                                                            \
  atomicSub(&si[3], 2 * t);                                                            \
  atomicExch(&si[4], 77);                                                              \
  atomicInc(&su[0], 40u);                                                              \
  atomicDec(&su[1], 50u);                                                              \
  atomicAnd(&su[2], ~(1u << (t % 29)));                                                \
  atomicOr(&su[3], 1u << (t % 13));                                                    \
  atomicXor(&su[4], (unsigned)t * 2654435761u);                                        \
  atomicMax(&su[5], (unsigned)t * 0x01000001u);                                        \
  atomicAdd(&sf[0], 0.5f);                                                             \
  atomicMaxFloat(&sf[1], t * 0.25f - 10.0f);

extern "C" __global__ void atomics_shared(int *ci, unsigned *cu, float *cf, int n) {
  __shared__ int si[5];
  __shared__ unsigned su[6];
  __shared__ float sf[2];
  int t = blockIdx.x * blockDim.x + threadIdx.x; // one block: threadIdx.x
  if (threadIdx.x < 5)
    si[threadIdx.x] = ci[threadIdx.x];
  if (threadIdx.x < 6)
    su[threadIdx.x] = cu[threadIdx.x];
  if (threadIdx.x < 2)
    sf[threadIdx.x] = cf[threadIdx.x];
  __syncthreads();
  if (t < n) {
    SHARED_OPS(t, si, su, sf)
  }
  __syncthreads();
  if (threadIdx.x < 5)
    ci[threadIdx.x] = si[threadIdx.x];
  if (threadIdx.x < 6)
    cu[threadIdx.x] = su[threadIdx.x];
  if (threadIdx.x < 2)
    cf[threadIdx.x] = sf[threadIdx.x];
}

// Per-block counts in shared memory, then added to the global bins.
extern "C" __global__ void histogram_shared(const unsigned *data, unsigned *bins, int n) {
  __shared__ unsigned local[64];
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i] % 64], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    atomicAdd(&bins[i], local[i]);
}

int main() {
  const int n = 200;
  int *ci;
  unsigned *cu, *bits;
  unsigned long long *cl;
  float *cf;
  cudaMalloc(&ci, 5 * sizeof(int));
  cudaMalloc(&cu, 6 * sizeof(unsigned));
  cudaMalloc(&cl, sizeof(unsigned long long));
  cudaMalloc(&cf, 2 * sizeof(float));
  cudaMalloc(&bits, 4 * n * sizeof(unsigned));
  atomics<<<(n + 63) / 64, 64>>>(ci, cu, cl, cf, bits, n);
  atomics_shared<<<1, n>>>(ci, cu, cf, n);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}

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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
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
#include <stdlib.h>

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
  b[3] = __byte_perm(t, 0xAABBCCDDu, 0xD9C8) + __clz(t); // 0x5140: bit 3 of a nibble is ignored
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

// The CPU's version of each thread's updates, applied in thread order.
static void atomics_gold(int *ci, unsigned *cu, float *cf, int n) {
  for (int t = 0; t < n; t++) {
    ci[0] += t;
    if (100 - t < ci[1])
      ci[1] = 100 - t;
    if (t * 3 > ci[2])
      ci[2] = t * 3;
    ci[3] -= 2 * t;
    ci[4] = 77;
    cu[0] = cu[0] >= 40u ? 0 : cu[0] + 1;
    cu[1] = (cu[1] == 0 || cu[1] > 50u) ? 50 : cu[1] - 1;
    cu[2] &= ~(1u << (t % 29));
    cu[3] |= 1u << (t % 13);
    cu[4] ^= (unsigned)t * 2654435761u;
    if ((unsigned)t * 0x01000001u > cu[5])
      cu[5] = (unsigned)t * 0x01000001u;
    cf[0] += 0.5f;
    if (t * 0.25f - 10.0f > cf[1])
      cf[1] = t * 0.25f - 10.0f;
  }
}

static int bit_count(unsigned long long x) {
  int c = 0;
  for (; x; x >>= 1)
    c += (int)(x & 1);
  return c;
}

int main() {
  const int n = 200;
  int h_ci[5] = {0, 1000, -5, 10, 0};
  unsigned h_cu[6] = {0, 7, 0xFFFFFFFFu, 0, 0, 3};
  unsigned long long h_cl = 0;
  float h_cf[2] = {0.0f, -100.0f};
  int *ci;
  unsigned *cu, *bits;
  unsigned long long *cl;
  float *cf;
  cudaMalloc(&ci, 5 * sizeof(int));
  cudaMalloc(&cu, 6 * sizeof(unsigned));
  cudaMalloc(&cl, sizeof(unsigned long long));
  cudaMalloc(&cf, 2 * sizeof(float));
  cudaMalloc(&bits, 4 * n * sizeof(unsigned));
  cudaMemcpy(ci, h_ci, sizeof(h_ci), cudaMemcpyHostToDevice);
  cudaMemcpy(cu, h_cu, sizeof(h_cu), cudaMemcpyHostToDevice);
  cudaMemcpy(cl, &h_cl, sizeof(h_cl), cudaMemcpyHostToDevice);
  cudaMemcpy(cf, h_cf, sizeof(h_cf), cudaMemcpyHostToDevice);
  atomics<<<(n + 63) / 64, 64>>>(ci, cu, cl, cf, bits, n);
  atomics_shared<<<1, n>>>(ci, cu, cf, n);
  cudaDeviceSynchronize();

  int r_ci[5];
  unsigned r_cu[6], *r_bits = (unsigned *)malloc(4 * n * sizeof(unsigned));
  unsigned long long r_cl;
  float r_cf[2];
  cudaMemcpy(r_ci, ci, sizeof(r_ci), cudaMemcpyDeviceToHost);
  cudaMemcpy(r_cu, cu, sizeof(r_cu), cudaMemcpyDeviceToHost);
  cudaMemcpy(&r_cl, cl, sizeof(r_cl), cudaMemcpyDeviceToHost);
  cudaMemcpy(r_cf, cf, sizeof(r_cf), cudaMemcpyDeviceToHost);
  cudaMemcpy(r_bits, bits, 4 * n * sizeof(unsigned), cudaMemcpyDeviceToHost);

  // Reference: `atomics` then `atomics_shared` apply the same updates to the
  // 32-bit counters, once each; the 64-bit counter is updated once.
  atomics_gold(h_ci, h_cu, h_cf, n);
  atomics_gold(h_ci, h_cu, h_cf, n);
  for (int t = 0; t < n; t++)
    h_cl += (unsigned long long)t << 33;
  for (int i = 0; i < 5; i++)
    if (r_ci[i] != h_ci[i]) {
      printf("mismatch at ci[%d]: %d != %d\n", i, r_ci[i], h_ci[i]);
      return 1;
    }
  for (int i = 0; i < 6; i++)
    if (r_cu[i] != h_cu[i]) {
      printf("mismatch at cu[%d]: %u != %u\n", i, r_cu[i], h_cu[i]);
      return 1;
    }
  if (r_cl != h_cl) {
    printf("mismatch at cl[0]: %llu != %llu\n", r_cl, h_cl);
    return 1;
  }
  for (int i = 0; i < 2; i++) // sums of halves and a maximum: exact
    if (r_cf[i] != h_cf[i]) {
      printf("mismatch at cf[%d]: %f != %f\n", i, r_cf[i], h_cf[i]);
      return 1;
    }
  // Votes and bit intrinsics of each thread; a warp is 32 consecutive
  // threads, and threads t >= n have returned before voting.
  for (int t = 0; t < n; t++) {
    int first = t / 32 * 32, last = first + 32 < n ? first + 32 : n;
    unsigned ballot = 0;
    int any5 = 0;
    for (int u = first; u < last; u++) {
      if (u & 1)
        ballot |= 1u << (u - first);
      if (u % 64 == 5)
        any5 = 1;
    }
    unsigned brev = 0;
    for (int k = 0; k < 32; k++)
      if ((unsigned)t & (1u << k))
        brev |= 1u << (31 - k);
    unsigned ffs = 0;
    for (int k = 0; k < 32; k++)
      if ((unsigned)t & (1u << k)) {
        ffs = k + 1;
        break;
      }
    unsigned clz = 32;
    for (int k = 31; k >= 0; k--)
      if ((unsigned)t & (1u << k)) {
        clz = 31 - k;
        break;
      }
    // __byte_perm(x, y, 0xD9C8), CUDA reading 3 bits of each selector nibble
    // (0x5140): bytes x0, y0, x1, y1 from the low one up.
    unsigned x = t, y = 0xAABBCCDDu;
    unsigned perm = (x & 0xFF) | (y & 0xFF) << 8 | ((x >> 8) & 0xFF) << 16 |
                    ((y >> 8) & 0xFF) << 24;
    unsigned expect[4] = {
        ballot,
        (unsigned)(bit_count((unsigned)t * 0x01010101u) + 100 + any5 * 1000 +
                   bit_count(((unsigned long long)t << 40) | 0x8000000000000001ull) * 10000),
        brev ^ ffs, perm + clz};
    for (int k = 0; k < 4; k++)
      if (r_bits[4 * t + k] != expect[k]) {
        printf("mismatch at bits[%d]: %u != %u\n", 4 * t + k, r_bits[4 * t + k], expect[k]);
        return 1;
      }
  }
  free(r_bits);
  cudaFree(ci);
  cudaFree(cu);
  cudaFree(cl);
  cudaFree(cf);
  cudaFree(bits);
  printf("PASSED\n");
  return 0;
}

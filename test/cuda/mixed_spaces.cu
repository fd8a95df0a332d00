// Generic pointers whose space is known at run time only: a load through a
// select of a global and a shared pointer (a stencil's neighbour from the
// shared tile inside the block, from global memory across its edge, as
// Parboil's stencil reads them), and stores and atomics through a pointer
// into either space. Each access becomes one per space, guarded by the
// pointer's tag, compared once per pointer: the store's two arms take one
// predicate and its negation (docs/cuda.md "Generic addresses"). Expected values:
// Inputs/mixed_spaces.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/mixed_spaces.py > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-emu %t.o %t.simt --threads 2 --seeds 1-2
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: simt-emu %t-o0.o %t.simt
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK-LABEL: .kernel _Z12split_writesPKiPiS1_S1_
// CHECK: ISETP.EQ.U32.AND [[G:P[0-6]]], PT, [[TAG:R[0-9]+]], 0x0, PT
// CHECK: @[[G]] ST.E {{\[}}[[P:R[0-9]+]]], [[V:R[0-9]+]]
// CHECK-NEXT: @![[G]] STS {{\[}}[[P]]], [[V]]
#include <cuda_runtime.h>
#define W 32

// A 2-D 5-point stencil over a W-wide band: neighbours inside the block come
// from the shared tile, those across its top and bottom rows from global
// memory, chosen per thread with ?: as Parboil's stencil does (clang makes
// one load through a select of a global and a shared pointer).
__global__ void band_stencil(const float *in, float *out, int rows) {
  __shared__ float tile[4 * W];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * blockDim.y + ty;
  const int s = ty * W + tx, g = row * W + tx;
  tile[s] = in[g];
  __syncthreads();
  if (row > 0 && row < rows - 1 && tx > 0 && tx < W - 1) {
    const bool top = ty == 0, bottom = ty == blockDim.y - 1;
    float up = top ? in[g - W] : tile[s - W];
    float down = bottom ? in[g + W] : tile[s + W];
    out[g] = up + down + tile[s - 1] + tile[s + 1] - 4.0f * tile[s];
  }
}

// Stores and atomics through a pointer into either space: odd threads
// write their value to global memory, even ones to the tile; every third
// thread counts in global memory, the others in shared memory.
__global__ void split_writes(const int *in, int *odd, int *counts, int *tiles) {
  __shared__ int tile[64];
  __shared__ int shared_count;
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0)
    shared_count = 0;
  tile[t] = -1;
  __syncthreads();
  int *dst = (t & 1) ? &odd[i] : &tile[t];
  *dst = in[i] * 3;
  int *c = t % 3 == 0 ? &counts[blockIdx.x] : &shared_count;
  atomicAdd(c, in[i] & 7);
  __syncthreads();
  tiles[i] = tile[t];
  if (t == 0)
    counts[gridDim.x + blockIdx.x] = shared_count;
}

// Which space a pointer of either space points into, asked at run time
// (__isShared/__isGlobal: isspacep, answered from its tag). At -O0 clang
// tests `t & 2` with a byte load of t's int slot: a slot another access
// overlaps is not followed, the others still are.
__global__ void classify(int *g, int *out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  int *p = (t & 2) ? &g[t] : &tile[t];
  *p = t;
  out[t] = __isShared(p) * 10 + __isGlobal(p);
}

// The host program: the three kernels on inputs built here, against CPU
// loops. The stencil's inputs are small integers, so its float sums are
// exact; everything else is integer.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>
#include <string.h>

static unsigned state = 41;
static unsigned next_rand() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

template <class T> static int check(const char *name, const T *got, const T *want, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      printf("%s[%d] = %g, expected %g\n", name, i, (double)got[i], (double)want[i]);
      return 1;
    }
  return 0;
}

int main() {
  // band_stencil: 16 rows of input in blocks of 4 rows; rows 1..11 computed.
  const int rows = 13, alloc_rows = 16, cells = alloc_rows * W;
  float in[cells], out[cells], ref[cells];
  for (int i = 0; i < cells; ++i)
    in[i] = (float)(next_rand() % 17) - 8.0f;
  float *d_in, *d_out;
  cudaMalloc(&d_in, sizeof in);
  cudaMalloc(&d_out, sizeof out);
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof out);
  band_stencil<<<alloc_rows / 4, dim3(W, 4)>>>(d_in, d_out, rows);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int r = 0; r < alloc_rows; ++r)
    for (int x = 0; x < W; ++x) {
      const int g = r * W + x;
      ref[g] = r > 0 && r < rows - 1 && x > 0 && x < W - 1
                   ? in[g - W] + in[g + W] + in[g - 1] + in[g + 1] - 4.0f * in[g]
                   : 0.0f;
    }
  if (check("band_stencil: out", out, ref, cells))
    return 1;

  // split_writes: 3 blocks of 64.
  const int blocks = 3, threads = 64, n = blocks * threads;
  int ins[n], odd[n], counts[2 * blocks], tiles[n];
  int odd_ref[n], counts_ref[2 * blocks], tiles_ref[n];
  for (int i = 0; i < n; ++i) {
    ins[i] = (int)(next_rand() % 1000);
    odd[i] = 5;
  }
  int *d_ins, *d_odd, *d_counts, *d_tiles;
  cudaMalloc(&d_ins, sizeof ins);
  cudaMalloc(&d_odd, sizeof odd);
  cudaMalloc(&d_counts, sizeof counts);
  cudaMalloc(&d_tiles, sizeof tiles);
  cudaMemcpy(d_ins, ins, sizeof ins, cudaMemcpyHostToDevice);
  cudaMemcpy(d_odd, odd, sizeof odd, cudaMemcpyHostToDevice);
  cudaMemset(d_counts, 0, sizeof counts);
  split_writes<<<blocks, threads>>>(d_ins, d_odd, d_counts, d_tiles);
  cudaMemcpy(odd, d_odd, sizeof odd, cudaMemcpyDeviceToHost);
  cudaMemcpy(counts, d_counts, sizeof counts, cudaMemcpyDeviceToHost);
  cudaMemcpy(tiles, d_tiles, sizeof tiles, cudaMemcpyDeviceToHost);
  memset(counts_ref, 0, sizeof counts_ref);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      const int i = b * threads + t;
      // Odd threads: global memory; even ones: the block's tile.
      odd_ref[i] = t % 2 ? 3 * ins[i] : 5;
      tiles_ref[i] = t % 2 ? -1 : 3 * ins[i];
      // Every third thread counts in global memory, the rest in shared.
      counts_ref[t % 3 == 0 ? b : blocks + b] += ins[i] & 7;
    }
  if (check("split_writes: odd", odd, odd_ref, n) ||
      check("split_writes: tiles", tiles, tiles_ref, n) ||
      check("split_writes: counts", counts, counts_ref, 2 * blocks))
    return 1;

  // classify: threads with t & 2 point into global memory, the others into
  // the shared tile.
  int g[64], kinds[64], g_ref[64], kinds_ref[64];
  int *d_g, *d_kinds;
  cudaMalloc(&d_g, sizeof g);
  cudaMalloc(&d_kinds, sizeof kinds);
  cudaMemset(d_g, 0xff, sizeof g); // -1
  classify<<<1, 64>>>(d_g, d_kinds);
  cudaMemcpy(g, d_g, sizeof g, cudaMemcpyDeviceToHost);
  cudaMemcpy(kinds, d_kinds, sizeof kinds, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; ++t) {
    g_ref[t] = t & 2 ? t : -1;
    kinds_ref[t] = t & 2 ? 1 : 10; // __isShared * 10 + __isGlobal
  }
  if (check("classify: g", g, g_ref, 64) || check("classify: kinds", kinds, kinds_ref, 64))
    return 1;

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_ins);
  cudaFree(d_odd);
  cudaFree(d_counts);
  cudaFree(d_tiles);
  cudaFree(d_g);
  cudaFree(d_kinds);
  printf("PASSED\n");
  return 0;
}

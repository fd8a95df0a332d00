// Generic pointers whose space is known at run time only: a load through a
// select of a global and a shared pointer (a stencil's neighbour from the
// shared tile inside the block, from global memory across its edge, as
// Parboil's stencil reads them), and stores and atomics through a pointer
// into either space. Each access becomes one per space, guarded by the
// pointer's tag (docs/cuda.md "Generic addresses"). Expected values:
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
// CHECK-NEXT: @[[G]] ST.E {{\[}}[[P:R[0-9]+]]], [[V:R[0-9]+]]
// CHECK-NEXT: ISETP.EQ.U32.AND [[S:P[0-6]]], PT, [[TAG]], 0x1, PT
// CHECK-NEXT: @[[S]] STS {{\[}}[[P]]], [[V]]
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

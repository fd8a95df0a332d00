// Sum reduction in the style of the classic optimisation ladder: each thread
// first adds two elements while loading (grid-stride loop over a ragged
// input), the block halves its shared array with barriers down to 64
// values, and the last warp finishes without barriers through a volatile
// pointer (warp-synchronous tail: it relies on the warp's lockstep).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py reduce_warp > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 128

__device__ void warp_reduce(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

extern "C" __global__ void reduce_warp(const int *in, int *partial, unsigned n) {
  __shared__ int sdata[THREADS];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + tid;
  unsigned grid_size = blockDim.x * 2 * gridDim.x;
  int sum = 0;
  while (i < n) {
    sum += in[i];
    if (i + blockDim.x < n)
      sum += in[i + blockDim.x];
    i += grid_size;
  }
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warp_reduce(sdata, tid);
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

int main() {
  const unsigned n = 5000, blocks = 6;
  int *h = (int *)malloc(n * sizeof(int)), hp[blocks];
  for (unsigned i = 0; i < n; ++i)
    h[i] = rand() & 1023;
  int *d_in, *d_partial;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_partial, blocks * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  reduce_warp<<<blocks, THREADS>>>(d_in, d_partial, n);
  cudaMemcpy(hp, d_partial, sizeof hp, cudaMemcpyDeviceToHost);
  long total = 0;
  for (unsigned b = 0; b < blocks; ++b)
    total += hp[b];
  printf("sum = %ld\n", total);
  // CPU reference: block b covers the elements whose offset within each
  // stretch of 2 * THREADS * blocks falls in its 2 * THREADS; exact.
  long gold[blocks] = {0}, gold_total = 0;
  for (unsigned i = 0; i < n; ++i) {
    gold[i % (2 * THREADS * blocks) / (2 * THREADS)] += h[i];
    gold_total += h[i];
  }
  for (unsigned b = 0; b < blocks; ++b)
    if (hp[b] != gold[b]) {
      printf("mismatch at %u: %d != %ld\n", b, hp[b], gold[b]);
      return 1;
    }
  if (total != gold_total) {
    printf("mismatch at %u: sum %ld != %ld\n", blocks, total, gold_total);
    return 1;
  }
  printf("PASSED\n");
  free(h);
  return 0;
}

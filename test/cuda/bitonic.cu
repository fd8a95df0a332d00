// Bitonic sort of 256-key segments in shared memory, one block per segment:
// the compare-exchange partner is tid ^ j, the direction comes from tid & k,
// and whether a pair swaps depends on the keys (data-dependent divergence
// inside a barrier-synchronised double loop).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py bitonic > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define SEG 256

extern "C" __global__ void bitonic_sort(int *keys) {
  __shared__ int s[SEG];
  unsigned tid = threadIdx.x;
  int *seg = keys + blockIdx.x * SEG;
  s[tid] = seg[tid];
  __syncthreads();
  for (unsigned k = 2; k <= SEG; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        int a = s[tid], b = s[ixj];
        bool ascending = (tid & k) == 0;
        if ((a > b) == ascending) {
          s[tid] = b;
          s[ixj] = a;
        }
      }
      __syncthreads();
    }
  }
  seg[tid] = s[tid];
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

int main() {
  const int segments = 3, n = segments * SEG;
  int *h = (int *)malloc(n * sizeof(int)), *gold = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    h[i] = rand() - RAND_MAX / 2;
  // CPU reference: each segment sorted by the C library.
  for (int i = 0; i < n; ++i)
    gold[i] = h[i];
  for (int s = 0; s < segments; ++s)
    qsort(gold + s * SEG, SEG, sizeof(int), compare_ints);
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
  bitonic_sort<<<segments, SEG>>>(d);
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != gold[i]) {
      printf("mismatch at %d (segment %d): %d != %d\n", i, i / SEG, h[i], gold[i]);
      return 1;
    }
  printf("PASSED\n");
  free(h);
  free(gold);
  cudaFree(d);
  return 0;
}

// A 16-bin histogram without atomics: every thread counts into its own
// column of a shared bins x threads table (no two threads ever write the
// same word), the block then sums each bin's row, and a second kernel
// merges the per-block histograms (clamping the count with CUDA's unsigned
// min). The bin is a data-dependent shared address.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py histogram > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 16
#define THREADS 64
#define MAX_BLOCKS 1024u

extern "C" __global__ void histogram_private(const unsigned *data, unsigned *block_hist,
                                             unsigned n) {
  __shared__ unsigned bins[BINS][THREADS];
  unsigned tid = threadIdx.x;
  for (int b = 0; b < BINS; ++b)
    bins[b][tid] = 0;
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    unsigned v = data[i];
    bins[(v >> 4) & (BINS - 1)][tid] += 1;
  }
  __syncthreads();
  if (tid < BINS) {
    unsigned sum = 0;
    for (int t = 0; t < THREADS; ++t)
      sum += bins[tid][(t + tid) & (THREADS - 1)]; // skewed: no bank conflicts
    block_hist[blockIdx.x * BINS + tid] = sum;
  }
}

extern "C" __global__ void histogram_merge(const unsigned *block_hist, unsigned *hist,
                                           unsigned blocks) {
  unsigned bin = threadIdx.x;
  unsigned sum = 0;
  for (unsigned b = 0; b < min(blocks, MAX_BLOCKS); ++b)
    sum += block_hist[b * BINS + bin];
  hist[bin] = sum;
}

int main() {
  const unsigned n = 3000, blocks = 5;
  unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), hist[BINS];
  for (unsigned i = 0; i < n; ++i)
    h[i] = rand();
  unsigned *d_data, *d_block, *d_hist;
  cudaMalloc(&d_data, n * sizeof(unsigned));
  cudaMalloc(&d_block, blocks * BINS * sizeof(unsigned));
  cudaMalloc(&d_hist, sizeof hist);
  cudaMemcpy(d_data, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
  histogram_private<<<blocks, THREADS>>>(d_data, d_block, n);
  histogram_merge<<<1, BINS>>>(d_block, d_hist, blocks);
  cudaMemcpy(hist, d_hist, sizeof hist, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BINS; ++b)
    printf("%2d: %u\n", b, hist[b]);
  // CPU reference: bits 4..7 of each value pick its bin.
  unsigned gold[BINS] = {0};
  for (unsigned i = 0; i < n; ++i)
    gold[(h[i] / 16) % BINS]++;
  for (int b = 0; b < BINS; ++b)
    if (hist[b] != gold[b]) {
      printf("mismatch at %d: %u != %u\n", b, hist[b], gold[b]);
      return 1;
    }
  printf("PASSED\n");
  free(h);
  return 0;
}

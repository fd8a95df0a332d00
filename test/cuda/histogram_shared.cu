// A 256-bin histogram of bytes the way CUDA programs usually write it: each
// block counts into 256 bins in shared memory with atomicAdd (the ISA's
// load-and-lock loop on shared memory), then adds its bins to the global
// histogram with global atomicAdd. A second kernel builds a weighted
// histogram with float atomicAdd on shared bins (small integer weights, so
// every sum is exact in any order). Grid-stride loops over 4-byte words,
// a byte per bin extracted from each.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// RUN: %python %S/Inputs/rodinia.py histogram_shared > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// CHECK-LABEL: .kernel histogram256
// CHECK: LDSLK
// CHECK: STSUL
// CHECK: RED.E.ADD
// CHECK-LABEL: .kernel weighted_histogram256
// CHECK: LDSLK
// CHECK: STSUL
// CHECK: RED.E.ADD.F32
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 256

extern "C" __global__ void histogram256(const unsigned *data, unsigned *hist, int words) {
  __shared__ unsigned bins[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += blockDim.x * gridDim.x) {
    unsigned w = data[i];
    atomicAdd(&bins[w & 0xff], 1u);
    atomicAdd(&bins[(w >> 8) & 0xff], 1u);
    atomicAdd(&bins[(w >> 16) & 0xff], 1u);
    atomicAdd(&bins[w >> 24], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (bins[b] != 0)
      atomicAdd(&hist[b], bins[b]);
}

extern "C" __global__ void weighted_histogram256(const unsigned char *keys, const float *weights,
                                                 float *hist, int n) {
  __shared__ float bins[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    bins[b] = 0.0f;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[keys[i]], weights[i]);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&hist[b], bins[b]);
}

int main(int argc, char **argv) {
  int words = argc > 1 ? atoi(argv[1]) : 1 << 20;
  unsigned *data = (unsigned *)malloc(words * sizeof(unsigned)), hist[BINS];
  for (int i = 0; i < words; i++)
    data[i] = rand();
  unsigned *d_data, *d_hist;
  cudaMalloc(&d_data, words * sizeof(unsigned));
  cudaMalloc(&d_hist, sizeof hist);
  cudaMemcpy(d_data, data, words * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemset(d_hist, 0, sizeof hist);
  histogram256<<<30, 192>>>(d_data, d_hist, words);
  cudaMemcpy(hist, d_hist, sizeof hist, cudaMemcpyDeviceToHost);
  unsigned total = 0;
  for (int b = 0; b < BINS; b++)
    total += hist[b];
  printf("%u bytes counted (%d expected)\n", total, 4 * words);
  // CPU reference: every byte of every word counted in its bin.
  unsigned gold[BINS] = {0};
  for (int i = 0; i < words; i++)
    for (int k = 0; k < 4; k++)
      gold[(data[i] >> (8 * k)) & 0xff]++;
  for (int b = 0; b < BINS; b++)
    if (hist[b] != gold[b]) {
      printf("mismatch at %d: %u != %u\n", b, hist[b], gold[b]);
      return 1;
    }
  printf("PASSED\n");
  free(data);
  return 0;
}

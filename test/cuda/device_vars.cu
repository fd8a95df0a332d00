// __device__ variables: a two-pass reduction whose per-block partial sums
// live in a __device__ array (written by one launch, read by the next, as
// the object's global-variable block persists), a __device__ scale factor
// initialised in the device code, and a __device__ counter one thread
// updates per launch. Host references: Inputs/module_vars.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/module_vars.py device_vars > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-cc -m32 %s -o %t32.o
// RUN: %python %S/Inputs/module_vars.py device_vars --m32 > %t32.simt
// RUN: simt-emu %t32.o %t32.simt
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>

// The host's printf, declared here: the -m32 build above finds no i386 C
// headers on the build machine (so no <stdio.h>); the device's is CUDA's.
extern "C" int printf(const char *format, ...);

#define BLOCK 64
#define MAX_BLOCKS 16

__device__ float g_partial[MAX_BLOCKS];
__device__ float g_scale = 0.5f;
__device__ unsigned g_launches;

extern "C" __global__ void block_sums(const float *in, int n) {
  __shared__ float s[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    g_partial[blockIdx.x] = s[0] * g_scale;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    g_launches = g_launches + 1;
}

// One block: the partial sums in order, then the total and the launch count.
extern "C" __global__ void finish(float *out, int blocks) {
  int t = threadIdx.x;
  if (t < blocks)
    out[t] = g_partial[t];
  if (t == 0) {
    float total = 0.0f;
    for (int b = 0; b < blocks; ++b)
      total += g_partial[b];
    out[MAX_BLOCKS] = total;
    out[MAX_BLOCKS + 1] = (float)g_launches;
  }
}

int main() {
  const int n = 900, blocks = (n + BLOCK - 1) / BLOCK;
  float in[n], out[MAX_BLOCKS + 2];
  for (int i = 0; i < n; ++i)
    in[i] = (float)((i * 37) % 101 - 50);
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, (MAX_BLOCKS + 2) * sizeof(float));
  cudaMemcpy(d_in, in, n * sizeof(float), cudaMemcpyHostToDevice);
  block_sums<<<blocks, BLOCK>>>(d_in, n);
  finish<<<1, 32>>>(d_out, blocks);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  unsigned launches;
  cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches);
  // CPU reference: half the sum of each block of 64 inputs (integers, so
  // float sums are exact in any order), their total, one launch counted.
  float total = 0.0f;
  for (int b = 0; b < blocks; ++b) {
    float sum = 0.0f;
    for (int i = b * BLOCK; i < (b + 1) * BLOCK && i < n; ++i)
      sum += in[i];
    sum *= 0.5f;
    total += sum;
    if (out[b] != sum) {
      printf("mismatch at %d: %f != %f\n", b, out[b], sum);
      return 1;
    }
  }
  if (out[MAX_BLOCKS] != total || out[MAX_BLOCKS + 1] != 1.0f || launches != 1) {
    printf("mismatch at %d: total %f != %f, launches %f (%u) != 1\n", MAX_BLOCKS,
           out[MAX_BLOCKS], total, out[MAX_BLOCKS + 1], launches);
    return 1;
  }
  cudaFree(d_in);
  cudaFree(d_out);
  printf("PASSED\n");
  return 0;
}

// A shared-memory tree reduction: each block sums its 256 inputs with
// __syncthreads between the steps (a uniform loop around a divergent if).
// RUN: simt-cc %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s
// CHECK: block_sum {{ *}}[[REGS:[0-9]+]] {{ *}}1024 {{ *}}0 {{ *}}2
// RUN: %python %S/Inputs/ref.py reduce > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
#include <cuda.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 256

extern "C" __global__ void block_sum(const float *in, float *out) {
  __shared__ float partial[THREADS];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}

// The program run as it is (simt-nvcc); here, below the kernels, so that
// their lines stay those the debugger tests break at.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED

int main() {
  const int blocks = 8;
  float *in, *out, host[blocks], values[blocks * THREADS];
  for (int i = 0; i < blocks * THREADS; ++i)
    values[i] = (float)(i % 37) - 18.0f + 0.25f * (i % 4);
  cudaMalloc(&in, blocks * THREADS * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  cudaMemcpy(in, values, sizeof values, cudaMemcpyHostToDevice);
  block_sum<<<blocks, THREADS>>>(in, out);
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    printf("%f\n", host[b]);
  // CPU reference: each block's sum in order. The values are multiples of
  // 1/4 below 20 in magnitude, so float sums are exact in any order.
  for (int b = 0; b < blocks; ++b) {
    float sum = 0.0f;
    for (int t = 0; t < THREADS; ++t)
      sum += values[b * THREADS + t];
    if (host[b] != sum) {
      printf("mismatch at %d: %f != %f\n", b, host[b], sum);
      return 1;
    }
  }
  cudaFree(in);
  cudaFree(out);
  printf("PASSED\n");
  return 0;
}

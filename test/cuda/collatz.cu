// Data-dependent loop trip counts: each thread iterates until its value
// reaches 1, so threads leave the loop in different iterations (PBK/BRK).
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: PBK
// CHECK: BRK
// RUN: %python %S/Inputs/ref.py collatz > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>

extern "C" __global__ void collatz(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i], steps = 0;
  while (v > 1) {
    v = (v & 1) ? 3 * v + 1 : v / 2;
    ++steps;
  }
  out[i] = steps;
}

int main() {
  const int n = 300;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i)
    h_in[i] = 1 + (i * 37) % 1000;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
  collatz<<<3, 128>>>(in, out, n);
  cudaDeviceSynchronize();
  cudaMemcpy(h_out, out, n * sizeof(int), cudaMemcpyDeviceToHost);
  // CPU reference: the number of Collatz steps from each start down to 1.
  for (int i = 0; i < n; ++i) {
    long long v = h_in[i];
    int steps = 0;
    for (; v != 1; ++steps)
      v = v % 2 == 0 ? v / 2 : 3 * v + 1;
    if (h_out[i] != steps) {
      printf("mismatch at %d: %d != %d\n", i, h_out[i], steps);
      return 1;
    }
  }
  cudaFree(in);
  cudaFree(out);
  printf("PASSED\n");
  return 0;
}

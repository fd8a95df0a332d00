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
  int *in, *out;
  cudaMalloc(&in, 300 * sizeof(int));
  cudaMalloc(&out, 300 * sizeof(int));
  collatz<<<3, 128>>>(in, out, 300);
  cudaDeviceSynchronize();
  return 0;
}

// Each thread scans a ring for its own key and stops at the first hit: a
// loop left by 'break' in data-dependent iterations (PBK/BRK).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py search > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" __global__ void search(const int *v, int *out, int n, int key) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int found = -1;
  for (int j = 0; j < n; ++j)
    if (v[(i + j) & (n - 1)] == key + (i & 3)) {
      found = j;
      break;
    }
  out[i] = found;
}

int main() {
  const int n = 64, threads = 128, key = 5;
  int h_v[n], h_out[threads];
  for (int j = 0; j < n; ++j)
    h_v[j] = rand() % 12; // keys 5..8 appear a few times each, or not at all
  int *v, *out;
  cudaMalloc(&v, 64 * sizeof(int));
  cudaMalloc(&out, 128 * sizeof(int));
  cudaMemcpy(v, h_v, sizeof h_v, cudaMemcpyHostToDevice);
  search<<<2, 64>>>(v, out, 64, 5);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
  // CPU reference: thread i looks for key + i % 4 going round the array
  // from element i % n; the distance to the first match, or -1.
  for (int i = 0; i < threads; ++i) {
    int want = key + i % 4, expect = -1;
    for (int d = 0; d < n && expect < 0; ++d)
      if (h_v[(i + d) % n] == want)
        expect = d;
    if (h_out[i] != expect) {
      printf("mismatch at %d: %d != %d\n", i, h_out[i], expect);
      return 1;
    }
  }
  cudaFree(v);
  cudaFree(out);
  printf("PASSED\n");
  return 0;
}

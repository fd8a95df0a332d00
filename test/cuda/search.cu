// Each thread scans a ring for its own key and stops at the first hit: a
// loop left by 'break' in data-dependent iterations (PBK/BRK).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/ref.py search > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
#include <cuda_runtime.h>

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
  int *v, *out;
  cudaMalloc(&v, 64 * sizeof(int));
  cudaMalloc(&out, 128 * sizeof(int));
  search<<<2, 64>>>(v, out, 64, 5);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}

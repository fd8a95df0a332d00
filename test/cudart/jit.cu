// SIMT_EMU_FLAGS="--jit on" runs a CUDA program's straight-line ALU code
// compiled (docs/jit.md): the same output and statistics as the
// interpreter's, some of its warp-instructions compiled.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: env SIMT_EMU_FLAGS="--stats-file %t.off.json" %t > %t.off.out
// RUN: env SIMT_EMU_FLAGS="--jit on --stats-file %t.on.json" %t > %t.on.out
// RUN: FileCheck %s < %t.on.out
// RUN: diff %t.off.out %t.on.out
// RUN: %python %S/Inputs/jit_stats.py %t.off.json %t.on.json | FileCheck %s --check-prefix=STATS

// CHECK: checksum {{[0-9a-f]+}}
// STATS: statistics identical, {{[1-9][0-9]*}} warp-instructions compiled

#include <cstdio>

__global__ void mix(unsigned *out, int iters) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = t, b = t ^ 0x5a5au, c = t + 7u;
  float f = float(t);
  for (int i = 0; i < iters; ++i) {
    a = a * 1664525u + b;
    b ^= a >> 3;
    c += a ^ b;
    f = f * 0.5f + 1.0f;
  }
  out[t] = a ^ b ^ c ^ __float_as_uint(f);
}

int main() {
  const int n = 4 * 128;
  unsigned *d = nullptr;
  cudaMalloc(&d, n * sizeof(unsigned));
  mix<<<4, 128>>>(d, 100);
  unsigned h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + h[i];
  std::printf("checksum %08x\n", sum);
  cudaFree(d);
  return 0;
}

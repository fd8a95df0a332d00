// initcheck: the host copies n bytes instead of n floats, so the kernel
// reads elements nothing wrote: one report per thread that reads one.
// memcheck finds nothing (every access is in bounds). --track-unused-memory
// shows the allocation whose bytes were never all used.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool initcheck %t > %t.err
// RUN: FileCheck %s < %t.err
// RUN: simt-sanitizer --tool memcheck %t 2>&1 | FileCheck %s --check-prefix=MEMCHECK
// RUN: simt-sanitizer --tool initcheck --track-unused-memory %t 2>&1 | FileCheck %s --check-prefix=UNUSED
#include <cstdio>

__global__ void twice(const float *in, float *out) {
  out[threadIdx.x] = 2 * in[threadIdx.x];
}

int main() {
  const int n = 32;
  float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  float *in, *out, *spare;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&spare, 64);
  cudaMemcpy(in, h, n, cudaMemcpyHostToDevice); // BUG: n bytes, not n floats
  twice<<<1, n>>>(in, out);
  cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("%g\n", h[1]);
  cudaFree(in);
  cudaFree(out);
  cudaFree(spare);
  return 0;
}

// Bytes 0..31 are written: floats 0..7. Thread 8 is the first to read others.
// CHECK:      ========= Uninitialized __global__ memory read of size 4 bytes
// CHECK-NEXT: =========     at twice(const float *, float *)+0x{{[0-9a-f]+}} in {{.*}}uninit_read.cu:13
// CHECK-NEXT: =========     by thread (8,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Address 0x{{[0-9a-f]+}}20
// CHECK-NEXT: =========
// CHECK:      by thread (31,0,0) in block (0,0,0)
// CHECK:      ========= ERROR SUMMARY: 24 errors
// MEMCHECK: ERROR SUMMARY: 0 errors
// UNUSED:      ========= Unused memory in allocation 0x{{[0-9a-f]+}} of size 64 bytes
// UNUSED-NEXT: =========     Not used 64 bytes, the first at offset 0x0
// UNUSED-NEXT: =========     100% of allocation were unused.
// UNUSED:      ========= WARNING SUMMARY: 1 warning
// UNUSED-NEXT: ========= ERROR SUMMARY: 24 errors

// synccheck: __syncthreads() inside a branch only part of a warp takes.
// The emulator's barriers count warps (ISA.md 4), so the program runs; the
// sanitizer reports the barrier with the warp's first arriving thread.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool synccheck %t > %t.err
// RUN: FileCheck %s < %t.err
// RUN: simt-sanitizer --tool memcheck %t 2>&1 | FileCheck %s --check-prefix=MEMCHECK
#include <cstdio>

__global__ void halves(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x % 32 < 16) {
    s[threadIdx.x] += 1;
    __syncthreads(); // BUG: half of each warp never gets here
  }
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  halves<<<1, 64>>>(d);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFree(d);
  return 0;
}

// CHECK:      ========= Barrier error detected. Divergent thread(s) in warp
// CHECK-NEXT: =========     at halves(int *)+0x{{[0-9a-f]+}} in {{.*}}divergent_barrier.cu:15
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     16 of the warp's 32 live threads arrived (lanes 0-15)
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Barrier error detected. Divergent thread(s) in warp
// CHECK:      =========     by thread (32,0,0) in block (0,0,0)
// CHECK:      ========= ERROR SUMMARY: 2 errors
// MEMCHECK: ERROR SUMMARY: 0 errors

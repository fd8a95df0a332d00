// synccheck: __syncthreads() inside a branch only part of a warp takes.
// The emulator's barriers count warps (ISA.md 4), so the program runs; under
// synccheck, as under compute-sanitizer, the kernel ends at the error.
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

// compute-sanitizer's records (../shared/reference/nvidia/san_divergent_barrier.1.txt):
// one per thread that arrived, 0-15 and 32-47, then the kernel ends and the
// program sees a launch failure.
// CHECK:      ========= Barrier error detected. Divergent thread(s) in warp.
// CHECK-NEXT: =========     at halves(int *)+0x{{[0-9a-f]+}} in {{.*}}divergent_barrier.cu:15
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Barrier error detected. Divergent thread(s) in warp.
// CHECK-NEXT: =========     at halves(int *)+0x{{[0-9a-f]+}} in {{.*}}divergent_barrier.cu:15
// CHECK-NEXT: =========     by thread (1,0,0) in block (0,0,0)
// CHECK:      =========     by thread (15,0,0) in block (0,0,0)
// CHECK-NOT:  by thread (16,0,0)
// CHECK:      =========     by thread (32,0,0) in block (0,0,0)
// CHECK:      =========     by thread (47,0,0) in block (0,0,0)
// CHECK-NOT:  by thread
// CHECK:      cudaErrorLaunchFailure
// CHECK-NEXT: ========= ERROR SUMMARY: 32 errors
// MEMCHECK: cudaSuccess
// MEMCHECK: ERROR SUMMARY: 0 errors

// synccheck: the two branches of an `if` on the warp each wait at their own
// __syncthreads(). Every warp arrives whole, but warps 0 and 1 meet at
// different barrier instructions: compute-sanitizer's "Divergent thread(s)
// in block". Fermi's barriers count arrivals, not instructions, so the
// program would run on; synccheck ends it, as compute-sanitizer does.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool synccheck %t 2>&1 | FileCheck %s
#include <cstdio>

__global__ void split(int *out) {
  __shared__ int s[64];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = 1;
    __syncthreads(); // BUG: warp 0 waits here...
    out[threadIdx.x] = s[threadIdx.x + 32];
  } else {
    s[threadIdx.x] = 2;
    __syncthreads(); // ...and warp 1 here
    out[threadIdx.x] = s[threadIdx.x - 32];
  }
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  split<<<1, 64>>>(d);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFree(d);
  return 0;
}

// compute-sanitizer (../shared/reference/nvidia/san_barrier_mismatch.1.txt)
// reports each of one warp's 32 threads, then the kernel ends.
// CHECK:      ========= Barrier error detected. Divergent thread(s) in block.
// CHECK-NEXT: =========     at split(int *)+0x{{[0-9a-f]+}} in {{.*}}barrier_mismatch.cu:{{14|18}}
// CHECK-NEXT: =========     by thread ({{0|32}},0,0) in block (0,0,0)
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK:      =========     by thread ({{31|63}},0,0) in block (0,0,0)
// CHECK-NOT:  by thread
// CHECK:      cudaErrorLaunchFailure
// CHECK-NEXT: ========= ERROR SUMMARY: 32 errors

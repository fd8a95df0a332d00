// memcheck: a kernel writing one element past its dynamic shared memory.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer %t 2>&1 | FileCheck %s
#include <cstdio>

__global__ void shift(int *out) {
  extern __shared__ int s[];
  s[threadIdx.x + 1] = threadIdx.x; // BUG: thread 31 writes s[32]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  shift<<<1, 32, 32 * sizeof(int)>>>(d);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Invalid __shared__ write of size 4 bytes
// CHECK-NEXT: =========     at shift(int *)+0x{{[0-9a-f]+}} in {{.*}}shared_oob.cu:8
// CHECK-NEXT: =========     by thread (31,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x80 is out of bounds
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// The sticky error the next call returns is reported too, as compute-sanitizer reports failed calls.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors

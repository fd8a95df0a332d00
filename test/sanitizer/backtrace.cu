// memcheck in a device function: the report names the function the bad
// access is in and, as a Device Frame line, the call that led there (from
// the -lineinfo line table and the warp's SIMT stack); --show-backtrace no
// leaves the frames out, device keeps the device's alone, host the host's.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer %t 2>&1 | FileCheck %s
// RUN: simt-sanitizer --show-backtrace no %t 2>&1 | FileCheck %s --check-prefix=NOBT
// RUN: simt-sanitizer --show-backtrace device %t 2>&1 | FileCheck %s --check-prefix=DEV
// RUN: simt-sanitizer --show-backtrace host %t 2>&1 | FileCheck %s --check-prefix=HOST
#include <cstdio>

__device__ __noinline__ void put(int *p, int i) { p[i] = i; }

__global__ void spread(int *p) { put(p, threadIdx.x + 31); } // BUG: thread 1 writes p[32]

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  spread<<<1, 2>>>(d);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Invalid __global__ write of size 4 bytes
// CHECK-NEXT: =========     at put(int *, int)+0x{{[0-9a-f]+}} in {{.*}}backtrace.cu:12
// CHECK-NEXT: =========     by thread (1,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x{{[0-9a-f]+}} is out of bounds
// CHECK-NEXT: =========     and is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 128 bytes
// CHECK-NEXT: =========     Allocated by cudaMalloc #1
// CHECK-NEXT: =========         Device Frame: spread(int *)+0x{{[0-9a-f]+}} in {{.*}}backtrace.cu:14
// CHECK-NEXT: =========
// NOBT-NOT: Device Frame
// NOBT-NOT: Host Frame
// NOBT:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// NOBT-NOT: Host Frame
// NOBT: ERROR SUMMARY: 2 errors
// DEV:      Allocated by cudaMalloc #1
// DEV-NEXT: =========         Device Frame: spread(int *)+0x{{[0-9a-f]+}} in {{.*}}backtrace.cu:14
// DEV-NOT:  Host Frame
// DEV:      ERROR SUMMARY: 2 errors
// HOST-NOT: Device Frame
// HOST:      Allocated by cudaMalloc #1
// HOST-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// HOST-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// HOST:      Saved host backtrace up to driver entry point at error
// HOST:      ERROR SUMMARY: 2 errors

// memcheck: a kernel launched on whole blocks that forgets `if (i < n)`:
// the last block's threads past n write out of bounds. Every lane of the
// faulting instruction is reported, not only the first. With
// --destroy-on-device-error kernel only that kernel ends: the program goes
// on, its later launch of the same bug is reported too; the exit status is
// --error-exitcode's when given, else the program's (0), as compute-sanitizer's.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer %t > %t.err
// RUN: FileCheck %s < %t.err
// RUN: not simt-sanitizer --destroy-on-device-error kernel --print-limit 2 --error-exitcode 7 %t > %t.out 2> %t.kernel
// RUN: FileCheck %s --check-prefix=KERNEL < %t.out
// RUN: FileCheck %s --check-prefix=GOES-ON < %t.out
// RUN: sh -c '%t; echo status $?' | FileCheck %s --check-prefix=PLAIN
// RUN: sh -c 'simt-sanitizer --error-exitcode 7 %t; echo status $?' 2>&1 | FileCheck %s --check-prefix=STATUS7
// RUN: sh -c 'simt-sanitizer %t > /dev/null; echo status $?' | FileCheck %s --check-prefix=PLAIN-STATUS
#include <cstdio>

__global__ void scale(float *out, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = k * i; // BUG: no `if (i < n)`
}

int main() {
  const int n = 1000;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
  printf("first: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  scale<<<(n + 255) / 256, 256>>>(d, 3.0f, n);
  printf("second: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFree(d);
  return 0;
}

// Threads 1000..1023 of the grid: threads (232..255,0,0) of block 3.
// CHECK:      ========= Invalid __global__ write of size 4 bytes
// CHECK-NEXT: =========     at scale(float *, float, int)+0x{{[0-9a-f]+}} in {{.*}}oob_last_block.cu:20
// CHECK-NEXT: =========     by thread (232,0,0) in block (3,0,0)
// CHECK-NEXT: =========     Access to 0x{{[0-9a-f]+}} is out of bounds
// CHECK-NEXT: =========     and is 1 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 4,000 bytes
// CHECK:      =========     by thread (233,0,0) in block (3,0,0)
// CHECK-NEXT: =========     Access to 0x{{[0-9a-f]+}} is out of bounds
// CHECK-NEXT: =========     and is 5 bytes after the nearest allocation
// CHECK:      =========     by thread (255,0,0) in block (3,0,0)
// CHECK-NEXT: =========     Access to 0x{{[0-9a-f]+}} is out of bounds
// CHECK-NEXT: =========     and is 93 bytes after the nearest allocation
// CHECK-NEXT: =========     Allocated by cudaMalloc #1
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// Then (context mode) each of the 4 later calls returns the sticky error,
// "unspecified launch failure" as under compute-sanitizer, among what the
// program prints, on standard output as compute-sanitizer's reports are:
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at error
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: first: cudaErrorLaunchFailure
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaLaunchKernel.
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at error
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at error
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: second: cudaErrorLaunchFailure
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaFree.
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at error
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= ERROR SUMMARY: 28 errors
// KERNEL:      by thread (232,0,0) in block (3,0,0)
// KERNEL:      by thread (233,0,0) in block (3,0,0)
// KERNEL-NOT:  by thread
// KERNEL:      ========= ERROR SUMMARY: 48 errors
// KERNEL-NEXT: ========= ERROR SUMMARY: 46 errors were not printed. Use --print-limit option to adjust the number of printed errors
// PLAIN: first: cudaErrorIllegalAddress
// PLAIN: status 0
// PLAIN-STATUS: status 0
// STATUS7: ERROR SUMMARY: 28 errors
// STATUS7-NEXT: status 7
// GOES-ON: first: cudaSuccess
// GOES-ON: second: cudaSuccess

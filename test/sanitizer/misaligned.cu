// memcheck: an int read through a pointer two bytes into a buffer.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer %t 2>&1 | FileCheck %s
#include <cstdio>

__global__ void peek(const char *bytes, int *out) {
  *out = *(const int *)(bytes + 2); // BUG: not 4-byte aligned
}

int main() {
  char *b;
  int *out;
  cudaMalloc(&b, 64);
  cudaMalloc(&out, sizeof(int));
  peek<<<1, 1>>>(b, out);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Invalid __global__ read of size 4 bytes
// CHECK-NEXT: =========     at peek(const char *, int *)+0x{{[0-9a-f]+}} in {{.*}}misaligned.cu:7
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x[[BASE:[0-9a-f]+]]02 is misaligned
// CHECK-NEXT: =========     and is inside the nearest allocation at 0x[[BASE]]00 of size 64 bytes
// The sticky error the next call returns is reported too, as compute-sanitizer reports failed calls.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors

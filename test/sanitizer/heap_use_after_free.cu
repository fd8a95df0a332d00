// memcheck: a kernel that reads a block it has already given back to the
// device heap with free. The freed block still holds the values, so the
// read returns them; memcheck reports where the address lies in the freed
// block and ends the kernel, as compute-sanitizer does (the copy fails).
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

__global__ void late(int *out, int k) {
  int *a = (int *)malloc(8 * sizeof(int));
  for (int i = 0; i < 8; ++i)
    a[i] = 10 * i;
  free(a);
  *out = a[k]; // BUG: a was freed on the line before
}

int main() {
  int *out, got = 0;
  cudaMalloc(&out, sizeof(int));
  late<<<1, 1>>>(out, 3);
  cudaError_t e = cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s: %d\n", cudaGetErrorName(e), got);
  cudaFree(out);
  return 0;
}

// a[3]: 12 bytes into the freed 32-byte allocation.
// CHECK:      ========= Invalid __global__ read of size 4 bytes
// CHECK-NEXT: =========     at late(int *, int)+0x{{[0-9a-f]+}} in {{.*}}heap_use_after_free.cu:16
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x[[#%x,A:]] is out of bounds
// CHECK-NEXT: =========     and is 12 bytes inside a freed allocation at 0x[[#%x,A-12]] of size 32 bytes
// CHECK-NEXT: =========     Allocated by device malloc, freed by device free
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaMemcpy.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaFree.
// CHECK:      ========= ERROR SUMMARY: 3 errors
// OUT: cudaErrorLaunchFailure: 0

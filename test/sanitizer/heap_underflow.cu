// memcheck: a kernel that writes the element before a block from device
// malloc. The word lies in the block's header, which only the heap's own
// code may touch: memcheck reports the store against the block and ends
// the kernel there, as compute-sanitizer does, before the header it
// overwrote (the free-list link) could matter.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

__global__ void shift(int *out, int n) {
  int *a = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    a[i - 1] = i; // BUG: writes a[-1] .. a[n-2]
  *out = a[n - 2];
  free(a);
}

int main() {
  int *out, got = 0;
  cudaMalloc(&out, sizeof(int));
  shift<<<1, 1>>>(out, 4);
  cudaError_t e = cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s: %d\n", cudaGetErrorName(e), got);
  cudaFree(out);
  return 0;
}

// a[-1] is the 4 bytes right before the 16-byte allocation.
// CHECK:      ========= Invalid __global__ write of size 4 bytes
// CHECK-NEXT: =========     at shift(int *, int)+0x{{[0-9a-f]+}} in {{.*}}heap_underflow.cu:15
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x[[#%x,A:]] is out of bounds
// CHECK-NEXT: =========     and is 4 bytes before the nearest allocation at 0x[[#%x,A+4]] of size 16 bytes
// CHECK-NEXT: =========     Allocated by device malloc
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaMemcpy.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaFree.
// CHECK:      ========= ERROR SUMMARY: 3 errors
// OUT: cudaErrorLaunchFailure: 0

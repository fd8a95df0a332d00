// memcheck: a kernel that writes one element past a block it got from
// device malloc. The heap is one __device__ array to the emulator, so the
// store does not fault: memcheck checks it against the block (the 20 bytes
// asked for, not the 64-byte block the heap carved) and reports it with
// the block as the nearest allocation. Then the kernel ends, as under
// compute-sanitizer: the copy and the free fail with 719.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// --check-device-heap no: the heap's blocks are not checked.
// RUN: simt-sanitizer --check-device-heap no %t | FileCheck %s --check-prefix=UNCHECKED
#include <cstdio>

__global__ void fill(int *out, int n) {
  int *a = (int *)malloc(n * sizeof(int));
  for (int i = 0; i <= n; ++i) // BUG: <= writes a[n]
    a[i] = i;
  *out = a[n - 1];
  free(a);
}

int main() {
  int *out, got = 0;
  cudaMalloc(&out, sizeof(int));
  fill<<<1, 1>>>(out, 5);
  cudaError_t e = cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s: %d\n", cudaGetErrorName(e), got);
  cudaFree(out);
  return 0;
}

// a[5] is 20 bytes into the block's payload: 0 bytes after its 20.
// CHECK:      ========= Invalid __global__ write of size 4 bytes
// CHECK-NEXT: =========     at fill(int *, int)+0x{{[0-9a-f]+}} in {{.*}}heap_overrun.cu:18
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Access to 0x[[#%x,A:]] is out of bounds
// CHECK-NEXT: =========     and is 1 bytes after the nearest allocation at 0x[[#%x,A-20]] of size 20 bytes
// CHECK-NEXT: =========     Allocated by device malloc
// CHECK-NEXT: =========     Saved host backtrace up to driver entry point at kernel launch time
// CHECK-NEXT: =========         Host Frame: main [0x{{[0-9a-f]+}}] in {{.*}}
// CHECK-NEXT: =========
// CHECK-NEXT: ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaMemcpy.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaFree.
// CHECK:      ========= ERROR SUMMARY: 3 errors
// OUT: cudaErrorLaunchFailure: 0
// UNCHECKED-NOT: Invalid
// UNCHECKED: cudaSuccess: 4
// UNCHECKED: ERROR SUMMARY: 0 errors

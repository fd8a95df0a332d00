// memcheck: a kernel that frees a pointer into the middle of a block from
// device malloc, not the pointer malloc returned. The heap refuses it;
// memcheck reports it at the call with the block it points into, and the
// kernel stops, as without the tool (where the heap prints the free and
// traps).
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <cstdio>

__global__ void middle(int *out) {
  char *a = (char *)malloc(64);
  a[16] = 1;
  *out = a[16];
  free(a + 16); // BUG: not the block's start
}

int main() {
  int *out;
  cudaMalloc(&out, sizeof(int));
  middle<<<1, 1>>>(out);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// a + 16 is 16 bytes into the 64-byte allocation.
// CHECK:      ========= Malloc/Free error encountered : Invalid pointer to free
// CHECK-NEXT: =========     at middle(int *)+0x{{[0-9a-f]+}} in {{.*}}heap_invalid_free.cu:16
// CHECK-NEXT: =========     by thread (0,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Address 0x[[#%x,P:]]
// CHECK-NEXT: =========     inside the allocation at 0x[[#%x,P-16]] of size 64 bytes, not its start
// CHECK-NEXT: =========
// The trap ends the kernel: the call that returns its error is reported too.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors
// OUT: free(): invalid pointer 0x{{[0-9a-f]+}}: block: [0,0,0], thread: [0,0,0]
// OUT-NEXT: cudaErrorLaunchFailure

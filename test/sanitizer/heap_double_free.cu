// memcheck: a kernel that frees a block from device malloc twice (thread 1
// of two; thread 0 frees its own block once). The heap refuses the second
// free; memcheck reports it at the call with the block, and the kernel
// stops as it does without the tool, where the heap prints what the free
// was and traps: a launch failure, not a corrupted heap.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool memcheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// With --destroy-on-device-error kernel only the kernel ends: the report,
// no fault, and the program's synchronize succeeds.
// RUN: simt-sanitizer --destroy-on-device-error kernel %t > %t.kout 2> %t.kerr
// RUN: FileCheck %s --check-prefix=KERNEL < %t.kout
// RUN: FileCheck %s --check-prefix=GOES-ON < %t.kout
// RUN: %t > %t.plain 2> %t.plain-err
// RUN: FileCheck %s --check-prefix=OUT < %t.plain
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain-err
#include <cstdio>

__global__ void twice() {
  int *a = (int *)malloc(16);
  free(a);
  if (threadIdx.x == 1)
    free(a); // BUG: freed on the line before
}

int main() {
  twice<<<1, 2>>>();
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

// CHECK:      ========= Malloc/Free error encountered : Double free
// CHECK-NEXT: =========     at twice()+0x{{[0-9a-f]+}} in {{.*}}heap_double_free.cu:24
// CHECK-NEXT: =========     by thread (1,0,0) in block (0,0,0)
// CHECK-NEXT: =========     Address 0x[[A:[0-9a-f]+]]
// CHECK-NEXT: =========     the allocation at 0x[[A]] of size 16 bytes was freed before
// CHECK-NEXT: =========
// The trap ends the kernel: the call that returns its error is reported too.
// CHECK:      ========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
// CHECK:      ========= ERROR SUMMARY: 2 errors
// OUT: free(): double free of 0x{{[0-9a-f]+}}: block: [0,0,0], thread: [1,0,0]
// OUT-NEXT: cudaErrorLaunchFailure
// PLAIN: fault: trap (BPT.TRAP) in kernel 'twice()
// KERNEL:     ========= Malloc/Free error encountered : Double free
// KERNEL-NOT: fault:
// KERNEL:     ========= ERROR SUMMARY: 1 error
// GOES-ON: cudaSuccess

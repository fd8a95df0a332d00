// Every thread of two blocks fails an assert at -O2. The first trap stops
// the grid while the other block's warp may be writing its assertion's
// printf record; such a record is not printed (its flags word, stored
// first and last, says it was still being written), where before it printed as
// "(null):0: (null): block: [0,0,0], thread: [0,0,0] Assertion `(null)`
// failed.". Each line printed is a whole assertion message, as CUDA's.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t > %t.out 2>&1
// RUN: FileCheck %s --implicit-check-not="(null)" < %t.out
// CHECK: assert_all_threads.cu:[[@LINE+5]]: void fails(int *): block: [0,0,0], thread: [0,0,0] Assertion `false` failed.
// CHECK: sync: device-side assert triggered
#include <assert.h>
#include <stdio.h>
__global__ void fails(int *o) {
  if (o[0] == 0) assert(false);
}
int main() {
  int *o;
  cudaMalloc(&o, sizeof(int));
  cudaMemset(o, 0, sizeof(int));
  fails<<<2, 2>>>(o);
  printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}

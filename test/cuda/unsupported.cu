// What the next issue adds (64-bit shared atomics, device printf and calls)
// fails with "not supported yet" naming the construct, at its line in
// clang's PTX, and no object is written.
// RUN: rm -f %t.o
// RUN: not simt-cc -DATOMIC %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ATOMIC
// ATOMIC: error: not supported yet: 64-bit shared-memory atomics
// RUN: not ls %t.o
// RUN: not simt-cc -DPRINTF %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PRINTF
// PRINTF: error: not supported yet: 'call.uni'
// RUN: not simt-cc -DCALL %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CALL
// CALL: error: not supported yet: 'call.uni'
#include <cuda_runtime.h>
#include <stdio.h>

#if defined(ATOMIC)
__global__ void k(unsigned long long *p) {
  __shared__ unsigned long long count;
  atomicAdd(&count, 1);
  __syncthreads();
  p[threadIdx.x] = count;
}
#elif defined(PRINTF)
__global__ void k(int *p) { printf("%d\n", p[threadIdx.x]); }
#elif defined(CALL)
__device__ __noinline__ int twice(int x) { return 2 * x; }
__global__ void k(int *p) { p[threadIdx.x] = twice(p[threadIdx.x]); }
#endif

int main() {
  k<<<1, 32>>>(0);
  return 0;
}

// What the next issue adds (64-bit shared atomics, f64, 64-bit integer arithmetic, device
// printf and calls) fails with "not supported yet" naming the construct, at
// its line in clang's PTX, and no object is written.
// RUN: rm -f %t.o
// RUN: not simt-cc -DATOMIC %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ATOMIC
// ATOMIC: error: not supported yet: 64-bit shared-memory atomics
// RUN: not ls %t.o
// RUN: not simt-cc -DDOUBLE %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DOUBLE
// DOUBLE: error: not supported yet: 'ld.global.f64' (f64)
// DOUBLE: error: not supported yet: 'mul.rn.f64'
// RUN: not simt-cc -DINT64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=INT64
// INT64: error: not supported yet: 'shr.s64' (64-bit integer arithmetic beyond addressing)
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
#elif defined(DOUBLE)
__global__ void k(double *p) { p[threadIdx.x] = p[threadIdx.x] * 2.5; }
#elif defined(INT64)
__global__ void k(long long *p) { p[threadIdx.x] = p[threadIdx.x] >> (int)p[threadIdx.x + 32]; }
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

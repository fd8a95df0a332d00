// atomicAdd on double at every level, and the CUDA Programming Guide's own
// definition of it for targets below sm_60, which programs still carry:
// it compiles (no redefinition against the header's, in the host pass or
// the device's) and the calls use it. 256 threads add 0.5 each: 128.
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O2 -arch=sm_35 %s -o %t35 && %t35 | FileCheck %s
// RUN: simt-nvcc -arch=sm_20 -O2 -DOWN_ATOMIC_ADD %s -o %town && %town | FileCheck %s --check-prefix=OWN
// RUN: simt-nvcc -O2 -arch=sm_35 -DOWN_ATOMIC_ADD %s -o %town35 && %town35 | FileCheck %s --check-prefix=OWN
// CHECK: sum 128 (own definition: 0 calls)
// OWN: sum 128 (own definition: 256 calls)
#include <cstdio>

__device__ unsigned ownCalls;

#ifdef OWN_ATOMIC_ADD
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *address, double val) {
  atomicAdd(&ownCalls, 1u);
  unsigned long long *bits = (unsigned long long *)address;
  unsigned long long old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif
#endif

__global__ void accumulate(double *sum) { atomicAdd(sum, 0.5); }

int main() {
  double *d, h = 0;
  unsigned calls = 0;
  cudaMalloc(&d, sizeof(double));
  cudaMemset(d, 0, sizeof(double));
  accumulate<<<4, 64>>>(d);
  cudaMemcpy(&h, d, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&calls, ownCalls, sizeof calls);
  printf("sum %g (own definition: %u calls)\n", h, calls);
  return 0;
}

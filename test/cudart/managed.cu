// A __managed__ variable is an error at its use, saying what to use instead
// (clang alone would ignore the attribute and give host and device separate
// variables), at both levels.
// RUN: not simt-nvcc -O2 %s -o %t 2>&1 | FileCheck %s
// RUN: not simt-nvcc -O2 -arch=sm_20 %s -o %t 2>&1 | FileCheck %s
// CHECK: managed.cu:[[@LINE+2]]:38: error: 'hits' is unavailable: __managed__ variables are not supported yet: allocate the memory with cudaMallocManaged, or use a __device__ variable and cudaMemcpyToSymbol/FromSymbol
__managed__ int hits;
__global__ void count() { atomicAdd(&hits, 1); }
int main() {
  count<<<1, 32>>>();
  cudaDeviceSynchronize();
  return hits != 32;
}

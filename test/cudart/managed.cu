// Managed memory needs compute capability 3.0: a __managed__ variable is an
// error at its use, saying why and what to use instead (clang alone would
// ignore the attribute and give host and device separate variables).
// RUN: not simt-nvcc -O2 %s -o %t 2>&1 | FileCheck %s
// CHECK: managed.cu:[[@LINE+2]]:38: error: 'hits' is unavailable: __managed__ variables need unified memory, which needs compute capability 3.0; this device is 2.0 (use a __device__ variable and cudaMemcpyToSymbol/FromSymbol)
__managed__ int hits;
__global__ void count() { atomicAdd(&hits, 1); }
int main() {
  count<<<1, 32>>>();
  cudaDeviceSynchronize();
  return hits != 32;
}

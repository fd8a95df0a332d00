// __CUDA_ARCH_LIST__, which nvcc 11.5 and later define in host and device
// code alike as the architectures a compile targets (CUB and Thrust name
// their inline namespaces after it: cub::CUB_101702_350_NS, which is what
// reports and backtraces show): here the one level the program is built
// for. -arch=sm_60 builds for the Kepler-class level, 350; sm_20 for Fermi.
// And __NVCC__, which nvcc defines in every compile it runs (XSBench's
// header empties __host__ and __device__ without it); -U__NVCC__ undoes it.
// RUN: simt-nvcc -arch=sm_60 %s -o %t 2>/dev/null && %t | FileCheck %s --check-prefix=K
// RUN: simt-nvcc -arch=sm_20 %s -o %t20 && %t20 | FileCheck %s --check-prefix=F
// RUN: simt-nvcc -U__NVCC__ %s -o %tu && %tu | FileCheck %s --check-prefix=U
// K: host: 350 nvcc 1
// K-NEXT: device: 350 nvcc 1
// F: host: 200 nvcc 1
// F-NEXT: device: 200 nvcc 1
// U: host: {{[0-9]+}} nvcc 0
// U-NEXT: device: {{[0-9]+}} nvcc 0
#include <cstdio>
#define TEXT_(x) #x
#define TEXT(x) TEXT_(x)
#ifdef __NVCC__
#define NVCC 1
#else
#define NVCC 0
#endif

__global__ void show() { printf("device: %s nvcc %d\n", TEXT(__CUDA_ARCH_LIST__), NVCC); }

int main() {
  printf("host: %s nvcc %d\n", TEXT(__CUDA_ARCH_LIST__), NVCC);
  show<<<1, 1>>>();
  cudaDeviceSynchronize();
  return 0;
}

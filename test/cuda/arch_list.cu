// __CUDA_ARCH_LIST__, which nvcc 11.5 and later define in host and device
// code alike as the architectures a compile targets (CUB and Thrust name
// their inline namespaces after it: cub::CUB_101702_350_NS, which is what
// reports and backtraces show): here the one level the program is built
// for. -arch=sm_60 builds for the Kepler-class level, 350; sm_20 for Fermi.
// RUN: simt-nvcc -arch=sm_60 %s -o %t 2>/dev/null && %t | FileCheck %s --check-prefix=K
// RUN: simt-nvcc -arch=sm_20 %s -o %t20 && %t20 | FileCheck %s --check-prefix=F
// K: host: 350
// K-NEXT: device: 350
// F: host: 200
// F-NEXT: device: 200
#include <cstdio>
#define TEXT_(x) #x
#define TEXT(x) TEXT_(x)

__global__ void show() { printf("device: %s\n", TEXT(__CUDA_ARCH_LIST__)); }

int main() {
  printf("host: %s\n", TEXT(__CUDA_ARCH_LIST__));
  show<<<1, 1>>>();
  cudaDeviceSynchronize();
  return 0;
}

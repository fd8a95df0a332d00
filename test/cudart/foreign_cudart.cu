// Another CUDA's libcudart on the program's paths (a Makefile's
// -L$(CUDA_HOME)/lib64 -lcudart, LD_LIBRARY_PATH naming NVIDIA's lib64, as
// CUDA users set it) does not displace this one: simt-nvcc searches its own
// library directory first at the link and records it as an RPATH, which the
// loader reads before LD_LIBRARY_PATH.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: c++ -shared -fPIC -Wl,-soname,libcudart.so %S/Inputs/foreign_cudart.cpp -o %t.dir/libcudart.so
// RUN: simt-nvcc -O2 %s -L%t.dir -lcudart -o %t
// RUN: env LD_LIBRARY_PATH=%t.dir %t | FileCheck %s
// RUN: readelf -d %t | FileCheck %s --check-prefix=ELF
// CHECK-NOT: foreign
// CHECK: devices 1
// CHECK-NEXT: sum 496
// ELF: (RPATH)
// ELF-NOT: (RUNPATH)
#include <cstdio>

__global__ void sumLanes(int *out) { atomicAdd(out, int(threadIdx.x)); }

int main() {
  int n = 0;
  cudaGetDeviceCount(&n);
  printf("devices %d\n", n);
  int *d = nullptr, h = 0;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  sumLanes<<<1, 32>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("sum %d\n", h);
  return 0;
}

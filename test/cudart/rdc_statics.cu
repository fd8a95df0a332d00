// Separate compilation with file-local device code: a static kernel and
// static __constant__ and __device__ variables that the host names
// (cudaMemcpyToSymbol), in two files that use the same names. clang's
// -fgpu-rdc gives them names with a postfix of the compilation unit: the
// device and host compiles of one file must agree on it (simt-nvcc gives
// both one -cuid), and the device code's uses must name the renamed
// variables (simt-cc rewrites what clang-19 leaves behind). Expected
// values: the arithmetic below, done by hand.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -rdc=true -O2 %s %S/Inputs/rdc_statics_lib.cu -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: simt-nvcc -dc -O2 %s -o %t/a.o
// RUN: simt-nvcc -dc -O2 %S/Inputs/rdc_statics_lib.cu -o %t/b.o
// RUN: simt-nvcc %t/a.o %t/b.o -o %t/app2
// RUN: %t/app2 | FileCheck %s
// CHECK: first: no error 2 4 6 8
// CHECK: second: 110 120 130 140
#include <cstdio>

static __constant__ int scale[4];
static __device__ int result[4];

static __global__ void apply() { result[threadIdx.x] = scale[threadIdx.x] * 2; }

void runSecond(int *out);

int main() {
  const int h[4] = {1, 2, 3, 4};
  int first[4] = {}, second[4] = {};
  cudaMemcpyToSymbol(scale, h, sizeof h);
  apply<<<1, 4>>>();
  cudaError_t e = cudaMemcpyFromSymbol(first, result, sizeof first);
  runSecond(second);
  std::printf("first: %s %d %d %d %d\n", cudaGetErrorString(e), first[0], first[1], first[2],
              first[3]);
  std::printf("second: %d %d %d %d\n", second[0], second[1], second[2], second[3]);
  return 0;
}

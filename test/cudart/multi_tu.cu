// A program of several files as suites build them: two .cu files each with
// kernels and host code, a kernel template instantiated in both, a
// __constant__ of the same role in each, a .cpp file of host code, built
// in one command, then again with -c and a static library (ar), then again
// through a Makefile with NVCC=simt-nvcc. The program checks itself
// against host loops.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -O2 -I%S/Inputs %s %S/Inputs/scale.cu %S/Inputs/fill.cpp -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: simt-nvcc -O2 -I%S/Inputs -c %S/Inputs/scale.cu -o %t/scale.o
// RUN: simt-nvcc -O2 -I%S/Inputs -c %S/Inputs/fill.cpp -o %t/fill.o
// RUN: simt-nvcc -lib %t/scale.o %t/fill.o -o %t/libscale.a
// RUN: simt-nvcc -O2 -I%S/Inputs -c %s -o %t/main.o
// RUN: simt-nvcc %t/main.o -L%t -lscale -o %t/app2
// RUN: %t/app2 | FileCheck %s
// RUN: make -s -C %t -f %S/Inputs/Makefile NVCC=simt-nvcc SRC=%S
// RUN: %t/app3 | FileCheck %s
// CHECK: PASSED
// Files compiled to one constant bank, here chosen: each file's module
// keeps its own bytes of it (runtime/ModuleBanks.h).
// RUN: simt-nvcc -O2 -I%S/Inputs -c -Xptxas --const-bank=3 %s -o %t/same1.o
// RUN: simt-nvcc -O2 -I%S/Inputs -c -Xptxas --const-bank=3 %S/Inputs/scale.cu -o %t/same2.o
// RUN: simt-nvcc %t/same1.o %t/same2.o %t/fill.o -o %t/app4
// RUN: %t/app4 | FileCheck %s
#include "scale.cuh"
#include <cstdio>

__constant__ int offset_a;
__global__ void add_offset_a(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += offset_a;
}

int main() {
  const int n = 300;
  int a[n], b[n];
  fill_on_host(a, n);
  fill_on_host(b, n);
  // This file's scale<int> and add_offset_a; the other file's scale<int>
  // and its own offset.
  int *d;
  cudaMalloc(&d, sizeof a);
  cudaMemcpy(d, a, sizeof a, cudaMemcpyHostToDevice);
  const int off = 5;
  cudaMemcpyToSymbol(offset_a, &off, sizeof off);
  scale<int><<<(n + 127) / 128, 128>>>(d, 2, n);
  add_offset_a<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(a, d, sizeof a, cudaMemcpyDeviceToHost);
  if (scale_on_device(b, n, 3)) {
    printf("FAILED: scale_on_device\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    int base = i * 3 - 7;
    if (a[i] != base * 2 + 5 || b[i] != base * 3 + 1000) {
      printf("FAILED at %d: %d %d, expected %d %d\n", i, a[i], b[i], base * 2 + 5,
             base * 3 + 1000);
      return 1;
    }
  }
  printf("PASSED\n");
  return 0;
}

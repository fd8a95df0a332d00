// Separate compilation: device functions and variables defined in another
// file (Inputs/rdc_lib.cu), built in one command with -rdc=true, with -dc
// and a link, through a static library, and with nvcc's explicit device
// link (-dlink) and a link by the host compiler. Without -rdc the device
// code cannot be linked, and the translator says how to build it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -rdc=true -O2 %s %S/Inputs/rdc_lib.cu -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: simt-nvcc -dc -O2 %s -o %t/main.o
// RUN: simt-nvcc -dc -O2 %S/Inputs/rdc_lib.cu -o %t/lib.o
// RUN: simt-nvcc %t/main.o %t/lib.o -o %t/app2
// RUN: %t/app2 | FileCheck %s
// RUN: ar rcs %t/libaffine.a %t/lib.o
// RUN: simt-nvcc %t/main.o -L%t -laffine -o %t/app3
// RUN: %t/app3 | FileCheck %s
// RUN: simt-nvcc -dlink %t/main.o %t/lib.o -o %t/dlink.o
// RUN: clang++-19 %t/main.o %t/lib.o %t/dlink.o -L%simt_obj_root/lib64 -lcudart -Wl,-rpath,%simt_obj_root/lib64 -o %t/app4
// RUN: %t/app4 | FileCheck %s
// RUN: not simt-nvcc -O2 %s %S/Inputs/rdc_lib.cu -o %t/app5 2>&1 | FileCheck %s --check-prefix=NORDC
// CHECK: calls 512
// CHECK: PASSED
// NORDC: error: a call of '_Z6affineii', which has no body in this module (a device function of another file: build with simt-nvcc -rdc=true, which links the files' device code)
#include <cstdio>

extern __device__ unsigned calls;
extern __constant__ int bias;
__device__ int affine(int v, int k);
__global__ void affine_all(int *p, int n, int k);

// Each element through the other file's function twice, divergently.
__global__ void twice_if_odd(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = affine(p[i], 2);
  if (v & 1)
    v = affine(v, -1);
  else
    v = affine(v, 5);
  p[i] = v;
}

int main() {
  const int n = 128;
  int h[n], want[n];
  for (int i = 0; i < n; ++i)
    h[i] = want[i] = i * 7 - 300;
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  twice_if_odd<<<2, 64>>>(d, n);
  affine_all<<<1, 128>>>(d, n, 3);
  affine_all<<<4, 32>>>(d, n, -2);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  unsigned c = 0;
  int b = 0;
  cudaMemcpyFromSymbol(&c, calls, sizeof c);
  cudaMemcpyFromSymbol(&b, bias, sizeof b);
  for (int i = 0; i < n; ++i) {
    int v = 2 * want[i] + b;
    v = (v & 1) ? -v + b : 5 * v + b;
    v = 3 * v + b;
    want[i] = -2 * v + b;
    if (h[i] != want[i]) {
      printf("FAILED at %d: %d, expected %d\n", i, h[i], want[i]);
      return 1;
    }
  }
  printf("calls %u\n", c);
  printf("PASSED\n");
  return 0;
}

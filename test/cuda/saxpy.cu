// SAXPY whose grid is larger than the data: the tail warp diverges, its threads
// past n take an else path; both paths EXIT (clang's join is a bare ret), so no SSY.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o %t.s
// RUN: FileCheck %s < %t.s
// CHECK-LABEL: .kernel saxpy
// CHECK-NOT: SSY
// CHECK: @P0 BRA
// RUN: simt-as %t.s -o %t2.o
// RUN: cmp %t.o %t2.o
// RUN: %python %S/Inputs/ref.py saxpy > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-4
#include <cuda_runtime.h>
#include <stdio.h>
#include <sys/time.h>

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
  else if (i < length)
    y[i] = -1.0f;
}

int main(int argc, char **argv) {
  int n = 1 << 20;
  float *x, *y;
  cudaMalloc((void **)&x, n * sizeof(float));
  cudaMalloc((void **)&y, n * sizeof(float));
  struct timeval t0, t1;
  gettimeofday(&t0, NULL);
  saxpy<<<(n + 255) / 256, 256>>>(2.0f, x, y, n, n);
  cudaThreadSynchronize();
  gettimeofday(&t1, NULL);
  printf("%ld us\n", (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_usec - t0.tv_usec));
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}

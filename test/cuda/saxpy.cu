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
  float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    hx[i] = rand() / (float)RAND_MAX;
    hy[i] = rand() / (float)RAND_MAX;
  }
  float *x, *y;
  cudaMalloc((void **)&x, n * sizeof(float));
  cudaMalloc((void **)&y, n * sizeof(float));
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyHostToDevice);
  struct timeval t0, t1;
  gettimeofday(&t0, NULL);
  saxpy<<<(n + 255) / 256, 256>>>(2.0f, x, y, n, n);
  cudaThreadSynchronize();
  gettimeofday(&t1, NULL);
  printf("%ld us\n", (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_usec - t0.tv_usec));
  if (cudaGetLastError() != cudaSuccess)
    return 1;
  float *result = (float *)malloc(n * sizeof(float));
  cudaMemcpy(result, y, n * sizeof(float), cudaMemcpyDeviceToHost);
  // CPU reference: y = 2 x + y. Doubling is exact, so a fused multiply-add
  // and a multiply then an add round alike: the results must be equal.
  for (int i = 0; i < n; i++)
    if (result[i] != 2.0f * hx[i] + hy[i]) {
      printf("mismatch at %d: %f != %f\n", i, result[i], 2.0f * hx[i] + hy[i]);
      return 1;
    }
  cudaFree(x);
  cudaFree(y);
  free(hx);
  free(hy);
  free(result);
  printf("PASSED\n");
  return 0;
}
// The program itself (these lines are last: test/cuda/debug-info.test checks
// the kernel's line numbers):
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED

// nvcc's -fmad: by default a*b + c in device code is one fused multiply-add;
// -fmad=false keeps the product's rounding. With a = b = 1 + 2^-12 and
// c = -(1 + 2^-11), the exact a*b + c is 2^-24 (what the fma gives); the
// product rounded to float loses its 2^-24 (a tie to even), so unfused the
// sum is 0.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s --check-prefix=FUSED
// RUN: simt-nvcc -O2 --fmad=false %s -o %tu && %tu | FileCheck %s --check-prefix=UNFUSED
// RUN: simt-nvcc -O2 -fmad=true %s -o %tf && %tf | FileCheck %s --check-prefix=FUSED
// FUSED: a*b+c = 0x1p-24
// UNFUSED: a*b+c = 0x0p+0
#include <stdio.h>
__global__ void muladd(const float *a, const float *b, const float *c, float *o) {
  o[0] = a[0] * b[0] + c[0];
}
int main() {
  float h[3] = {1.0f + 1.0f / 4096, 1.0f + 1.0f / 4096, -(1.0f + 1.0f / 2048)}, r, *d;
  cudaMalloc(&d, 16);
  cudaMemcpy(d, h, 12, cudaMemcpyHostToDevice);
  muladd<<<1, 1>>>(d, d + 1, d + 2, d + 3);
  cudaMemcpy(&r, d + 3, 4, cudaMemcpyDeviceToHost);
  printf("a*b+c = %a\n", r);
  return 0;
}

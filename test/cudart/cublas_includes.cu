// <cublas_v2.h> alone brings in cuComplex.h, cuda_fp16.h and cuda_bf16.h,
// as NVIDIA's cublas_api.h does: a program that includes only it may use
// cuComplex, __half and __nv_bfloat16 in its own kernels (HeCBench's gels
// does). Expected values by hand: (1+2i)(0+1i) = -2+1i, (3+4i)i = -4+3i;
// 1.5 and -2.25 are exact in half and bfloat16.
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: (-2,1) (-4,3)
// CHECK-NEXT: half 1.5 -2.25 bf16 1.5 -2.25
#include <cstdio>
#include <cublas_v2.h>

__global__ void rotate(cuComplex *z, int n) {
  const int i = threadIdx.x;
  if (i < n)
    z[i] = cuCmulf(z[i], make_cuComplex(0.f, 1.f));
}

__global__ void roundTrip(const float *x, float *h, float *b, int n) {
  const int i = threadIdx.x;
  if (i < n) {
    const __half hv = __float2half(x[i]);
    const __nv_bfloat16 bv = __float2bfloat16(x[i]);
    h[i] = __half2float(hv);
    b[i] = __bfloat162float(bv);
  }
}

int main() {
  cuComplex z[2] = {make_cuComplex(1, 2), make_cuComplex(3, 4)};
  cuComplex *dz;
  cudaMalloc(&dz, sizeof z);
  cudaMemcpy(dz, z, sizeof z, cudaMemcpyHostToDevice);
  rotate<<<1, 32>>>(dz, 2);
  cudaMemcpy(z, dz, sizeof z, cudaMemcpyDeviceToHost);
  std::printf("(%g,%g) (%g,%g)\n", cuCrealf(z[0]), cuCimagf(z[0]), cuCrealf(z[1]), cuCimagf(z[1]));
  const float x[2] = {1.5f, -2.25f};
  float *dx, *dh, *db, h[2], b[2];
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dh, sizeof x);
  cudaMalloc(&db, sizeof x);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  roundTrip<<<1, 32>>>(dx, dh, db, 2);
  cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(b, db, sizeof b, cudaMemcpyDeviceToHost);
  std::printf("half %g %g bf16 %g %g\n", h[0], h[1], b[0], b[1]);
  return 0;
}

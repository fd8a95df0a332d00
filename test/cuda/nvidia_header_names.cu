// NVIDIA's header names that programs include by name (their contents are
// in the implicit cuda_runtime.h, or here: cuComplex.h, library_types.h):
// each compiles, and cuComplex's arithmetic on the device agrees with
// std::complex<double> on the host (the quotient scaled, so 1e30 / 1e30
// is 1 and no part overflows).
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: cuComplex float: 0 bad of 5, double: 0 bad of 5
// CHECK-NEXT: scaled quotient 1 0
// CHECK-NEXT: CUDA_C_64F 5
#include <channel_descriptor.h>
#include <cuComplex.h>
#include <cuda_texture_types.h>
#include <device_atomic_functions.h>
#include <device_functions.h>
#include <driver_functions.h>
#include <host_defines.h>
#include <library_types.h>
#include <math_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_30_intrinsics.h>
#include <sm_32_atomic_functions.h>
#include <sm_32_intrinsics.h>
#include <sm_35_atomic_functions.h>
#include <sm_35_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <surface_types.h>
#include <texture_types.h>
#include <vector_functions.h>

#include <complex>
#include <cstdio>

__global__ void arithmetic(const cuFloatComplex *a, const cuFloatComplex *b, cuFloatComplex *f,
                           cuDoubleComplex *d) {
  cuFloatComplex x = a[0], y = b[0];
  cuDoubleComplex xd = cuComplexFloatToDouble(x), yd = cuComplexFloatToDouble(y);
  f[0] = cuCaddf(x, y);
  f[1] = cuCsubf(x, y);
  f[2] = cuCmulf(x, y);
  f[3] = cuCdivf(x, y);
  f[4] = make_cuFloatComplex(cuCabsf(x), cuCimagf(cuConjf(y)));
  d[0] = cuCadd(xd, yd);
  d[1] = cuCsub(xd, yd);
  d[2] = cuCmul(xd, yd);
  d[3] = cuCdiv(xd, yd);
  d[4] = make_cuDoubleComplex(cuCabs(xd), cuCimag(cuConj(yd)));
  f[5] = cuCdivf(make_cuFloatComplex(1e30f, 1e30f), make_cuFloatComplex(1e30f, 1e30f));
}

int main() {
  const cuFloatComplex a = make_cuFloatComplex(3.5f, -1.25f), b = make_cuFloatComplex(-0.75f, 2.0f);
  cuFloatComplex *da, *db, *df, hf[6];
  cuDoubleComplex *dd, hd[5];
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&df, sizeof hf);
  cudaMalloc(&dd, sizeof hd);
  cudaMemcpy(da, &a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, &b, sizeof b, cudaMemcpyHostToDevice);
  arithmetic<<<1, 1>>>(da, db, df, dd);
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  const std::complex<double> x(3.5, -1.25), y(-0.75, 2.0);
  const std::complex<double> want[5] = {x + y, x - y, x * y, x / y,
                                        std::complex<double>(std::abs(x), -2.0)};
  int badF = 0, badD = 0;
  for (int i = 0; i < 5; ++i) {
    badF += std::abs(std::complex<double>(hf[i].x, hf[i].y) - want[i]) > 1e-6 * std::abs(want[i]);
    badD += std::abs(std::complex<double>(hd[i].x, hd[i].y) - want[i]) > 1e-14 * std::abs(want[i]);
  }
  printf("cuComplex float: %d bad of 5, double: %d bad of 5\n", badF, badD);
  printf("scaled quotient %g %g\n", cuCrealf(hf[5]), cuCimagf(hf[5]));
  printf("CUDA_C_64F %d\n", int(CUDA_C_64F));
  return 0;
}

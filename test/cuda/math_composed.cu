// CUDA math functions composed of libclc's (cc/headers/__simt_math_functions.h):
// normcdf(f) through erfc, norm3d(f)/rnorm3d(f)/norm4d(f)/rnorm4d(f) through
// hypot, and nan(f)(""). Each against the host's libm in double precision
// (normcdf: 0.5 * erfc(-x / sqrt(2)) in long double), within float's bounds
// (8 ulp: erfc's own 16-ulp bound applies only in the far tail, which the
// cases leave out) and a relative 1e-14 for the doubles; a square that
// would overflow (1e30f cubed) gives a finite norm.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: normcdff: 0 bad of 64
// CHECK-NEXT: normcdf: 0 bad of 64
// CHECK-NEXT: norm3df/rnorm3df/norm4df/rnorm4df: 0 bad of 256
// CHECK-NEXT: norm3d/rnorm3d/norm4d/rnorm4d: 0 bad of 256
// CHECK-NEXT: large: 1.73205e+30 2e+30
// CHECK-NEXT: nan: 1 1
#include <cmath>
#include <cstdio>

const int N = 64;

__global__ void compute(const float *x, const double *xd, float *f, double *d, int *nans) {
  int i = threadIdx.x;
  float a = x[i], b = x[(i + 7) % N], c = x[(i + 19) % N], e = x[(i + 33) % N];
  double ad = xd[i], bd = xd[(i + 7) % N], cd = xd[(i + 19) % N], ed = xd[(i + 33) % N];
  f[i] = normcdff(a * 0.05f);
  d[i] = normcdf(ad * 0.05);
  f[N + 4 * i] = norm3df(a, b, c);
  f[N + 4 * i + 1] = rnorm3df(a, b, c);
  f[N + 4 * i + 2] = norm4df(a, b, c, e);
  f[N + 4 * i + 3] = rnorm4df(a, b, c, e);
  d[N + 4 * i] = norm3d(ad, bd, cd);
  d[N + 4 * i + 1] = rnorm3d(ad, bd, cd);
  d[N + 4 * i + 2] = norm4d(ad, bd, cd, ed);
  d[N + 4 * i + 3] = rnorm4d(ad, bd, cd, ed);
  if (i == 0) {
    f[5 * N] = norm3df(1e30f, 1e30f, 1e30f);
    f[5 * N + 1] = norm4df(1e30f, 1e30f, 1e30f, 1e30f);
    nans[0] = isnan(nanf(""));
    nans[1] = isnan(nan(""));
  }
}

static bool closeFloat(float got, double want, int ulps) {
  float w = float(want);
  return std::fabs(double(got) - double(w)) <= ulps * std::fabs(std::nextafter(w, INFINITY) - w);
}

int main() {
  float hx[N], *x, *f, hf[5 * N + 2];
  double hxd[N], *xd, *d, hd[5 * N];
  int *nans, hn[2];
  for (int i = 0; i < N; ++i) {
    hx[i] = (i - 31.5f) * 1.37f;
    hxd[i] = (i - 31.5) * 1.37;
  }
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&xd, sizeof hxd);
  cudaMalloc(&f, sizeof hf);
  cudaMalloc(&d, sizeof hd);
  cudaMalloc(&nans, sizeof hn);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(xd, hxd, sizeof hxd, cudaMemcpyHostToDevice);
  compute<<<1, N>>>(x, xd, f, d, nans);
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(hn, nans, sizeof hn, cudaMemcpyDeviceToHost);
  int bad[4] = {0, 0, 0, 0};
  auto relBad = [](double got, long double want) {
    return std::fabs((long double)got - want) > 1e-14L * std::fabs(want);
  };
  for (int i = 0; i < N; ++i) {
    long double xs = (long double)hx[i] * 0.05f, xds = (long double)hxd[i] * 0.05;
    bad[0] += !closeFloat(hf[i], double(0.5L * erfcl(-(long double)(float)xs / sqrtl(2.0L))), 8);
    bad[1] += relBad(hd[i], 0.5L * erfcl(-xds / sqrtl(2.0L)));
    long double a = hx[i], b = hx[(i + 7) % N], c = hx[(i + 19) % N], e = hx[(i + 33) % N];
    long double n3 = sqrtl(a * a + b * b + c * c), n4 = sqrtl(a * a + b * b + c * c + e * e);
    const long double fw[4] = {n3, 1 / n3, n4, 1 / n4};
    long double ad = hxd[i], bd = hxd[(i + 7) % N], cd = hxd[(i + 19) % N],
                ed = hxd[(i + 33) % N];
    long double d3 = sqrtl(ad * ad + bd * bd + cd * cd),
                d4 = sqrtl(ad * ad + bd * bd + cd * cd + ed * ed);
    const long double dw[4] = {d3, 1 / d3, d4, 1 / d4};
    for (int k = 0; k < 4; ++k) {
      bad[2] += !closeFloat(hf[N + 4 * i + k], double(fw[k]), 4);
      bad[3] += relBad(hd[N + 4 * i + k], dw[k]);
    }
  }
  printf("normcdff: %d bad of %d\n", bad[0], N);
  printf("normcdf: %d bad of %d\n", bad[1], N);
  printf("norm3df/rnorm3df/norm4df/rnorm4df: %d bad of %d\n", bad[2], 4 * N);
  printf("norm3d/rnorm3d/norm4d/rnorm4d: %d bad of %d\n", bad[3], 4 * N);
  printf("large: %g %g\n", hf[5 * N], hf[5 * N + 1]);
  printf("nan: %d %d\n", hn[0], hn[1]);
  return 0;
}

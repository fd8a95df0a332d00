// CUDA's math overload sets as programs of the Rodinia era call them
// (cc/headers/__simt_math_functions.h: clang's __clang_cuda_math.h and
// __clang_cuda_cmath.h over libclc): double arithmetic through the C names
// (sqrt(Ko / 5.4), fabs of a double expression), integral arguments
// promoting to double (sqrt(n), pow(i, 2)), the float overloads and std::
// versions, CUDA's mixed signed/unsigned min and max (max(1, u) is
// unsigned), and the fast intrinsics with literal arguments (__powf(2, i)).
// Values against Inputs/math_overloads_ref.py, computed with Python's math
// module at test time; the tolerances are argued there. -m32 takes the
// fallback <limits> (no i386 C++ headers on the build machine).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/math_overloads_ref.py > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-cc -m32 %s -o %t32.o
// RUN: %python %S/Inputs/math_overloads_ref.py --m32 > %t32.simt
// RUN: simt-emu %t32.o %t32.simt
#include <cuda_runtime.h>

// One thread per input row: d = {Ko, a, b}, n, u.
extern "C" __global__ void doubles(const double *d, const int *n, double *out) {
  int t = threadIdx.x;
  double Ko = d[3 * t], a = d[3 * t + 1], b = d[3 * t + 2];
  double *o = out + 7 * t;
  o[0] = sqrt(Ko / 5.4);
  o[1] = sqrt(abs(n[t]));     // int: promoted to double
  o[2] = fabs(a - 3.0 * b);
  o[3] = fmax(n[t], 2) + floor(n[t]); // int arguments: double
  o[4] = std::sqrt(a * a + 1.0);
  o[5] = fmax(a, b) + std::abs(b);
  o[6] = pow(n[t], 2);        // int, int: libclc's f64 pow
}

extern "C" __global__ void integers(const int *n, const unsigned *u, unsigned *out) {
  int t = threadIdx.x;
  unsigned *o = out + 6 * t;
  o[0] = max(1, u[t]);        // int, unsigned: unsigned
  o[1] = min(-1, u[t]);       // -1 converts to 0xffffffff
  o[2] = max(n[t], -5);
  o[3] = (unsigned)abs(n[t]);
  long long big = (long long)n[t] * 1000000;
  o[4] = (unsigned)(max(big, 7000000LL) / 1000);
  o[5] = (unsigned)min((unsigned long long)u[t], 3ull);
}

extern "C" __global__ void floats(const float *x, const int *n, float *out) {
  int t = threadIdx.x;
  float v = x[t];
  int i = n[t] % 8;
  float *o = out + 16 * t;
  o[0] = __powf(2, i);
  o[1] = __expf(v);
  o[2] = __fdividef(v, 3.0f);
  o[3] = __logf(fabsf(v) + 0.5f);
  o[4] = __log2f(fabsf(v) + 0.5f);
  o[5] = __log10f(fabsf(v) + 0.5f);
  o[6] = __exp10f(v);
  o[7] = __sinf(v);
  o[8] = __cosf(v);
  o[9] = __tanf(v * 0.25f);
  o[10] = __saturatef(v);
  o[11] = sqrt(fabs(v));      // float overloads: float results
  o[12] = pow(v, 3);          // float, int
  o[13] = std::sqrt(v * v);
  o[14] = min(v, 0.25f);
  o[15] = max(v, 0.5);        // float, double: double
}

// The host program: the three kernels on the inputs of
// Inputs/math_overloads_ref.py, against the host's libm (in double, each
// float result rounded to float once). The bounds are that script's:
// exact where the device rounds once, correctly (f64 division and sqrt,
// sqrtf, fabs, min/max, integer code; the inputs make every product that
// may be fused into an FMA exact); 16 ulp, OpenCL's bound, for libclc's pow
// and pown; the fast intrinsics (MUFU approximations within 2 ulp,
// composed as CUDA composes them): a relative 4e-6 for __powf, __expf,
// __fdividef and __exp10f, an absolute 1e-6 for the logarithms of values
// in [0.5, 2.5], an absolute 2e-6 for __sinf, __cosf and __tanf of small
// arguments.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// Host code only (the device passes skip it): the -m32 build above finds
// no i386 C headers on the build machine.
#ifndef __CUDA_ARCH__
#include <math.h>
#include <stdio.h>
#include <string.h>

// The distance in ulps between two finite floats (doubles): their bit
// patterns as sign-magnitude integers, adjacent values one apart.
static long long ordered_bits(float v) {
  int b;
  memcpy(&b, &v, sizeof b);
  return b < 0 ? -(long long)(b & 0x7fffffff) : b;
}
static long long ordered_bits(double v) {
  long long b;
  memcpy(&b, &v, sizeof b);
  return b < 0 ? -(b & 0x7fffffffffffffffll) : b;
}
static unsigned long long ulps(float a, float b) {
  long long d = ordered_bits(a) - ordered_bits(b);
  return d < 0 ? -d : d;
}
static unsigned long long ulps(double a, double b) {
  long long d = ordered_bits(a) - ordered_bits(b);
  return d < 0 ? -d : d;
}

static int failed(const char *kernel, int index, double got, double want, const char *bound) {
  printf("%s: out[%d] = %.17g, expected %.17g (%s)\n", kernel, index, got, want, bound);
  return 1;
}
static int exact(const char *kernel, int index, double got, double want) {
  return got == want ? 0 : failed(kernel, index, got, want, "exact");
}
static int within_ulps(const char *kernel, int index, double got, double want, int n) {
  return ulps(got, want) <= (unsigned long long)n ? 0 : failed(kernel, index, got, want, "ulps");
}
static int within_ulps(const char *kernel, int index, float got, float want, int n) {
  return ulps(got, want) <= (unsigned long long)n ? 0 : failed(kernel, index, got, want, "ulps");
}
static int within(const char *kernel, int index, double got, double want, double eps) {
  return fabs(got - want) <= eps ? 0 : failed(kernel, index, got, want, "absolute bound");
}

int main() {
  const int T = 8;
  const double Ko[T] = {5.4, 4.0, 140.0, 10.8, 0.5, 1000.0, 2.7, 54.0};
  const double A[T] = {0.75, -2.5, 1.5, 0.0, -0.25, 3.0, -1.75, 10.5};
  const double B[T] = {0.5, 1.25, -2.0, 0.125, 4.0, -0.75, 1.0, 2.5};
  const int N[T] = {-7, 0, 3, 5, 12, -2, 9, 100};
  const unsigned U[T] = {0, 1, 2, 5, 0x80000000u, 0xffffffffu, 7, 3};
  const float X[T] = {-2.0f, -1.25f, -0.5f, 0.0f, 0.25f, 0.75f, 1.5f, 2.0f};
  double d[3 * T], dout[7 * T];
  unsigned uout[6 * T];
  float fout[16 * T];
  for (int t = 0; t < T; ++t) {
    d[3 * t] = Ko[t];
    d[3 * t + 1] = A[t];
    d[3 * t + 2] = B[t];
  }
  double *d_d, *d_dout;
  int *d_n;
  unsigned *d_u, *d_uout;
  float *d_x, *d_fout;
  cudaMalloc(&d_d, sizeof d);
  cudaMalloc(&d_n, sizeof N);
  cudaMalloc(&d_u, sizeof U);
  cudaMalloc(&d_x, sizeof X);
  cudaMalloc(&d_dout, sizeof dout);
  cudaMalloc(&d_uout, sizeof uout);
  cudaMalloc(&d_fout, sizeof fout);
  cudaMemcpy(d_d, d, sizeof d, cudaMemcpyHostToDevice);
  cudaMemcpy(d_n, N, sizeof N, cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, U, sizeof U, cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, X, sizeof X, cudaMemcpyHostToDevice);
  doubles<<<1, T>>>(d_d, d_n, d_dout);
  integers<<<1, T>>>(d_n, d_u, d_uout);
  floats<<<1, T>>>(d_x, d_n, d_fout);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernels failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(dout, d_dout, sizeof dout, cudaMemcpyDeviceToHost);
  cudaMemcpy(uout, d_uout, sizeof uout, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, d_fout, sizeof fout, cudaMemcpyDeviceToHost);

  int bad = 0;
  for (int t = 0; t < T && !bad; ++t) {
    double a = A[t], b = B[t];
    int n = N[t];
    const double *o = dout + 7 * t;
    int base = 7 * t;
    bad |= exact("doubles", base + 0, o[0], sqrt(Ko[t] / 5.4));
    bad |= exact("doubles", base + 1, o[1], sqrt((double)(n < 0 ? -n : n)));
    bad |= exact("doubles", base + 2, o[2], fabs(a - 3.0 * b));
    bad |= exact("doubles", base + 3, o[3], (double)((n > 2 ? n : 2) + n));
    bad |= exact("doubles", base + 4, o[4], sqrt(a * a + 1.0));
    bad |= exact("doubles", base + 5, o[5], (a > b ? a : b) + fabs(b));
    bad |= within_ulps("doubles", base + 6, o[6], pow((double)n, 2.0), 16);
  }
  for (int t = 0; t < T && !bad; ++t) {
    unsigned u = U[t];
    int n = N[t];
    const unsigned *o = uout + 6 * t;
    long long big = (long long)n * 1000000;
    unsigned want[6] = {u > 1 ? u : 1u,
                        u, // min(0xffffffff, u)
                        (unsigned)(n > -5 ? n : -5),
                        (unsigned)(n < 0 ? -n : n),
                        (unsigned)((big > 7000000 ? big : 7000000) / 1000),
                        u < 3 ? u : 3u};
    for (int k = 0; k < 6 && !bad; ++k)
      if (o[k] != want[k]) {
        printf("integers: out[%d] = %u, expected %u\n", 6 * t + k, o[k], want[k]);
        bad = 1;
      }
  }
  for (int t = 0; t < T && !bad; ++t) {
    double v = X[t], y = fabs(v) + 0.5;
    int i = N[t] % 8;
    const float *o = fout + 16 * t;
    int base = 16 * t;
    const double rel[4][2] = {{exp2((double)i), 0}, {exp(v), 1}, {v / 3.0, 2}, {pow(10.0, v), 6}};
    for (int k = 0; k < 4; ++k) {
      float want = (float)rel[k][0];
      int at = (int)rel[k][1];
      bad |= within("floats", base + at, o[at], want, 4e-6 * fabs(want));
    }
    bad |= within("floats", base + 3, o[3], (float)log(y), 1e-6);
    bad |= within("floats", base + 4, o[4], (float)log2(y), 1e-6);
    bad |= within("floats", base + 5, o[5], (float)log10(y), 1e-6);
    bad |= within("floats", base + 7, o[7], (float)sin(v), 2e-6);
    bad |= within("floats", base + 8, o[8], (float)cos(v), 2e-6);
    bad |= within("floats", base + 9, o[9], (float)tan(v * 0.25), 2e-6);
    bad |= exact("floats", base + 10, o[10], v < 0 ? 0.0 : v > 1 ? 1.0 : v);
    bad |= exact("floats", base + 11, o[11], (float)sqrt(fabs(v)));
    bad |= within_ulps("floats", base + 12, o[12], (float)(v * v * v), 16);
    bad |= exact("floats", base + 13, o[13], fabs(v));
    bad |= exact("floats", base + 14, o[14], v < 0.25 ? v : 0.25);
    bad |= exact("floats", base + 15, o[15], v > 0.5 ? v : 0.5);
  }
  cudaFree(d_d);
  cudaFree(d_n);
  cudaFree(d_u);
  cudaFree(d_x);
  cudaFree(d_dout);
  cudaFree(d_uout);
  cudaFree(d_fout);
  if (bad)
    return 1;
  printf("PASSED\n");
  return 0;
}
#endif

// What the cuBLAS tests in complex arithmetic share (cublas_complex.cu,
// cublas_band_packed.cu, cublas_extensions.cu): values as complex long
// double, a seeded generator, copies to and from the device in float,
// double, float2 or double2, the comparison, and the tally each group of
// checks prints.
#ifndef SIMT_TEST_COMPLEX_CHECKS_H
#define SIMT_TEST_COMPLEX_CHECKS_H

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cuComplex.h>
#include <vector>

#include "tally.h"

typedef std::complex<long double> Cx;
typedef std::vector<Cx> Vec;

/// The generator's state: each test starts it at its own value.
static uint32_t seed;
static long double rnd() {
  seed = seed * 1664525u + 1013904223u;
  return (long double)(int(seed >> 20) - 2048) / 1024.0L;
}
/// n values, complex or (imaginary parts 0) real.
static Vec randoms(size_t n, bool complex = true) {
  Vec v(n);
  for (Cx &x : v)
    x = Cx(rnd(), complex ? rnd() : 0);
  return v;
}

static void store(float *t, Cx v) { *t = float(v.real()); }
static void store(double *t, Cx v) { *t = double(v.real()); }
static void store(cuComplex *t, Cx v) { *t = make_cuComplex(float(v.real()), float(v.imag())); }
static void store(cuDoubleComplex *t, Cx v) {
  *t = make_cuDoubleComplex(double(v.real()), double(v.imag()));
}
static Cx load(float t) { return t; }
static Cx load(double t) { return t; }
static Cx load(cuComplex t) { return Cx(t.x, t.y); }
static Cx load(cuDoubleComplex t) { return Cx(t.x, t.y); }

/// A device copy of v as T (a little extra room past the end).
template <class T> static T *dev(const Vec &v) {
  std::vector<T> t(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    store(&t[i], v[i]);
  T *d;
  cudaMalloc(&d, t.size() * sizeof(T) + 16);
  cudaMemcpy(d, t.data(), t.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static Vec host(const T *d, size_t n) {
  std::vector<T> t(n);
  cudaMemcpy(t.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  Vec v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = load(t[i]);
  return v;
}
/// A scalar argument as T.
template <class T> static T scalarOf(Cx v) {
  T s;
  store(&s, v);
  return s;
}

static bool near(Cx got, Cx want, long double bound) {
  return std::abs(got - want) <= bound * (std::abs(want) > 1 ? std::abs(want) : 1);
}
static bool allNear(const Vec &got, const Vec &want, long double bound = 1e-10L) {
  for (size_t i = 0; i < got.size(); ++i)
    if (!near(got[i], want[i], bound))
      return false;
  return true;
}


static const cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

#endif

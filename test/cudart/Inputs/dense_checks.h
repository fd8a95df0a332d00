// What test/cudart/cusolver.cu and cusolver_x.cu share: a deterministic
// generator (each test seeds it), a column-major host matrix, copies to and
// from the device, devInfo, and the comparison bound of each precision.
#ifndef SIMT_TEST_DENSE_CHECKS_H
#define SIMT_TEST_DENSE_CHECKS_H

#include <cmath>
#include <algorithm>
#include <cstdint>
#include <vector>

typedef long double Real;

/// The generator's state: each test starts it at its own value.
static uint32_t seed;
static double rnd() {
  seed = seed * 1664525u + 1013904223u;
  return double(int(seed >> 20) - 2048) / 1024.0;
}

/// A column-major m x n matrix on the host (ld = m).
struct Mat {
  int m, n;
  std::vector<double> a;
  double &at(int i, int j) { return a[size_t(j) * m + i]; }
  double at(int i, int j) const { return a[size_t(j) * m + i]; }
};
static Mat random(int m, int n) {
  Mat M{m, n, std::vector<double>(size_t(m) * n)};
  for (double &v : M.a)
    v = rnd();
  return M;
}

template <class T> static T *toDevice(const std::vector<double> &v) {
  std::vector<T> t(v.begin(), v.end());
  T *d;
  cudaMalloc(&d, t.size() * sizeof(T) + 4);
  cudaMemcpy(d, t.data(), t.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<double> toHost(const T *d, size_t n) {
  std::vector<T> t(n);
  cudaMemcpy(t.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return std::vector<double>(t.begin(), t.end());
}
static int info(const int *d) {
  int v = -99;
  cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost);
  return v;
}

static bool near(Real got, Real want, bool isFloat, Real scale = 1) {
  return std::fabs(got - want) <= (isFloat ? 1e-3L : 1e-9L) * scale;
}

/// P A = L U for getrf's packed factors `lu` (n x n, L's unit diagonal
/// implied) and its 1-based row interchanges `piv`, within the precision's
/// bound (8 times, a product's sums).
template <class Pivot>
static bool luHolds(const Mat &A, const std::vector<double> &lu, const std::vector<Pivot> &piv,
                    bool fl) {
  const int n = A.n;
  Mat PA = A;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      std::swap(PA.at(i, j), PA.at(int(piv[i]) - 1, j));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      Real s = 0;
      for (int k = 0; k <= std::min(i, j); ++k)
        s += (k == i ? 1.0L : Real(lu[size_t(k) * n + i])) * lu[size_t(j) * n + k];
      if (!near(s, PA.at(i, j), fl, 8))
        return false;
    }
  return true;
}

#endif

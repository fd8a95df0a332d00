// cuBLAS's band and packed level-2 forms (libcublas, BandPacked.cpp) in
// double and complex double: each operand is a random dense matrix the
// test stores in BLAS's band or packed layout itself (the layouts as the
// reference BLAS documents them), and each result is checked against the
// dense definition evaluated naively in complex long double (bound 1e-10
// relative), the solves by op(A) x giving b back:
// - gbmv (kl 1, ku 2; N, T, C), in D and Z;
// - sbmv and spmv (D), hbmv and hpmv (Z), each triangle;
// - spr and spr2 (D), hpr and hpr2 (Z), each triangle: the packed
//   triangle updated, a Hermitian diagonal real;
// - tbmv and tbsv (k 2), tpmv and tpsv, in Z, every triangle, op and
//   diagonal, and tpsv in D.
// RUN: simt-nvcc -O2 %s -o %t -lcublas && %t | FileCheck %s
// CHECK: band: 0 bad of 10
// CHECK-NEXT: packed: 0 bad of 8
// CHECK-NEXT: triangular: 0 bad of 26
#include <cublas_v2.h>

#include "Inputs/complex_checks.h"

// A dense column-major matrix, m rows.
struct Dense {
  int m, n;
  Vec a;
  Cx &at(int i, int j) { return a[size_t(j) * m + i]; }
  Cx at(int i, int j) const { return a[size_t(j) * m + i]; }
  Cx op(cublasOperation_t t, int i, int j) const {
    return t == CUBLAS_OP_N ? at(i, j) : t == CUBLAS_OP_T ? at(j, i) : std::conj(at(j, i));
  }
};
static Dense randomBand(int m, int n, int kl, int ku, bool complex) {
  Dense D{m, n, Vec(size_t(m) * n)};
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      if (i - j <= kl && j - i <= ku)
        D.at(i, j) = Cx(rnd(), complex ? rnd() : 0);
  return D;
}
// BLAS's band layout: A(i, j) at row ku + i - j of column j.
static Vec bandOf(const Dense &D, int kl, int ku, int lda) {
  Vec b(size_t(lda) * D.n, Cx(777, 777)); // outside the band: never read
  for (int j = 0; j < D.n; ++j)
    for (int i = 0; i < D.m; ++i)
      if (i - j <= kl && j - i <= ku)
        b[size_t(j) * lda + (ku + i - j)] = D.at(i, j);
  return b;
}
// BLAS's packed layout, column by column of the stored triangle.
static Vec packedOf(const Dense &D, bool lower) {
  Vec p;
  for (int j = 0; j < D.n; ++j)
    for (int i = lower ? j : 0; i <= (lower ? D.n - 1 : j); ++i)
      p.push_back(D.at(i, j));
  return p;
}
// The matrix a triangle stands for: mirrored, conjugated when Hermitian.
static Dense whole(Dense D, bool lower, bool herm) {
  for (int j = 0; j < D.n; ++j)
    for (int i = 0; i < D.n; ++i)
      if (i == j && herm)
        D.at(i, i) = D.at(i, i).real();
      else if (lower ? i < j : i > j)
        D.at(i, j) = herm ? std::conj(D.at(j, i)) : D.at(j, i);
  return D;
}
static Vec times(const Dense &D, cublasOperation_t t, const Vec &x, Cx alpha, Cx beta, const Vec &y) {
  int rows = t == CUBLAS_OP_N ? D.m : D.n, cols = t == CUBLAS_OP_N ? D.n : D.m;
  Vec out(rows);
  for (int i = 0; i < rows; ++i) {
    Cx s = 0;
    for (int j = 0; j < cols; ++j)
      s += D.op(t, i, j) * x[j];
    out[i] = alpha * s + beta * y[i];
  }
  return out;
}

template <class T> static void gbmvIn(cublasHandle_t h, bool complex) {
  const int m = 5, n = 4, kl = 1, ku = 2, lda = 5;
  const Cx alpha = complex ? Cx(0.5, 1.5) : Cx(0.5), beta = complex ? Cx(-1, 0.25) : Cx(-1);
  T al = scalarOf<T>(alpha), be = scalarOf<T>(beta);
  Dense D = randomBand(m, n, kl, ku, complex);
  T *dA = dev<T>(bandOf(D, kl, ku, lda));
  for (cublasOperation_t t : ops) {
    int rows = t == CUBLAS_OP_N ? m : n, cols = t == CUBLAS_OP_N ? n : m;
    Vec x = randoms(cols, complex), y = randoms(rows, complex);
    T *dx = dev<T>(x), *dy = dev<T>(y);
    if constexpr (sizeof(T) == sizeof(double))
      cublasDgbmv(h, t, m, n, kl, ku, &al, dA, lda, dx, 1, &be, dy, 1);
    else
      cublasZgbmv(h, t, m, n, kl, ku, &al, dA, lda, dx, 1, &be, dy, 1);
    expect(allNear(host(dy, rows), times(D, t, x, alpha, beta, y)), "gbmv");
  }
}

static void band(cublasHandle_t h) {
  gbmvIn<double>(h, false);
  gbmvIn<cuDoubleComplex>(h, true);
  const int n = 5, k = 2, lda = 4;
  for (int lower = 0; lower < 2; ++lower)
    for (int herm = 0; herm < 2; ++herm) {
      cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
      Dense D = randomBand(n, n, lower ? k : 0, lower ? 0 : k, herm);
      Vec stored = lower ? bandOf(D, k, 0, lda) : bandOf(D, 0, k, lda);
      Vec x = randoms(n, herm), y = randoms(n, herm);
      const Cx alpha = herm ? Cx(1.25, -0.5) : Cx(1.25), beta = herm ? Cx(0.5, 2) : Cx(0.5);
      Vec want = times(whole(D, lower, herm), CUBLAS_OP_N, x, alpha, beta, y);
      if (herm) {
        cuDoubleComplex *dA = dev<cuDoubleComplex>(stored), *dx = dev<cuDoubleComplex>(x),
                        *dy = dev<cuDoubleComplex>(y);
        cuDoubleComplex al = scalarOf<cuDoubleComplex>(alpha), be = scalarOf<cuDoubleComplex>(beta);
        cublasZhbmv(h, uplo, n, k, &al, dA, lda, dx, 1, &be, dy, 1);
        expect(allNear(host(dy, n), want), "zhbmv");
      } else {
        double *dA = dev<double>(stored), *dx = dev<double>(x), *dy = dev<double>(y);
        double al = 1.25, be = 0.5;
        cublasDsbmv(h, uplo, n, k, &al, dA, lda, dx, 1, &be, dy, 1);
        expect(allNear(host(dy, n), want), "dsbmv");
      }
    }
  report("band");
}

static void packed(cublasHandle_t h) {
  const int n = 5;
  for (int lower = 0; lower < 2; ++lower) {
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    for (int herm = 0; herm < 2; ++herm) {
      Dense D = randomBand(n, n, lower ? n : 0, lower ? 0 : n, herm);
      Vec AP = packedOf(D, lower), x = randoms(n, herm), y = randoms(n, herm);
      const Cx alpha = herm ? Cx(-0.75, 0.5) : Cx(-0.75), beta = herm ? Cx(2, -1) : Cx(2);
      const double ralpha = 1.5;
      Vec want = times(whole(D, lower, herm), CUBLAS_OP_N, x, alpha, beta, y);
      // The updates: rank 1 with a real alpha, rank 2 with alpha.
      auto adj = [&](Cx v) { return herm ? std::conj(v) : v; };
      Dense one = D, two = D;
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          if (lower ? i >= j : i <= j) {
            one.at(i, j) += Cx(ralpha) * x[i] * adj(x[j]);
            two.at(i, j) += alpha * x[i] * adj(y[j]) + (herm ? std::conj(alpha) : alpha) * y[i] * adj(x[j]);
            if (herm && i == j) {
              one.at(i, i) = one.at(i, i).real();
              two.at(i, i) = two.at(i, i).real();
            }
          }
      bool ok;
      if (herm) {
        cuDoubleComplex *dA = dev<cuDoubleComplex>(AP), *dx = dev<cuDoubleComplex>(x),
                        *dy = dev<cuDoubleComplex>(y), *d1 = dev<cuDoubleComplex>(AP),
                        *d2 = dev<cuDoubleComplex>(AP);
        cuDoubleComplex al = scalarOf<cuDoubleComplex>(alpha), be = scalarOf<cuDoubleComplex>(beta);
        cublasZhpmv(h, uplo, n, &al, dA, dx, 1, &be, dy, 1);
        expect(allNear(host(dy, n), want), "zhpmv");
        cublasZhpr(h, uplo, n, &ralpha, dx, 1, d1);
        cudaMemcpy(dy, dev<cuDoubleComplex>(y), n * sizeof(cuDoubleComplex), cudaMemcpyDeviceToDevice);
        cublasZhpr2(h, uplo, n, &al, dx, 1, dy, 1, d2);
        ok = allNear(host(d1, AP.size()), packedOf(one, lower)) &&
             allNear(host(d2, AP.size()), packedOf(two, lower));
        expect(ok, "zhpr/zhpr2");
      } else {
        double *dA = dev<double>(AP), *dx = dev<double>(x), *dy = dev<double>(y),
               *d1 = dev<double>(AP), *d2 = dev<double>(AP);
        double al = -0.75, be = 2;
        cublasDspmv(h, uplo, n, &al, dA, dx, 1, &be, dy, 1);
        expect(allNear(host(dy, n), want), "dspmv");
        cublasDspr(h, uplo, n, &ralpha, dx, 1, d1);
        cudaMemcpy(dy, dev<double>(y), n * sizeof(double), cudaMemcpyDeviceToDevice);
        cublasDspr2(h, uplo, n, &al, dx, 1, dy, 1, d2);
        ok = allNear(host(d1, AP.size()), packedOf(one, lower)) &&
             allNear(host(d2, AP.size()), packedOf(two, lower));
        expect(ok, "dspr/dspr2");
      }
    }
  }
  report("packed");
}

static void triangular(cublasHandle_t h) {
  const int n = 5, k = 2, lda = 3;
  for (int lower = 0; lower < 2; ++lower)
    for (cublasOperation_t t : ops)
      for (int unit = 0; unit < 2; ++unit) {
        cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
        cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
        Dense D = randomBand(n, n, lower ? k : 0, lower ? 0 : k, true);
        for (int i = 0; i < n; ++i)
          D.at(i, i) += Cx(3, 1); // well conditioned
        Dense T = D; // what the routines see
        if (unit)
          for (int i = 0; i < n; ++i)
            T.at(i, i) = 1;
        Vec x = randoms(n), zero(n);
        Vec want = times(T, t, x, 1, 0, zero);
        // Band, then the same triangle packed (wider: the whole triangle).
        cuDoubleComplex *dA = dev<cuDoubleComplex>(lower ? bandOf(D, k, 0, lda) : bandOf(D, 0, k, lda));
        cuDoubleComplex *dx = dev<cuDoubleComplex>(x);
        cublasZtbmv(h, uplo, t, diag, n, k, dA, lda, dx, 1);
        bool ok = allNear(host(dx, n), want);
        cublasZtbsv(h, uplo, t, diag, n, k, dA, lda, dx, 1);
        expect(ok && allNear(host(dx, n), x, 1e-9L), "ztbmv/ztbsv");
        cuDoubleComplex *dP = dev<cuDoubleComplex>(packedOf(D, lower)), *dy = dev<cuDoubleComplex>(x);
        cublasZtpmv(h, uplo, t, diag, n, dP, dy, 1);
        ok = allNear(host(dy, n), want);
        cublasZtpsv(h, uplo, t, diag, n, dP, dy, 1);
        expect(ok && allNear(host(dy, n), x, 1e-9L), "ztpmv/ztpsv");
      }
  // tpsv in double, each triangle.
  for (int lower = 0; lower < 2; ++lower) {
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    Dense D = randomBand(n, n, lower ? n : 0, lower ? 0 : n, false);
    for (int i = 0; i < n; ++i)
      D.at(i, i) += 4;
    Vec b = randoms(n, false), zero(n);
    double *dP = dev<double>(packedOf(D, lower)), *dx = dev<double>(b);
    cublasDtpsv(h, uplo, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, dP, dx, 1);
    expect(allNear(times(D, CUBLAS_OP_T, host(dx, n), 1, 0, zero), b, 1e-9L), "dtpsv");
  }
  report("triangular");
}

int main() {
  seed = 99;
  cublasHandle_t h;
  cublasCreate(&h);
  band(h);
  packed(h);
  triangular(h);
  cublasDestroy(h);
  return 0;
}

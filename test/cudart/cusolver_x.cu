// cuSOLVER's 64-bit generic API (cusolverDnX*, libcusolver, -lcusolver;
// runtime/cusolver) and the legacy calls added with it, checked by what
// each result must satisfy, recomputed on the host in long double (never
// against stored outputs):
// - Xgetrf/Xgetrs (float, double): P A = L U from the factors and the
//   64-bit 1-based pivots; A x = b and A^T x = b;
// - Xpotrf/Xpotrs, lower and upper: L L^T = A (U^T U = A); A x = b;
// - Xgeqrf: R^T R = A^T A (A = Q R, Q orthonormal), R's strict lower part
//   holding the reflectors;
// - Xsyevd: W ascending, V orthonormal, A V = V diag(W);
// - Xsyevdx and Dsyevdx on A = Q diag(1..n) Q^T (Q a reflection built
//   here): range I 2..4 gives 2, 3, 4, range V (2.5, 5.5] gives 3, 4, 5,
//   each with A v = w v; as cuSOLVER's, the other eigenvalues follow in W
//   and A's columns after the chosen vectors stay as they were;
// - Xgesvd ('A') and Xgesvdp (econ, tall and wide A): S descending, U and
//   V orthonormal, U S V^T = A;
// - Xtrtri, upper and lower, unit and not: T T^-1 = I, the other triangle
//   untouched;
// - Dsygvd, types 1 to 3: A x = w B x, A B x = w x, B A x = w x;
// - Dpotrf/DpotrsBatched: each matrix's L L^T = A and A x = b;
// - statuses: complex types and mixed precisions, SetAdvOptions.
// Bounds: 1e-3 relative in float, 1e-9 in double.
// RUN: simt-nvcc -O2 %s -o %t -lcusolver && %t | FileCheck %s
// CHECK: xgetrf: 0 bad of 10
// CHECK-NEXT: xpotrf: 0 bad of 16
// CHECK-NEXT: xgeqrf: 0 bad of 2
// CHECK-NEXT: xsyevd: 0 bad of 3
// CHECK-NEXT: syevdx: meig 3 3 3 3, 0 bad of 4
// CHECK-NEXT: xgesvd: 0 bad of 10
// CHECK-NEXT: xgesvdp: 0 bad of 10, err_sigma 0
// CHECK-NEXT: xtrtri: 0 bad of 16
// CHECK-NEXT: sygvd: 0 bad of 3
// CHECK-NEXT: batched: 0 bad of 8
// CHECK-NEXT: statuses: 9 9 9 0 0 3 1
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cusolverDn.h>
#include <vector>

#include "Inputs/dense_checks.h"

/// M M^T + n I: symmetric positive definite.
static Mat spd(int n) {
  const Mat M = random(n, n);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      Real s = i == j ? n : 0;
      for (int k = 0; k < n; ++k)
        s += Real(M.at(i, k)) * M.at(j, k);
      A.at(i, j) = double(s);
    }
  return A;
}

template <class T> static constexpr cudaDataType typeOf() {
  return sizeof(T) == 4 ? CUDA_R_32F : CUDA_R_64F;
}

static cusolverDnHandle_t H;
static cusolverDnParams_t P;
static int *dInfo;

/// A device workspace of the size a bufferSize query answered.
static void *workspace(size_t bytes) {
  void *d = nullptr;
  cudaMalloc(&d, bytes);
  return d;
}

/// max |op(A) x - b| (x solves op(A) x = b).
static Real residual(const Mat &A, bool trans, const std::vector<double> &x,
                     const std::vector<double> &b) {
  Real worst = 0;
  for (int i = 0; i < A.n; ++i) {
    Real s = 0;
    for (int j = 0; j < A.n; ++j)
      s += Real(trans ? A.at(j, i) : A.at(i, j)) * x[j];
    worst = std::fmax(worst, std::fabs(s - b[i]));
  }
  return worst;
}

/// Whether the columns of the m x c matrix `u` (leading dimension ld) are
/// orthonormal.
static bool orthonormal(const std::vector<double> &u, int m, int c, int ld, bool fl) {
  for (int a = 0; a < c; ++a)
    for (int b = 0; b < c; ++b) {
      Real s = 0;
      for (int i = 0; i < m; ++i)
        s += Real(u[size_t(a) * ld + i]) * u[size_t(b) * ld + i];
      if (!near(s, a == b, fl, 8))
        return false;
    }
  return true;
}

template <class T> static int getrfChecks() {
  const bool fl = sizeof(T) == 4;
  const int n = 8;
  const Mat A = random(n, n);
  T *dA = toDevice<T>(A.a);
  int64_t *dPiv;
  cudaMalloc(&dPiv, n * sizeof(int64_t));
  size_t dev = 0, host = 0;
  cusolverDnXgetrf_bufferSize(H, P, n, n, typeOf<T>(), dA, n, typeOf<T>(), &dev, &host);
  int bad = cusolverDnXgetrf(H, P, n, n, typeOf<T>(), dA, n, dPiv, typeOf<T>(), workspace(dev),
                             dev, nullptr, host, dInfo) != CUSOLVER_STATUS_SUCCESS;
  bad += info(dInfo) != 0;
  const std::vector<double> lu = toHost(dA, size_t(n) * n);
  std::vector<int64_t> piv(n);
  cudaMemcpy(piv.data(), dPiv, n * sizeof(int64_t), cudaMemcpyDeviceToHost);
  bad += !luHolds(A, lu, piv, fl);
  for (int trans = 0; trans < 2; ++trans) {
    std::vector<double> b(n);
    for (double &v : b)
      v = rnd();
    T *dB = toDevice<T>(b);
    cusolverDnXgetrs(H, P, trans ? CUBLAS_OP_T : CUBLAS_OP_N, n, 1, typeOf<T>(), dA, n, dPiv,
                     typeOf<T>(), dB, n, dInfo);
    bad += !near(residual(A, trans, toHost(dB, n), b), 0, fl, 8);
  }
  return bad;
}

template <class T> static int potrfChecks() {
  const bool fl = sizeof(T) == 4;
  const int n = 6;
  const Mat A = spd(n);
  int bad = 0;
  for (int lower = 0; lower < 2; ++lower) {
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    T *dA = toDevice<T>(A.a);
    size_t dev = 0, host = 0;
    cusolverDnXpotrf_bufferSize(H, P, uplo, n, typeOf<T>(), dA, n, typeOf<T>(), &dev, &host);
    bad += cusolverDnXpotrf(H, P, uplo, n, typeOf<T>(), dA, n, typeOf<T>(), workspace(dev), dev,
                            nullptr, host, dInfo) != CUSOLVER_STATUS_SUCCESS;
    bad += info(dInfo) != 0;
    const std::vector<double> f = toHost(dA, size_t(n) * n);
    auto F = [&](int i, int j) { // L(i, j), from U = L^T when upper
      return Real(lower ? f[size_t(j) * n + i] : f[size_t(i) * n + j]);
    };
    bool ok = true;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        Real s = 0;
        for (int k = 0; k <= j; ++k)
          s += F(i, k) * F(j, k);
        ok = ok && near(s, A.at(i, j), fl, 16);
      }
    bad += !ok;
    std::vector<double> b(n);
    for (double &v : b)
      v = rnd();
    T *dB = toDevice<T>(b);
    cusolverDnXpotrs(H, P, uplo, n, 1, typeOf<T>(), dA, n, typeOf<T>(), dB, n, dInfo);
    bad += !near(residual(A, false, toHost(dB, n), b), 0, fl, 16);
  }
  return bad;
}

static int geqrfChecks() {
  const int m = 9, n = 5;
  const Mat A = random(m, n);
  double *dA = toDevice<double>(A.a), *dTau;
  cudaMalloc(&dTau, n * sizeof(double));
  size_t dev = 0, host = 0;
  cusolverDnXgeqrf_bufferSize(H, P, m, n, CUDA_R_64F, dA, m, CUDA_R_64F, dTau, CUDA_R_64F, &dev,
                              &host);
  int bad = cusolverDnXgeqrf(H, P, m, n, CUDA_R_64F, dA, m, CUDA_R_64F, dTau, CUDA_R_64F,
                             workspace(dev), dev, nullptr, host, dInfo) != 0 ||
            info(dInfo) != 0;
  const std::vector<double> qr = toHost(dA, size_t(m) * n);
  bool ok = true; // R^T R = A^T A
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      Real rr = 0, aa = 0;
      for (int k = 0; k <= std::min(a, b); ++k)
        rr += Real(qr[size_t(a) * m + k]) * qr[size_t(b) * m + k];
      for (int i = 0; i < m; ++i)
        aa += Real(A.at(i, a)) * A.at(i, b);
      ok = ok && near(rr, aa, false, 16);
    }
  return bad + !ok;
}

static int syevdChecks() {
  const int n = 7;
  const Mat M = random(n, n);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      A.at(i, j) = M.at(i, j) + M.at(j, i);
  double *dA = toDevice<double>(A.a), *dW;
  cudaMalloc(&dW, n * sizeof(double));
  size_t dev = 0, host = 0;
  cusolverDnXsyevd_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n,
                              CUDA_R_64F, dA, n, CUDA_R_64F, dW, CUDA_R_64F, &dev, &host);
  cusolverDnXsyevd(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, CUDA_R_64F, dA, n,
                   CUDA_R_64F, dW, CUDA_R_64F, workspace(dev), dev, nullptr, host, dInfo);
  const std::vector<double> w = toHost(dW, n), v = toHost(dA, size_t(n) * n);
  bool ascending = true;
  for (int i = 1; i < n; ++i)
    ascending = ascending && w[i - 1] <= w[i];
  bool ok = true;
  for (int c = 0; c < n; ++c)
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int k = 0; k < n; ++k)
        s += Real(A.at(i, k)) * v[size_t(c) * n + k];
      ok = ok && near(s, Real(w[c]) * v[size_t(c) * n + i], false, 16);
    }
  return !ascending + !orthonormal(v, n, n, n, false) + !ok;
}

/// Whether the first `count` pairs of (w, v) are `first`, first + 1, ...
/// with A v = w v, the rest of w the other eigenvalues (1 to n) and v's
/// other columns A's.
static bool pairsFrom(const Mat &A, const std::vector<double> &w, const std::vector<double> &v,
                      int count, int first) {
  const int n = A.n;
  bool ok = true;
  for (int c = count, e = 1; c < n; ++c, ++e) {
    e += e == first ? count : 0;
    ok = ok && near(w[c], e, false, 16);
    for (int i = 0; i < n; ++i)
      ok = ok && v[size_t(c) * n + i] == A.at(i, c);
  }
  for (int c = 0; c < count; ++c) {
    ok = ok && near(w[c], first + c, false, 16);
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int k = 0; k < n; ++k)
        s += Real(A.at(i, k)) * v[size_t(c) * n + k];
      ok = ok && near(s, Real(w[c]) * v[size_t(c) * n + i], false, 16);
    }
  }
  return ok;
}

static int syevdxChecks(int64_t meig[4]) {
  // A = Q diag(1..n) Q^T, Q = I - 2 u u^T / u^T u: eigenvalues 1 to n.
  const int n = 6;
  std::vector<double> u(n);
  Real uu = 0;
  for (double &x : u) {
    x = rnd();
    uu += Real(x) * x;
  }
  Mat Q{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      Q.at(i, j) = double((i == j) - 2 * Real(u[i]) * u[j] / uu);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      Real s = 0;
      for (int k = 0; k < n; ++k)
        s += Real(Q.at(i, k)) * (k + 1) * Q.at(j, k);
      A.at(i, j) = double(s);
    }
  double *dW;
  cudaMalloc(&dW, n * sizeof(double));
  int bad = 0;
  for (int byValue = 0; byValue < 2; ++byValue) {
    const cusolverEigRange_t range = byValue ? CUSOLVER_EIG_RANGE_V : CUSOLVER_EIG_RANGE_I;
    double vl = 2.5, vu = 5.5;
    const int first = byValue ? 3 : 2;
    double *dA = toDevice<double>(A.a);
    size_t dev = 0, host = 0;
    cusolverDnXsyevdx_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, range, CUBLAS_FILL_MODE_LOWER, n,
                                 CUDA_R_64F, dA, n, &vl, &vu, 2, 4, &meig[byValue], CUDA_R_64F,
                                 dW, CUDA_R_64F, &dev, &host);
    cusolverDnXsyevdx(H, P, CUSOLVER_EIG_MODE_VECTOR, range, CUBLAS_FILL_MODE_LOWER, n,
                      CUDA_R_64F, dA, n, &vl, &vu, 2, 4, &meig[byValue], CUDA_R_64F, dW,
                      CUDA_R_64F, workspace(dev), dev, nullptr, host, dInfo);
    bad += !pairsFrom(A, toHost(dW, n), toHost(dA, size_t(n) * n), int(meig[byValue]), first);
    // The legacy call, the same choice.
    dA = toDevice<double>(A.a);
    int legacy = 0;
    cusolverDnDsyevdx(H, CUSOLVER_EIG_MODE_VECTOR, range, CUBLAS_FILL_MODE_UPPER, n, dA, n, vl, vu,
                      2, 4, &legacy, dW, nullptr, 0, dInfo);
    meig[2 + byValue] = legacy;
    bad += !pairsFrom(A, toHost(dW, n), toHost(dA, size_t(n) * n), legacy, first);
  }
  return bad;
}

/// Whether U diag(S) V^T = A, S descending, U's `ucols` and V's `vcols`
/// columns orthonormal (V given as V^T's rows with `vt`).
static int svdHolds(const Mat &A, const std::vector<double> &s, const std::vector<double> &u,
                    int ucols, int ldu, const std::vector<double> &v, int vcols, int ldv, bool vt,
                    bool fl) {
  const int m = A.m, n = A.n, k = std::min(m, n);
  bool descending = true;
  for (int i = 1; i < k; ++i)
    descending = descending && s[i - 1] >= s[i] && s[i] >= 0;
  std::vector<double> vcol(size_t(n) * vcols); // V's columns, ld n
  for (int c = 0; c < vcols; ++c)
    for (int i = 0; i < n; ++i)
      vcol[size_t(c) * n + i] = vt ? v[size_t(i) * ldv + c] : v[size_t(c) * ldv + i];
  bool ok = true;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      Real x = 0;
      for (int c = 0; c < k; ++c)
        x += Real(u[size_t(c) * ldu + i]) * s[c] * vcol[size_t(c) * n + j];
      ok = ok && near(x, A.at(i, j), fl, 8);
    }
  return !descending + !orthonormal(u, m, ucols, ldu, fl) + !orthonormal(vcol, n, vcols, n, fl) +
         !ok;
}

template <class T> static int gesvdChecks() {
  const bool fl = sizeof(T) == 4;
  const int m = 7, n = 4;
  const Mat A = random(m, n);
  const cudaDataType t = typeOf<T>();
  T *dA = toDevice<T>(A.a), *dS, *dU, *dVT;
  cudaMalloc(&dS, n * sizeof(T));
  cudaMalloc(&dU, size_t(m) * m * sizeof(T));
  cudaMalloc(&dVT, size_t(n) * n * sizeof(T));
  size_t dev = 0, host = 0;
  cusolverDnXgesvd_bufferSize(H, P, 'A', 'A', m, n, t, dA, m, t, dS, t, dU, m, t, dVT, n, t, &dev,
                              &host);
  const int st = cusolverDnXgesvd(H, P, 'A', 'A', m, n, t, dA, m, t, dS, t, dU, m, t, dVT, n, t,
                                  workspace(dev), dev, nullptr, host, dInfo);
  return (st != 0 || info(dInfo) != 0) +
         svdHolds(A, toHost(dS, n), toHost(dU, size_t(m) * m), m, m, toHost(dVT, size_t(n) * n),
                  n, n, true, fl);
}

static int gesvdpChecks(double &errSigma) {
  int bad = 0;
  for (int wide = 0; wide < 2; ++wide) {
    const int m = wide ? 4 : 8, n = wide ? 7 : 5, k = std::min(m, n), ldu = m + 1, ldv = n + 2;
    const Mat A = random(m, n);
    double *dA = toDevice<double>(A.a), *dS, *dU, *dV;
    cudaMalloc(&dS, k * sizeof(double));
    cudaMalloc(&dU, size_t(ldu) * m * sizeof(double));
    cudaMalloc(&dV, size_t(ldv) * n * sizeof(double));
    size_t dev = 0, host = 0;
    cusolverDnXgesvdp_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, 1, m, n, CUDA_R_64F, dA, m,
                                 CUDA_R_64F, dS, CUDA_R_64F, dU, ldu, CUDA_R_64F, dV, ldv,
                                 CUDA_R_64F, &dev, &host);
    errSigma = -1;
    const int st = cusolverDnXgesvdp(H, P, CUSOLVER_EIG_MODE_VECTOR, 1, m, n, CUDA_R_64F, dA, m,
                                     CUDA_R_64F, dS, CUDA_R_64F, dU, ldu, CUDA_R_64F, dV, ldv,
                                     CUDA_R_64F, workspace(dev), dev, nullptr, host, dInfo,
                                     &errSigma);
    bad += (st != 0 || info(dInfo) != 0) +
           svdHolds(A, toHost(dS, k), toHost(dU, size_t(ldu) * k), k, ldu,
                    toHost(dV, size_t(ldv) * k), k, ldv, false, false);
  }
  return bad;
}

template <class T> static int trtriChecks() {
  const bool fl = sizeof(T) == 4;
  const int n = 9, lda = n + 1;
  int bad = 0;
  for (int lower = 0; lower < 2; ++lower)
    for (int unit = 0; unit < 2; ++unit) {
      Mat A = random(lda, n);
      for (int i = 0; i < n; ++i)
        A.at(i, i) += 4;
      T *dA = toDevice<T>(A.a);
      const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
      const cublasDiagType_t diag = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
      size_t dev = 0, host = 0;
      cusolverDnXtrtri_bufferSize(H, uplo, diag, n, typeOf<T>(), dA, lda, &dev, &host);
      bad += cusolverDnXtrtri(H, uplo, diag, n, typeOf<T>(), dA, lda, workspace(dev), dev,
                              nullptr, host, dInfo) != 0 ||
             info(dInfo) != 0;
      const std::vector<double> x = toHost(dA, size_t(lda) * n);
      auto tri = [&](const std::vector<double> &a, int i, int j) -> Real {
        if (lower ? i < j : i > j)
          return 0;
        return i == j && unit ? 1 : a[size_t(j) * lda + i];
      };
      bool ok = true;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          Real s = 0;
          for (int k = 0; k < n; ++k)
            s += tri(A.a, i, k) * tri(x, k, j);
          ok = ok && near(s, i == j, fl, 8);
          if (lower ? i < j : i > j) // the other triangle as it was
            ok = ok && x[size_t(j) * lda + i] == T(A.at(i, j));
        }
      bad += !ok;
    }
  return bad;
}

static int sygvdChecks() {
  const int n = 6;
  const Mat M = random(n, n), B = spd(n);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      A.at(i, j) = M.at(i, j) + M.at(j, i);
  auto times = [&](const Mat &X, const std::vector<Real> &v) {
    std::vector<Real> r(n, 0);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k)
        r[i] += X.at(i, k) * v[k];
    return r;
  };
  double *dW;
  cudaMalloc(&dW, n * sizeof(double));
  int bad = 0;
  for (int type = 1; type <= 3; ++type) {
    double *dA = toDevice<double>(A.a), *dB = toDevice<double>(B.a);
    int lwork = 0;
    cusolverDnDsygvd_bufferSize(H, cusolverEigType_t(type), CUSOLVER_EIG_MODE_VECTOR,
                                CUBLAS_FILL_MODE_LOWER, n, dA, n, dB, n, dW, &lwork);
    cusolverDnDsygvd(H, cusolverEigType_t(type), CUSOLVER_EIG_MODE_VECTOR,
                     CUBLAS_FILL_MODE_LOWER, n, dA, n, dB, n, dW, nullptr, lwork, dInfo);
    const std::vector<double> w = toHost(dW, n), x = toHost(dA, size_t(n) * n);
    bool ok = info(dInfo) == 0;
    for (int c = 0; c < n; ++c) {
      const std::vector<Real> v(x.begin() + c * n, x.begin() + (c + 1) * n);
      const std::vector<Real> left = type == 1 ? times(A, v)
                                     : type == 2 ? times(A, times(B, v))
                                                 : times(B, times(A, v));
      const std::vector<Real> right = type == 1 ? times(B, v) : v;
      for (int i = 0; i < n; ++i)
        ok = ok && near(left[i], w[c] * right[i], false, 64);
    }
    bad += !ok;
  }
  return bad;
}

static int batchedChecks() {
  const int n = 5, batch = 3;
  std::vector<Mat> As;
  std::vector<double *> dAs, dBs;
  std::vector<std::vector<double>> bs;
  for (int b = 0; b < batch; ++b) {
    As.push_back(spd(n));
    dAs.push_back(toDevice<double>(As.back().a));
    bs.push_back(random(n, 1).a);
    dBs.push_back(toDevice<double>(bs.back()));
  }
  double **dAarray, **dBarray;
  int *dInfos;
  cudaMalloc(&dAarray, batch * sizeof(double *));
  cudaMalloc(&dBarray, batch * sizeof(double *));
  cudaMalloc(&dInfos, batch * sizeof(int));
  cudaMemcpy(dAarray, dAs.data(), batch * sizeof(double *), cudaMemcpyHostToDevice);
  cudaMemcpy(dBarray, dBs.data(), batch * sizeof(double *), cudaMemcpyHostToDevice);
  int bad = cusolverDnDpotrfBatched(H, CUBLAS_FILL_MODE_LOWER, n, dAarray, n, dInfos, batch) != 0;
  bad += cusolverDnDpotrsBatched(H, CUBLAS_FILL_MODE_LOWER, n, 1, dAarray, n, dBarray, n, dInfo,
                                 batch) != 0;
  std::vector<int> infos(batch);
  cudaMemcpy(infos.data(), dInfos, batch * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < batch; ++b) {
    const std::vector<double> f = toHost(dAs[b], size_t(n) * n);
    bool ok = infos[b] == 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        Real s = 0;
        for (int k = 0; k <= j; ++k)
          s += Real(f[size_t(k) * n + i]) * f[size_t(k) * n + j];
        ok = ok && near(s, As[b].at(i, j), false, 16);
      }
    bad += !ok;
    bad += !near(residual(As[b], false, toHost(dBs[b], n), bs[b]), 0, false, 16);
  }
  return bad;
}

int main() {
  seed = 4242;
  cusolverDnCreate(&H);
  cusolverDnCreateParams(&P);
  cudaMalloc(&dInfo, sizeof(int));
  std::printf("xgetrf: %d bad of 10\n", getrfChecks<float>() + getrfChecks<double>());
  std::printf("xpotrf: %d bad of 16\n", potrfChecks<float>() + potrfChecks<double>());
  std::printf("xgeqrf: %d bad of 2\n", geqrfChecks());
  std::printf("xsyevd: %d bad of 3\n", syevdChecks());
  int64_t meig[4] = {-1, -1, -1, -1};
  const int eigx = syevdxChecks(meig);
  std::printf("syevdx: meig %d %d %d %d, %d bad of 4\n", int(meig[0]), int(meig[1]), int(meig[2]),
              int(meig[3]), eigx);
  std::printf("xgesvd: %d bad of 10\n", gesvdChecks<float>() + gesvdChecks<double>());
  double errSigma = -1;
  const int svdp = gesvdpChecks(errSigma);
  std::printf("xgesvdp: %d bad of 10, err_sigma %g\n", svdp, errSigma);
  std::printf("xtrtri: %d bad of 16\n", trtriChecks<float>() + trtriChecks<double>());
  std::printf("sygvd: %d bad of 3\n", sygvdChecks());
  std::printf("batched: %d bad of 8\n", batchedChecks());
  // Statuses: complex A (potrf, trtri), float A computed in double; getrf's
  // algorithms 0 and 1 chosen; potrf's not choosable; no handle.
  double *d;
  cudaMalloc(&d, 64);
  size_t dev, host;
  std::printf("statuses: %d %d %d %d %d %d %d\n",
              cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_LOWER, 2, CUDA_C_64F, d, 2, CUDA_C_64F,
                               nullptr, 0, nullptr, 0, dInfo),
              cusolverDnXtrtri_bufferSize(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_DIAG_UNIT, 2,
                                          CUDA_C_32F, d, 2, &dev, &host),
              cusolverDnXgetrf(H, P, 2, 2, CUDA_R_32F, d, 2, nullptr, CUDA_R_64F, nullptr, 0,
                               nullptr, 0, dInfo),
              cusolverDnSetAdvOptions(P, CUSOLVERDN_GETRF, CUSOLVER_ALG_0),
              cusolverDnSetAdvOptions(P, CUSOLVERDN_GETRF, CUSOLVER_ALG_1),
              cusolverDnSetAdvOptions(P, CUSOLVERDN_POTRF, CUSOLVER_ALG_1),
              cusolverDnXpotrf_bufferSize(nullptr, P, CUBLAS_FILL_MODE_LOWER, 2, CUDA_R_64F, d, 2,
                                          CUDA_R_64F, &dev, &host));
  cusolverDnDestroyParams(P);
  cusolverDnDestroy(H);
  return 0;
}

// cuSOLVER's dense API (libcusolver, -lcusolver; runtime/cusolver) as
// programs use it, checked by what each factorisation must satisfy,
// recomputed on the host in long double (never against stored outputs):
// - getrf/getrs (float, double): P A = L U from the factors and the
//   1-based pivots, A x = b and A^T x = b; a matrix whose third column is
//   zero gives devInfo 3 (LAPACK's U(3,3) = 0);
// - potrf/potrs/potri, lower and upper: L L^T = A (U^T U = A) on the
//   stored triangle, the other untouched; A x = b; A A^-1 = I; a matrix that
//   is not positive definite gives the order of its failing minor;
// - geqrf/orgqr/ormqr: Q^T Q = I and Q R = A; Q^T A is R;
// - gesvd (jobu 'A', jobvt 'A'; and 'S'): S descending, U and V
//   orthonormal, U S V^T = A;
// - syevd: W ascending, V orthonormal, A V = V diag(W);
// - a kernel's matrix on the handle's stream; errors.
// Bounds: 1e-3 relative in float, 1e-9 in double.
// RUN: simt-nvcc -O2 %s -o %t -lcusolver && %t | FileCheck %s
// CHECK: lu: 0 bad of 6, singular info 3
// CHECK-NEXT: cholesky: 0 bad of 8, not positive definite info 2
// CHECK-NEXT: qr: 0 bad of 3
// CHECK-NEXT: svd: 0 bad of 8
// CHECK-NEXT: eig: 0 bad of 3
// CHECK-NEXT: stream: 0 bad of 1
// CHECK-NEXT: errors: 1 3 3
// CHECK-NEXT: version 12004
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cusolverDn.h>
#include <vector>

#include "Inputs/dense_checks.h"

static cusolverDnHandle_t H;
static int *dInfo;

template <class T> struct Api;
template <> struct Api<float> {
  static constexpr auto getrf = cusolverDnSgetrf;
  static constexpr auto getrs = cusolverDnSgetrs;
  static constexpr auto potrf = cusolverDnSpotrf;
  static constexpr auto potrs = cusolverDnSpotrs;
  static constexpr auto potri = cusolverDnSpotri;
};
template <> struct Api<double> {
  static constexpr auto getrf = cusolverDnDgetrf;
  static constexpr auto getrs = cusolverDnDgetrs;
  static constexpr auto potrf = cusolverDnDpotrf;
  static constexpr auto potrs = cusolverDnDpotrs;
  static constexpr auto potri = cusolverDnDpotri;
};

/// max |A x - b| over the columns of b (x solves op(A) x = b).
static Real residual(const Mat &A, bool trans, const std::vector<double> &x,
                     const std::vector<double> &b) {
  Real worst = 0;
  const int n = A.n;
  for (int i = 0; i < n; ++i) {
    Real s = 0;
    for (int j = 0; j < n; ++j)
      s += Real(trans ? A.at(j, i) : A.at(i, j)) * x[j];
    worst = std::fmax(worst, std::fabs(s - b[i]));
  }
  return worst;
}

template <class T> static int luChecks() {
  const bool fl = sizeof(T) == 4;
  const int n = 8;
  const Mat A = random(n, n);
  T *dA = toDevice<T>(A.a);
  int *dPiv, lwork = 0;
  cudaMalloc(&dPiv, n * sizeof(int));
  cusolverDnSgetrf_bufferSize(H, n, n, nullptr, n, &lwork);
  T *work;
  cudaMalloc(&work, lwork * sizeof(T));
  int bad = Api<T>::getrf(H, n, n, dA, n, work, dPiv, dInfo) != CUSOLVER_STATUS_SUCCESS;
  bad += info(dInfo) != 0;
  // P A = L U: apply the row swaps in order to A, compare with L U.
  const std::vector<double> lu = toHost(dA, size_t(n) * n);
  std::vector<int> piv(n);
  cudaMemcpy(piv.data(), dPiv, n * sizeof(int), cudaMemcpyDeviceToHost);
  bad += !luHolds(A, lu, piv, fl);
  // Solves with op N and op T.
  for (int trans = 0; trans < 2; ++trans) {
    std::vector<double> b(n);
    for (double &v : b)
      v = rnd();
    T *dB = toDevice<T>(b);
    Api<T>::getrs(H, trans ? CUBLAS_OP_T : CUBLAS_OP_N, n, 1, dA, n, dPiv, dB, n, dInfo);
    bad += !near(residual(A, trans, toHost(dB, n), b), 0, fl, 8);
  }
  return bad;
}

template <class T> static int choleskyChecks() {
  const bool fl = sizeof(T) == 4;
  const int n = 6;
  const Mat M = random(n, n);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i) // A = M M^T + n I: positive definite
    for (int j = 0; j < n; ++j) {
      Real s = i == j ? n : 0;
      for (int k = 0; k < n; ++k)
        s += Real(M.at(i, k)) * M.at(j, k);
      A.at(i, j) = double(s);
    }
  int bad = 0;
  for (int lower = 0; lower < 2; ++lower) {
    const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    Mat marked = A; // the other triangle marked, to see it stay
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (lower ? j > i : j < i)
          marked.at(i, j) = 123;
    T *dA = toDevice<T>(marked.a);
    Api<T>::potrf(H, uplo, n, dA, n, nullptr, 0, dInfo);
    bad += info(dInfo) != 0;
    const std::vector<double> f = toHost(dA, size_t(n) * n);
    auto F = [&](int i, int j) { return Real(f[size_t(j) * n + i]); };
    bool ok = true;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (lower ? j > i : j < i) {
          ok = ok && f[size_t(j) * n + i] == 123;
          continue;
        }
        Real s = 0; // (L L^T)(i, j) or (U^T U)(i, j)
        for (int k = 0; k < n; ++k)
          s += lower ? (k <= i && k <= j ? F(i, k) * F(j, k) : 0)
                     : (k <= i && k <= j ? F(k, i) * F(k, j) : 0);
        ok = ok && near(s, A.at(i, j), fl, 16);
      }
    bad += !ok;
    std::vector<double> b(n);
    for (double &v : b)
      v = rnd();
    T *dB = toDevice<T>(b);
    Api<T>::potrs(H, uplo, n, 1, dA, n, dB, n, dInfo);
    bad += !near(residual(A, false, toHost(dB, n), b), 0, fl, 16);
    Api<T>::potri(H, uplo, n, dA, n, nullptr, 0, dInfo);
    const std::vector<double> inv = toHost(dA, size_t(n) * n);
    auto Inv = [&](int i, int j) { // the stored triangle, mirrored
      return (lower ? i >= j : i <= j) ? inv[size_t(j) * n + i] : inv[size_t(i) * n + j];
    };
    ok = true;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        Real s = 0;
        for (int k = 0; k < n; ++k)
          s += Real(A.at(i, k)) * Inv(k, j);
        ok = ok && near(s, i == j, fl, 16);
      }
    bad += !ok;
  }
  return bad;
}

static int qrChecks() {
  const int m = 10, n = 6;
  const Mat A = random(m, n);
  double *dA = toDevice<double>(A.a), *dTau, *dQ;
  cudaMalloc(&dTau, n * sizeof(double));
  int lwork = 0;
  cusolverDnDgeqrf_bufferSize(H, m, n, dA, m, &lwork);
  cusolverDnDgeqrf(H, m, n, dA, m, dTau, nullptr, lwork, dInfo);
  const std::vector<double> qr = toHost(dA, size_t(m) * n);
  // ormqr: Q^T A, whose upper triangle must be R and the rest zero.
  double *dC = toDevice<double>(A.a);
  cusolverDnDormqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, n, n, dA, m, dTau, dC, m, nullptr, 0,
                   dInfo);
  const std::vector<double> qta = toHost(dC, size_t(m) * n);
  bool ok = true;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      ok = ok && near(qta[size_t(j) * m + i], i <= j ? qr[size_t(j) * m + i] : 0, false, 8);
  int bad = !ok;
  // orgqr: Q itself, orthonormal, and Q R = A.
  dQ = dA;
  cusolverDnDorgqr(H, m, n, n, dQ, m, dTau, nullptr, 0, dInfo);
  const std::vector<double> q = toHost(dQ, size_t(m) * n);
  ok = true;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) {
      Real s = 0;
      for (int i = 0; i < m; ++i)
        s += Real(q[size_t(a) * m + i]) * q[size_t(b) * m + i];
      ok = ok && near(s, a == b, false, 8);
    }
  bad += !ok;
  ok = true;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      Real s = 0;
      for (int k = 0; k <= j; ++k)
        s += Real(q[size_t(k) * m + i]) * qr[size_t(j) * m + k];
      ok = ok && near(s, A.at(i, j), false, 8);
    }
  return bad + !ok;
}

/// Whether the columns of the m x c matrix `u` (ld m) are orthonormal.
static bool orthonormal(const std::vector<double> &u, int m, int c, bool fl) {
  for (int a = 0; a < c; ++a)
    for (int b = 0; b < c; ++b) {
      Real s = 0;
      for (int i = 0; i < m; ++i)
        s += Real(u[size_t(a) * m + i]) * u[size_t(b) * m + i];
      if (!near(s, a == b, fl, 8))
        return false;
    }
  return true;
}

template <class T> static int svdChecks(char job) {
  const bool fl = sizeof(T) == 4;
  const int m = 9, n = 5, ucols = job == 'A' ? m : n;
  const Mat A = random(m, n);
  T *dA = toDevice<T>(A.a), *dS, *dU, *dVT;
  cudaMalloc(&dS, n * sizeof(T));
  cudaMalloc(&dU, size_t(m) * m * sizeof(T));
  cudaMalloc(&dVT, size_t(n) * n * sizeof(T));
  int lwork = 0;
  cusolverDnDgesvd_bufferSize(H, m, n, &lwork);
  cusolverStatus_t st;
  if constexpr (sizeof(T) == 4)
    st = cusolverDnSgesvd(H, job, job, m, n, dA, m, dS, dU, m, dVT, n, nullptr, lwork, nullptr,
                          dInfo);
  else
    st = cusolverDnDgesvd(H, job, job, m, n, dA, m, dS, dU, m, dVT, n, nullptr, lwork, nullptr,
                          dInfo);
  int bad = st != CUSOLVER_STATUS_SUCCESS || info(dInfo) != 0;
  const std::vector<double> s = toHost(dS, n), u = toHost(dU, size_t(m) * ucols),
                            vt = toHost(dVT, size_t(n) * n);
  bool descending = true;
  for (int i = 1; i < n; ++i)
    descending = descending && s[i - 1] >= s[i] && s[i] >= 0;
  bad += !descending;
  bad += !orthonormal(u, m, ucols, fl);
  // V^T's rows orthonormal: its transpose's columns.
  std::vector<double> v(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      v[size_t(i) * n + j] = vt[size_t(j) * n + i];
  bad += !orthonormal(v, n, n, fl);
  bool ok = true;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      Real x = 0;
      for (int k = 0; k < n; ++k)
        x += Real(u[size_t(k) * m + i]) * s[k] * vt[size_t(j) * n + k];
      ok = ok && near(x, A.at(i, j), fl, 8);
    }
  return bad + !ok;
}

static int eigChecks() {
  const int n = 7;
  const Mat M = random(n, n);
  Mat A{n, n, std::vector<double>(size_t(n) * n)};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      A.at(i, j) = M.at(i, j) + M.at(j, i);
  Mat lowerOnly = A; // the upper triangle garbage: syevd reads the lower
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      lowerOnly.at(i, j) = 1e6;
  double *dA = toDevice<double>(lowerOnly.a), *dW;
  cudaMalloc(&dW, n * sizeof(double));
  int lwork = 0;
  cusolverDnDsyevd_bufferSize(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW,
                              &lwork);
  cusolverDnDsyevd(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, nullptr,
                   lwork, dInfo);
  const std::vector<double> w = toHost(dW, n), v = toHost(dA, size_t(n) * n);
  bool ascending = true;
  for (int i = 1; i < n; ++i)
    ascending = ascending && w[i - 1] <= w[i];
  int bad = !ascending;
  bad += !orthonormal(v, n, n, false);
  bool ok = true;
  for (int c = 0; c < n; ++c)
    for (int i = 0; i < n; ++i) {
      Real s = 0;
      for (int k = 0; k < n; ++k)
        s += Real(A.at(i, k)) * v[size_t(c) * n + k];
      ok = ok && near(s, Real(w[c]) * v[size_t(c) * n + i], false, 16);
    }
  return bad + !ok;
}

__global__ void fill(double *a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * n)
    a[i] = (i % (n + 1) == 0) ? 4.0 : 1.0; // 4 on the diagonal, 1 elsewhere
}

static int streamCheck() {
  // A kernel writes the matrix on the handle's stream; potrf sees it.
  cudaStream_t s;
  cudaStreamCreate(&s);
  cusolverDnSetStream(H, s);
  const int n = 5;
  double *dA;
  cudaMalloc(&dA, n * n * sizeof(double));
  fill<<<1, 64, 0, s>>>(dA, n);
  cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, n, dA, n, nullptr, 0, dInfo);
  const std::vector<double> f = toHost(dA, n * n);
  cusolverDnSetStream(H, 0);
  // L(0,0) = sqrt(4) = 2, L(1,0) = 1/2, L(1,1) = sqrt(4 - 1/4).
  return !(near(f[0], 2, false) && near(f[1], 0.5, false) && near(f[6], std::sqrt(3.75L), false));
}

int main() {
  seed = 777;
  cusolverDnCreate(&H);
  cudaMalloc(&dInfo, sizeof(int));
  int lu = luChecks<float>() + luChecks<double>();
  Mat S = random(6, 6);
  for (int i = 0; i < 6; ++i)
    S.at(i, 2) = 0;
  double *dS = toDevice<double>(S.a);
  int *dPiv;
  cudaMalloc(&dPiv, 6 * sizeof(int));
  cusolverDnDgetrf(H, 6, 6, dS, 6, nullptr, dPiv, dInfo);
  std::printf("lu: %d bad of 6, singular info %d\n", lu, info(dInfo));
  const int chol = choleskyChecks<float>() + choleskyChecks<double>();
  // Not positive definite: [[1 2][2 1]] fails at the second minor.
  double *dN = toDevice<double>({1, 2, 2, 1});
  cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, 2, dN, 2, nullptr, 0, dInfo);
  std::printf("cholesky: %d bad of 8, not positive definite info %d\n", chol, info(dInfo));
  std::printf("qr: %d bad of 3\n", qrChecks());
  std::printf("svd: %d bad of 8\n", svdChecks<float>('A') + svdChecks<double>('S'));
  std::printf("eig: %d bad of 3\n", eigChecks());
  std::printf("stream: %d bad of 1\n", streamCheck());
  // Errors: no handle; gesvd with m < n (cuSOLVER's rule); a negative order.
  std::printf("errors: %d %d %d\n",
              cusolverDnDpotrf(nullptr, CUBLAS_FILL_MODE_LOWER, 2, dN, 2, nullptr, 0, dInfo),
              cusolverDnDgesvd(H, 'A', 'A', 3, 5, dS, 6, dS, dS, 3, dS, 5, nullptr, 0, nullptr,
                               dInfo),
              cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, -1, dN, 2, nullptr, 0, dInfo));
  int version = 0;
  cusolverGetVersion(&version);
  std::printf("version %d\n", version);
  cusolverDnDestroy(H);
  return 0;
}

// cuSOLVER's Jacobi solvers (libcusolver, Jacobi.cpp), each result checked
// by the identity it must satisfy, evaluated here in long double (bound
// 1e-9 in double, 1e-3 in float, scaled by the matrix):
// - syevj (each triangle, D and S): A V = V diag(W), V orthogonal, W
//   ascending; unsorted with SetSortEig(0) the same set of values; the
//   residual GetResidual reports is ||A - V W V^T|| (within the bound) and
//   GetSweeps at least 1; a MaxSweeps of 1 on a 12 x 12 matrix with a
//   tolerance of 1e-14 leaves info 13 (did not converge);
// - syevjBatched: three 5 x 5 matrices, each as syevj, infos 0, and the
//   residual not kept (CUSOLVER_STATUS_NOT_SUPPORTED);
// - sygvj: A x = w B x, that is A V = B V diag(W);
// - gesvdj (tall, wide, econ, and unsorted): A = U diag(S) V^T, U and V
//   orthonormal columns, S descending where sorted; gesvdjBatched on two
//   4 x 3 matrices.
// RUN: simt-nvcc -O2 %s -o %t -lcusolver && %t | FileCheck %s
// CHECK: syevj: 0 bad of 7
// CHECK-NEXT: syevjBatched: 0 bad of 2
// CHECK-NEXT: sygvj: 0 bad of 1
// CHECK-NEXT: gesvdj: 0 bad of 5
#include <cstdio>
#include <cusolverDn.h>

#include "Inputs/dense_checks.h"
#include "Inputs/tally.h"


static Mat symmetric(int n) {
  Mat A = random(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i)
      A.at(i, j) = A.at(j, i);
  return A;
}
static Mat fromVector(const std::vector<double> &v, int m, int n) {
  return Mat{m, n, std::vector<double>(v.begin(), v.begin() + size_t(m) * n)};
}
// A V = V diag(W) (B V diag(W) for the generalized one), V's columns
// orthonormal (B-orthonormal: not checked), W ascending where sorted.
static bool eigenHolds(const Mat &A, const Mat &V, const std::vector<double> &W, bool fl,
                       bool sorted, const Mat *B = nullptr) {
  const int n = A.n;
  for (int j = 0; j < n; ++j) {
    if (sorted && j && W[j] < W[j - 1])
      return false;
    for (int i = 0; i < n; ++i) {
      Real av = 0, bv = 0;
      for (int k = 0; k < n; ++k) {
        av += Real(A.at(i, k)) * V.at(k, j);
        bv += Real(B ? B->at(i, k) : (i == k)) * V.at(k, j);
      }
      if (!near(av, bv * W[j], fl, 8 * n))
        return false;
      if (!B) {
        Real dot = 0;
        for (int k = 0; k < n; ++k)
          dot += Real(V.at(k, i)) * V.at(k, j);
        if (!near(dot, i == j, fl, 4 * n))
          return false;
      }
    }
  }
  return true;
}
// A = U diag(S) V^T with orthonormal columns, S descending.
static bool svdHolds(const Mat &A, const Mat &U, const std::vector<double> &S, const Mat &V,
                     bool fl, bool sorted = true) {
  const int k = int(S.size());
  for (int r = 1; r < k && sorted; ++r)
    if (S[r] > S[r - 1])
      return false;
  for (int j = 0; j < A.n; ++j)
    for (int i = 0; i < A.m; ++i) {
      Real s = 0;
      for (int r = 0; r < k; ++r)
        s += Real(U.at(i, r)) * S[r] * V.at(j, r);
      if (!near(s, A.at(i, j), fl, 8 * k))
        return false;
    }
  for (const Mat *Q : {&U, &V})
    for (int a = 0; a < k; ++a)
      for (int b = 0; b < k; ++b) {
        Real dot = 0;
        for (int i = 0; i < Q->m; ++i)
          dot += Real(Q->at(i, a)) * Q->at(i, b);
        if (!near(dot, a == b, fl, 4 * Q->m))
          return false;
      }
  return true;
}

template <class T> static void syevjIn(cusolverDnHandle_t h, syevjInfo_t params, bool fl) {
  const int n = 6;
  Mat A = symmetric(n);
  int *dInfo;
  cudaMalloc(&dInfo, sizeof(int));
  for (int lower = 0; lower < 2; ++lower) {
    T *dA = toDevice<T>(A.a), *dW = toDevice<T>(std::vector<double>(n));
    int lwork = 0;
    cusolverEigMode_t jobz = CUSOLVER_EIG_MODE_VECTOR;
    cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    bool ok;
    if constexpr (sizeof(T) == sizeof(double)) {
      cusolverDnDsyevj_bufferSize(h, jobz, uplo, n, dA, n, dW, &lwork, params);
      ok = cusolverDnDsyevj(h, jobz, uplo, n, dA, n, dW, nullptr, lwork, dInfo, params) == 0;
    } else {
      cusolverDnSsyevj_bufferSize(h, jobz, uplo, n, dA, n, dW, &lwork, params);
      ok = cusolverDnSsyevj(h, jobz, uplo, n, dA, n, dW, nullptr, lwork, dInfo, params) == 0;
    }
    const std::vector<double> W = toHost(dW, n);
    const Mat V = fromVector(toHost(dA, size_t(n) * n), n, n);
    double residual = -1;
    int sweeps = 0;
    cusolverDnXsyevjGetResidual(h, params, &residual);
    cusolverDnXsyevjGetSweeps(h, params, &sweeps);
    // The residual is the one of the results themselves.
    Real direct = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Real v = A.at(i, j);
        for (int k = 0; k < n; ++k)
          v -= Real(V.at(i, k)) * W[k] * V.at(j, k);
        direct += v * v;
      }
    ok = ok && lwork >= 1 && info(dInfo) == 0 && eigenHolds(A, V, W, fl, true) && sweeps >= 1 &&
         near(residual, std::sqrt(direct), fl, 8 * n);
    expect(ok, "syevj");
  }
  // Unsorted: the same values (as a set).
  cusolverDnXsyevjSetSortEig(params, 0);
  T *dA = toDevice<T>(A.a), *dW = toDevice<T>(std::vector<double>(n));
  if constexpr (sizeof(T) == sizeof(double))
    cusolverDnDsyevj(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, nullptr, 0,
                     dInfo, params);
  else
    cusolverDnSsyevj(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, nullptr, 0,
                     dInfo, params);
  std::vector<double> W = toHost(dW, n);
  expect(eigenHolds(A, fromVector(toHost(dA, size_t(n) * n), n, n), W, fl, false),
         "syevj unsorted");
  cusolverDnXsyevjSetSortEig(params, 1);
}

int main() {
  seed = 2718;
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  syevjInfo_t params;
  cusolverDnCreateSyevjInfo(&params);
  cusolverDnXsyevjSetTolerance(params, 1e-12);
  syevjIn<double>(h, params, false);
  syevjIn<float>(h, params, true);
  {
    // One sweep of a tight tolerance on a larger matrix: not converged.
    const int n = 12;
    Mat A = symmetric(n);
    double *dA = toDevice<double>(A.a), *dW = toDevice<double>(std::vector<double>(n));
    int *dInfo;
    cudaMalloc(&dInfo, sizeof(int));
    syevjInfo_t once;
    cusolverDnCreateSyevjInfo(&once);
    cusolverDnXsyevjSetTolerance(once, 1e-14);
    cusolverDnXsyevjSetMaxSweeps(once, 1);
    cusolverDnDsyevj(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n, dW, nullptr, 0,
                     dInfo, once);
    int sweeps = 0;
    cusolverDnXsyevjGetSweeps(h, once, &sweeps);
    expect(info(dInfo) == n + 1 && sweeps == 1, "syevj max sweeps");
    cusolverDnDestroySyevjInfo(once);
  }
  report("syevj");

  {
    const int n = 5, batches = 3;
    std::vector<double> all;
    std::vector<Mat> As;
    for (int b = 0; b < batches; ++b) {
      As.push_back(symmetric(n));
      all.insert(all.end(), As.back().a.begin(), As.back().a.end());
    }
    double *dA = toDevice<double>(all), *dW = toDevice<double>(std::vector<double>(n * batches));
    int *dInfo;
    cudaMalloc(&dInfo, batches * sizeof(int));
    cusolverDnDsyevjBatched(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, dA, n, dW,
                            nullptr, 0, dInfo, params, batches);
    const std::vector<double> V = toHost(dA, all.size()), W = toHost(dW, size_t(n) * batches);
    std::vector<int> infos(batches);
    cudaMemcpy(infos.data(), dInfo, sizeof(int) * batches, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int b = 0; b < batches; ++b)
      ok = ok && infos[b] == 0 &&
           eigenHolds(As[b], Mat{n, n, std::vector<double>(V.begin() + b * n * n, V.begin() + (b + 1) * n * n)},
                      std::vector<double>(W.begin() + b * n, W.begin() + (b + 1) * n), false, true);
    expect(ok, "syevjBatched");
    double residual;
    expect(cusolverDnXsyevjGetResidual(h, params, &residual) == CUSOLVER_STATUS_NOT_SUPPORTED,
           "syevjBatched residual");
  }
  report("syevjBatched");

  {
    const int n = 5;
    Mat A = symmetric(n), B = random(n, n);
    Mat SPD{n, n, std::vector<double>(size_t(n) * n)}; // B B^T + n I
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Real s = i == j ? n : 0;
        for (int k = 0; k < n; ++k)
          s += Real(B.at(i, k)) * B.at(j, k);
        SPD.at(i, j) = double(s);
      }
    double *dA = toDevice<double>(A.a), *dB = toDevice<double>(SPD.a),
           *dW = toDevice<double>(std::vector<double>(n));
    int *dInfo;
    cudaMalloc(&dInfo, sizeof(int));
    cusolverDnDsygvj(h, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n,
                     dA, n, dB, n, dW, nullptr, 0, dInfo, params);
    expect(info(dInfo) == 0 && eigenHolds(A, fromVector(toHost(dA, size_t(n) * n), n, n),
                                          toHost(dW, n), false, true, &SPD),
           "sygvj");
  }
  report("sygvj");

  gesvdjInfo_t sv;
  cusolverDnCreateGesvdjInfo(&sv);
  cusolverDnXgesvdjSetTolerance(sv, 1e-12);
  for (int shape = 0; shape < 4; ++shape) { // tall, wide, tall econ, tall unsorted
    const int m = shape == 1 ? 3 : 6, n = shape == 1 ? 5 : 4, econ = shape == 2;
    cusolverDnXgesvdjSetSortEig(sv, shape == 3 ? 0 : 1);
    const int k = std::min(m, n), ucols = econ ? k : m, vcols = econ ? k : n;
    Mat A = random(m, n);
    double *dA = toDevice<double>(A.a), *dS = toDevice<double>(std::vector<double>(k)),
           *dU = toDevice<double>(std::vector<double>(size_t(m) * m)),
           *dV = toDevice<double>(std::vector<double>(size_t(n) * n));
    int *dInfo;
    cudaMalloc(&dInfo, sizeof(int));
    cusolverDnDgesvdj(h, CUSOLVER_EIG_MODE_VECTOR, econ, m, n, dA, m, dS, dU, m, dV, n, nullptr, 0,
                      dInfo, sv);
    Mat U = fromVector(toHost(dU, size_t(m) * ucols), m, ucols);
    Mat V = fromVector(toHost(dV, size_t(n) * vcols), n, vcols);
    U.n = k; // the first k columns make A
    V.n = k;
    U.a.resize(size_t(m) * k);
    V.a.resize(size_t(n) * k);
    expect(info(dInfo) == 0 && svdHolds(A, U, toHost(dS, k), V, false, shape != 3), "gesvdj");
  }
  cusolverDnXgesvdjSetSortEig(sv, 1);
  {
    const int m = 4, n = 3, batches = 2;
    std::vector<Mat> As{random(m, n), random(m, n)};
    std::vector<double> all(As[0].a);
    all.insert(all.end(), As[1].a.begin(), As[1].a.end());
    double *dA = toDevice<double>(all), *dS = toDevice<double>(std::vector<double>(n * batches)),
           *dU = toDevice<double>(std::vector<double>(m * m * batches)),
           *dV = toDevice<double>(std::vector<double>(n * n * batches));
    int *dInfo;
    cudaMalloc(&dInfo, batches * sizeof(int));
    cusolverDnDgesvdjBatched(h, CUSOLVER_EIG_MODE_VECTOR, m, n, dA, m, dS, dU, m, dV, n, nullptr, 0,
                             dInfo, sv, batches);
    const std::vector<double> S = toHost(dS, n * batches), U = toHost(dU, m * m * batches),
                              V = toHost(dV, n * n * batches);
    bool ok = true;
    for (int b = 0; b < batches; ++b)
      ok = ok && svdHolds(As[b], Mat{m, n, std::vector<double>(U.begin() + b * m * m, U.begin() + b * m * m + m * n)},
                          std::vector<double>(S.begin() + b * n, S.begin() + (b + 1) * n),
                          Mat{n, n, std::vector<double>(V.begin() + b * n * n, V.begin() + (b + 1) * n * n)},
                          false);
    expect(ok, "gesvdjBatched");
  }
  report("gesvdj");
  cusolverDnDestroyGesvdjInfo(sv);
  cusolverDnDestroySyevjInfo(params);
  cusolverDnDestroy(h);
  return 0;
}

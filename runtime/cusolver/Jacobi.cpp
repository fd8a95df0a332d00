//===-- Jacobi.cpp - libcusolver: the Jacobi eigen- and singular solvers --===//
//
// syevj and syevjBatched (A = V diag(W) V^T), sygvj (sygvd's answer) and gesvdj and
// gesvdjBatched (A = U diag(S) V^T, V not transposed), in float and double,
// with their options (syevjInfo_t, gesvdjInfo_t): the tolerance (machine
// epsilon by default), the most sweeps (100) and whether to sort (yes).
// Lapack.h's cyclic and one-sided Jacobi methods compute them; the
// residual a program reads back is ||A - V W V^T||_F or ||A - U S V^T||_F,
// computed from the results, and info is n + 1 (syevj) or min(m, n) + 1
// (gesvdj) where the sweeps ran out before the tolerance was met. The
// batched forms keep no residual or sweep count, as cuSOLVER's.
//
//===----------------------------------------------------------------------===//
#include "runtime/cusolver/DenseOperands.h"

#include <cfloat>
#include <cmath>

struct syevjInfo {
  double tolerance = 0; ///< 0: the type's machine epsilon
  int maxSweeps = 100;
  int sort = 1;
  double residual = 0;
  int sweeps = 0;
  bool batched = false; ///< last used by a batched call: nothing to report
};
struct gesvdjInfo : syevjInfo {};

using namespace simt::cusolver;

namespace {

template <class T> double epsilonOf() { return sizeof(T) == 4 ? double(FLT_EPSILON) : DBL_EPSILON; }

/// The Jacobi control from a program's options (null: the defaults).
template <class T> simt::lapack::Jacobi controlOf(const syevjInfo *p) {
  simt::lapack::Jacobi J;
  const syevjInfo defaults;
  const syevjInfo &o = p ? *p : defaults;
  J.tolerance = o.tolerance > 0 ? o.tolerance : epsilonOf<T>();
  J.maxSweeps = o.maxSweeps;
  J.sort = o.sort != 0;
  return J;
}

/// ||A - X diag(d) Y^T||_F.
double residualOf(const ColMajor &A, const ColMajor &X, const std::vector<double> &d,
                  const ColMajor &Y) {
  double s = 0;
  for (int j = 0; j < A.n; ++j)
    for (int i = 0; i < A.m; ++i) {
      double v = A.at(i, j);
      for (size_t k = 0; k < d.size(); ++k)
        v -= X.at(i, int(k)) * d[k] * Y.at(j, int(k));
      s += v * v;
    }
  return std::sqrt(s);
}

/// Records a solve's sweeps and residual in the options; whether it met
/// the tolerance before the sweeps ran out.
bool record(syevjInfo *params, const simt::lapack::Jacobi &J, double residual, bool batched) {
  if (params) {
    params->sweeps = J.sweeps;
    params->residual = residual;
    params->batched = batched;
  }
  return J.converged;
}

/// One symmetric eigenproblem: the results into A (vectors) and W; info.
template <class T>
int syevjOne(cusolverEigMode_t jobz, bool lower, int n, T *A, int lda, T *W, syevjInfo *params,
             bool batched) {
  require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
  ColMajor M = readMatrix(A, n, n, lda);
  ColMajor whole = M; // the symmetric matrix the triangle stands for
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (lower ? i < j : i > j)
        whole.at(i, j) = M.at(j, i);
  simt::lapack::Jacobi J = controlOf<T>(params);
  std::vector<double> w;
  simt::lapack::syevd(M, lower, true, w, &J);
  writeVector(W, w);
  if (jobz == CUSOLVER_EIG_MODE_VECTOR)
    writeMatrix(A, M);
  const bool met = record(params, J, residualOf(whole, M, w, M), batched);
  return met ? 0 : n + 1;
}

template <class T>
cusolverStatus_t syevj(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                       T *A, int lda, T *W, int *info, syevjInfo *params) {
  return run(h, [&] { writeInfo(info, syevjOne(jobz, lowerOf(uplo), n, A, lda, W, params, false)); });
}

/// syevjBatched: `batches` n x n matrices one after another (lda * n
/// apart), their eigenvalues n apart in W, an info each.
template <class T>
cusolverStatus_t syevjBatched(cusolverDnHandle_t h, cusolverEigMode_t jobz,
                              cublasFillMode_t uplo, int n, T *A, int lda, T *W, int *info,
                              syevjInfo *params, int batches) {
  return run(h, [&] {
    require(batches >= 0 && n <= 32);
    std::vector<int> infos(static_cast<size_t>(batches));
    for (int b = 0; b < batches; ++b)
      infos[size_t(b)] = syevjOne(jobz, lowerOf(uplo), n, A + size_t(b) * lda * n, lda,
                                  W + size_t(b) * n, params, true);
    if (batches)
      copyBytes(info, infos.data(), infos.size() * sizeof(int));
  });
}

/// One SVD: S, and U and V (their first min(m, n) columns with `econ`).
template <class T>
int gesvdjOne(cusolverEigMode_t jobz, int econ, int m, int n, const T *A, int lda, T *S, T *U,
              int ldu, T *V, int ldv, gesvdjInfo *params, bool batched) {
  require(jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR);
  const ColMajor M = readMatrix(A, m, n, lda);
  simt::lapack::Jacobi J = controlOf<T>(params);
  const SvdOfAnyShape svd(M, true, econ != 0, &J);
  writeVector(S, svd.S);
  if (jobz == CUSOLVER_EIG_MODE_VECTOR) {
    writeInto(U, ldu, svd.U);
    writeInto(V, ldv, svd.V);
  }
  const bool met = record(params, J, residualOf(M, svd.U, svd.S, svd.V), batched);
  return met ? 0 : std::min(m, n) + 1;
}

template <class T>
cusolverStatus_t gesvdj(cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, int m, int n,
                        T *A, int lda, T *S, T *U, int ldu, T *V, int ldv, int *info,
                        gesvdjInfo *params) {
  return run(h, [&] {
    writeInfo(info, gesvdjOne(jobz, econ, m, n, A, lda, S, U, ldu, V, ldv, params, false));
  });
}

/// gesvdjBatched: m x n matrices (m, n <= 32) lda * n apart, S min(m, n)
/// apart, U ldu * m and V ldv * n apart, full U and V.
template <class T>
cusolverStatus_t gesvdjBatched(cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, T *A,
                               int lda, T *S, T *U, int ldu, T *V, int ldv, int *info,
                               gesvdjInfo *params, int batches) {
  return run(h, [&] {
    require(batches >= 0 && m <= 32 && n <= 32);
    const bool vectors = jobz == CUSOLVER_EIG_MODE_VECTOR;
    std::vector<int> infos(static_cast<size_t>(batches));
    for (int b = 0; b < batches; ++b)
      infos[size_t(b)] = gesvdjOne(jobz, 0, m, n, A + size_t(b) * lda * n, lda,
                                   S + size_t(b) * std::min(m, n),
                                   vectors ? U + size_t(b) * ldu * m : U, ldu,
                                   vectors ? V + size_t(b) * ldv * n : V, ldv, params, true);
    if (batches)
      copyBytes(info, infos.data(), infos.size() * sizeof(int));
  });
}

/// An options object's setter: a null one is an invalid value.
template <class Info, class Set> cusolverStatus_t setOption(Info *info, Set &&set) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  set(*info);
  return CUSOLVER_STATUS_SUCCESS;
}
/// The residual or the sweeps of the last call: none after a batched one.
template <class Info, class Out, class Get>
cusolverStatus_t getResult(cusolverDnHandle_t h, const Info *info, Out *out, Get &&get) {
  if (!h)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!info || !out)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->batched)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  *out = get(*info);
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

#define SIMT_JACOBI_OPTIONS(Name, low, Opts)                                                            \
  cusolverStatus_t cusolverDnCreate##Name##Info(Opts##_t *info) {                                \
    if (!info)                                                                                   \
      return CUSOLVER_STATUS_INVALID_VALUE;                                                      \
    *info = new Opts;                                                                            \
    return CUSOLVER_STATUS_SUCCESS;                                                              \
  }                                                                                              \
  cusolverStatus_t cusolverDnDestroy##Name##Info(Opts##_t info) {                                \
    delete info;                                                                                 \
    return CUSOLVER_STATUS_SUCCESS;                                                              \
  }                                                                                              \
  cusolverStatus_t cusolverDnX##low##SetTolerance(Opts##_t info, double tolerance) {           \
    return setOption(info, [&](Opts &i) { i.tolerance = tolerance; });                           \
  }                                                                                              \
  cusolverStatus_t cusolverDnX##low##SetMaxSweeps(Opts##_t info, int sweeps) {                 \
    return setOption(info, [&](Opts &i) { i.maxSweeps = std::max(1, sweeps); });                 \
  }                                                                                              \
  cusolverStatus_t cusolverDnX##low##SetSortEig(Opts##_t info, int sort) {                     \
    return setOption(info, [&](Opts &i) { i.sort = sort; });                                     \
  }                                                                                              \
  cusolverStatus_t cusolverDnX##low##GetResidual(cusolverDnHandle_t h, Opts##_t info,          \
                                                  double *residual) {                            \
    return getResult(h, info, residual, [](const Opts &i) { return i.residual; });              \
  }                                                                                              \
  cusolverStatus_t cusolverDnX##low##GetSweeps(cusolverDnHandle_t h, Opts##_t info,            \
                                                int *sweeps) {                                   \
    return getResult(h, info, sweeps, [](const Opts &i) { return i.sweeps; });                  \
  }
SIMT_JACOBI_OPTIONS(Syevj, syevj, syevjInfo)
SIMT_JACOBI_OPTIONS(Gesvdj, gesvdj, gesvdjInfo)
#undef SIMT_JACOBI_OPTIONS

#define SIMT_CUSOLVER_JACOBI(P, T)                                                                 \
  cusolverStatus_t cusolverDn##P##syevj_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t,      \
                                                   cublasFillMode_t, int n, const T *, int,      \
                                                   const T *, int *lwork, syevjInfo_t) {         \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevj(cusolverDnHandle_t h, cusolverEigMode_t jobz,            \
                                        cublasFillMode_t uplo, int n, T *A, int lda, T *W, T *,  \
                                        int, int *info, syevjInfo_t params) {                    \
    return syevj(h, jobz, uplo, n, A, lda, W, info, params);                                     \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevjBatched_bufferSize(                                       \
      cusolverDnHandle_t h, cusolverEigMode_t, cublasFillMode_t, int n, const T *, int,          \
      const T *, int *lwork, syevjInfo_t, int) {                                                 \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##syevjBatched(cusolverDnHandle_t h, cusolverEigMode_t jobz,     \
                                               cublasFillMode_t uplo, int n, T *A, int lda,      \
                                               T *W, T *, int, int *info, syevjInfo_t params,    \
                                               int batches) {                                    \
    return syevjBatched(h, jobz, uplo, n, A, lda, W, info, params, batches);                     \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##sygvj_bufferSize(                                              \
      cusolverDnHandle_t h, cusolverEigType_t, cusolverEigMode_t, cublasFillMode_t, int n,       \
      const T *, int, const T *, int, const T *, int *lwork, syevjInfo_t) {                      \
    return workSize(h, lwork, n);                                                                \
  }                                                                                              \
  /* sygvj: sygvd's reduction through B's Cholesky factor (no sweeps of   \
     its own to report). */                                                  \
  cusolverStatus_t cusolverDn##P##sygvj(cusolverDnHandle_t h, cusolverEigType_t itype,           \
                                        cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,    \
                                        T *A, int lda, T *B, int ldb, T *W, T *, int, int *info, \
                                        syevjInfo_t params) {                                    \
    if (params)                                                                                  \
      *params = syevjInfo{params->tolerance, params->maxSweeps, params->sort, 0, 0, false};      \
    return cusolverDn##P##sygvd(h, itype, jobz, uplo, n, A, lda, B, ldb, W, nullptr, 0, info);   \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvdj_bufferSize(                                             \
      cusolverDnHandle_t h, cusolverEigMode_t, int, int m, int n, const T *, int, const T *,     \
      const T *, int, const T *, int, int *lwork, gesvdjInfo_t) {                                \
    return workSize(h, lwork, m + n);                                                            \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvdj(cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, \
                                         int m, int n, T *A, int lda, T *S, T *U, int ldu, T *V, \
                                         int ldv, T *, int, int *info, gesvdjInfo_t params) {    \
    return gesvdj(h, jobz, econ, m, n, A, lda, S, U, ldu, V, ldv, info, params);                 \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvdjBatched_bufferSize(                                      \
      cusolverDnHandle_t h, cusolverEigMode_t, int m, int n, const T *, int, const T *,          \
      const T *, int, const T *, int, int *lwork, gesvdjInfo_t, int) {                           \
    return workSize(h, lwork, m + n);                                                            \
  }                                                                                              \
  cusolverStatus_t cusolverDn##P##gesvdjBatched(                                                 \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, T *A, int lda, T *S, T *U,     \
      int ldu, T *V, int ldv, T *, int, int *info, gesvdjInfo_t params, int batches) {           \
    return gesvdjBatched(h, jobz, m, n, A, lda, S, U, ldu, V, ldv, info, params, batches);       \
  }
SIMT_CUSOLVER_JACOBI(S, float)
SIMT_CUSOLVER_JACOBI(D, double)
#undef SIMT_CUSOLVER_JACOBI
}

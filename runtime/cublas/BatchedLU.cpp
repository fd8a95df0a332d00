//===-- BatchedLU.cpp - libcublas: the batched LU -------------------------===//
//
// getrfBatched (with or without pivots), getrsBatched and getriBatched in
// float and double, on the host in double (runtime/lapack): column-major
// operands behind arrays of device pointers.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"
#include "runtime/lapack/Lapack.h"

#include <algorithm>

using namespace simt::cublas;
using simt::lapack::ColMajor;

namespace {

/// The m x n matrix at `p` (leading dimension ld) in doubles.
template <class T> ColMajor readMatrix(const T *p, int m, int n, int ld) {
  return ColMajor::fromElements(Matrix<T>{const_cast<T *>(p), m, n, ld}.read(), m, n, ld);
}
template <class T> void writeMatrix(T *p, const ColMajor &M) {
  Matrix<T>{p, M.m, M.n, M.ld}.write(M.elements<T>());
}

template <class T>
cublasStatus_t getrfBatched(cublasHandle_t h, int n, T *const As[], int lda, int *P, int *info,
                            int batches) {
  return run(h, [&](const cublasContext &) {
    if (n < 0 || lda < std::max(1, n) || batches < 0 || !info)
      return CUBLAS_STATUS_INVALID_VALUE;
    const std::vector<T *> a = addresses(As, batches);
    std::vector<int> infos(static_cast<size_t>(batches)), pivots(size_t(n) * size_t(batches));
    for (int b = 0; b < batches; ++b) {
      ColMajor M = readMatrix(a[size_t(b)], n, n, lda);
      std::vector<int> piv(static_cast<size_t>(n));
      infos[size_t(b)] = simt::lapack::getrf(M, P ? &piv : nullptr);
      std::copy(piv.begin(), piv.end(), pivots.begin() + ptrdiff_t(b) * n);
      writeMatrix(a[size_t(b)], M);
    }
    if (P)
      copyBytes(P, pivots.data(), pivots.size() * sizeof(int));
    copyBytes(info, infos.data(), infos.size() * sizeof(int));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The pivots of batch `b` from a getrfBatched P array already read.
std::vector<int> pivotsOf(const std::vector<int> &all, int n, int b) {
  return std::vector<int>(all.begin() + ptrdiff_t(b) * n, all.begin() + ptrdiff_t(b + 1) * n);
}

/// getrsBatched: op(A_i) X_i = B_i with getrfBatched's factors; `info` is
/// a host int, as cuBLAS's (0, or -j for an invalid j-th parameter).
template <class T>
cublasStatus_t getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n, int nrhs,
                            const T *const As[], int lda, const int *P, T *const Bs[], int ldb,
                            int *info, int batches) {
  return run(h, [&](const cublasContext &) {
    const int bad = !validOperation(trans) ? 2 : n < 0 ? 3 : nrhs < 0 ? 4 : lda < std::max(1, n) ? 6
                    : ldb < std::max(1, n) ? 9 : batches < 0 ? 11 : 0;
    if (info)
      *info = -bad;
    if (bad || !info)
      return CUBLAS_STATUS_INVALID_VALUE;
    const std::vector<const T *> a = addresses(As, batches);
    const std::vector<T *> bs = addresses(Bs, batches);
    std::vector<int> pivots(P ? size_t(n) * size_t(batches) : 0);
    if (P)
      copyBytes(pivots.data(), P, pivots.size() * sizeof(int));
    // The swaps index B's rows by these: a pivot outside 1..n would write
    // past the host copy.
    for (int p : pivots)
      if (p < 1 || p > n)
        return CUBLAS_STATUS_INVALID_VALUE;
    for (int b = 0; b < batches; ++b) {
      const ColMajor LU = readMatrix(a[size_t(b)], n, n, lda);
      ColMajor X = readMatrix(bs[size_t(b)], n, nrhs, ldb);
      const std::vector<int> piv = P ? pivotsOf(pivots, n, b) : std::vector<int>();
      simt::lapack::getrs(LU, P ? &piv : nullptr, trans != CUBLAS_OP_N, X);
      writeMatrix(bs[size_t(b)], X);
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// getriBatched: C_i = A_i^-1 from getrfBatched's factors; info[i] the
/// 1-based index of a zero on U's diagonal, else 0.
template <class T>
cublasStatus_t getriBatched(cublasHandle_t h, int n, const T *const As[], int lda, const int *P,
                            T *const Cs[], int ldc, int *info, int batches) {
  return run(h, [&](const cublasContext &) {
    if (n < 0 || lda < std::max(1, n) || ldc < std::max(1, n) || batches < 0 || !info)
      return CUBLAS_STATUS_INVALID_VALUE;
    const std::vector<const T *> a = addresses(As, batches);
    const std::vector<T *> cs = addresses(Cs, batches);
    std::vector<int> pivots(P ? size_t(n) * size_t(batches) : 0), infos(size_t(batches), 0);
    if (P)
      copyBytes(pivots.data(), P, pivots.size() * sizeof(int));
    for (int p : pivots)
      if (p < 1 || p > n)
        return CUBLAS_STATUS_INVALID_VALUE;
    for (int b = 0; b < batches; ++b) {
      const ColMajor LU = readMatrix(a[size_t(b)], n, n, lda);
      for (int i = 0; i < n && !infos[size_t(b)]; ++i)
        if (LU.at(i, i) == 0)
          infos[size_t(b)] = i + 1;
      if (infos[size_t(b)])
        continue;
      ColMajor X = readMatrix(cs[size_t(b)], n, n, ldc);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          X.at(i, j) = i == j;
      const std::vector<int> piv = P ? pivotsOf(pivots, n, b) : std::vector<int>();
      simt::lapack::getrs(LU, P ? &piv : nullptr, false, X);
      writeMatrix(cs[size_t(b)], X);
    }
    copyBytes(info, infos.data(), infos.size() * sizeof(int));
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

#define BATCHED_LU(P, T)                                                                         \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T *const A[], int lda,        \
                                         int *Piv, int *info, int batchSize) {                   \
    return getrfBatched<T>(h, n, A, lda, Piv, info, batchSize);                                  \
  }                                                                                              \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n,      \
                                         int nrhs, const T *const Aarray[], int lda,             \
                                         const int *devIpiv, T *const Barray[], int ldb,         \
                                         int *info, int batchSize) {                             \
    return getrsBatched<T>(h, trans, n, nrhs, Aarray, lda, devIpiv, Barray, ldb, info,          \
                           batchSize);                                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T *const A[], int lda,  \
                                         const int *Piv, T *const C[], int ldc, int *info,       \
                                         int batchSize) {                                        \
    return getriBatched<T>(h, n, A, lda, Piv, C, ldc, info, batchSize);                          \
  }

extern "C" {
BATCHED_LU(S, float)
BATCHED_LU(D, double)
}

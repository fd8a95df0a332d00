//===-- Triangular.cpp - libcublas: symmetric and triangular operands, LU -===//
//
// The BLAS routines over one triangle of a matrix (symmetric and triangular
// operands: ger, syr, syr2, symv, symm, syrk, syr2k, syrkx, trmv, trsv, trmm,
// trsm) and the batched LU, on the host in double (runtime/lapack), as
// Level3.cpp's: column-major operands, C or y not read where beta is 0.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Operands.h"
#include "runtime/lapack/Lapack.h"

#include <algorithm>

using namespace simt::cublas;
using simt::lapack::ColMajor;

namespace {

bool validFill(cublasFillMode_t f) { return f == CUBLAS_FILL_MODE_LOWER || f == CUBLAS_FILL_MODE_UPPER; }
bool validOp(cublasOperation_t op) {
  return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

/// The m x n matrix at `p` (leading dimension ld) in doubles.
template <class T> ColMajor readMatrix(const T *p, int m, int n, int ld) {
  return ColMajor::fromElements(Matrix<T>{const_cast<T *>(p), m, n, ld}.read(), m, n, ld);
}
template <class T> void writeMatrix(T *p, const ColMajor &M) {
  Matrix<T>{p, M.m, M.n, M.ld}.write(M.elements<T>());
}

/// Element (i, j) of the symmetric matrix that A's `lower` or upper
/// triangle stores.
double symmetric(const ColMajor &A, bool lower, int i, int j) {
  return (lower ? i >= j : i <= j) ? A.at(i, j) : A.at(j, i);
}

template <class T>
cublasStatus_t ger(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx,
                   const T *y, int incy, T *A, int lda) {
  return run(h, [&](const cublasContext &c) {
    if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha));
    const std::vector<T> vx = strided(x, m, incx).read(), vy = strided(y, n, incy).read();
    ColMajor M = readMatrix(A, m, n, lda);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        M.at(i, j) += al * double(vx[size_t(i)]) * double(vy[size_t(j)]);
    writeMatrix(A, M);
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T>
cublasStatus_t symv(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha, const T *A,
                    int lda, const T *x, int incx, const T *beta, T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    if (!validFill(uplo) || n < 0 || lda < std::max(1, n) || incx == 0 || incy == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha)), be = double(scalar(c, beta));
    const ColMajor M = readMatrix(A, n, n, lda);
    const std::vector<T> vx = strided(x, n, incx).read();
    Strided<T> Y{y, n, incy};
    std::vector<T> vy = be == 0 ? std::vector<T>(size_t(n)) : Y.read();
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int j = 0; j < n; ++j)
        s += symmetric(M, uplo == CUBLAS_FILL_MODE_LOWER, i, j) * double(vx[size_t(j)]);
      vy[size_t(i)] = T(al * s + (be == 0 ? 0.0 : be * double(vy[size_t(i)])));
    }
    Y.write(vy);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right), X over B.
template <class T>
cublasStatus_t trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha,
                    const T *A, int lda, T *B, int ldb) {
  return run(h, [&](const cublasContext &c) {
    const bool left = side == CUBLAS_SIDE_LEFT;
    const int order = left ? m : n;
    if ((!left && side != CUBLAS_SIDE_RIGHT) || !validFill(uplo) || !validOp(trans) || m < 0 ||
        n < 0 || lda < std::max(1, order) || ldb < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha));
    ColMajor X = readMatrix(B, m, n, ldb);
    if (al == 0) { // BLAS: B = 0, A not referenced (B's NaNs do not spread)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
          X.at(i, j) = 0;
      writeMatrix(B, X);
      return CUBLAS_STATUS_SUCCESS;
    }
    const ColMajor M = readMatrix(A, order, order, lda);
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER, unit = diag == CUBLAS_DIAG_UNIT;
    const bool transpose = trans != CUBLAS_OP_N;
    std::vector<double> v(static_cast<size_t>(order));
    // Left: each column solves op(A) x = alpha b. Right: each row solves
    // x op(A) = alpha b, that is op(A)^T x^T = alpha b^T.
    for (int line = 0; line < (left ? n : m); ++line) {
      for (int i = 0; i < order; ++i)
        v[size_t(i)] = al * (left ? X.at(i, line) : X.at(line, i));
      simt::lapack::trsv(M, lower, unit, left ? transpose : !transpose, v.data());
      for (int i = 0; i < order; ++i)
        (left ? X.at(i, line) : X.at(line, i)) = v[size_t(i)];
    }
    writeMatrix(B, X);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The rank-k updates of C's `uplo` triangle, op(X) being n x k: syrk
/// (alpha op(A) op(A)^T), syrkx (alpha op(A) op(B)^T, C's triangle known to
/// be symmetric) and syr2k (alpha (op(A) op(B)^T + op(B) op(A)^T)), each
/// plus beta C.
enum class RankK { Syrk, Syrkx, Syr2k };
template <class T>
cublasStatus_t rankK(cublasHandle_t h, RankK form, cublasFillMode_t uplo, cublasOperation_t trans,
                     int n, int k, const T *alpha, const T *A, int lda, const T *B, int ldb,
                     const T *beta, T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const bool plain = trans == CUBLAS_OP_N;
    const int rows = plain ? n : k, cols = plain ? k : n;
    if (!validFill(uplo) || !validOp(trans) || n < 0 || k < 0 || lda < std::max(1, rows) ||
        (form != RankK::Syrk && ldb < std::max(1, rows)) || ldc < std::max(1, n))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha)), be = double(scalar(c, beta));
    const ColMajor MA = k ? readMatrix(A, rows, cols, lda) : ColMajor{};
    const ColMajor MB = k && form != RankK::Syrk ? readMatrix(B, rows, cols, ldb) : ColMajor{};
    const ColMajor &other = form == RankK::Syrk ? MA : MB;
    ColMajor R = readMatrix(C, n, n, ldc);
    const auto op = [&](const ColMajor &M, int i, int l) { return plain ? M.at(i, l) : M.at(l, i); };
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        if (uplo == CUBLAS_FILL_MODE_LOWER ? i < j : i > j)
          continue;
        double s = 0;
        for (int l = 0; l < k; ++l)
          s += op(MA, i, l) * op(other, j, l) +
               (form == RankK::Syr2k ? op(MB, i, l) * op(MA, j, l) : 0.0);
        R.at(i, j) = al * s + (be == 0 ? 0.0 : be * R.at(i, j));
      }
    writeMatrix(C, R);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// A += alpha x x^T (syr) or alpha (x y^T + y x^T) (syr2, y given) in A's
/// `uplo` triangle.
template <class T>
cublasStatus_t symmetricUpdate(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha,
                               const T *x, int incx, const T *y, int incy, T *A, int lda) {
  return run(h, [&](const cublasContext &c) {
    if (!validFill(uplo) || n < 0 || incx == 0 || (y && incy == 0) || lda < std::max(1, n))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha));
    const std::vector<T> vx = strided(x, n, incx).read();
    const std::vector<T> vy = y ? strided(y, n, incy).read() : vx;
    ColMajor M = readMatrix(A, n, n, lda);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        if (uplo == CUBLAS_FILL_MODE_LOWER ? i < j : i > j)
          continue;
        const double xi = double(vx[size_t(i)]), xj = double(vx[size_t(j)]);
        const double yi = double(vy[size_t(i)]), yj = double(vy[size_t(j)]);
        M.at(i, j) += y ? al * (xi * yj + yi * xj) : al * xi * xj;
      }
    writeMatrix(A, M);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// Element (i, j) of op(A) for the triangular matrix A's `lower` or upper
/// triangle stores (a unit diagonal not read).
double triangular(const ColMajor &A, bool lower, bool unit, bool transposed, int i, int j) {
  if (transposed)
    std::swap(i, j);
  if (lower ? i < j : i > j)
    return 0;
  return i == j && unit ? 1.0 : A.at(i, j);
}

/// x = op(A) x (trmv) or the x that op(A) x gives back (trsv, `solve`), A
/// triangular.
template <class T>
cublasStatus_t triangularVector(cublasHandle_t h, bool solve, cublasFillMode_t uplo,
                                cublasOperation_t trans, cublasDiagType_t diag, int n, const T *A,
                                int lda, T *x, int incx) {
  return run(h, [&](const cublasContext &) {
    if (!validFill(uplo) || !validOp(trans) || n < 0 || lda < std::max(1, n) || incx == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER, unit = diag == CUBLAS_DIAG_UNIT;
    const bool transposed = trans != CUBLAS_OP_N;
    const ColMajor M = readMatrix(A, n, n, lda);
    Strided<T> X{x, n, incx};
    const std::vector<T> raw = X.read();
    std::vector<double> v(raw.begin(), raw.end()), out(v.size());
    if (solve) {
      simt::lapack::trsv(M, lower, unit, transposed, v.data());
      out = v;
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          out[size_t(i)] += triangular(M, lower, unit, transposed, i, j) * v[size_t(j)];
    }
    X.write(std::vector<T>(out.begin(), out.end()));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// C = alpha op(A) B (left) or alpha B op(A) (right), A triangular: cuBLAS's
/// out-of-place trmm (C may be B).
template <class T>
cublasStatus_t trmm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha,
                    const T *A, int lda, const T *B, int ldb, T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const bool left = side == CUBLAS_SIDE_LEFT;
    const int order = left ? m : n;
    if ((!left && side != CUBLAS_SIDE_RIGHT) || !validFill(uplo) || !validOp(trans) || m < 0 ||
        n < 0 || lda < std::max(1, order) || ldb < std::max(1, m) || ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha));
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER, unit = diag == CUBLAS_DIAG_UNIT;
    const bool transposed = trans != CUBLAS_OP_N;
    const ColMajor M = readMatrix(A, order, order, lda), X = readMatrix(B, m, n, ldb);
    ColMajor R = readMatrix(C, m, n, ldc);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double s = 0;
        for (int l = 0; l < order; ++l)
          s += left ? triangular(M, lower, unit, transposed, i, l) * X.at(l, j)
                    : X.at(i, l) * triangular(M, lower, unit, transposed, l, j);
        R.at(i, j) = al * s;
      }
    writeMatrix(C, R);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// C = alpha A B + beta C (left) or alpha B A + beta C, A symmetric.
template <class T>
cublasStatus_t symm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                    const T *alpha, const T *A, int lda, const T *B, int ldb, const T *beta,
                    T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const bool left = side == CUBLAS_SIDE_LEFT;
    const int order = left ? m : n;
    if ((!left && side != CUBLAS_SIDE_RIGHT) || !validFill(uplo) || m < 0 || n < 0 ||
        lda < std::max(1, order) || ldb < std::max(1, m) || ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const double al = double(scalar(c, alpha)), be = double(scalar(c, beta));
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const ColMajor M = readMatrix(A, order, order, lda), X = readMatrix(B, m, n, ldb);
    ColMajor R = readMatrix(C, m, n, ldc);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double s = 0;
        for (int l = 0; l < order; ++l)
          s += left ? symmetric(M, lower, i, l) * X.at(l, j) : X.at(i, l) * symmetric(M, lower, l, j);
        R.at(i, j) = al * s + (be == 0 ? 0.0 : be * R.at(i, j));
      }
    writeMatrix(C, R);
    return CUBLAS_STATUS_SUCCESS;
  });
}


/// getrfBatched: each n x n matrix LU-factored in place; P (n pivots per
/// matrix, 1-based) may be null: no pivoting; info[i] as getrf's.
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
    const int bad = !validOp(trans) ? 2 : n < 0 ? 3 : nrhs < 0 ? 4 : lda < std::max(1, n) ? 6
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

#define TRIANGULAR(P, T)                                                                         \
  cublasStatus_t cublas##P##ger_v2(cublasHandle_t h, int m, int n, const T *alpha, const T *x,   \
                                   int incx, const T *y, int incy, T *A, int lda) {              \
    return ger<T>(h, m, n, alpha, x, incx, y, incy, A, lda);                                     \
  }                                                                                              \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,   \
                                    const T *beta, T *y, int incy) {                             \
    return symv<T>(h, uplo, n, alpha, A, lda, x, incx, beta, y, incy);                           \
  }                                                                                              \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo,                    \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,       \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularVector<T>(h, true, uplo, trans, diag, n, A, lda, x, incx);                  \
  }                                                                                              \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t h, cublasSideMode_t side,                    \
                                    cublasFillMode_t uplo, cublasOperation_t trans,              \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,         \
                                    const T *A, int lda, T *B, int ldb) {                        \
    return trsm<T>(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);                     \
  }                                                                                              \
  cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side,                \
                                        cublasFillMode_t uplo, cublasOperation_t trans,          \
                                        cublasDiagType_t diag, int m, int n, const T *alpha,     \
                                        const T *const As[], int lda, T *const Bs[], int ldb,    \
                                        int batches) {                                           \
    return eachBatch(h, As, Bs, batches, [&](const T *A, T *B) {                                 \
      return trsm<T>(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);                   \
    });                                                                                          \
  }                                                                                              \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo,                    \
                                    cublasOperation_t trans, int n, int k, const T *alpha,       \
                                    const T *A, int lda, const T *beta, T *C, int ldc) {         \
    return rankK<T>(h, RankK::Syrk, uplo, trans, n, k, alpha, A, lda, A, lda, beta, C, ldc);     \
  }                                                                                              \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t h, cublasSideMode_t side,                    \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,         \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,     \
                                    T *C, int ldc) {                                             \
    return symm<T>(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);                    \
  }                                                                                              \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t h, cublasFillMode_t uplo,                   \
                                     cublasOperation_t trans, int n, int k, const T *alpha,      \
                                     const T *A, int lda, const T *B, int ldb, const T *beta,    \
                                     T *C, int ldc) {                                            \
    return rankK<T>(h, RankK::Syr2k, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);    \
  }                                                                                              \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo,                      \
                                  cublasOperation_t trans, int n, int k, const T *alpha,         \
                                  const T *A, int lda, const T *B, int ldb, const T *beta,       \
                                  T *C, int ldc) {                                               \
    return rankK<T>(h, RankK::Syrkx, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);    \
  }                                                                                              \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
                                   const T *alpha, const T *x, int incx, T *A, int lda) {        \
    return symmetricUpdate<T>(h, uplo, n, alpha, x, incx, nullptr, 0, A, lda);                   \
  }                                                                                              \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
                                    const T *alpha, const T *x, int incx, const T *y, int incy,  \
                                    T *A, int lda) {                                             \
    return symmetricUpdate<T>(h, uplo, n, alpha, x, incx, y, incy, A, lda);                      \
  }                                                                                              \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo,                    \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,       \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularVector<T>(h, false, uplo, trans, diag, n, A, lda, x, incx);                 \
  }                                                                                              \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side,                    \
                                    cublasFillMode_t uplo, cublasOperation_t trans,              \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,         \
                                    const T *A, int lda, const T *B, int ldb, T *C, int ldc) {   \
    return trmm<T>(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);             \
  }                                                                                              \
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
TRIANGULAR(S, float)
TRIANGULAR(D, double)
}

//===-- BandPacked.cpp - libcublas: band and packed level-2 operands ------===//
//
// The level-2 routines over band storage (gbmv, sbmv, hbmv, tbmv, tbsv)
// and packed storage (spmv, hpmv, spr, hpr, spr2, hpr2, tpmv, tpsv) in S,
// D, C and Z, with reference BLAS's layouts: band column j holds A(i, j)
// at row ku + i - j (a symmetric or triangular band: k + i - j for the
// upper triangle, i - j for the lower), and the packed upper triangle
// holds A(i, j) at i + j (j + 1) / 2, the lower at i + j (2n - j - 1) / 2.
// Each call expands its operand to a dense matrix in Field.h's wider type,
// computes, and writes a packed update back. y is not read where beta is 0.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"

#include <algorithm>

using namespace simt::cublas;

namespace {

/// A dense m x n matrix in T's arithmetic, column-major, zero where the
/// storage holds nothing.
template <class T> struct Square {
  int m = 0, n = 0;
  std::vector<Acc<T>> a;
  Square(int rows, int cols) : m(rows), n(cols), a(size_t(rows) * size_t(cols)) {}
  Acc<T> &at(int i, int j) { return a[size_t(j) * m + i]; }
  Acc<T> at(int i, int j) const { return a[size_t(j) * m + i]; }
  Acc<T> op(cublasOperation_t t, int i, int j) const {
    return t == CUBLAS_OP_N ? at(i, j) : t == CUBLAS_OP_T ? at(j, i) : conjugate(at(j, i));
  }
};

bool inTriangle(bool lower, int i, int j) { return lower ? i >= j : i <= j; }

/// The general band matrix (m x n, kl below and ku above the diagonal).
template <class T> Square<T> readBand(const T *A, int m, int n, int kl, int ku, int lda) {
  const std::vector<Acc<T>> band = widen(Matrix<T>{const_cast<T *>(A), kl + ku + 1, n, lda}.read());
  Square<T> S(m, n);
  for (int j = 0; j < n; ++j)
    for (int i = std::max(0, j - ku); i <= std::min(m - 1, j + kl); ++i)
      S.at(i, j) = band[size_t(j) * lda + size_t(ku + i - j)];
  return S;
}

/// One triangle of an n x n band matrix with k off-diagonals.
template <class T> Square<T> readTriangleBand(const T *A, int n, int k, int lda, bool lower) {
  return lower ? readBand(A, n, n, k, 0, lda) : readBand(A, n, n, 0, k, lda);
}

size_t packedIndex(int n, bool lower, int i, int j) {
  return lower ? size_t(i) + size_t(j) * size_t(2 * n - j - 1) / 2
               : size_t(i) + size_t(j) * size_t(j + 1) / 2;
}

/// One triangle of an n x n packed matrix, and its elements as stored.
template <class T> struct Packed {
  Matrix<T> where;
  int n;
  bool lower;
  Packed(const T *AP, int order, bool low)
      : where{const_cast<T *>(AP), order * (order + 1) / 2, 1, std::max(1, order * (order + 1) / 2)},
        n(order), lower(low) {}
  Square<T> read() const {
    const std::vector<Acc<T>> v = widen(where.read());
    Square<T> S(n, n);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (inTriangle(lower, i, j))
          S.at(i, j) = v[packedIndex(n, lower, i, j)];
    return S;
  }
  void write(const Square<T> &S) const {
    std::vector<Acc<T>> v(size_t(where.rows));
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (inTriangle(lower, i, j))
          v[packedIndex(n, lower, i, j)] = S.at(i, j);
    where.write(narrow<T>(v));
  }
};

/// The whole symmetric (Hermitian: conjugate mirror, real diagonal) matrix
/// one stored triangle stands for.
template <class T> Square<T> mirrored(Square<T> S, bool lower, bool hermitian) {
  for (int j = 0; j < S.n; ++j)
    for (int i = 0; i < S.n; ++i)
      if (i == j && hermitian)
        S.at(i, i) = realPart(S.at(i, i));
      else if (!inTriangle(lower, i, j))
        S.at(i, j) = hermitian ? conjugate(S.at(j, i)) : S.at(j, i);
  return S;
}

/// y = alpha op(A) x + beta y over a dense expansion.
template <class T>
cublasStatus_t product(const cublasContext &c, const Square<T> &M, cublasOperation_t t,
                       const T *alpha, const T *x, int incx, const T *beta, T *y, int incy) {
  const bool plain = t == CUBLAS_OP_N;
  const int rows = plain ? M.m : M.n, cols = plain ? M.n : M.m;
  const Acc<T> al = wideScalar(c, alpha), be = wideScalar(c, beta), zero = 0;
  const std::vector<Acc<T>> vx = widen(strided(x, cols, incx).read());
  Strided<T> Y{y, rows, incy};
  std::vector<Acc<T>> vy = be == zero ? std::vector<Acc<T>>(size_t(rows)) : widen(Y.read());
  for (int i = 0; i < rows; ++i) {
    Acc<T> s = 0;
    for (int j = 0; j < cols; ++j)
      s += M.op(t, i, j) * vx[size_t(j)];
    vy[size_t(i)] = al * s + (be == zero ? zero : be * vy[size_t(i)]);
  }
  Y.write(narrow<T>(vy));
  return CUBLAS_STATUS_SUCCESS;
}

template <class T>
cublasStatus_t gbmv(cublasHandle_t h, cublasOperation_t t, int m, int n, int kl, int ku,
                    const T *alpha, const T *A, int lda, const T *x, int incx, const T *beta,
                    T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    if (!validOperation(t) || m < 0 || n < 0 || kl < 0 || ku < 0 || lda < kl + ku + 1 ||
        incx == 0 || incy == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    return product(c, readBand(A, m, n, kl, ku, lda), t, alpha, x, incx, beta, y, incy);
  });
}

/// sbmv and hbmv (A a band of k off-diagonals) or spmv and hpmv (A packed,
/// k < 0): y = alpha A x + beta y.
template <class T>
cublasStatus_t selfAdjointProduct(cublasHandle_t h, bool hermitian, cublasFillMode_t uplo, int n,
                                  int k, const T *alpha, const T *A, int lda, const T *x, int incx,
                                  const T *beta, T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    const bool band = k >= 0;
    if (!validFillMode(uplo) || n < 0 || (band && lda < k + 1) || incx == 0 || incy == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const Square<T> S = band ? readTriangleBand(A, n, k, lda, lower) : Packed<T>(A, n, lower).read();
    return product(c, mirrored(S, lower, hermitian), CUBLAS_OP_N, alpha, x, incx, beta, y, incy);
  });
}

/// spr and hpr (alpha x x', alpha real), spr2 and hpr2 (alpha x y' +
/// alpha~ y x'), ' being the conjugate transpose for the Hermitian forms,
/// on a packed triangle.
template <class T, class S>
cublasStatus_t packedUpdate(cublasHandle_t h, bool hermitian, cublasFillMode_t uplo, int n,
                            const S *alpha, const T *x, int incx, const T *y, int incy, T *AP) {
  return run(h, [&](const cublasContext &c) {
    if (!validFillMode(uplo) || n < 0 || incx == 0 || (y && incy == 0))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = Field<S>::in(scalar(c, alpha)), al2 = hermitian ? conjugate(al) : al;
    const std::vector<Acc<T>> vx = widen(strided(x, n, incx).read());
    const std::vector<Acc<T>> vy = y ? widen(strided(y, n, incy).read()) : vx;
    const auto adj = [&](Acc<T> v) { return hermitian ? conjugate(v) : v; };
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const Packed<T> P(AP, n, lower);
    Square<T> M = P.read();
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        if (!inTriangle(lower, i, j))
          continue;
        Acc<T> &e = M.at(i, j);
        e += y ? al * vx[size_t(i)] * adj(vy[size_t(j)]) + al2 * vy[size_t(i)] * adj(vx[size_t(j)])
               : al * vx[size_t(i)] * adj(vx[size_t(j)]);
        if (hermitian && i == j)
          e = realPart(e);
      }
    P.write(M);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// tbmv and tbsv (A a triangular band of k off-diagonals) or tpmv and tpsv
/// (A packed, k < 0): x = op(A) x, or the x that op(A) x gives back.
template <class T>
cublasStatus_t triangularBandPacked(cublasHandle_t h, bool solve, cublasFillMode_t uplo,
                                    cublasOperation_t t, cublasDiagType_t diag, int n, int k,
                                    const T *A, int lda, T *x, int incx) {
  return run(h, [&](const cublasContext &) {
    const bool band = k >= 0;
    if (!validFillMode(uplo) || !validOperation(t) || n < 0 || (band && lda < k + 1) || incx == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    Square<T> M = band ? readTriangleBand(A, n, k, lda, lower) : Packed<T>(A, n, lower).read();
    if (diag == CUBLAS_DIAG_UNIT)
      for (int i = 0; i < n; ++i)
        M.at(i, i) = 1;
    Strided<T> X{x, n, incx};
    std::vector<Acc<T>> v = widen(X.read()), out(v.size());
    if (solve) {
      // op(A) is lower triangular when A is lower and not transposed, or
      // upper and transposed.
      const bool lowerOp = lower == (t == CUBLAS_OP_N);
      for (int step = 0; step < n; ++step) {
        const int i = lowerOp ? step : n - 1 - step;
        Acc<T> s = v[size_t(i)];
        for (int j = lowerOp ? 0 : i + 1; j < (lowerOp ? i : n); ++j)
          s -= M.op(t, i, j) * v[size_t(j)];
        v[size_t(i)] = s / M.op(t, i, i);
      }
      out = v;
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          out[size_t(i)] += M.op(t, i, j) * v[size_t(j)];
    }
    X.write(narrow<T>(out));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// tpttr (packed to full, `toFull`) and trttp: one triangle copied between
/// the packed layout and a column-major matrix (the other triangle of the
/// full one not written).
template <class T>
cublasStatus_t convertTriangle(cublasHandle_t h, bool toFull, cublasFillMode_t uplo, int n,
                               const T *AP, T *A, int lda) {
  return run(h, [&](const cublasContext &) {
    if (!validFillMode(uplo) || n < 0 || lda < std::max(1, n))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const Packed<T> P(AP, n, lower);
    Matrix<T> M{A, n, n, lda};
    std::vector<T> full = M.read();
    std::vector<T> packed = P.where.read();
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (inTriangle(lower, i, j)) {
          T &f = full[size_t(j) * lda + i], &p = packed[packedIndex(n, lower, i, j)];
          (toFull ? f : p) = toFull ? p : f;
        }
    if (toFull)
      M.write(full);
    else
      P.where.write(packed);
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

/// The forms every type has: gbmv, tbmv, tbsv, tpmv, tpsv, tpttr, trttp.
#define BAND_PACKED(P, T)                                                                          \
  cublasStatus_t cublas##P##gbmv_v2(cublasHandle_t h, cublasOperation_t t, int m, int n, int kl, \
                                    int ku, const T *alpha, const T *A, int lda, const T *x,     \
                                    int incx, const T *beta, T *y, int incy) {                   \
    return gbmv(h, t, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);                      \
  }                                                                                              \
  cublasStatus_t cublas##P##tbmv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t t, cublasDiagType_t diag, int n, int k,    \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularBandPacked(h, false, uplo, t, diag, n, k, A, lda, x, incx);                 \
  }                                                                                              \
  cublasStatus_t cublas##P##tbsv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t t, cublasDiagType_t diag, int n, int k,    \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularBandPacked(h, true, uplo, t, diag, n, k, A, lda, x, incx);                  \
  }                                                                                              \
  cublasStatus_t cublas##P##tpmv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t t, cublasDiagType_t diag, int n,           \
                                    const T *AP, T *x, int incx) {                               \
    return triangularBandPacked(h, false, uplo, t, diag, n, -1, AP, 1, x, incx);                 \
  }                                                                                              \
  cublasStatus_t cublas##P##tpsv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t t, cublasDiagType_t diag, int n,           \
                                    const T *AP, T *x, int incx) {                               \
    return triangularBandPacked(h, true, uplo, t, diag, n, -1, AP, 1, x, incx);                  \
  }                                                                                              \
  cublasStatus_t cublas##P##tpttr(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *AP,   \
                                  T *A, int lda) {                                               \
    return convertTriangle(h, true, uplo, n, AP, A, lda);                                        \
  }                                                                                              \
  cublasStatus_t cublas##P##trttp(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *A,    \
                                  int lda, T *AP) {                                              \
    return convertTriangle(h, false, uplo, n, const_cast<const T *>(AP), const_cast<T *>(A),    \
                           lda);                                                                 \
  }

/// The symmetric forms (sbmv, spmv, spr, spr2 in S and D) and the
/// Hermitian ones (hbmv, hpmv, hpr, hpr2 in C and Z; R the real type of
/// hpr's alpha).
#define SELF_ADJOINT_BAND_PACKED(P, s, HERM, T, R)                                                 \
  cublasStatus_t cublas##P##s##bmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, int k,     \
                                      const T *alpha, const T *A, int lda, const T *x, int incx, \
                                      const T *beta, T *y, int incy) {                           \
    return selfAdjointProduct(h, HERM, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);       \
  }                                                                                              \
  cublasStatus_t cublas##P##s##pmv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,            \
                                      const T *alpha, const T *AP, const T *x, int incx,         \
                                      const T *beta, T *y, int incy) {                           \
    return selfAdjointProduct(h, HERM, uplo, n, -1, alpha, AP, 1, x, incx, beta, y, incy);       \
  }                                                                                              \
  cublasStatus_t cublas##P##s##pr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,             \
                                     const R *alpha, const T *x, int incx, T *AP) {              \
    return packedUpdate<T>(h, HERM, uplo, n, alpha, x, incx, nullptr, 0, AP);                    \
  }                                                                                              \
  cublasStatus_t cublas##P##s##pr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,            \
                                      const T *alpha, const T *x, int incx, const T *y,          \
                                      int incy, T *AP) {                                         \
    return packedUpdate(h, HERM, uplo, n, alpha, x, incx, y, incy, AP);                          \
  }

extern "C" {
BAND_PACKED(S, float)
BAND_PACKED(D, double)
BAND_PACKED(C, cuComplex)
BAND_PACKED(Z, cuDoubleComplex)
SELF_ADJOINT_BAND_PACKED(S, s, false, float, float)
SELF_ADJOINT_BAND_PACKED(D, s, false, double, double)
SELF_ADJOINT_BAND_PACKED(C, h, true, cuComplex, float)
SELF_ADJOINT_BAND_PACKED(Z, h, true, cuDoubleComplex, double)
}

//===-- Triangles.cpp - libcublas: one-triangle operands in S, D, C and Z -===//
//
// The routines over one triangle of a matrix, with reference BLAS's
// semantics, in every type (Field.h's wider arithmetic): symmetric operands
// (symv, symm, syr, syr2, syrk, syr2k, syrkx) and triangular ones (trmv,
// trsv, trmm, trsm and trsmBatched, op(A) being A, A^T or A^H), and in C
// and Z the Hermitian ones (hemv, hemm; her, her2, herk, her2k, herkx
// update one, leaving its diagonal real) and the rank-1 updates geru
// (x y^T) and gerc (x y^H); ger in S and D. C, or y, is not read where
// beta is 0.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"

#include <algorithm>
#include <type_traits>

using namespace simt::cublas;

namespace {

bool outsideTriangle(bool lower, int i, int j) { return lower ? i < j : i > j; }

/// Element (i, j) of the Hermitian (or, `hermitian` false, symmetric)
/// matrix A's `lower` or upper triangle stores (a Hermitian diagonal read
/// as real, as BLAS reads it).
template <class T> Acc<T> selfAdjoint(const Dense<T> &A, bool lower, bool hermitian, int i, int j) {
  if (outsideTriangle(lower, i, j))
    return hermitian ? conjugate(A.at(j, i)) : A.at(j, i);
  return i == j && hermitian ? Acc<T>(realPart(A.at(i, i))) : A.at(i, j);
}

/// Element (i, j) of op(A), A triangular in its `lower` or upper triangle
/// (a unit diagonal not read).
template <class T>
Acc<T> triangle(const Dense<T> &A, bool lower, bool unit, cublasOperation_t t, int i, int j) {
  const bool plain = t == CUBLAS_OP_N;
  if (outsideTriangle(lower, plain ? i : j, plain ? j : i))
    return 0;
  return i == j && unit ? Acc<T>(1) : A.op(t, i, j);
}

/// Solves M x = b in place (x over b) for the n x n triangular M that
/// `at(i, j)` gives, lower or upper.
template <class V, class At> void substitute(int n, bool lower, At &&at, std::vector<V> &x) {
  for (int step = 0; step < n; ++step) {
    const int i = lower ? step : n - 1 - step;
    V s = x[size_t(i)];
    for (int j = lower ? 0 : i + 1; j < (lower ? i : n); ++j)
      s -= at(i, j) * x[size_t(j)];
    x[size_t(i)] = s / at(i, i);
  }
}

bool lowerAfter(bool lower, cublasOperation_t t) { return lower != (t != CUBLAS_OP_N); }

//===-- Level 2 ----------------------------------------------------------------===//

/// A += alpha x y^T (geru) or alpha x y^H (gerc).
template <class T>
cublasStatus_t ger(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx,
                   const T *y, int incy, T *A, int lda, bool conjugated) {
  return run(h, [&](const cublasContext &c) {
    if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha);
    const std::vector<Acc<T>> vx = widen(strided(x, m, incx).read());
    const std::vector<Acc<T>> vy = widen(strided(y, n, incy).read());
    Dense<T> M(A, m, n, lda);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        M.at(i, j) += al * vx[size_t(i)] * (conjugated ? conjugate(vy[size_t(j)]) : vy[size_t(j)]);
    M.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// y = alpha A x + beta y, A Hermitian (hemv) or symmetric (symv).
template <class T>
cublasStatus_t selfAdjointVector(cublasHandle_t h, bool hermitian, cublasFillMode_t uplo, int n,
                                 const T *alpha, const T *A, int lda, const T *x, int incx,
                                 const T *beta, T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    if (!validFillMode(uplo) || n < 0 || lda < std::max(1, n) || incx == 0 || incy == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha), be = wideScalar(c, beta);
    const Dense<T> M(A, n, n, lda);
    const std::vector<Acc<T>> vx = widen(strided(x, n, incx).read());
    Strided<T> Y{y, n, incy};
    std::vector<Acc<T>> vy = be == 0.0 ? std::vector<Acc<T>>(size_t(n)) : widen(Y.read());
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    for (int i = 0; i < n; ++i) {
      Acc<T> s = 0;
      for (int j = 0; j < n; ++j)
        s += selfAdjoint(M, lower, hermitian, i, j) * vx[size_t(j)];
      vy[size_t(i)] = al * s + (be == 0.0 ? Acc<T>(0) : be * vy[size_t(i)]);
    }
    Y.write(narrow<T>(vy));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The rank-1 and rank-2 updates of A's `uplo` triangle: her (alpha x x^H,
/// alpha real), her2 (alpha x y^H + conj(alpha) y x^H), syr (alpha x x^T),
/// syr2 (alpha (x y^T + y x^T)); y null for the rank-1 forms. A Hermitian
/// update leaves the diagonal real.
template <class T, class S>
cublasStatus_t selfAdjointUpdate(cublasHandle_t h, bool hermitian, cublasFillMode_t uplo, int n,
                                 const S *alpha, const T *x, int incx, const T *y, int incy,
                                 T *A, int lda) {
  return run(h, [&](const cublasContext &c) {
    if (!validFillMode(uplo) || n < 0 || incx == 0 || (y && incy == 0) || lda < std::max(1, n))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = Field<S>::in(scalar(c, alpha));
    const std::vector<Acc<T>> vx = widen(strided(x, n, incx).read());
    const std::vector<Acc<T>> vy = y ? widen(strided(y, n, incy).read()) : vx;
    const auto adj = [&](Acc<T> z) { return hermitian ? conjugate(z) : z; };
    Dense<T> M(A, n, n, lda);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        if (outsideTriangle(uplo == CUBLAS_FILL_MODE_LOWER, i, j))
          continue;
        const Acc<T> xi = vx[size_t(i)], xj = vx[size_t(j)], yi = vy[size_t(i)], yj = vy[size_t(j)];
        Acc<T> &e = M.at(i, j);
        e += y ? al * xi * adj(yj) + (hermitian ? conjugate(al) : al) * yi * adj(xj)
               : al * xi * adj(xj);
        if (hermitian && i == j)
          e = realPart(e);
      }
    M.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// x = op(A) x (trmv) or the x that op(A) x gives back (trsv, `solve`).
template <class T>
cublasStatus_t triangularVector(cublasHandle_t h, bool solve, cublasFillMode_t uplo,
                                cublasOperation_t trans, cublasDiagType_t diag, int n, const T *A,
                                int lda, T *x, int incx) {
  return run(h, [&](const cublasContext &) {
    if (!validFillMode(uplo) || !validOperation(trans) || n < 0 || lda < std::max(1, n) ||
        incx == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER, unit = diag == CUBLAS_DIAG_UNIT;
    const Dense<T> M(A, n, n, lda);
    const auto at = [&](int i, int j) { return triangle(M, lower, unit, trans, i, j); };
    Strided<T> X{x, n, incx};
    std::vector<Acc<T>> v = widen(X.read()), out(v.size());
    if (solve) {
      substitute(n, lowerAfter(lower, trans), at, v);
      out = v;
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          out[size_t(i)] += at(i, j) * v[size_t(j)];
    }
    X.write(narrow<T>(out));
    return CUBLAS_STATUS_SUCCESS;
  });
}

//===-- Level 3 ----------------------------------------------------------------===//

/// C = alpha A B + beta C (left) or alpha B A + beta C, A Hermitian (hemm)
/// or symmetric (symm).
template <class T>
cublasStatus_t selfAdjointMatrix(cublasHandle_t h, bool hermitian, cublasSideMode_t side,
                                 cublasFillMode_t uplo, int m, int n, const T *alpha, const T *A,
                                 int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const bool left = side == CUBLAS_SIDE_LEFT;
    const int order = left ? m : n;
    if ((!left && side != CUBLAS_SIDE_RIGHT) || !validFillMode(uplo) || m < 0 || n < 0 ||
        lda < std::max(1, order) || ldb < std::max(1, m) || ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha), be = wideScalar(c, beta);
    const bool lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const Dense<T> M(A, order, order, lda), X(B, m, n, ldb);
    Dense<T> R(C, m, n, ldc);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        Acc<T> s = 0;
        for (int l = 0; l < order; ++l)
          s += left ? selfAdjoint(M, lower, hermitian, i, l) * X.at(l, j)
                    : X.at(i, l) * selfAdjoint(M, lower, hermitian, l, j);
        R.at(i, j) = al * s + (be == 0.0 ? Acc<T>(0) : be * R.at(i, j));
      }
    R.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The rank-k updates of C's `uplo` triangle, op(X) n x k: with ' the
/// conjugate transpose (Hermitian forms, op N or C, beta real) or the
/// transpose (symmetric forms, op N or T): rank k (alpha op(A) op(A)',
/// alpha real for herk), kx (alpha op(A) op(B)') and 2k (alpha op(A)
/// op(B)' + alpha~ op(B) op(A)', alpha~ conj(alpha) for her2k), plus beta C.
enum class RankK { K, Kx, TwoK };
template <class T, class SA, class SB>
cublasStatus_t rankK(cublasHandle_t h, RankK form, bool hermitian, cublasFillMode_t uplo,
                     cublasOperation_t trans, int n, int k, const SA *alpha, const T *A, int lda,
                     const T *B, int ldb, const SB *beta, T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const bool plain = trans == CUBLAS_OP_N;
    // A Hermitian form takes N or C, a complex symmetric one N or T, a real
    // one any (C is T there).
    constexpr bool real = std::is_same_v<Acc<T>, double>;
    const bool opValid = plain || (trans == CUBLAS_OP_C && (hermitian || real)) ||
                         (trans == CUBLAS_OP_T && !hermitian);
    const int rows = plain ? n : k;
    if (!validFillMode(uplo) || !opValid || n < 0 || k < 0 || lda < std::max(1, rows) ||
        (form != RankK::K && ldb < std::max(1, rows)) || ldc < std::max(1, n))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = Field<SA>::in(scalar(c, alpha)), be = Field<SB>::in(scalar(c, beta));
    const Dense<T> MA = k ? readOp(A, trans, n, k, lda) : Dense<T>();
    const Dense<T> MB = k && form != RankK::K ? readOp(B, trans, n, k, ldb) : Dense<T>();
    const Dense<T> &other = form == RankK::K ? MA : MB;
    const auto adj = [&](Acc<T> z) { return hermitian ? conjugate(z) : z; };
    const Acc<T> al2 = hermitian ? conjugate(al) : al;
    Dense<T> R(C, n, n, ldc);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        if (outsideTriangle(uplo == CUBLAS_FILL_MODE_LOWER, i, j))
          continue;
        Acc<T> s = 0, s2 = 0;
        for (int l = 0; l < k; ++l) {
          s += MA.op(trans, i, l) * adj(other.op(trans, j, l));
          if (form == RankK::TwoK)
            s2 += MB.op(trans, i, l) * adj(MA.op(trans, j, l));
        }
        Acc<T> &e = R.at(i, j);
        e = al * s + al2 * s2 + (be == 0.0 ? Acc<T>(0) : be * e);
        if (hermitian && i == j)
          e = realPart(e);
      }
    R.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// Checks of trmm's and trsm's operands; the order of A, or -1.
int triangularOrder(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, int m,
                    int n, int lda, int ldb) {
  const int order = side == CUBLAS_SIDE_LEFT ? m : n;
  if ((side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || !validFillMode(uplo) ||
      !validOperation(trans) || m < 0 || n < 0 || lda < std::max(1, order) || ldb < std::max(1, m))
    return -1;
  return order;
}

/// C = alpha op(A) B (left) or alpha B op(A) (right), A triangular: cuBLAS's
/// out-of-place trmm.
template <class T>
cublasStatus_t trmm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha,
                    const T *A, int lda, const T *B, int ldb, T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    const int order = triangularOrder(side, uplo, trans, m, n, lda, ldb);
    if (order < 0 || ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha);
    const bool left = side == CUBLAS_SIDE_LEFT, lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const bool unit = diag == CUBLAS_DIAG_UNIT;
    const Dense<T> M(A, order, order, lda), X(B, m, n, ldb);
    Dense<T> R(C, m, n, ldc);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        Acc<T> s = 0;
        for (int l = 0; l < order; ++l)
          s += left ? triangle(M, lower, unit, trans, i, l) * X.at(l, j)
                    : X.at(i, l) * triangle(M, lower, unit, trans, l, j);
        R.at(i, j) = al * s;
      }
    R.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right), X over B.
template <class T>
cublasStatus_t trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,
                    cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha,
                    const T *A, int lda, T *B, int ldb) {
  return run(h, [&](const cublasContext &c) {
    const int order = triangularOrder(side, uplo, trans, m, n, lda, ldb);
    if (order < 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!m || !n)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha);
    const bool left = side == CUBLAS_SIDE_LEFT, lower = uplo == CUBLAS_FILL_MODE_LOWER;
    const bool unit = diag == CUBLAS_DIAG_UNIT;
    Dense<T> X(B, m, n, ldb);
    if (al == 0.0) { // BLAS: B = 0, A not referenced
      std::fill(X.v.begin(), X.v.end(), Acc<T>(0));
      X.write();
      return CUBLAS_STATUS_SUCCESS;
    }
    const Dense<T> M(A, order, order, lda);
    // Left: each column solves op(A) x = alpha b. Right: each row solves
    // x op(A) = alpha b, that is the system of op(A)'s transpose.
    const auto at = [&](int i, int j) {
      return left ? triangle(M, lower, unit, trans, i, j) : triangle(M, lower, unit, trans, j, i);
    };
    const bool lowerSystem = lowerAfter(lower, trans) == left;
    std::vector<Acc<T>> v(static_cast<size_t>(order));
    for (int line = 0; line < (left ? n : m); ++line) {
      for (int i = 0; i < order; ++i)
        v[size_t(i)] = al * (left ? X.at(i, line) : X.at(line, i));
      substitute(order, lowerSystem, at, v);
      for (int i = 0; i < order; ++i)
        (left ? X.at(i, line) : X.at(line, i)) = v[size_t(i)];
    }
    X.write();
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

/// The forms every type has: symmetric and triangular operands.
#define ONE_TRIANGLE(P, T)                                                                       \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,   \
                                    const T *beta, T *y, int incy) {                             \
    return selfAdjointVector(h, false, uplo, n, alpha, A, lda, x, incx, beta, y, incy);          \
  }                                                                                              \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,               \
                                   const T *alpha, const T *x, int incx, T *A, int lda) {        \
    return selfAdjointUpdate<T>(h, false, uplo, n, alpha, x, incx, nullptr, 0, A, lda);          \
  }                                                                                              \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
                                    const T *alpha, const T *x, int incx, const T *y, int incy,  \
                                    T *A, int lda) {                                             \
    return selfAdjointUpdate(h, false, uplo, n, alpha, x, incx, y, incy, A, lda);                \
  }                                                                                              \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,       \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularVector(h, false, uplo, trans, diag, n, A, lda, x, incx);                    \
  }                                                                                              \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,       \
                                    const T *A, int lda, T *x, int incx) {                       \
    return triangularVector(h, true, uplo, trans, diag, n, A, lda, x, incx);                     \
  }                                                                                              \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t h, cublasSideMode_t side,                     \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,         \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,     \
                                    T *C, int ldc) {                                             \
    return selfAdjointMatrix(h, false, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);   \
  }                                                                                              \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t trans, int n, int k, const T *alpha,       \
                                    const T *A, int lda, const T *beta, T *C, int ldc) {         \
    return rankK<T>(h, RankK::K, false, uplo, trans, n, k, alpha, A, lda, nullptr, 0, beta, C,   \
                 ldc);                                                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##syrkx(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                  cublasOperation_t trans, int n, int k, const T *alpha,         \
                                  const T *A, int lda, const T *B, int ldb, const T *beta,       \
                                  T *C, int ldc) {                                               \
    return rankK(h, RankK::Kx, false, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);   \
  }                                                                                              \
  cublasStatus_t cublas##P##syr2k_v2(cublasHandle_t h, cublasFillMode_t uplo,                    \
                                     cublasOperation_t trans, int n, int k, const T *alpha,      \
                                     const T *A, int lda, const T *B, int ldb, const T *beta,    \
                                     T *C, int ldc) {                                            \
    return rankK(h, RankK::TwoK, false, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc); \
  }                                                                                              \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side,                     \
                                    cublasFillMode_t uplo, cublasOperation_t trans,              \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,         \
                                    const T *A, int lda, const T *B, int ldb, T *C, int ldc) {   \
    return trmm(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);                \
  }                                                                                              \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t h, cublasSideMode_t side,                     \
                                    cublasFillMode_t uplo, cublasOperation_t trans,              \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,         \
                                    const T *A, int lda, T *B, int ldb) {                        \
    return trsm(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);                        \
  }                                                                                              \
  cublasStatus_t cublas##P##trsmBatched(cublasHandle_t h, cublasSideMode_t side,                \
                                        cublasFillMode_t uplo, cublasOperation_t trans,          \
                                        cublasDiagType_t diag, int m, int n, const T *alpha,     \
                                        const T *const As[], int lda, T *const Bs[], int ldb,    \
                                        int batches) {                                           \
    return eachBatch(h, As, Bs, batches, [&](const T *A, T *B) {                                 \
      return trsm<T>(h, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);                   \
    });                                                                                          \
  }

/// The complex forms: Hermitian operands and the two rank-1 updates (R
/// the real type of her's and herk's scalars).
#define HERMITIAN(P, R, T)                                                                       \
  cublasStatus_t cublas##P##geru_v2(cublasHandle_t h, int m, int n, const T *alpha, const T *x,  \
                                    int incx, const T *y, int incy, T *A, int lda) {             \
    return ger(h, m, n, alpha, x, incx, y, incy, A, lda, false);                                 \
  }                                                                                              \
  cublasStatus_t cublas##P##gerc_v2(cublasHandle_t h, int m, int n, const T *alpha, const T *x,  \
                                    int incx, const T *y, int incy, T *A, int lda) {             \
    return ger(h, m, n, alpha, x, incx, y, incy, A, lda, true);                                  \
  }                                                                                              \
  cublasStatus_t cublas##P##hemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,   \
                                    const T *beta, T *y, int incy) {                             \
    return selfAdjointVector(h, true, uplo, n, alpha, A, lda, x, incx, beta, y, incy);           \
  }                                                                                              \
  cublasStatus_t cublas##P##her_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,               \
                                   const R *alpha, const T *x, int incx, T *A, int lda) {        \
    return selfAdjointUpdate<T>(h, true, uplo, n, alpha, x, incx, nullptr, 0, A, lda);           \
  }                                                                                              \
  cublasStatus_t cublas##P##her2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,              \
                                    const T *alpha, const T *x, int incx, const T *y, int incy,  \
                                    T *A, int lda) {                                             \
    return selfAdjointUpdate(h, true, uplo, n, alpha, x, incx, y, incy, A, lda);                 \
  }                                                                                              \
  cublasStatus_t cublas##P##hemm_v2(cublasHandle_t h, cublasSideMode_t side,                     \
                                    cublasFillMode_t uplo, int m, int n, const T *alpha,         \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,     \
                                    T *C, int ldc) {                                             \
    return selfAdjointMatrix(h, true, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);    \
  }                                                                                              \
  cublasStatus_t cublas##P##herk_v2(cublasHandle_t h, cublasFillMode_t uplo,                     \
                                    cublasOperation_t trans, int n, int k, const R *alpha,       \
                                    const T *A, int lda, const R *beta, T *C, int ldc) {         \
    return rankK<T>(h, RankK::K, true, uplo, trans, n, k, alpha, A, lda, nullptr, 0, beta, C,   \
                    ldc);                                                                       \
  }                                                                                              \
  cublasStatus_t cublas##P##herkx(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                  cublasOperation_t trans, int n, int k, const T *alpha,         \
                                  const T *A, int lda, const T *B, int ldb, const R *beta,       \
                                  T *C, int ldc) {                                               \
    return rankK(h, RankK::Kx, true, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);    \
  }                                                                                              \
  cublasStatus_t cublas##P##her2k_v2(cublasHandle_t h, cublasFillMode_t uplo,                    \
                                     cublasOperation_t trans, int n, int k, const T *alpha,      \
                                     const T *A, int lda, const T *B, int ldb, const R *beta,    \
                                     T *C, int ldc) {                                            \
    return rankK(h, RankK::TwoK, true, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);  \
  }

/// The real rank-1 update (geru's x y^T).
#define REAL_GER(P, T)                                                                             \
  cublasStatus_t cublas##P##ger_v2(cublasHandle_t h, int m, int n, const T *alpha, const T *x,   \
                                   int incx, const T *y, int incy, T *A, int lda) {              \
    return ger(h, m, n, alpha, x, incx, y, incy, A, lda, false);                                 \
  }

namespace {
/// herkEx and syrkEx (and their 3m forms, the same result here): A and C in
/// complex float, the only types both take that this library computes in.
template <class S>
cublasStatus_t rankKEx(cublasHandle_t h, bool hermitian, cublasFillMode_t uplo,
                       cublasOperation_t trans, int n, int k, const S *alpha, const void *A,
                       cudaDataType at, int lda, const S *beta, void *C, cudaDataType ct, int ldc) {
  if (at != CUDA_C_32F || ct != CUDA_C_32F)
    return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
  return rankK<cuComplex>(h, RankK::K, hermitian, uplo, trans, n, k, alpha,
                          static_cast<const cuComplex *>(A), lda, nullptr, 0, beta,
                          static_cast<cuComplex *>(C), ldc);
}
} // namespace

extern "C" {
ONE_TRIANGLE(S, float)
ONE_TRIANGLE(D, double)
ONE_TRIANGLE(C, cuComplex)
ONE_TRIANGLE(Z, cuDoubleComplex)
HERMITIAN(C, float, cuComplex)
HERMITIAN(Z, double, cuDoubleComplex)
REAL_GER(S, float)
REAL_GER(D, double)

cublasStatus_t cublasCherkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                             int n, int k, const float *alpha, const void *A, cudaDataType at,
                             int lda, const float *beta, void *C, cudaDataType ct, int ldc) {
  return rankKEx(h, true, uplo, trans, n, k, alpha, A, at, lda, beta, C, ct, ldc);
}
cublasStatus_t cublasCherk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                               int n, int k, const float *alpha, const void *A, cudaDataType at,
                               int lda, const float *beta, void *C, cudaDataType ct, int ldc) {
  return rankKEx(h, true, uplo, trans, n, k, alpha, A, at, lda, beta, C, ct, ldc);
}
cublasStatus_t cublasCsyrkEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                             int n, int k, const cuComplex *alpha, const void *A, cudaDataType at,
                             int lda, const cuComplex *beta, void *C, cudaDataType ct, int ldc) {
  return rankKEx(h, false, uplo, trans, n, k, alpha, A, at, lda, beta, C, ct, ldc);
}
cublasStatus_t cublasCsyrk3mEx(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                               int n, int k, const cuComplex *alpha, const void *A,
                               cudaDataType at, int lda, const cuComplex *beta, void *C,
                               cudaDataType ct, int ldc) {
  return rankKEx(h, false, uplo, trans, n, k, alpha, A, at, lda, beta, C, ct, ldc);
}
}

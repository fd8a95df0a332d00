//===-- Level3.cpp - libcublas: gemv, gemm and its batches, geam, gemmEx --===//
//
// Column-major operands as BLAS has them; op(X) is X, its transpose (T) or
// its conjugate transpose (C, the transpose for real types). S, D, C and Z
// (and H for gemm), each in Field.h's wider type: products accumulate in
// double or complex double; where beta is 0, C (or y) is not read, so what it
// held (NaN included) does not show through.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

using namespace simt::cublas;

namespace {

/// A value as cuBLAS's __half stores it (IEEE binary16), read and written
/// through float with rounding to nearest even: gemm's arithmetic is in
/// double as for the other types, its result rounded to half.
struct Half {
  uint16_t bits = 0;
  Half() = default;
  explicit Half(double v) : bits(fromFloat(toOddFloat(v))) {}
  explicit operator double() const { return toFloat(bits); }
  bool operator==(const Half &o) const { return double(*this) == double(o); }

  /// v in float rounded to odd (an inexact result's last bit set): float's
  /// 24 bits are more than half's 11 + 2, so rounding that to half is v
  /// rounded to half once, not twice (1 + 2^-11 + 2^-40 is 1 + 2^-10).
  static float toOddFloat(double v) {
    float f = float(v);
    if (std::isfinite(v) && double(f) != v) {
      if (std::fabs(double(f)) > std::fabs(v))
        f = std::nextafter(f, 0.0f);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      b |= 1u;
      std::memcpy(&f, &b, 4);
    }
    return f;
  }
  static uint16_t fromFloat(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u, mag = x & 0x7fffffffu;
    if (mag >= 0x7f800000u) // inf, NaN (kept quiet)
      return uint16_t(sign | 0x7c00u | (mag > 0x7f800000u ? 0x200u : 0));
    if (mag >= 0x477ff000u) // rounds past 65504
      return uint16_t(sign | 0x7c00u);
    if (mag < 0x38800000u) { // a subnormal half (or zero): round at 2^-24
      const float scaled = std::fabs(f) * 16777216.0f; // exact: a power of two
      return uint16_t(sign | uint16_t(std::nearbyint(scaled)));
    }
    const uint32_t rounded = mag + 0xfffu + ((mag >> 13) & 1u); // to nearest even
    return uint16_t(sign | ((rounded - 0x38000000u) >> 13));
  }
  static float toFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    float f;
    if (e == 0)
      f = std::ldexp(float(m), -24);
    else if (e == 31)
      f = m ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    else
      f = std::ldexp(float(m | 0x400u), int(e) - 25);
    return sign ? -f : f;
  }
};
static_assert(sizeof(Half) == 2, "a __half's layout");

} // namespace

/// Half computes in double, as float does.
template <> struct simt::cublas::Field<Half> {
  using Acc = double;
  static Acc in(Half v) { return double(v); }
  static Half out(Acc v) { return Half(v); }
};

namespace {


/// Element (i, j) of op(X), X stored column-major with leading dimension ld
/// (conjugated for C).
template <class T>
Acc<T> element(const std::vector<T> &x, int ld, cublasOperation_t op, int i, int j) {
  if (op == CUBLAS_OP_N)
    return Field<T>::in(x[size_t(j) * ld + i]);
  const Acc<T> v = Field<T>::in(x[size_t(i) * ld + j]);
  return op == CUBLAS_OP_C ? conjugate(v) : v;
}

/// The stored shape of an operand that is rows x cols after op.
template <class T> Matrix<T> stored(const T *p, cublasOperation_t op, int rows, int cols, int ld) {
  bool n = op == CUBLAS_OP_N;
  return {const_cast<T *>(p), n ? rows : cols, n ? cols : rows, ld};
}

/// op(X) as a dense row-major rows x cols array in T's arithmetic.
template <class T>
std::vector<Acc<T>> dense(const std::vector<T> &x, int ld, cublasOperation_t op, int rows,
                          int cols) {
  std::vector<Acc<T>> d(size_t(rows) * cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      d[size_t(i) * cols + j] = element(x, ld, op, i, j);
  return d;
}

/// C = alpha op(A) op(B) + beta C for one m x n x k product, A and B of
/// type TA, C of TC (gemmEx's half in, float out): each row of the product
/// accumulated along op(B)'s rows, which keeps the loops on contiguous
/// memory.
template <class TA, class TC, class S = Acc<TC>>
void gemmOnce(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, S alpha,
              const TA *A, int lda, const TA *B, int ldb, S beta, TC *C, int ldc) {
  if (m == 0 || n == 0)
    return;
  std::vector<Acc<TA>> a, b;
  if (k) {
    a = dense(stored(A, ta, m, k, lda).read(), lda, ta, m, k);
    b = dense(stored(B, tb, k, n, ldb).read(), ldb, tb, k, n);
  }
  Matrix<TC> Cm{C, m, n, ldc};
  std::vector<TC> c = Cm.read();
  std::vector<S> row(n);
  for (int i = 0; i < m; ++i) {
    std::fill(row.begin(), row.end(), S(0));
    for (int l = 0; l < k; ++l) {
      const S ail = a[size_t(i) * k + l];
      const S *bl = &b[size_t(l) * n];
      for (int j = 0; j < n; ++j)
        row[j] += ail * bl[j];
    }
    for (int j = 0; j < n; ++j) {
      TC &out = c[size_t(j) * ldc + i];
      out = Field<TC>::out(beta == S(0) ? alpha * row[j] : alpha * row[j] + beta * Field<TC>::in(out));
    }
  }
  Cm.write(c);
}

/// The checks cuBLAS makes of a gemm's shapes.
bool gemmArgsValid(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int lda,
                   int ldb, int ldc) {
  return validOperation(ta) && validOperation(tb) && m >= 0 && n >= 0 && k >= 0 &&
         lda >= std::max(1, ta == CUBLAS_OP_N ? m : k) &&
         ldb >= std::max(1, tb == CUBLAS_OP_N ? k : n) && ldc >= std::max(1, m);
}

/// gemm and its strided batches: A and B of type TA, C of TC, the scalars
/// of TS (gemmEx's compute type: float scalars for a half gemm that
/// computes in float).
template <class TA, class TC = TA, class TS = TC>
cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                    int k, const TS *alpha, const TA *A, int lda, long long sA, const TA *B,
                    int ldb, long long sB, const TS *beta, TC *C, int ldc, long long sC,
                    int batches) {
  return run(h, [&](const cublasContext &c) {
    if (!gemmArgsValid(ta, tb, m, n, k, lda, ldb, ldc) || batches < 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    const Acc<TC> al = Field<TS>::in(scalar(c, alpha)), be = Field<TS>::in(scalar(c, beta));
    for (int b = 0; b < batches; ++b)
      gemmOnce(ta, tb, m, n, k, al, A + b * sA, lda, B + b * sB, ldb, be, C + b * sC, ldc);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// gemmBatched: the operands' addresses are in arrays in device memory
/// (types as gemm's).
template <class TA, class TC = TA, class TS = TC>
cublasStatus_t gemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const TS *alpha, const TA *const As[], int lda,
                           const TA *const Bs[], int ldb, const TS *beta, TC *const Cs[], int ldc,
                           int batches) {
  return run(h, [&](const cublasContext &c) {
    if (!gemmArgsValid(ta, tb, m, n, k, lda, ldb, ldc) || batches < 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    std::vector<const TA *> a(batches), b(batches);
    std::vector<TC *> cs(batches);
    copyBytes(a.data(), As, batches * sizeof(TA *));
    copyBytes(b.data(), Bs, batches * sizeof(TA *));
    copyBytes(cs.data(), Cs, batches * sizeof(TC *));
    const Acc<TC> al = Field<TS>::in(scalar(c, alpha)), be = Field<TS>::in(scalar(c, beta));
    for (int i = 0; i < batches; ++i)
      gemmOnce(ta, tb, m, n, k, al, a[i], lda, b[i], ldb, be, cs[i], ldc);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// gemmGroupedBatched: group g's gemm (its ops, shapes, leading dimensions
/// and scalars from host arrays) on group_size[g] consecutive entries of
/// the device pointer arrays.
template <class TA, class TC = TA, class TS = TC>
cublasStatus_t gemmGrouped(cublasHandle_t h, const cublasOperation_t ta[],
                           const cublasOperation_t tb[], const int m[], const int n[],
                           const int k[], const TS *alpha, const TA *const As[], const int lda[],
                           const TA *const Bs[], const int ldb[], const TS *beta,
                           TC *const Cs[], const int ldc[], int groups, const int size[]) {
  return run(h, [&](const cublasContext &c) {
    if (groups < 0 || (groups && (!ta || !tb || !m || !n || !k || !alpha || !lda || !ldb ||
                                  !beta || !ldc || !size)))
      return CUBLAS_STATUS_INVALID_VALUE;
    long long total = 0;
    for (int g = 0; g < groups; ++g) {
      if (size[g] < 0 || !gemmArgsValid(ta[g], tb[g], m[g], n[g], k[g], lda[g], ldb[g], ldc[g]))
        return CUBLAS_STATUS_INVALID_VALUE;
      total += size[g];
    }
    if (total > INT_MAX)
      return CUBLAS_STATUS_INVALID_VALUE;
    const std::vector<const TA *> a = addresses(As, int(total)), b = addresses(Bs, int(total));
    const std::vector<TC *> cs = addresses(Cs, int(total));
    for (int g = 0, at = 0; g < groups; at += size[g++]) {
      const Acc<TC> al = Field<TS>::in(scalar(c, alpha + g)), be = Field<TS>::in(scalar(c, beta + g));
      for (int i = at; i < at + size[g]; ++i)
        gemmOnce(ta[g], tb[g], m[g], n[g], k[g], al, a[size_t(i)], lda[g], b[size_t(i)], ldb[g], be,
                 cs[size_t(i)], ldc[g]);
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T>
cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *alpha,
                    const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    if (!validOperation(t) || m < 0 || n < 0 || lda < std::max(1, m) || incx == 0 || incy == 0)
      return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
      return CUBLAS_STATUS_SUCCESS;
    bool plain = t == CUBLAS_OP_N;
    int rows = plain ? m : n, cols = plain ? n : m; // of op(A)
    const Acc<T> al = wideScalar(c, alpha), be = wideScalar(c, beta);
    std::vector<T> a = Matrix<T>{const_cast<T *>(A), m, n, lda}.read();
    std::vector<Acc<T>> vx = widen(strided(x, cols, incx).read());
    Strided<T> Y{y, rows, incy};
    std::vector<Acc<T>> vy = be == Acc<T>(0) ? std::vector<Acc<T>>(rows) : widen(Y.read());
    for (int i = 0; i < rows; ++i) {
      Acc<T> sum = 0;
      for (int j = 0; j < cols; ++j)
        sum += element(a, lda, t, i, j) * vx[j];
      vy[i] = be == Acc<T>(0) ? al * sum : al * sum + be * vy[i];
    }
    Y.write(narrow<T>(vy));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// C = alpha op(A) + beta op(B), m x n.
template <class T>
cublasStatus_t geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                    const T *alpha, const T *A, int lda, const T *beta, const T *B, int ldb,
                    T *C, int ldc) {
  return run(h, [&](const cublasContext &c) {
    if (!validOperation(ta) || !validOperation(tb) || m < 0 || n < 0 ||
        lda < std::max(1, ta == CUBLAS_OP_N ? m : n) ||
        ldb < std::max(1, tb == CUBLAS_OP_N ? m : n) || ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
      return CUBLAS_STATUS_SUCCESS;
    const Acc<T> al = wideScalar(c, alpha), be = wideScalar(c, beta), zero = 0;
    std::vector<T> a = al == zero ? std::vector<T>() : stored(A, ta, m, n, lda).read();
    std::vector<T> b = be == zero ? std::vector<T>() : stored(B, tb, m, n, ldb).read();
    Matrix<T> Cm{C, m, n, ldc};
    std::vector<T> out = Cm.read();
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        out[size_t(j) * ldc + i] =
            Field<T>::out((al == zero ? zero : al * element(a, lda, ta, i, j)) +
                          (be == zero ? zero : be * element(b, ldb, tb, i, j)));
    Cm.write(out);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// C = A diag(x) (right) or diag(x) A (left), A m x n.
template <class T>
cublasStatus_t dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n, const T *A, int lda,
                    const T *x, int incx, T *C, int ldc) {
  return run(h, [&](const cublasContext &) {
    const bool left = mode == CUBLAS_SIDE_LEFT;
    if ((!left && mode != CUBLAS_SIDE_RIGHT) || m < 0 || n < 0 || lda < std::max(1, m) ||
        ldc < std::max(1, m))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
      return CUBLAS_STATUS_SUCCESS;
    const std::vector<T> a = Matrix<T>{const_cast<T *>(A), m, n, lda}.read();
    const std::vector<T> d = strided(x, left ? m : n, incx).read();
    Matrix<T> Cm{C, m, n, ldc};
    std::vector<T> out = Cm.read();
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        out[size_t(j) * ldc + i] = Field<T>::out(Field<T>::in(a[size_t(j) * lda + i]) *
                                                 Field<T>::in(d[size_t(left ? i : j)]));
    Cm.write(out);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The operand types gemmEx computes in both precisions: all float
/// (compute 32F and its fast variants, which compute in float here), all
/// double, all complex float or complex double, half with compute 16F, and half A and B with compute 32F into
/// half or float C (the mixed-precision gemm, float scalars); the others
/// NOT_SUPPORTED. Calls `call` with null pointers of A's, C's and the
/// scalars' element types.
template <class Call>
cublasStatus_t withGemmExTypes(cublasHandle_t h, cudaDataType at, cudaDataType bt,
                               cudaDataType ct, cublasComputeType_t compute, Call &&call) {
  const bool compute32 = compute == CUBLAS_COMPUTE_32F || compute == CUBLAS_COMPUTE_32F_PEDANTIC ||
                         compute == CUBLAS_COMPUTE_32F_FAST_16F;
  if (at == CUDA_R_32F && bt == CUDA_R_32F && ct == CUDA_R_32F &&
      (compute32 || compute == CUBLAS_COMPUTE_32F_FAST_16BF ||
       compute == CUBLAS_COMPUTE_32F_FAST_TF32))
    return call((float *)nullptr, (float *)nullptr, (float *)nullptr);
  const bool compute64 = compute == CUBLAS_COMPUTE_64F || compute == CUBLAS_COMPUTE_64F_PEDANTIC;
  if (at == CUDA_R_64F && bt == CUDA_R_64F && ct == CUDA_R_64F && compute64)
    return call((double *)nullptr, (double *)nullptr, (double *)nullptr);
  if (at == CUDA_C_32F && bt == CUDA_C_32F && ct == CUDA_C_32F &&
      (compute32 || compute == CUBLAS_COMPUTE_32F_FAST_TF32))
    return call((cuComplex *)nullptr, (cuComplex *)nullptr, (cuComplex *)nullptr);
  if (at == CUDA_C_64F && bt == CUDA_C_64F && ct == CUDA_C_64F && compute64)
    return call((cuDoubleComplex *)nullptr, (cuDoubleComplex *)nullptr,
                (cuDoubleComplex *)nullptr);
  const bool halfIn = at == CUDA_R_16F && bt == CUDA_R_16F;
  if (halfIn && ct == CUDA_R_16F &&
      (compute == CUBLAS_COMPUTE_16F || compute == CUBLAS_COMPUTE_16F_PEDANTIC))
    return call((Half *)nullptr, (Half *)nullptr, (Half *)nullptr);
  if (halfIn && ct == CUDA_R_16F && compute32)
    return call((Half *)nullptr, (Half *)nullptr, (float *)nullptr);
  if (halfIn && ct == CUDA_R_32F && compute32)
    return call((Half *)nullptr, (float *)nullptr, (float *)nullptr);
  return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
}
/// `p` as a pointer to the element type `tag` points to.
template <class T> const T *typed(T *, const void *p) { return static_cast<const T *>(p); }
template <class T> T *typed(T *, void *p) { return static_cast<T *>(p); }

/// cuBLAS's __half operands as Half (the same bytes).
template <class P> auto asHalf(P p) {
  using Target = std::conditional_t<
      std::is_same_v<P, const __half *>, const Half *,
      std::conditional_t<std::is_same_v<P, __half *>, Half *,
                         std::conditional_t<std::is_same_v<P, const __half *const *>,
                                            const Half *const *, Half *const *>>>;
  return reinterpret_cast<Target>(p);
}

} // namespace

#define LEVEL3(P, T)                                                                             \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t h, cublasOperation_t t, int m, int n,         \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,   \
                                    const T *beta, T *y, int incy) {                             \
    return gemv<T>(h, t, m, n, alpha, A, lda, x, incx, beta, y, incy);                           \
  }                                                                                              \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t h, cublasOperation_t ta,                      \
                                    cublasOperation_t tb, int m, int n, int k, const T *alpha,   \
                                    const T *A, int lda, const T *B, int ldb, const T *beta,     \
                                    T *C, int ldc) {                                             \
    return gemm<T>(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1);         \
  }                                                                                              \
  cublasStatus_t cublas##P##gemmStridedBatched(                                                  \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,         \
      const T *alpha, const T *A, int lda, long long sA, const T *B, int ldb, long long sB,      \
      const T *beta, T *C, int ldc, long long sC, int batches) {                                 \
    return gemm<T>(h, ta, tb, m, n, k, alpha, A, lda, sA, B, ldb, sB, beta, C, ldc, sC,          \
                   batches);                                                                     \
  }                                                                                              \
  cublasStatus_t cublas##P##gemmBatched(cublasHandle_t h, cublasOperation_t ta,                  \
                                        cublasOperation_t tb, int m, int n, int k,               \
                                        const T *alpha, const T *const As[], int lda,            \
                                        const T *const Bs[], int ldb, const T *beta,             \
                                        T *const Cs[], int ldc, int batches) {                   \
    return gemmBatched<T>(h, ta, tb, m, n, k, alpha, As, lda, Bs, ldb, beta, Cs, ldc, batches);  \
  }                                                                                              \
  cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,   \
                                 int m, int n, const T *alpha, const T *A, int lda,              \
                                 const T *beta, const T *B, int ldb, T *C, int ldc) {            \
    return geam<T>(h, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);                        \
  }                                                                                              \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n,          \
                                 const T *A, int lda, const T *x, int incx, T *C, int ldc) {     \
    return dgmm<T>(h, mode, m, n, A, lda, x, incx, C, ldc);                                      \
  }

/// gemm3m: gemm's result (the Gauss three-multiplication form is a speed
/// trick of NVIDIA's; the products here are exact in double).
#define GEMM3M(P, T)                                                                             \
  cublasStatus_t cublas##P##gemm3m(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, \
                                   int m, int n, int k, const T *alpha, const T *A, int lda,     \
                                   const T *B, int ldb, const T *beta, T *C, int ldc) {          \
    return gemm<T>(h, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1);         \
  }
/// Its batches, which cuBLAS has in C alone.
#define GEMM3M_BATCHES(P, T)                                                                       \
  cublasStatus_t cublas##P##gemm3mStridedBatched(                                                \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,         \
      const T *alpha, const T *A, int lda, long long sA, const T *B, int ldb, long long sB,      \
      const T *beta, T *C, int ldc, long long sC, int batches) {                                 \
    return gemm<T>(h, ta, tb, m, n, k, alpha, A, lda, sA, B, ldb, sB, beta, C, ldc, sC,          \
                   batches);                                                                     \
  }                                                                                              \
  cublasStatus_t cublas##P##gemm3mBatched(cublasHandle_t h, cublasOperation_t ta,                \
                                          cublasOperation_t tb, int m, int n, int k,             \
                                          const T *alpha, const T *const As[], int lda,          \
                                          const T *const Bs[], int ldb, const T *beta,           \
                                          T *const Cs[], int ldc, int batches) {                 \
    return gemmBatched<T>(h, ta, tb, m, n, k, alpha, As, lda, Bs, ldb, beta, Cs, ldc, batches);  \
  }

#define GEMM_GROUPED(P, T)                                                                         \
  cublasStatus_t cublas##P##gemmGroupedBatched(                                                  \
      cublasHandle_t h, const cublasOperation_t ta[], const cublasOperation_t tb[],              \
      const int m[], const int n[], const int k[], const T alpha[], const T *const As[],         \
      const int lda[], const T *const Bs[], const int ldb[], const T beta[], T *const Cs[],      \
      const int ldc[], int groups, const int size[]) {                                           \
    return gemmGrouped<T>(h, ta, tb, m, n, k, alpha, As, lda, Bs, ldb, beta, Cs, ldc, groups,    \
                          size);                                                                 \
  }

extern "C" {
LEVEL3(S, float)
LEVEL3(D, double)
GEMM_GROUPED(S, float)
GEMM_GROUPED(D, double)
LEVEL3(C, cuComplex)
LEVEL3(Z, cuDoubleComplex)
GEMM3M(C, cuComplex)
GEMM3M(Z, cuDoubleComplex)
GEMM3M_BATCHES(C, cuComplex)

cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const __half *alpha, const __half *A, int lda,
                           const __half *B, int ldb, const __half *beta, __half *C, int ldc) {
  return gemm<Half>(h, ta, tb, m, n, k, asHalf(alpha), asHalf(A), lda, 0, asHalf(B), ldb, 0,
                    asHalf(beta), asHalf(C), ldc, 0, 1);
}
cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const __half *alpha, const __half *A, int lda,
                                         long long sA, const __half *B, int ldb, long long sB,
                                         const __half *beta, __half *C, int ldc, long long sC,
                                         int batches) {
  return gemm<Half>(h, ta, tb, m, n, k, asHalf(alpha), asHalf(A), lda, sA, asHalf(B), ldb, sB,
                    asHalf(beta), asHalf(C), ldc, sC, batches);
}
cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                  int m, int n, int k, const __half *alpha,
                                  const __half *const As[], int lda, const __half *const Bs[],
                                  int ldb, const __half *beta, __half *const Cs[], int ldc,
                                  int batches) {
  return gemmBatched<Half>(h, ta, tb, m, n, k, asHalf(alpha), asHalf(As), lda, asHalf(Bs), ldb,
                           asHalf(beta), asHalf(Cs), ldc, batches);
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType at,
                            int lda, const void *B, cudaDataType bt, int ldb, const void *beta,
                            void *C, cudaDataType ct, int ldc, cublasComputeType_t compute,
                            cublasGemmAlgo_t) {
  return withGemmExTypes(h, at, bt, ct, compute, [&](auto a, auto c, auto s) {
    return gemm(h, ta, tb, m, n, k, typed(s, alpha), typed(a, A), lda, 0, typed(a, B), ldb, 0,
                typed(s, beta), typed(c, C), ldc, 0, 1);
  });
}
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType at,
                                          int lda, long long sA, const void *B, cudaDataType bt,
                                          int ldb, long long sB, const void *beta, void *C,
                                          cudaDataType ct, int ldc, long long sC, int batches,
                                          cublasComputeType_t compute, cublasGemmAlgo_t) {
  return withGemmExTypes(h, at, bt, ct, compute, [&](auto a, auto c, auto s) {
    return gemm(h, ta, tb, m, n, k, typed(s, alpha), typed(a, A), lda, sA, typed(a, B), ldb, sB,
                typed(s, beta), typed(c, C), ldc, sC, batches);
  });
}
cublasStatus_t cublasGemmGroupedBatchedEx(
    cublasHandle_t h, const cublasOperation_t ta[], const cublasOperation_t tb[], const int m[],
    const int n[], const int k[], const void *alpha, const void *const As[], cudaDataType at,
    const int lda[], const void *const Bs[], cudaDataType bt, const int ldb[], const void *beta,
    void *const Cs[], cudaDataType ct, const int ldc[], int groups, const int size[],
    cublasComputeType_t compute) {
  return withGemmExTypes(h, at, bt, ct, compute, [&](auto a, auto c, auto s) {
    using TA = std::remove_pointer_t<decltype(a)>;
    using TC = std::remove_pointer_t<decltype(c)>;
    return gemmGrouped(h, ta, tb, m, n, k, typed(s, alpha), reinterpret_cast<const TA *const *>(As),
                       lda, reinterpret_cast<const TA *const *>(Bs), ldb, typed(s, beta),
                       reinterpret_cast<TC *const *>(Cs), ldc, groups, size);
  });
}
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                   int m, int n, int k, const void *alpha,
                                   const void *const As[], cudaDataType at, int lda,
                                   const void *const Bs[], cudaDataType bt, int ldb,
                                   const void *beta, void *const Cs[], cudaDataType ct, int ldc,
                                   int batches, cublasComputeType_t compute, cublasGemmAlgo_t) {
  return withGemmExTypes(h, at, bt, ct, compute, [&](auto a, auto c, auto s) {
    using TA = std::remove_pointer_t<decltype(a)>;
    using TC = std::remove_pointer_t<decltype(c)>;
    return gemmBatched(h, ta, tb, m, n, k, typed(s, alpha),
                       reinterpret_cast<const TA *const *>(As), lda,
                       reinterpret_cast<const TA *const *>(Bs), ldb, typed(s, beta),
                       reinterpret_cast<TC *const *>(Cs), ldc, batches);
  });
}
}

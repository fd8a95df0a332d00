//===-- Level1.cpp - libcublas: BLAS level 1 in float and double ----------===//
//
// Reference BLAS semantics: amax/amin return the 1-based index of the first
// largest/smallest |x_i| (0 for n <= 0 or incx <= 0); asum, dot and nrm2
// accumulate in double for float operands (nrm2 scaled so that no square
// overflows); n <= 0 leaves everything as it was.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"

#include <cmath>

using namespace simt::cublas;

namespace {

/// asum (0), nrm2 (1): a reduction of one vector; dot: of two.
template <class T>
cublasStatus_t reduce(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy,
                      T *out, int which) {
  return run(h, [&](const cublasContext &c) {
    if (!out)
      return CUBLAS_STATUS_INVALID_VALUE;
    double sum = 0;
    if (n > 0 && (y || incx > 0)) {
      std::vector<T> a = strided(x, n, incx).read();
      if (y) {
        std::vector<T> b = strided(y, n, incy).read();
        for (int i = 0; i < n; ++i)
          sum += double(a[i]) * double(b[i]);
      } else if (which == 0) {
        for (T e : a)
          sum += std::fabs(double(e));
      } else {
        double scale = 0;
        for (T e : a)
          scale = std::fmax(scale, std::fabs(double(e)));
        if (scale > 0) {
          for (T e : a)
            sum += (double(e) / scale) * (double(e) / scale);
          sum = scale * std::sqrt(sum);
        }
      }
    }
    result(c, out, T(sum));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// axpy (y += alpha x), copy (y = x), swap, scal (x *= alpha).
enum class Update { Axpy, Copy, Swap, Scal };
template <class T>
cublasStatus_t update(cublasHandle_t h, Update u, int n, const T *alpha, T *x, int incx, T *y,
                      int incy) {
  return run(h, [&](const cublasContext &c) {
    if (n <= 0)
      return CUBLAS_STATUS_SUCCESS;
    Strided<T> X{x, n, incx};
    if (u == Update::Scal) {
      if (incx <= 0)
        return CUBLAS_STATUS_SUCCESS;
      T a = scalar(c, alpha);
      std::vector<T> v = X.read();
      for (T &e : v)
        e *= a;
      X.write(v);
      return CUBLAS_STATUS_SUCCESS;
    }
    Strided<T> Y{y, n, incy};
    std::vector<T> vx = X.read(), vy = u == Update::Copy ? std::vector<T>(n) : Y.read();
    if (u == Update::Axpy) {
      T a = scalar(c, alpha);
      for (int i = 0; i < n; ++i)
        vy[i] += a * vx[i];
    } else if (u == Update::Copy) {
      vy = vx;
    } else {
      std::swap(vx, vy);
      X.write(vx);
    }
    Y.write(vy);
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

#define LEVEL1(P, p, T)                                                                             \
  cublasStatus_t cublasI##p##amax_v2(cublasHandle_t h, int n, const T *x, int incx, int *r) {    \
    return iamax(h, n, x, incx, r, true);                                                        \
  }                                                                                              \
  cublasStatus_t cublasI##p##amin_v2(cublasHandle_t h, int n, const T *x, int incx, int *r) {    \
    return iamax(h, n, x, incx, r, false);                                                       \
  }                                                                                              \
  cublasStatus_t cublas##P##asum_v2(cublasHandle_t h, int n, const T *x, int incx, T *r) {       \
    return reduce<T>(h, n, x, incx, nullptr, 0, r, 0);                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##nrm2_v2(cublasHandle_t h, int n, const T *x, int incx, T *r) {       \
    return reduce<T>(h, n, x, incx, nullptr, 0, r, 1);                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##dot_v2(cublasHandle_t h, int n, const T *x, int incx, const T *y,    \
                                   int incy, T *r) {                                             \
    return reduce<T>(h, n, x, incx, y, incy, r, 2);                                              \
  }                                                                                              \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T *alpha, const T *x,         \
                                    int incx, T *y, int incy) {                                  \
    return update<T>(h, Update::Axpy, n, alpha, const_cast<T *>(x), incx, y, incy);             \
  }                                                                                              \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T *x, int incx, T *y,         \
                                    int incy) {                                                  \
    return update<T>(h, Update::Copy, n, nullptr, const_cast<T *>(x), incx, y, incy);           \
  }                                                                                              \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy) {   \
    return update<T>(h, Update::Swap, n, nullptr, x, incx, y, incy);                             \
  }                                                                                              \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t h, int n, const T *alpha, T *x, int incx) {   \
    return update<T>(h, Update::Scal, n, alpha, x, incx, nullptr, 0);                            \
  }

namespace {
/// The Ex forms in the types both precisions have: every operand and the
/// execution type float, or all double, or complex float or double (the
/// others NOT_SUPPORTED, as gemmEx's); y null for a reduction of x alone
/// (nrm2).
cublasStatus_t reduceEx(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx,
                        const void *y, cudaDataType yt, int incy, void *out, cudaDataType ot,
                        cudaDataType exec, int which) {
  auto all = [&](cudaDataType t) { return xt == t && (!y || yt == t) && ot == t && exec == t; };
  if (all(CUDA_R_32F))
    return reduce<float>(h, n, static_cast<const float *>(x), incx,
                         static_cast<const float *>(y), incy, static_cast<float *>(out), which);
  if (all(CUDA_R_64F))
    return reduce<double>(h, n, static_cast<const double *>(x), incx,
                          static_cast<const double *>(y), incy, static_cast<double *>(out), which);
  // Complex operands: dot is dotu (x^T y), nrm2's result is real.
  // (nrm2 of a complex vector computes in the real type or the complex one.)
  const bool c32 = xt == CUDA_C_32F && (!y || yt == CUDA_C_32F) &&
                   (exec == CUDA_C_32F || (!y && exec == CUDA_R_32F));
  const bool c64 = xt == CUDA_C_64F && (!y || yt == CUDA_C_64F) &&
                   (exec == CUDA_C_64F || (!y && exec == CUDA_R_64F));
  if (c32 && y && ot == CUDA_C_32F)
    return cublasCdotu_v2(h, n, static_cast<const cuComplex *>(x), incx,
                          static_cast<const cuComplex *>(y), incy, static_cast<cuComplex *>(out));
  if (c64 && y && ot == CUDA_C_64F)
    return cublasZdotu_v2(h, n, static_cast<const cuDoubleComplex *>(x), incx,
                          static_cast<const cuDoubleComplex *>(y), incy,
                          static_cast<cuDoubleComplex *>(out));
  if (c32 && !y && ot == CUDA_R_32F)
    return cublasScnrm2_v2(h, n, static_cast<const cuComplex *>(x), incx, static_cast<float *>(out));
  if (c64 && !y && ot == CUDA_R_64F)
    return cublasDznrm2_v2(h, n, static_cast<const cuDoubleComplex *>(x), incx,
                           static_cast<double *>(out));
  return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
}
/// axpy (y given) and scal in the Ex forms' types, likewise.
cublasStatus_t updateEx(cublasHandle_t h, Update u, int n, const void *alpha, cudaDataType at,
                        void *x, cudaDataType xt, int incx, void *y, cudaDataType yt, int incy,
                        cudaDataType exec) {
  auto all = [&](cudaDataType t) { return at == t && xt == t && (!y || yt == t) && exec == t; };
  if (all(CUDA_R_32F))
    return update<float>(h, u, n, static_cast<const float *>(alpha), static_cast<float *>(x),
                         incx, static_cast<float *>(y), incy);
  if (all(CUDA_R_64F))
    return update<double>(h, u, n, static_cast<const double *>(alpha), static_cast<double *>(x),
                          incx, static_cast<double *>(y), incy);
  return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
}
} // namespace

extern "C" {
LEVEL1(S, s, float)
LEVEL1(D, d, double)

cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                           const void *y, cudaDataType yType, int incy, void *result,
                           cudaDataType resultType, cudaDataType executionType) {
  return reduceEx(h, n, x, xType, incx, y, yType, incy, result, resultType, executionType, 2);
}
cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
                            const void *x, cudaDataType xType, int incx, void *y,
                            cudaDataType yType, int incy, cudaDataType executionType) {
  return updateEx(h, Update::Axpy, n, alpha, alphaType, const_cast<void *>(x), xType, incx, y,
                  yType, incy, executionType);
}
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
                            void *x, cudaDataType xType, int incx, cudaDataType executionType) {
  return updateEx(h, Update::Scal, n, alpha, alphaType, x, xType, incx, nullptr, xType, 0,
                  executionType);
}
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                            void *result, cudaDataType resultType, cudaDataType executionType) {
  return reduceEx(h, n, x, xType, incx, nullptr, xType, 0, result, resultType, executionType, 1);
}
}

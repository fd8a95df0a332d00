//===-- ComplexLevel1.cpp - libcublas: BLAS level 1 in C and Z ------------===//
//
// Reference BLAS semantics for complex vectors: icamax/icamin compare
// |Re| + |Im| (BLAS's cabs1), asum sums it, nrm2 is the Euclidean norm
// (scaled so that no square overflows), dotu is x^T y and dotc x^H y;
// the rotations are crot (real c, complex s) and csrot (both real), crotg
// zrotg's construction. Arithmetic in std::complex<double>.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Field.h"

#include <cmath>

using namespace simt::cublas;

namespace {

/// asum (true) or nrm2 (false): a real result of a complex vector.
template <class T, class R = typename Field<T>::Real>
cublasStatus_t norm(cublasHandle_t h, int n, const T *x, int incx, R *out, bool asum) {
  return run(h, [&](const cublasContext &c) {
    if (!out)
      return CUBLAS_STATUS_INVALID_VALUE;
    double sum = 0;
    if (n > 0 && incx > 0) {
      const std::vector<Complex> v = widen(strided(x, n, incx).read());
      if (asum) {
        for (Complex z : v)
          sum += magnitude1(z);
      } else {
        double scale = 0;
        for (Complex z : v)
          scale = std::fmax(scale, std::fmax(std::fabs(z.real()), std::fabs(z.imag())));
        if (scale > 0) {
          for (Complex z : v)
            sum += std::norm(z / scale);
          sum = scale * std::sqrt(sum);
        }
      }
    }
    result(c, out, R(sum));
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T>
cublasStatus_t dot(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy, T *out,
                   bool conjugated) {
  return run(h, [&](const cublasContext &c) {
    if (!out)
      return CUBLAS_STATUS_INVALID_VALUE;
    Complex sum = 0;
    if (n > 0) {
      const std::vector<Complex> a = widen(strided(x, n, incx).read());
      const std::vector<Complex> b = widen(strided(y, n, incy).read());
      for (int i = 0; i < n; ++i)
        sum += (conjugated ? std::conj(a[i]) : a[i]) * b[i];
    }
    result(c, out, Field<T>::out(sum));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// x = alpha x, alpha complex (scal) or real (csscal: S the real type).
template <class T, class S>
cublasStatus_t scal(cublasHandle_t h, int n, const S *alpha, T *x, int incx) {
  return run(h, [&](const cublasContext &c) {
    if (n <= 0 || incx <= 0)
      return CUBLAS_STATUS_SUCCESS;
    const Complex a = Field<S>::in(scalar(c, alpha));
    Strided<T> X{x, n, incx};
    std::vector<Complex> v = widen(X.read());
    for (Complex &z : v)
      z *= a;
    X.write(narrow<T>(v));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// y += alpha x (axpy), y = x (copy, alpha null), x <-> y (swap).
enum class Pairwise { Axpy, Copy, Swap };
template <class T>
cublasStatus_t pairwise(cublasHandle_t h, Pairwise u, int n, const T *alpha, T *x, int incx,
                        T *y, int incy) {
  return run(h, [&](const cublasContext &c) {
    if (n <= 0)
      return CUBLAS_STATUS_SUCCESS;
    Strided<T> X{x, n, incx}, Y{y, n, incy};
    std::vector<T> vx = X.read();
    if (u == Pairwise::Copy) {
      Y.write(vx);
    } else if (u == Pairwise::Swap) {
      std::vector<T> vy = Y.read();
      X.write(vy);
      Y.write(vx);
    } else {
      const Complex a = wideScalar(c, alpha);
      std::vector<Complex> wx = widen(vx), wy = widen(Y.read());
      for (int i = 0; i < n; ++i)
        wy[i] += a * wx[i];
      Y.write(narrow<T>(wy));
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// x' = c x + s y, y' = c y - conj(s) x: crot (s complex) and csrot (s
/// real, S the real type).
template <class T, class R, class S>
cublasStatus_t rot(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const R *cp,
                   const S *sp) {
  return run(h, [&](const cublasContext &c) {
    if (n <= 0)
      return CUBLAS_STATUS_SUCCESS;
    const double cs = double(scalar(c, cp));
    const Complex s = Field<S>::in(scalar(c, sp));
    Strided<T> X{x, n, incx}, Y{y, n, incy};
    std::vector<Complex> vx = widen(X.read()), vy = widen(Y.read());
    for (int i = 0; i < n; ++i) {
      const Complex a = vx[i], b = vy[i];
      vx[i] = cs * a + s * b;
      vy[i] = cs * b - std::conj(s) * a;
    }
    X.write(narrow<T>(vx));
    Y.write(narrow<T>(vy));
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// zrotg: c and s such that [c s; -conj(s) c] [a; b] = [r; 0], r over a.
template <class T, class R>
cublasStatus_t rotg(cublasHandle_t h, T *ap, const T *bp, R *cp, T *sp) {
  return run(h, [&](const cublasContext &c) {
    const Complex a = wideScalar(c, ap), b = wideScalar(c, bp);
    double cs = 0;
    Complex s = 1, r = b;
    if (std::abs(a) != 0) {
      const double scale = std::abs(a) + std::abs(b);
      const double norm = scale * std::sqrt(std::norm(a / scale) + std::norm(b / scale));
      const Complex phase = a / std::abs(a);
      cs = std::abs(a) / norm;
      s = phase * std::conj(b) / norm;
      r = phase * norm;
    }
    result(c, ap, Field<T>::out(r));
    result(c, cp, R(cs));
    result(c, sp, Field<T>::out(s));
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

#define COMPLEX_LEVEL1(P, p, R, rl, r, T)                                                              \
  cublasStatus_t cublasI##p##amax_v2(cublasHandle_t h, int n, const T *x, int incx, int *o) {   \
    return iamax(h, n, x, incx, o, true);                                                        \
  }                                                                                              \
  cublasStatus_t cublasI##p##amin_v2(cublasHandle_t h, int n, const T *x, int incx, int *o) {   \
    return iamax(h, n, x, incx, o, false);                                                       \
  }                                                                                              \
  cublasStatus_t cublas##R##p##asum_v2(cublasHandle_t h, int n, const T *x, int incx, r *o) {   \
    return norm(h, n, x, incx, o, true);                                                         \
  }                                                                                              \
  cublasStatus_t cublas##R##p##nrm2_v2(cublasHandle_t h, int n, const T *x, int incx, r *o) {   \
    return norm(h, n, x, incx, o, false);                                                        \
  }                                                                                              \
  cublasStatus_t cublas##P##dotu_v2(cublasHandle_t h, int n, const T *x, int incx, const T *y,  \
                                    int incy, T *o) {                                            \
    return dot(h, n, x, incx, y, incy, o, false);                                                \
  }                                                                                              \
  cublasStatus_t cublas##P##dotc_v2(cublasHandle_t h, int n, const T *x, int incx, const T *y,  \
                                    int incy, T *o) {                                            \
    return dot(h, n, x, incx, y, incy, o, true);                                                 \
  }                                                                                              \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t h, int n, const T *alpha, T *x, int incx) {  \
    return scal(h, n, alpha, x, incx);                                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##rl##scal_v2(cublasHandle_t h, int n, const r *alpha, T *x,           \
                                       int incx) {                                               \
    return scal(h, n, alpha, x, incx);                                                           \
  }                                                                                              \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T *alpha, const T *x,        \
                                    int incx, T *y, int incy) {                                  \
    return pairwise(h, Pairwise::Axpy, n, alpha, const_cast<T *>(x), incx, y, incy);           \
  }                                                                                              \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T *x, int incx, T *y,        \
                                    int incy) {                                                  \
    return pairwise<T>(h, Pairwise::Copy, n, nullptr, const_cast<T *>(x), incx, y, incy);      \
  }                                                                                              \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy) {  \
    return pairwise<T>(h, Pairwise::Swap, n, nullptr, x, incx, y, incy);                       \
  }                                                                                              \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,     \
                                   const r *c, const T *s) {                                     \
    return rot(h, n, x, incx, y, incy, c, s);                                                    \
  }                                                                                              \
  cublasStatus_t cublas##P##rl##rot_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,  \
                                      const r *c, const r *s) {                                  \
    return rot(h, n, x, incx, y, incy, c, s);                                                    \
  }                                                                                              \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t h, T *a, T *b, r *c, T *s) {                 \
    return rotg(h, a, b, c, s);                                                                  \
  }

extern "C" {
COMPLEX_LEVEL1(C, c, S, s, float, cuComplex)
COMPLEX_LEVEL1(Z, z, D, d, double, cuDoubleComplex)

/// x^H y in one of the types both precisions have: all complex float or all
/// complex double (the real types are dotEx's).
cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx,
                            const void *y, cudaDataType yt, int incy, void *out,
                            cudaDataType ot, cudaDataType exec) {
  const auto all = [&](cudaDataType t) { return xt == t && yt == t && ot == t && exec == t; };
  if (all(CUDA_C_32F))
    return dot(h, n, static_cast<const cuComplex *>(x), incx, static_cast<const cuComplex *>(y),
               incy, static_cast<cuComplex *>(out), true);
  if (all(CUDA_C_64F))
    return dot(h, n, static_cast<const cuDoubleComplex *>(x), incx,
               static_cast<const cuDoubleComplex *>(y), incy,
               static_cast<cuDoubleComplex *>(out), true);
  return cublasDotEx(h, n, x, xt, incx, y, yt, incy, out, ot, exec);
}

/// rot with its types named: x and y real with c and s of their type
/// (srot, drot), or complex with real c and s (csrot, zdrot) or complex s
/// (crot, zrot; c then read as the real part of a complex).
cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void *x, cudaDataType xt, int incx, void *y,
                           cudaDataType yt, int incy, const void *c, const void *s,
                           cudaDataType cst, cudaDataType exec) {
  if (xt != yt)
    return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
  if (xt == CUDA_R_32F && cst == CUDA_R_32F && exec == CUDA_R_32F)
    return cublasSrot_v2(h, n, static_cast<float *>(x), incx, static_cast<float *>(y), incy,
                         static_cast<const float *>(c), static_cast<const float *>(s));
  if (xt == CUDA_R_64F && cst == CUDA_R_64F && exec == CUDA_R_64F)
    return cublasDrot_v2(h, n, static_cast<double *>(x), incx, static_cast<double *>(y), incy,
                         static_cast<const double *>(c), static_cast<const double *>(s));
  auto *cx = static_cast<cuComplex *>(x), *cy = static_cast<cuComplex *>(y);
  auto *zx = static_cast<cuDoubleComplex *>(x), *zy = static_cast<cuDoubleComplex *>(y);
  if (xt == CUDA_C_32F && exec == CUDA_C_32F && cst == CUDA_R_32F)
    return rot(h, n, cx, incx, cy, incy, static_cast<const float *>(c),
               static_cast<const float *>(s));
  if (xt == CUDA_C_32F && exec == CUDA_C_32F && cst == CUDA_C_32F)
    return rot(h, n, cx, incx, cy, incy, static_cast<const float *>(c),
               static_cast<const cuComplex *>(s));
  if (xt == CUDA_C_64F && exec == CUDA_C_64F && cst == CUDA_R_64F)
    return rot(h, n, zx, incx, zy, incy, static_cast<const double *>(c),
               static_cast<const double *>(s));
  if (xt == CUDA_C_64F && exec == CUDA_C_64F && cst == CUDA_C_64F)
    return rot(h, n, zx, incx, zy, incy, static_cast<const double *>(c),
               static_cast<const cuDoubleComplex *>(s));
  return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
}
}

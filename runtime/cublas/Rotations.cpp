//===-- Rotations.cpp - libcublas: plane rotations ------------------------===//
//
// Reference BLAS's algorithms, on the host: rotg constructs the Givens
// rotation that zeroes b, rot applies one; rotmg constructs the modified
// (square-root-free) rotation of Gentleman's method with its rescaling by
// 4096, rotm applies it as its flag says (param[0]: -1 a full matrix, 0
// unit diagonal, 1 unit off-diagonal, -2 the identity). Scalars and param
// follow the pointer mode, as cuBLAS's do.
//
//===----------------------------------------------------------------------===//
#include "runtime/cublas/Operands.h"

#include <cmath>

using namespace simt::cublas;

namespace {

/// Reads and writes the scalars a call takes by pointer, where the
/// pointer mode says they are.
template <class T> T get(const cublasContext &c, const T *p) { return scalar(c, p); }
template <class T> void put(const cublasContext &c, T *p, T v) { result(c, p, v); }

template <class T>
cublasStatus_t rot(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const T *cp,
                   const T *sp) {
  return run(h, [&](const cublasContext &c) {
    if (n <= 0)
      return CUBLAS_STATUS_SUCCESS;
    const T cv = get(c, cp), sv = get(c, sp);
    Strided<T> X{x, n, incx}, Y{y, n, incy};
    std::vector<T> vx = X.read(), vy = Y.read();
    for (int i = 0; i < n; ++i) {
      const T xi = vx[i], yi = vy[i];
      vx[i] = cv * xi + sv * yi;
      vy[i] = cv * yi - sv * xi;
    }
    X.write(vx);
    Y.write(vy);
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T> cublasStatus_t rotg(cublasHandle_t h, T *ap, T *bp, T *cp, T *sp) {
  return run(h, [&](const cublasContext &c) {
    const T a = get(c, ap), b = get(c, bp);
    const T roe = std::fabs(a) > std::fabs(b) ? a : b;
    const T scale = std::fabs(a) + std::fabs(b);
    T cv = 1, sv = 0, r = 0, z = 0;
    if (scale != 0) {
      r = scale * std::sqrt((a / scale) * (a / scale) + (b / scale) * (b / scale));
      r = std::copysign(T(1), roe) * r;
      cv = a / r;
      sv = b / r;
      z = 1;
      if (std::fabs(a) > std::fabs(b))
        z = sv;
      else if (cv != 0)
        z = 1 / cv;
    }
    put(c, ap, r);
    put(c, bp, z);
    put(c, cp, cv);
    put(c, sp, sv);
    return CUBLAS_STATUS_SUCCESS;
  });
}

/// The modified rotation's matrix as param holds it; false for the
/// identity (flag -2) or a flag that is none of the four.
template <class T> bool rotmMatrix(const T *param, T &h11, T &h12, T &h21, T &h22) {
  const T flag = param[0];
  if (flag == -1) {
    h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];
  } else if (flag == 0) {
    h11 = 1, h21 = param[2], h12 = param[3], h22 = 1;
  } else if (flag == 1) {
    h11 = param[1], h21 = -1, h12 = 1, h22 = param[4];
  } else {
    return false;
  }
  return true;
}

template <class T>
cublasStatus_t rotm(cublasHandle_t h, int n, T *x, int incx, T *y, int incy, const T *paramp) {
  return run(h, [&](const cublasContext &c) {
    T param[5];
    if (c.pointerMode == CUBLAS_POINTER_MODE_HOST)
      std::copy(paramp, paramp + 5, param);
    else
      copyBytes(param, paramp, sizeof param);
    T h11, h12, h21, h22;
    if (n <= 0 || !rotmMatrix(param, h11, h12, h21, h22))
      return CUBLAS_STATUS_SUCCESS;
    Strided<T> X{x, n, incx}, Y{y, n, incy};
    std::vector<T> vx = X.read(), vy = Y.read();
    for (int i = 0; i < n; ++i) {
      const T w = vx[i], z = vy[i];
      vx[i] = w * h11 + z * h12;
      vy[i] = w * h21 + z * h22;
    }
    X.write(vx);
    Y.write(vy);
    return CUBLAS_STATUS_SUCCESS;
  });
}

template <class T>
cublasStatus_t rotmg(cublasHandle_t h, T *d1p, T *d2p, T *x1p, const T *y1p, T *paramp) {
  return run(h, [&](const cublasContext &c) {
    const T gam = 4096, gamsq = gam * gam, rgamsq = 1 / gamsq;
    T d1 = get(c, d1p), d2 = get(c, d2p), x1 = get(c, x1p);
    const T y1 = get(c, y1p);
    T flag = -1, h11 = 0, h12 = 0, h21 = 0, h22 = 0;
    auto zero = [&] {
      flag = -1;
      h11 = h12 = h21 = h22 = 0;
      d1 = d2 = x1 = 0;
    };
    bool identity = false;
    if (d1 < 0) {
      zero();
    } else if (d2 * y1 == 0) {
      flag = -2, identity = true;
    } else {
      const T p2 = d2 * y1, p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
      if (std::fabs(q1) > std::fabs(q2)) {
        h21 = -y1 / x1;
        h12 = p2 / p1;
        const T u = 1 - h12 * h21;
        if (u > 0) {
          flag = 0;
          d1 /= u;
          d2 /= u;
          x1 *= u;
        } else { // not possible in exact arithmetic
          zero();
        }
      } else if (q2 < 0) {
        zero();
      } else {
        flag = 1;
        h11 = p1 / p2;
        h22 = x1 / y1;
        const T u = 1 + h11 * h22, t = d2 / u;
        d2 = d1 / u;
        d1 = t;
        x1 = y1 * u;
      }
      // Rescale so that d1 and d2 stay within [gam^-2, gam^2]; the flag
      // becomes -1 (a full matrix) when it does.
      auto full = [&] {
        if (flag == 0)
          h11 = 1, h22 = 1;
        else if (flag == 1)
          h21 = -1, h12 = 1;
        flag = -1;
      };
      if (d1 != 0)
        while (d1 <= rgamsq || d1 >= gamsq) {
          full();
          if (d1 <= rgamsq) {
            d1 *= gamsq, x1 /= gam, h11 /= gam, h12 /= gam;
          } else {
            d1 /= gamsq, x1 *= gam, h11 *= gam, h12 *= gam;
          }
        }
      if (d2 != 0)
        while (std::fabs(d2) <= rgamsq || std::fabs(d2) >= gamsq) {
          full();
          if (std::fabs(d2) <= rgamsq) {
            d2 *= gamsq, h21 /= gam, h22 /= gam;
          } else {
            d2 /= gamsq, h21 *= gam, h22 *= gam;
          }
        }
    }
    T param[5];
    if (c.pointerMode == CUBLAS_POINTER_MODE_HOST)
      std::copy(paramp, paramp + 5, param);
    else
      copyBytes(param, paramp, sizeof param);
    param[0] = flag;
    if (flag == -1)
      param[1] = h11, param[2] = h21, param[3] = h12, param[4] = h22;
    else if (flag == 0)
      param[2] = h21, param[3] = h12;
    else if (flag == 1)
      param[1] = h11, param[4] = h22;
    if (c.pointerMode == CUBLAS_POINTER_MODE_HOST)
      std::copy(param, param + 5, paramp);
    else
      copyBytes(paramp, param, sizeof param);
    if (!identity) {
      put(c, d1p, d1);
      put(c, d2p, d2);
      put(c, x1p, x1);
    }
    return CUBLAS_STATUS_SUCCESS;
  });
}

} // namespace

#define ROTATIONS(P, T)                                                                          \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,      \
                                   const T *c, const T *s) {                                     \
    return rot<T>(h, n, x, incx, y, incy, c, s);                                                 \
  }                                                                                              \
  cublasStatus_t cublas##P##rotg_v2(cublasHandle_t h, T *a, T *b, T *c, T *s) {                  \
    return rotg<T>(h, a, b, c, s);                                                               \
  }                                                                                              \
  cublasStatus_t cublas##P##rotm_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,     \
                                    const T *param) {                                            \
    return rotm<T>(h, n, x, incx, y, incy, param);                                               \
  }                                                                                              \
  cublasStatus_t cublas##P##rotmg_v2(cublasHandle_t h, T *d1, T *d2, T *x1, const T *y1,         \
                                     T *param) {                                                 \
    return rotmg<T>(h, d1, d2, x1, y1, param);                                                   \
  }

extern "C" {
ROTATIONS(S, float)
ROTATIONS(D, double)
}

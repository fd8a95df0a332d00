/*===-- __simt_cmath.h - The C++ math overloads (clang's) ----------------===*
 *
 * clang's __clang_cuda_cmath.h: the float overloads (sqrt(float)), the
 * integral ones promoting to double (sqrt(int), pow(int, double)), the
 * classification functions, and all of them in namespace std. It needs
 * <limits> and <math.h>'s FP_* constants; under -m32 without the host's
 * i386 headers, simt-cc's fallback directory supplies a minimal <limits>
 * and the constants are glibc's values, defined here.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CMATH_H
#define SIMT_CMATH_H

#ifndef FP_NAN
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#endif
#include <__clang_cuda_cmath.h>

/* The float overloads of C++11's <cmath> functions. clang's
   __clang_cuda_math_forward_declares.h declares them (static, device) and
   its __clang_cuda_cmath.h defines only C89's (sqrt(float), pow(float,
   float), ...); CUDA's own math_functions.hpp defines the rest, each the
   f-suffixed function, and so does this. Without them `fmax(a, b)` on
   floats in device code was a call of a function with no body. */
#define __SIMT_F(R, Fn, Params, Args)                                                     \
  static __device__ __inline__ __attribute__((always_inline)) R Fn Params {              \
    return ::Fn##f Args;                                                                  \
  }
#define __SIMT_F1(Fn) __SIMT_F(float, Fn, (float __x), (__x))
#define __SIMT_F2(Fn) __SIMT_F(float, Fn, (float __x, float __y), (__x, __y))
__SIMT_F1(acosh)
__SIMT_F1(asinh)
__SIMT_F1(atanh)
__SIMT_F1(cbrt)
__SIMT_F2(copysign)
__SIMT_F1(erf)
__SIMT_F1(erfc)
__SIMT_F1(exp2)
__SIMT_F1(expm1)
__SIMT_F2(fdim)
__SIMT_F(float, fma, (float __x, float __y, float __z), (__x, __y, __z))
__SIMT_F2(fmax)
__SIMT_F2(fmin)
__SIMT_F2(hypot)
__SIMT_F(int, ilogb, (float __x), (__x))
__SIMT_F1(lgamma)
__SIMT_F(long long, llrint, (float __x), (__x))
__SIMT_F(long long, llround, (float __x), (__x))
__SIMT_F1(log1p)
__SIMT_F1(log2)
__SIMT_F1(logb)
__SIMT_F(long, lrint, (float __x), (__x))
__SIMT_F(long, lround, (float __x), (__x))
__SIMT_F1(nearbyint)
__SIMT_F2(nextafter)
__SIMT_F2(remainder)
__SIMT_F1(rint)
__SIMT_F1(round)
__SIMT_F(float, scalbln, (float __x, long __n), (__x, __n))
__SIMT_F(float, scalbn, (float __x, int __n), (__x, __n))
__SIMT_F1(tgamma)
__SIMT_F1(trunc)
#undef __SIMT_F2
#undef __SIMT_F1
#undef __SIMT_F

#endif

/*===-- __simt_math_functions.h - CUDA's math API over libclc -----------===*
 *
 * CUDA's math API is clang's own: __clang_cuda_math.h defines every C
 * function (sqrt, sqrtf, pow, ...) and __clang_cuda_cmath.h the C++
 * overloads (sqrt(float), sqrt(int) promoting to double, pow(float, int),
 * std::sqrt, ...), both in terms of NVIDIA's libdevice (__nv_sqrt). This
 * file defines those __nv_* functions over libclc's OpenCL entry points
 * (_Z3expf is OpenCL's float exp) and clang builtins; simt-cc links
 * libclc's NVPTX bitcode with -mlink-builtin-bitcode, so only what a kernel
 * calls is pulled in, internalized and inlined, with libclc's accuracy (the
 * OpenCL full-profile bounds, docs/cuda.md). The libdevice functions libclc
 * has no counterpart for (j0, y0, cyl_bessel_i0, ...) carry clang's `error`
 * attribute: a kernel that calls one fails to compile with a message
 * naming the function; one that does not is unaffected.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_MATH_FUNCTIONS_H
#define SIMT_MATH_FUNCTIONS_H

#include "__simt_qualifiers.h"


/* libclc's entry point (declared under its mangled name) behind one
   libdevice function. */
#define __SIMT_NV(R, NV, PARAMS, ARGS)                                         \
  extern "C" __device__ __forceinline__ R NV PARAMS { return ARGS; }
#define __SIMT_CLC(R, CLC, PARAMS) extern "C" __device__ R CLC PARAMS;
#define __SIMT_CLC1(NAME, LEN)                                                 \
  __SIMT_CLC(float, _Z##LEN##NAME##f, (float))                                 \
  __SIMT_CLC(double, _Z##LEN##NAME##d, (double))                               \
  __SIMT_NV(float, __nv_##NAME##f, (float x), _Z##LEN##NAME##f(x))             \
  __SIMT_NV(double, __nv_##NAME, (double x), _Z##LEN##NAME##d(x))
#define __SIMT_CLC2(NAME, LEN)                                                 \
  __SIMT_CLC(float, _Z##LEN##NAME##ff, (float, float))                         \
  __SIMT_CLC(double, _Z##LEN##NAME##dd, (double, double))                      \
  __SIMT_NV(float, __nv_##NAME##f, (float x, float y), _Z##LEN##NAME##ff(x, y)) \
  __SIMT_NV(double, __nv_##NAME, (double x, double y), _Z##LEN##NAME##dd(x, y))
/* The same function of float and double as a clang builtin. */
#define __SIMT_BUILTIN1(NAME)                                                  \
  __SIMT_NV(float, __nv_##NAME##f, (float x), __builtin_##NAME##f(x))          \
  __SIMT_NV(double, __nv_##NAME, (double x), __builtin_##NAME(x))
#define __SIMT_BUILTIN2(NAME)                                                  \
  __SIMT_NV(float, __nv_##NAME##f, (float x, float y), __builtin_##NAME##f(x, y)) \
  __SIMT_NV(double, __nv_##NAME, (double x, double y), __builtin_##NAME(x, y))

/* libclc's float exp, exp2, erfc and ldexp give 0 where the result is below
   2^-126 (as for a target without denormals); CUDA's keep the denormal
   results. There the double function is used, rounded to float once. */
#define __SIMT_CLC1_DENORMAL(NAME, LEN, BELOW)                                 \
  __SIMT_CLC(float, _Z##LEN##NAME##f, (float))                                 \
  __SIMT_CLC(double, _Z##LEN##NAME##d, (double))                               \
  __SIMT_NV(double, __nv_##NAME, (double x), _Z##LEN##NAME##d(x))              \
  __SIMT_NV(float, __nv_##NAME##f, (float x),                                  \
            BELOW ? (float)_Z##LEN##NAME##d(x) : _Z##LEN##NAME##f(x))
__SIMT_CLC1_DENORMAL(exp, 3, x < -87.3f)
__SIMT_CLC1_DENORMAL(exp2, 4, x < -126.0f)
__SIMT_CLC1_DENORMAL(erfc, 4, x > 9.1f)
#undef __SIMT_CLC1_DENORMAL
__SIMT_CLC1(exp10, 5)
__SIMT_CLC1(expm1, 5)
__SIMT_CLC1(log, 3)
__SIMT_CLC1(log2, 4)
__SIMT_CLC1(log10, 5)
__SIMT_CLC1(log1p, 5)
__SIMT_CLC1(logb, 4)
__SIMT_CLC1(sin, 3)
__SIMT_CLC1(cos, 3)
__SIMT_CLC1(tan, 3)
__SIMT_CLC1(asin, 4)
__SIMT_CLC1(acos, 4)
__SIMT_CLC1(atan, 4)
__SIMT_CLC1(sinh, 4)
__SIMT_CLC1(cosh, 4)
__SIMT_CLC1(tanh, 4)
__SIMT_CLC1(asinh, 5)
__SIMT_CLC1(acosh, 5)
__SIMT_CLC1(atanh, 5)
__SIMT_CLC1(sinpi, 5)
__SIMT_CLC1(cospi, 5)
__SIMT_CLC1(cbrt, 4)
__SIMT_CLC1(erf, 3)
__SIMT_CLC1(lgamma, 6)
__SIMT_CLC1(tgamma, 6)
__SIMT_CLC1(round, 5)
__SIMT_CLC2(pow, 3)
__SIMT_CLC2(atan2, 5)
__SIMT_CLC2(fmod, 4)
__SIMT_CLC2(hypot, 5)
__SIMT_CLC2(remainder, 9)
__SIMT_CLC2(nextafter, 9)
__SIMT_CLC2(fdim, 4)

/* What the ISA (or a correctly rounded sequence of it) does directly. */
__SIMT_BUILTIN1(sqrt)
__SIMT_BUILTIN1(fabs)
__SIMT_BUILTIN1(floor)
__SIMT_BUILTIN1(ceil)
__SIMT_BUILTIN1(trunc)
__SIMT_BUILTIN1(rint)
__SIMT_BUILTIN2(fmin)
__SIMT_BUILTIN2(fmax)
__SIMT_BUILTIN2(copysign)
__SIMT_NV(float, __nv_fmaf, (float x, float y, float z), __builtin_fmaf(x, y, z))
__SIMT_NV(double, __nv_fma, (double x, double y, double z), __builtin_fma(x, y, z))
/* rsqrtf is the MUFU approximation, as CUDA's 2-ulp function allows. */
__SIMT_NV(float, __nv_rsqrtf, (float x), __nvvm_rsqrt_approx_f(x))
__SIMT_NV(double, __nv_rsqrt, (double x), 1.0 / __builtin_sqrt(x))
__SIMT_NV(float, __nv_rcbrtf, (float x), 1.0f / _Z4cbrtf(x))
__SIMT_NV(double, __nv_rcbrt, (double x), 1.0 / _Z4cbrtd(x))
__SIMT_NV(float, __nv_rhypotf, (float x, float y), 1.0f / _Z5hypotff(x, y))
__SIMT_NV(double, __nv_rhypot, (double x, double y), 1.0 / _Z5hypotdd(x, y))
__SIMT_NV(long long, __nv_llrintf, (float x), (long long)__builtin_rintf(x))
__SIMT_NV(long long, __nv_llrint, (double x), (long long)__builtin_rint(x))
__SIMT_NV(long long, __nv_llroundf, (float x), (long long)_Z5roundf(x))
__SIMT_NV(long long, __nv_llround, (double x), (long long)_Z5roundd(x))

/* Integer and pointer arguments (OpenCL's generic-pointer manglings). */
__SIMT_CLC(float, _Z5ldexpfi, (float, int))
__SIMT_CLC(double, _Z5ldexpdi, (double, int))
__SIMT_CLC(float, _Z5frexpfPi, (float, int *))
__SIMT_CLC(double, _Z5frexpdPi, (double, int *))
__SIMT_CLC(float, _Z4modffPf, (float, float *))
__SIMT_CLC(double, _Z4modfdPd, (double, double *))
__SIMT_CLC(float, _Z6sincosfPf, (float, float *))
__SIMT_CLC(double, _Z6sincosdPd, (double, double *))
__SIMT_CLC(float, _Z6remquoffPi, (float, float, int *))
__SIMT_CLC(double, _Z6remquoddPi, (double, double, int *))
__SIMT_CLC(int, _Z5ilogbf, (float))
__SIMT_CLC(int, _Z5ilogbd, (double))
__SIMT_CLC(float, _Z4pownfi, (float, int))
__SIMT_CLC(double, _Z4powndi, (double, int))
/* x 2^e in double, exact for |e| <= 400 (beyond that the float result is
   0 or infinite anyway), rounded to float once: denormal results kept. */
extern "C" __device__ __forceinline__ float __nv_ldexpf(float x, int e) {
  int c = e < -400 ? -400 : (e > 400 ? 400 : e);
  return (float)((double)x * __builtin_bit_cast(double, (unsigned long long)(c + 1023) << 52));
}
__SIMT_NV(double, __nv_ldexp, (double x, int e), _Z5ldexpdi(x, e))
__SIMT_NV(float, __nv_scalbnf, (float x, int e), __nv_ldexpf(x, e))
__SIMT_NV(double, __nv_scalbn, (double x, int e), _Z5ldexpdi(x, e))
__SIMT_NV(float, __nv_frexpf, (float x, int *e), _Z5frexpfPi(x, e))
__SIMT_NV(double, __nv_frexp, (double x, int *e), _Z5frexpdPi(x, e))
__SIMT_NV(float, __nv_modff, (float x, float *i), _Z4modffPf(x, i))
__SIMT_NV(double, __nv_modf, (double x, double *i), _Z4modfdPd(x, i))
__SIMT_NV(float, __nv_remquof, (float x, float y, int *q), _Z6remquoffPi(x, y, q))
__SIMT_NV(double, __nv_remquo, (double x, double y, int *q), _Z6remquoddPi(x, y, q))
__SIMT_NV(int, __nv_ilogbf, (float x), _Z5ilogbf(x))
__SIMT_NV(int, __nv_ilogb, (double x), _Z5ilogbd(x))
__SIMT_NV(float, __nv_powif, (float x, int n), _Z4pownfi(x, n))
__SIMT_NV(double, __nv_powi, (double x, int n), _Z4powndi(x, n))
extern "C" __device__ __forceinline__ void __nv_sincosf(float x, float *s, float *c) {
  *s = _Z6sincosfPf(x, c);
}
extern "C" __device__ __forceinline__ void __nv_sincos(double x, double *s, double *c) {
  *s = _Z6sincosdPd(x, c);
}

extern "C" __device__ __forceinline__ void __nv_sincospif(float x, float *s, float *c) {
  *s = _Z5sinpif(x);
  *c = _Z5cospif(x);
}
extern "C" __device__ __forceinline__ void __nv_sincospi(double x, double *s, double *c) {
  *s = _Z5sinpid(x);
  *c = _Z5cospid(x);
}

/* Composed of libclc's: the normal distribution's CDF through erfc (the
   standard way, 0.5 erfc(-x / sqrt 2), whose error grows in the far left
   tail where erfc's argument carries its rounding; the float one computed
   in double, which keeps its tail and its denormals), and the 3- and
   4-vector norms through hypot, which scales, so no square overflows. */
__SIMT_NV(float, __nv_normcdff, (float x),
          (float)(0.5 * _Z4erfcd((double)x * -0.70710678118654752440)))
__SIMT_NV(double, __nv_normcdf, (double x), 0.5 * _Z4erfcd(x * -0.70710678118654752440))
__SIMT_NV(float, __nv_norm3df, (float a, float b, float c), _Z5hypotff(_Z5hypotff(a, b), c))
__SIMT_NV(double, __nv_norm3d, (double a, double b, double c), _Z5hypotdd(_Z5hypotdd(a, b), c))
__SIMT_NV(float, __nv_rnorm3df, (float a, float b, float c), 1.0f / __nv_norm3df(a, b, c))
__SIMT_NV(double, __nv_rnorm3d, (double a, double b, double c), 1.0 / __nv_norm3d(a, b, c))
__SIMT_NV(float, __nv_norm4df, (float a, float b, float c, float d),
          _Z5hypotff(_Z5hypotff(a, b), _Z5hypotff(c, d)))
__SIMT_NV(double, __nv_norm4d, (double a, double b, double c, double d),
          _Z5hypotdd(_Z5hypotdd(a, b), _Z5hypotdd(c, d)))
__SIMT_NV(float, __nv_rnorm4df, (float a, float b, float c, float d),
          1.0f / __nv_norm4df(a, b, c, d))
__SIMT_NV(double, __nv_rnorm4d, (double a, double b, double c, double d),
          1.0 / __nv_norm4d(a, b, c, d))

/* The inverse error functions, in double (the float ones round its result).
   A first guess from Giles' polynomials ("Approximating the erfinv
   function", GPU Computing Gems, 2011; relative error below 4e-7), then
   Halley's steps on erf(x) = y in the middle, or Newton's on
   log erfc(x) = log z in the tails, where erfc keeps z's relative accuracy
   and the logarithm makes the steps converge from afar. y = 1 - z: the
   callers pass whichever of the two they have exactly. */
static __device__ __forceinline__ double __simt_erfinv_guess(double y, double w) {
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = __builtin_sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  return p * y;
}
/* x >= 0 with erf(x) = y, erfc(x) = z (y in [0, 1), z = 1 - y in (0, 1]). */
static __device__ __forceinline__ double __simt_erfinv_core(double y, double z) {
  const double twoOverSqrtPi = 1.1283791670955126;
  if (z >= 0.5) {
    double x = __simt_erfinv_guess(y, -_Z5log1pd(-y * y));
    for (int i = 0; i < 2; ++i) {
      double step = (_Z3erfd(x) - y) / (twoOverSqrtPi * _Z3expd(-x * x));
      x -= step / (1.0 + x * step);
    }
    return x;
  }
  double w = -_Z3logd(z * (2.0 - z)), x;
  if (w < 36.0) {
    x = __simt_erfinv_guess(1.0 - z, w);
  } else {
    /* Beyond the polynomials (z < 1e-16): erfc(x) ~ exp(-x^2) / (x sqrt(pi)). */
    x = __builtin_sqrt(-_Z3logd(z));
    x = __builtin_sqrt(-_Z3logd(z) - _Z3logd(x * 1.7724538509055160));
  }
  for (int i = 0; i < 8; ++i) {
    double r = _Z4erfcd(x);
    double step = _Z3logd(r / z) * r / (twoOverSqrtPi * _Z3expd(-x * x));
    x += step;
    if (__builtin_fabs(step) <= 1e-17 * x)
      break;
  }
  return x;
}
extern "C" __device__ __forceinline__ double __nv_erfinv(double y) {
  double a = __builtin_fabs(y);
  if (!(a < 1.0))
    return a == 1.0 ? __builtin_copysign(__builtin_inf(), y) : __builtin_nan("");
  if (a == 0.0)
    return y;
  return __builtin_copysign(__simt_erfinv_core(a, 1.0 - a), y);
}
extern "C" __device__ __forceinline__ double __nv_erfcinv(double z) {
  if (!(z > 0.0 && z < 2.0))
    return z == 0.0 ? __builtin_inf() : z == 2.0 ? -__builtin_inf() : __builtin_nan("");
  if (z == 1.0)
    return 0.0;
  if (z > 1.0)
    return -__simt_erfinv_core(z - 1.0, 2.0 - z);
  return __simt_erfinv_core(1.0 - z, z);
}
/* The normal distribution's quantile: -sqrt(2) erfcinv(2p). */
extern "C" __device__ __forceinline__ double __nv_normcdfinv(double p) {
  return p == 0.5 ? 0.0 : -1.4142135623730951 * __nv_erfcinv(2.0 * p);
}
__SIMT_NV(float, __nv_erfinvf, (float y), (float)__nv_erfinv(y))
__SIMT_NV(float, __nv_erfcinvf, (float z), (float)__nv_erfcinv(z))
__SIMT_NV(float, __nv_normcdfinvf, (float p), (float)__nv_normcdfinv(p))

/* What libclc has no counterpart for. The attribute reports a call that
   survives optimisation (at the call in __clang_cuda_math.h); declaring the
   function unavailable instead would reject every program, since that
   header's wrappers name them all. */
#define __SIMT_NV_NONE(R, NAME, PARAMS)                                          \
  extern "C" __device__ R __nv_##NAME PARAMS __attribute__((error(               \
      "the CUDA math function '" #NAME "' is not provided: libclc, the math "    \
      "library of this toolchain, has no counterpart of it")));
#define __SIMT_NV_NONE1(NAME)                                                   \
  __SIMT_NV_NONE(double, NAME, (double)) __SIMT_NV_NONE(float, NAME##f, (float))
__SIMT_NV_NONE1(cyl_bessel_i0)
__SIMT_NV_NONE1(cyl_bessel_i1)
__SIMT_NV_NONE1(erfcx)
__SIMT_NV_NONE1(j0)
__SIMT_NV_NONE1(j1)
__SIMT_NV_NONE1(y0)
__SIMT_NV_NONE1(y1)
__SIMT_NV_NONE(double, jn, (int, double))
__SIMT_NV_NONE(float, jnf, (int, float))
__SIMT_NV_NONE(double, yn, (int, double))
__SIMT_NV_NONE(float, ynf, (int, float))
__SIMT_NV_NONE(double, norm, (int, const double *))
__SIMT_NV_NONE(float, normf, (int, const float *))
__SIMT_NV_NONE(double, rnorm, (int, const double *))
__SIMT_NV_NONE(float, rnormf, (int, const float *))
#undef __SIMT_NV_NONE1
#undef __SIMT_NV_NONE

/* The fast variants clang picks under -ffast-math: the MUFU forms. */
__SIMT_NV(float, __nv_fast_sinf, (float x), __nvvm_sin_approx_f(x))
__SIMT_NV(float, __nv_fast_cosf, (float x), __nvvm_cos_approx_f(x))
__SIMT_NV(float, __nv_fast_log2f, (float x), __nvvm_lg2_approx_f(x))
__SIMT_NV(float, __nv_fast_logf, (float x), __nvvm_lg2_approx_f(x) * 0.6931471805599453f)
__SIMT_NV(float, __nv_fast_fdividef, (float x, float y), __nvvm_div_approx_f(x, y))
extern "C" __device__ __forceinline__ void __nv_fast_sincosf(float x, float *s, float *c) {
  *s = __nvvm_sin_approx_f(x);
  *c = __nvvm_cos_approx_f(x);
}

/* Integer functions. */
__SIMT_NV(int, __nv_abs, (int x), x < 0 ? -x : x)
__SIMT_NV(long long, __nv_llabs, (long long x), x < 0 ? -x : x)
__SIMT_NV(int, __nv_min, (int x, int y), x < y ? x : y)
__SIMT_NV(int, __nv_max, (int x, int y), x > y ? x : y)
__SIMT_NV(unsigned, __nv_umin, (unsigned x, unsigned y), x < y ? x : y)
__SIMT_NV(unsigned, __nv_umax, (unsigned x, unsigned y), x > y ? x : y)
__SIMT_NV(long long, __nv_llmin, (long long x, long long y), x < y ? x : y)
__SIMT_NV(long long, __nv_llmax, (long long x, long long y), x > y ? x : y)
__SIMT_NV(unsigned long long, __nv_ullmin, (unsigned long long x, unsigned long long y),
          x < y ? x : y)
__SIMT_NV(unsigned long long, __nv_ullmax, (unsigned long long x, unsigned long long y),
          x > y ? x : y)

/* Classification, which __clang_cuda_cmath.h's isnan, isinf, ... call. */
static __device__ __forceinline__ int __isnanf(float x) { return __builtin_isnan(x); }
static __device__ __forceinline__ int __isnan(double x) { return __builtin_isnan(x); }
static __device__ __forceinline__ int __isinff(float x) { return __builtin_isinf(x); }
static __device__ __forceinline__ int __isinf(double x) { return __builtin_isinf(x); }
static __device__ __forceinline__ int __finitef(float x) { return __builtin_isfinite(x); }
static __device__ __forceinline__ int __isfinited(double x) { return __builtin_isfinite(x); }
static __device__ __forceinline__ int __signbitf(float x) { return __builtin_signbit(x); }
static __device__ __forceinline__ int __signbitd(double x) { return __builtin_signbit(x); }

#undef __SIMT_NV
#undef __SIMT_CLC
#undef __SIMT_CLC1
#undef __SIMT_CLC2
#undef __SIMT_BUILTIN1
#undef __SIMT_BUILTIN2

/* Clang's definitions of the C functions. The header insists on CUDA 9
   (its libdevice interface), which is what the __nv_* above provide; the
   program's own view of CUDA_VERSION is left alone. HUGE_VAL and INT_MAX
   come from the host's <math.h> and <limits.h>, absent under -m32 without
   i386 headers. */
#if __has_include(<bits/libc-header-start.h>)
#include <limits.h>
#else
#define INT_MAX __INT_MAX__
#define INT_MIN (-__INT_MAX__ - 1)
#endif
#ifndef HUGE_VAL
#define HUGE_VAL __builtin_huge_val()
#define HUGE_VALF __builtin_huge_valf()
#endif
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 9000
#include <__clang_cuda_math.h>
#pragma pop_macro("CUDA_VERSION")

/* clang's math headers declare nan and nanf and define neither: a quiet
   NaN (the tag, a payload in C, is not read). */
static __device__ __forceinline__ float nanf(const char *) { return __builtin_nanf(""); }
static __device__ __forceinline__ double nan(const char *) { return __builtin_nan(""); }

#endif

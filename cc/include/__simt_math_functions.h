/*===-- __simt_math_functions.h - CUDA math library from libclc ---------===*
 *
 * The CUDA math functions that need a library (expf, sinf, powf, ...) as
 * inline wrappers over libclc's OpenCL entry points (_Z3expf is OpenCL's
 * float exp). simt-cc links libclc's NVPTX bitcode with
 * -mlink-builtin-bitcode, so only the functions a kernel calls are pulled
 * in, internalized and inlined; their accuracy is libclc's (the OpenCL
 * full-profile bounds, docs/cuda.md). The double overloads map to libclc's
 * double versions: their f64 arithmetic translates, but their tables are
 * .const variables, which simt-ptxas does not place yet.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_MATH_FUNCTIONS_H
#define SIMT_MATH_FUNCTIONS_H

#include "__simt_qualifiers.h"

/* One function of one or two arguments: libclc's entry point (declared
   under its mangled name) and CUDA's name for it. */
#define __SIMT_CLC1(CUDA, CLC, T)                                              \
  extern "C" __device__ T CLC(T);                                              \
  static __device__ __forceinline__ T CUDA(T x) { return CLC(x); }
#define __SIMT_CLC2(CUDA, CLC, T)                                              \
  extern "C" __device__ T CLC(T, T);                                           \
  static __device__ __forceinline__ T CUDA(T x, T y) { return CLC(x, y); }
/* The float function NAMEf and the C++ overloads NAME(float), NAME(double). */
#define __SIMT_MATH1(NAME, LEN)                                                \
  __SIMT_CLC1(NAME##f, _Z##LEN##NAME##f, float)                                \
  __SIMT_CLC1(NAME, _Z##LEN##NAME##d, double)                                  \
  static __device__ __forceinline__ float NAME(float x) { return NAME##f(x); }
#define __SIMT_MATH2(NAME, LEN)                                                \
  __SIMT_CLC2(NAME##f, _Z##LEN##NAME##ff, float)                               \
  __SIMT_CLC2(NAME, _Z##LEN##NAME##dd, double)                                 \
  static __device__ __forceinline__ float NAME(float x, float y) { return NAME##f(x, y); }

__SIMT_MATH1(exp, 3)
__SIMT_MATH1(exp2, 4)
__SIMT_MATH1(exp10, 5)
__SIMT_MATH1(expm1, 5)
__SIMT_MATH1(log, 3)
__SIMT_MATH1(log2, 4)
__SIMT_MATH1(log10, 5)
__SIMT_MATH1(log1p, 5)
__SIMT_MATH1(logb, 4)
__SIMT_MATH1(sin, 3)
__SIMT_MATH1(cos, 3)
__SIMT_MATH1(tan, 3)
__SIMT_MATH1(asin, 4)
__SIMT_MATH1(acos, 4)
__SIMT_MATH1(atan, 4)
__SIMT_MATH1(sinh, 4)
__SIMT_MATH1(cosh, 4)
__SIMT_MATH1(tanh, 4)
__SIMT_MATH1(asinh, 5)
__SIMT_MATH1(acosh, 5)
__SIMT_MATH1(atanh, 5)
__SIMT_MATH1(sinpi, 5)
__SIMT_MATH1(cospi, 5)
__SIMT_MATH1(cbrt, 4)
__SIMT_MATH1(erf, 3)
__SIMT_MATH1(erfc, 4)
__SIMT_MATH1(lgamma, 6)
__SIMT_MATH1(tgamma, 6)
__SIMT_MATH1(round, 5)
__SIMT_MATH2(pow, 3)
__SIMT_MATH2(atan2, 5)
__SIMT_MATH2(fmod, 4)
__SIMT_MATH2(hypot, 5)
__SIMT_MATH2(remainder, 9)
__SIMT_MATH2(nextafter, 9)

/* Integer and pointer arguments: ldexp(float, int), frexp, modf and sincos
   through generic pointers (OpenCL's unqualified pointer mangling). */
extern "C" __device__ float _Z5ldexpfi(float, int);
extern "C" __device__ float _Z5frexpfPi(float, int *);
extern "C" __device__ float _Z4modffPf(float, float *);
extern "C" __device__ float _Z6sincosfPf(float, float *);
extern "C" __device__ int _Z5ilogbf(float);
static __device__ __forceinline__ float ldexpf(float x, int e) { return _Z5ldexpfi(x, e); }
static __device__ __forceinline__ float scalbnf(float x, int e) { return _Z5ldexpfi(x, e); }
static __device__ __forceinline__ float frexpf(float x, int *e) { return _Z5frexpfPi(x, e); }
static __device__ __forceinline__ float modff(float x, float *i) { return _Z4modffPf(x, i); }
static __device__ __forceinline__ int ilogbf(float x) { return _Z5ilogbf(x); }
static __device__ __forceinline__ void sincosf(float x, float *s, float *c) {
  *s = _Z6sincosfPf(x, c);
}
static __device__ __forceinline__ float rcbrtf(float x) { return 1.0f / cbrtf(x); }

#undef __SIMT_CLC1
#undef __SIMT_CLC2
#undef __SIMT_MATH1
#undef __SIMT_MATH2

#endif

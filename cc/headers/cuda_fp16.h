/*===-- cuda_fp16.h - CUDA's half precision on a device without it -------===*
 *
 * __half and __half2, their conversions, arithmetic, comparisons and math
 * functions, the C++ operators, and (in device code) the __half/__half2
 * shuffles (sm_35) and atomicAdd, in CUDA's names and signatures. The
 * SIMT ISA has no half-precision instructions (sm_53 added them): a __half
 * is its 16 bits in an unsigned short, every operation computes in f32 and
 * rounds the result to half as the hardware would: to nearest even, with
 * subnormals, infinities and the canonical NaN (0x7fff). The conversions
 * are integer code, the same on the host and the device. Rounding an f32
 * sum, product, quotient or square root of halves to half gives the
 * correctly rounded half (f32 has 24 >= 2 * 11 + 2 bits, so the double
 * rounding is innocuous); __hfma rounds a*b + c once, from the f32 sum
 * and its exact error (round-to-odd). hexp, hlog, hsin, ... round the
 * math library's f32 result.
 *
 * Types, conversions and arithmetic are __host__ __device__; the math
 * functions, shuffles and atomics are device code (CUDA compiles only).
 * __CUDA_NO_HALF_CONVERSIONS__, __CUDA_NO_HALF_OPERATORS__ and
 * __CUDA_NO_HALF2_OPERATORS__ leave out what they leave out in NVIDIA's
 * header. The code is cuda_bf16.h's too (__simt_half_common.h); what is
 * half's own is here. Written for simt-cc from CUDA's documented API.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_FP16_H
#define SIMT_CUDA_FP16_H
/* NVIDIA's guards and feature macro, which programs test. */
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

/* The rounding and the conversions it makes, for every format. */
#include "__simt_half_common.h"

/* The bits of a half and of a pair (x in the low 16 bits). */
typedef struct __attribute__((aligned(2))) { unsigned short x; } __half_raw;
typedef struct __attribute__((aligned(4))) { unsigned short x, y; } __half2_raw;

#if defined(__cplusplus)

/* ---- The format ------------------------------------------------------------- */

/* Half: 10 fraction bits, exponents from -14 to 15. */
struct __simt_fp16 : __simt_f16_format<10, 15> {
  typedef float __wide; /* a product of halves is exact in f32 (22 bits) */

  /* Exact: every half is a float. NaN becomes the canonical 0x7fffffff. */
  static __SIMT_HDM float __to_float(unsigned short __h) {
    const unsigned __sign = (unsigned)(__h & 0x8000u) << 16;
    const unsigned __e = (__h >> 10) & 0x1fu, __m = __h & 0x3ffu;
    unsigned __bits;
    if (__e == 0x1fu)
      __bits = __m ? 0x7fffffffu : (__sign | 0x7f800000u);
    else if (__e != 0)
      __bits = __sign | ((__e + 112u) << 23) | (__m << 13);
    else /* zero or subnormal: m * 2^-24, a normal float */
      __bits = __sign | __builtin_bit_cast(unsigned, (float)(int)__m * 5.9604644775390625e-8f);
    return __builtin_bit_cast(float, __bits);
  }
  static __SIMT_HDM unsigned short __from_float(float __f, int __mode) {
    return __simt_f16_from<__simt_fp16>(__f, __mode);
  }
  /* Integers: exact in f32 below 2^24, and 2^24 or more is beyond every
     half in each mode, so rounding the f32 conversion rounds the integer. */
  template <class __I> static __SIMT_HDM unsigned short __from_int(__I __v, int __mode) {
    return __from_float((float)__v, __mode);
  }
};

/* ---- The types and their functions (__simt_half_common.h) ----------------- */

#define __SIMT_F16_T __half
#define __SIMT_F16_T2 __half2
#define __SIMT_F16_RAW __half_raw
#define __SIMT_F16_RAW2 __half2_raw
#define __SIMT_F16_N(A, B) A##half##B
#define __SIMT_F16_N2(A, B) A##half2##B
#define __SIMT_F16_FMT __simt_fp16
/* CUDA 12's: a bfloat16's value as a half (static_cast<__half>(b); defined
   in cuda_bf16.h, once the type is complete). */
struct __nv_bfloat16;
#define __SIMT_F16_MEMBERS explicit __SIMT_HDM __half(const __nv_bfloat16 __b);
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
#define __SIMT_F16_CONVERSIONS
#if !defined(__CUDA_FP16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) || \
    defined(__CUDACC__)
#define __SIMT_F16_INT_CONVERSIONS
#endif
#endif
#if !defined(__CUDA_NO_HALF_OPERATORS__)
#define __SIMT_F16_OPERATORS
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
#define __SIMT_F16_OPERATORS2
#endif
#include "__simt_half_common.h"

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)

#endif /* __cplusplus */
#endif

/*===-- cuda_bf16.h - CUDA's bfloat16 on a device without it -------------===*
 *
 * __nv_bfloat16 and __nv_bfloat162 as cuda_fp16.h does __half and __half2
 * (which this header includes, as NVIDIA's does): the 16 bits in an
 * unsigned short, every operation computed in f32 and rounded to bfloat16
 * to nearest even, with subnormals, infinities and the canonical NaN
 * (0x7fff). bfloat16 to float is the bits shifted (a NaN keeps its
 * payload). f32 has 24 >= 2 * 8 + 2 bits, so the f32 sum, product,
 * quotient or square root rounded to bfloat16 is the correctly rounded
 * result; __hfma rounds a*b + c once (the f64 sum and its exact error,
 * rounded to odd). The arithmetic, comparison and math functions are the
 * __half names overloaded (__hadd, __heq, hsqrt, ...), as in CUDA. The
 * code is cuda_fp16.h's (__simt_half_common.h); what is bfloat16's own is
 * here. Written for simt-cc from CUDA's documented API.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_BF16_H
#define SIMT_CUDA_BF16_H
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#include "cuda_fp16.h"
#include "__simt_half_common.h"

typedef struct __attribute__((aligned(2))) { unsigned short x; } __nv_bfloat16_raw;
typedef struct __attribute__((aligned(4))) { unsigned short x, y; } __nv_bfloat162_raw;

#if defined(__cplusplus)

/* ---- The format ------------------------------------------------------------- */

/* Bfloat16: 7 fraction bits, exponents from -126 to 127 (float's). */
struct __simt_bf16 : __simt_f16_format<7, 127> {
  typedef double __wide; /* a product of bfloat16s is exact in f64 (16 bits, no underflow) */

  static __SIMT_HDM float __to_float(unsigned short __b) {
    return __builtin_bit_cast(float, (unsigned)__b << 16);
  }
  /* Float to bfloat16: the top half of the bits, rounded. */
  static __SIMT_HDM unsigned short __from_float(float __f, int __mode) {
    const unsigned __u = __builtin_bit_cast(unsigned, __f);
    const unsigned __a = __u & 0x7fffffffu;
    if (__a > 0x7f800000u)
      return 0x7fffu;
    const unsigned __sign = __u != __a ? 0x8000u : 0u;
    const unsigned __low = __u & 0xffffu, __top = __u >> 16;
    const bool __up = __simt_f16_up(__mode, __sign, __low, 0x8000u, __top & 1u);
    return (unsigned short)(__top + (__up ? 1u : 0u)); /* the carry reaches infinity */
  }
  /* Integers: exactly as a double, those of more than 53 bits with the bits
     shifted out kept as a sticky bit (far below bfloat16's rounding). */
  static __SIMT_HDM unsigned short __from_ull(unsigned long long __v, bool __neg, int __mode) {
    double __d;
    if (__v >> 53) {
      const unsigned long long __lost = __v & 0x7ffull;
      __d = (double)((__v >> 11) | (__lost ? 1ull : 0ull)) * 2048.0;
    } else {
      __d = (double)__v;
    }
    return __simt_f16_from<__simt_bf16>(__neg ? -__d : __d, __mode);
  }
  template <class __I> static __SIMT_HDM unsigned short __from_int(__I __v, int __mode) {
    const bool __neg = __v < 0;
    return __from_ull(__neg ? 0ull - (unsigned long long)__v : (unsigned long long)__v, __neg,
                      __mode);
  }
};

/* ---- The types and their functions (__simt_half_common.h) ----------------- */

#define __SIMT_F16_T __nv_bfloat16
#define __SIMT_F16_T2 __nv_bfloat162
#define __SIMT_F16_RAW __nv_bfloat16_raw
#define __SIMT_F16_RAW2 __nv_bfloat162_raw
#define __SIMT_F16_N(A, B) A##bfloat16##B
#define __SIMT_F16_N2(A, B) A##bfloat162##B
#define __SIMT_F16_FMT __simt_bf16
/* A half's value is a bfloat16 input like any float. */
#define __SIMT_F16_MEMBERS                                                         \
  explicit __SIMT_HDM __nv_bfloat16(const __half __h)                              \
      : __x(__simt_bf16::__from_float(__simt_fp16::__to_float(__h.__x), __SIMT_H_RN)) {}
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
#define __SIMT_F16_CONVERSIONS
#if !defined(__CUDA_BF16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) || \
    defined(__CUDACC__)
#define __SIMT_F16_INT_CONVERSIONS
#endif
#endif
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define __SIMT_F16_OPERATORS
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
#define __SIMT_F16_OPERATORS2
#endif
#include "__simt_half_common.h"

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* cuda_fp16.h's __half(const __nv_bfloat16), rounded to nearest. */
__host__ __device__ __forceinline__ __half::__half(const __nv_bfloat16 __b)
    : __x(__simt_fp16::__from_float(__simt_bf16::__to_float(__b.__x), __SIMT_H_RN)) {}

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

#endif /* __cplusplus */
#endif

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
 * header. Written for simt-cc from CUDA's documented API.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_FP16_H
#define SIMT_CUDA_FP16_H
/* NVIDIA's guards and feature macro, which programs test. */
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#include "__simt_qualifiers.h"

/* The bits of a half and of a pair (x in the low 16 bits). */
typedef struct __attribute__((aligned(2))) {
  unsigned short x;
} __half_raw;
typedef struct __attribute__((aligned(4))) {
  unsigned short x;
  unsigned short y;
} __half2_raw;

#if defined(__cplusplus)
#include "vector_types.h" /* float2 */

#define __SIMT_HD static __host__ __device__ __forceinline__
#define __SIMT_HDM __host__ __device__ __forceinline__
#define __SIMT_D static __device__ __forceinline__

/* ---- Conversions of the bits (integer code, host and device) ------------ */

/* Rounding modes of the conversions. */
enum { __SIMT_H_RN = 0, __SIMT_H_RZ = 1, __SIMT_H_RD = 2, __SIMT_H_RU = 3 };

/* The half nearest (in `mode`) to (-1)^sign * m * 2^(e - F), where m < 2^(F+1)
   has its leading one at bit F (a normal input) or below it (a subnormal
   input, whose e is then its format's least exponent). */
template <class __U, int __F>
__SIMT_HD unsigned short __simt_half_round(unsigned __sign, int __e, __U __m, int __mode) {
  if (__e > 15) { /* 65536 or more: infinity or the largest finite half */
    const bool __inf = __mode == __SIMT_H_RN || (__mode == __SIMT_H_RU && !__sign) ||
                       (__mode == __SIMT_H_RD && __sign);
    return (unsigned short)(__sign | (__inf ? 0x7c00u : 0x7bffu));
  }
  /* Bits to drop: those below a half's 10 fraction bits, and for a result
     below 2^-14 (a subnormal half) as many more as the exponent is short. */
  int __shift = (__F - 10) + (__e < -14 ? -14 - __e : 0);
  if (__shift > __F + 2)
    __shift = __F + 2; /* all of m is below half of the least subnormal */
  const __U __q = __m >> __shift;
  const __U __rem = __m - (__q << __shift);
  const __U __halfway = (__U)1 << (__shift - 1);
  /* A normal result's exponent field counts from 1 at 2^-14; q carries the
     implicit one, so the sum is the bits, and rounding up carries into the
     exponent (the largest subnormal to 2^-14, 65504 to infinity). */
  const unsigned __bits =
      (unsigned)__q + (__e >= -14 ? (unsigned)(__e + 14) << 10 : 0u);
  bool __up;
  switch (__mode) {
  case __SIMT_H_RN: __up = __rem > __halfway || (__rem == __halfway && (__bits & 1u)); break;
  case __SIMT_H_RD: __up = __rem != 0 && __sign; break;
  case __SIMT_H_RU: __up = __rem != 0 && !__sign; break;
  default: __up = false; break;
  }
  return (unsigned short)(__sign | (__bits + (__up ? 1u : 0u)));
}

__SIMT_HD unsigned short __simt_float2half_bits(float __f, int __mode) {
  const unsigned __u = __builtin_bit_cast(unsigned, __f);
  const unsigned __a = __u & 0x7fffffffu, __sign = __u != __a ? 0x8000u : 0u;
  if (__a >= 0x7f800000u) /* infinity keeps its sign; NaN is canonical */
    return (unsigned short)(__a == 0x7f800000u ? (__sign | 0x7c00u) : 0x7fffu);
  const unsigned __be = __a >> 23;
  const unsigned __m = (__a & 0x7fffffu) | (__be ? 0x800000u : 0u);
  return __simt_half_round<unsigned, 23>(__sign, __be ? (int)__be - 127 : -126, __m, __mode);
}

__SIMT_HD unsigned short __simt_double2half_bits(double __d, int __mode) {
  const unsigned long long __u = __builtin_bit_cast(unsigned long long, __d);
  const unsigned long long __a = __u & 0x7fffffffffffffffull;
  const unsigned __sign = __u != __a ? 0x8000u : 0u;
  if (__a >= 0x7ff0000000000000ull)
    return (unsigned short)(__a == 0x7ff0000000000000ull ? (__sign | 0x7c00u) : 0x7fffu);
  const int __be = (int)(__a >> 52);
  const unsigned long long __m = (__a & 0xfffffffffffffull) | (__be ? 1ull << 52 : 0ull);
  return __simt_half_round<unsigned long long, 52>(__sign, __be ? __be - 1023 : -1022, __m,
                                                   __mode);
}

/* Exact: every half is a float. NaN becomes the canonical 0x7fffffff. */
__SIMT_HD float __simt_half2float_bits(unsigned short __h) {
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

/* Integers: exact in f32 below 2^24, and 2^24 or more is beyond every
   half in each mode, so rounding the f32 conversion rounds the integer. */
template <class __I> __SIMT_HD unsigned short __simt_int2half_bits(__I __v, int __mode) {
  return __simt_float2half_bits((float)__v, __mode);
}

/* Half to integer: NaN gives 0, out-of-range values saturate (cvt's rules). */
template <class __I>
__SIMT_HD __I __simt_half2int(unsigned short __h, int __mode, __I __lo, __I __hi) {
  const float __f = __simt_half2float_bits(__h);
  if (__f != __f)
    return 0;
  float __r;
  switch (__mode) {
  case __SIMT_H_RN: __r = __builtin_rintf(__f); break;
  case __SIMT_H_RD: __r = __builtin_floorf(__f); break;
  case __SIMT_H_RU: __r = __builtin_ceilf(__f); break;
  default: __r = __builtin_truncf(__f); break;
  }
  if (__r <= (float)__lo)
    return __lo;
  if (__r >= (float)__hi)
    return __hi;
  return (__I)__r;
}

/* ---- The types ------------------------------------------------------------ */

struct __half;
struct __half2;

struct __attribute__((aligned(2))) __half {
  unsigned short __x;

  __half() = default;
  __SIMT_HDM constexpr __half(const __half_raw &__r) : __x(__r.x) {}
  __SIMT_HDM __half &operator=(const __half_raw &__r) {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM volatile __half &operator=(const __half_raw &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM volatile __half &operator=(const volatile __half_raw &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM operator __half_raw() const {
    __half_raw __r;
    __r.x = __x;
    return __r;
  }
  __SIMT_HDM operator __half_raw() const volatile {
    __half_raw __r;
    __r.x = __x;
    return __r;
  }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __SIMT_HDM __half(const float __f) : __x(__simt_float2half_bits(__f, __SIMT_H_RN)) {}
  __SIMT_HDM __half(const double __d) : __x(__simt_double2half_bits(__d, __SIMT_H_RN)) {}
  __SIMT_HDM operator float() const { return __simt_half2float_bits(__x); }
  __SIMT_HDM __half &operator=(const float __f) {
    __x = __simt_float2half_bits(__f, __SIMT_H_RN);
    return *this;
  }
  __SIMT_HDM __half &operator=(const double __d) {
    __x = __simt_double2half_bits(__d, __SIMT_H_RN);
    return *this;
  }
#if !defined(__CUDA_FP16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) || \
    defined(__CUDACC__)
  /* From and to the integer types, rounding to nearest into half and toward
     zero out of it, as NVIDIA's header does. */
#define __SIMT_HALF_INT(T, LO, HI)                                               \
  __SIMT_HDM __half(const T __v) : __x(__simt_int2half_bits(__v, __SIMT_H_RN)) {} \
  __SIMT_HDM __half &operator=(const T __v) {                                    \
    __x = __simt_int2half_bits(__v, __SIMT_H_RN);                                \
    return *this;                                                                \
  }                                                                              \
  __SIMT_HDM operator T() const {                                                \
    return __simt_half2int<T>(__x, __SIMT_H_RZ, (T)(LO), (T)(HI));               \
  }
  __SIMT_HALF_INT(short, -32768, 32767)
  __SIMT_HALF_INT(unsigned short, 0, 65535)
  __SIMT_HALF_INT(int, -2147483647 - 1, 2147483647)
  __SIMT_HALF_INT(unsigned int, 0, 4294967295u)
  __SIMT_HALF_INT(long, -__LONG_MAX__ - 1, __LONG_MAX__)
  __SIMT_HALF_INT(unsigned long, 0, __LONG_MAX__ * 2ul + 1)
  __SIMT_HALF_INT(long long, -9223372036854775807ll - 1, 9223372036854775807ll)
  __SIMT_HALF_INT(unsigned long long, 0, 18446744073709551615ull)
#undef __SIMT_HALF_INT
  __SIMT_HDM operator signed char() const {
    return __simt_half2int<signed char>(__x, __SIMT_H_RZ, -128, 127);
  }
  __SIMT_HDM operator unsigned char() const {
    return __simt_half2int<unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  __SIMT_HDM operator char() const {
    return (char)-1 < 0 ? (char)__simt_half2int<signed char>(__x, __SIMT_H_RZ, -128, 127)
                        : (char)__simt_half2int<unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  /* Nonzero (NaN included). */
  __SIMT_HDM constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
#endif
};

struct __attribute__((aligned(4))) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __SIMT_HDM constexpr __half2(const __half &__a, const __half &__b) : x(__a), y(__b) {}
  __SIMT_HDM __half2(const __half2_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
  }
  __SIMT_HDM __half2 &operator=(const __half2_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
    return *this;
  }
  __SIMT_HDM operator __half2_raw() const {
    __half2_raw __r;
    __r.x = x.__x;
    __r.y = y.__x;
    return __r;
  }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

/* ---- Bits, constants, conversions ---------------------------------------- */

/* The implementation takes no references, calls no member functions and
   writes a pair as one word: clang's -O0 code keeps every object in the
   frame, and frame addresses passed around or written through (a member
   at an offset) are what simt-ptxas follows least well (docs/cuda.md
   "Generic addresses"). */
__SIMT_HD __half __simt_h(const unsigned short __b) {
  __half __h;
  __h.__x = __b;
  return __h;
}
__SIMT_HD unsigned short __simt_b(const __half __h) { return __h.__x; }
__SIMT_HD __half2 __simt_h2(const unsigned __b) { return __builtin_bit_cast(__half2, __b); }
__SIMT_HD unsigned __simt_b2(const __half2 __h) { return __builtin_bit_cast(unsigned, __h); }
__SIMT_HD __half2 __simt_pair(const __half __a, const __half __b) {
  return __simt_h2((unsigned)__a.__x | (unsigned)__b.__x << 16);
}

__SIMT_HD short __half_as_short(const __half __h) { return (short)__h.__x; }
__SIMT_HD unsigned short __half_as_ushort(const __half __h) { return __h.__x; }
__SIMT_HD __half __short_as_half(const short __i) { return __simt_h((unsigned short)__i); }
__SIMT_HD __half __ushort_as_half(const unsigned short __i) { return __simt_h(__i); }

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)

__SIMT_HD float __half2float(const __half __a) { return __simt_half2float_bits(__a.__x); }
__SIMT_HD __half __float2half(const float __a) {
  return __simt_h(__simt_float2half_bits(__a, __SIMT_H_RN));
}
__SIMT_HD __half __float2half_rn(const float __a) {
  return __simt_h(__simt_float2half_bits(__a, __SIMT_H_RN));
}
__SIMT_HD __half __float2half_rz(const float __a) {
  return __simt_h(__simt_float2half_bits(__a, __SIMT_H_RZ));
}
__SIMT_HD __half __float2half_rd(const float __a) {
  return __simt_h(__simt_float2half_bits(__a, __SIMT_H_RD));
}
__SIMT_HD __half __float2half_ru(const float __a) {
  return __simt_h(__simt_float2half_bits(__a, __SIMT_H_RU));
}
__SIMT_HD __half __double2half(const double __a) {
  return __simt_h(__simt_double2half_bits(__a, __SIMT_H_RN));
}

/* Pairs: x is the low half, y the high. */
__SIMT_HD __half2 make_half2(const __half __x, const __half __y) { return __simt_pair(__x, __y); }
__SIMT_HD __half2 __halves2half2(const __half __a, const __half __b) { return __simt_pair(__a, __b); }
__SIMT_HD __half2 __half2half2(const __half __a) { return __simt_pair(__a, __a); }
__SIMT_HD __half2 __float2half2_rn(const float __a) {
  return __half2half2(__float2half_rn(__a));
}
__SIMT_HD __half2 __floats2half2_rn(const float __a, const float __b) {
  return __simt_pair(__float2half_rn(__a), __float2half_rn(__b));
}
__SIMT_HD __half2 __float22half2_rn(const float2 __a) {
  return __simt_pair(__float2half_rn(__a.x), __float2half_rn(__a.y));
}
__SIMT_HD float2 __half22float2(const __half2 __a) {
  const unsigned long long __lo = __builtin_bit_cast(unsigned, __half2float(__a.x));
  const unsigned long long __hi = __builtin_bit_cast(unsigned, __half2float(__a.y));
  return __builtin_bit_cast(float2, __lo | __hi << 32);
}
__SIMT_HD float __low2float(const __half2 __a) { return __half2float(__a.x); }
__SIMT_HD float __high2float(const __half2 __a) { return __half2float(__a.y); }
__SIMT_HD __half __low2half(const __half2 __a) { return __a.x; }
__SIMT_HD __half __high2half(const __half2 __a) { return __a.y; }
__SIMT_HD __half2 __low2half2(const __half2 __a) { return __simt_pair(__a.x, __a.x); }
__SIMT_HD __half2 __high2half2(const __half2 __a) { return __simt_pair(__a.y, __a.y); }
__SIMT_HD __half2 __lows2half2(const __half2 __a, const __half2 __b) {
  return __simt_pair(__a.x, __b.x);
}
__SIMT_HD __half2 __highs2half2(const __half2 __a, const __half2 __b) {
  return __simt_pair(__a.y, __b.y);
}
__SIMT_HD __half2 __lowhigh2highlow(const __half2 __a) { return __simt_pair(__a.y, __a.x); }

/* Integers into half, in the four modes, and half into integers. */
#define __SIMT_INT2HALF(NAME, T)                                                   \
  __SIMT_HD __half NAME##_rn(const T __i) { return __simt_h(__simt_int2half_bits(__i, __SIMT_H_RN)); } \
  __SIMT_HD __half NAME##_rz(const T __i) { return __simt_h(__simt_int2half_bits(__i, __SIMT_H_RZ)); } \
  __SIMT_HD __half NAME##_rd(const T __i) { return __simt_h(__simt_int2half_bits(__i, __SIMT_H_RD)); } \
  __SIMT_HD __half NAME##_ru(const T __i) { return __simt_h(__simt_int2half_bits(__i, __SIMT_H_RU)); }
__SIMT_INT2HALF(__short2half, short)
__SIMT_INT2HALF(__ushort2half, unsigned short)
__SIMT_INT2HALF(__int2half, int)
__SIMT_INT2HALF(__uint2half, unsigned int)
__SIMT_INT2HALF(__ll2half, long long)
__SIMT_INT2HALF(__ull2half, unsigned long long)
#undef __SIMT_INT2HALF
#define __SIMT_HALF2INT(NAME, T, LO, HI)                                           \
  __SIMT_HD T NAME##_rn(const __half __h) { return __simt_half2int<T>(__h.__x, __SIMT_H_RN, LO, HI); } \
  __SIMT_HD T NAME##_rz(const __half __h) { return __simt_half2int<T>(__h.__x, __SIMT_H_RZ, LO, HI); } \
  __SIMT_HD T NAME##_rd(const __half __h) { return __simt_half2int<T>(__h.__x, __SIMT_H_RD, LO, HI); } \
  __SIMT_HD T NAME##_ru(const __half __h) { return __simt_half2int<T>(__h.__x, __SIMT_H_RU, LO, HI); }
__SIMT_HALF2INT(__half2short, short, -32768, 32767)
__SIMT_HALF2INT(__half2ushort, unsigned short, 0, 65535)
__SIMT_HALF2INT(__half2int, int, -2147483647 - 1, 2147483647)
__SIMT_HALF2INT(__half2uint, unsigned int, 0u, 4294967295u)
__SIMT_HALF2INT(__half2ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll)
__SIMT_HALF2INT(__half2ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __SIMT_HALF2INT
__SIMT_HD signed char __half2char_rz(const __half __h) {
  return __simt_half2int<signed char>(__h.__x, __SIMT_H_RZ, -128, 127);
}
__SIMT_HD unsigned char __half2uchar_rz(const __half __h) {
  return __simt_half2int<unsigned char>(__h.__x, __SIMT_H_RZ, 0, 255);
}

/* ---- Classification and comparisons ------------------------------------- */

__SIMT_HD bool __hisnan(const __half __a) { return (__a.__x & 0x7fffu) > 0x7c00u; }
/* -1 for negative infinity, 1 for positive, 0 otherwise. */
__SIMT_HD int __hisinf(const __half __a) {
  return __a.__x == 0xfc00u ? -1 : __a.__x == 0x7c00u ? 1 : 0;
}

/* Ordered comparisons are false where either is NaN; the unordered (u)
   ones true. __hne is ordered, operator!= unordered, as in CUDA. */
#define __SIMT_HCMP(NAME, EXPR)                                                    \
  __SIMT_HD bool NAME(const __half __a, const __half __b) {                        \
    const float __fa = __half2float(__a), __fb = __half2float(__b);                \
    return EXPR;                                                                   \
  }
__SIMT_HCMP(__heq, __fa == __fb)
__SIMT_HCMP(__hne, __fa < __fb || __fa > __fb)
__SIMT_HCMP(__hlt, __fa < __fb)
__SIMT_HCMP(__hle, __fa <= __fb)
__SIMT_HCMP(__hgt, __fa > __fb)
__SIMT_HCMP(__hge, __fa >= __fb)
__SIMT_HCMP(__hequ, !(__fa < __fb || __fa > __fb))
__SIMT_HCMP(__hneu, !(__fa == __fb))
__SIMT_HCMP(__hltu, !(__fa >= __fb))
__SIMT_HCMP(__hleu, !(__fa > __fb))
__SIMT_HCMP(__hgtu, !(__fa <= __fb))
__SIMT_HCMP(__hgeu, !(__fa < __fb))
#undef __SIMT_HCMP

/* Pairs: a half2 of 1.0 or 0.0 per lane; the _mask forms 0xffff or 0 per
   lane; the __hb forms true where both lanes are. */
#define __SIMT_H2CMP(OP)                                                           \
  __SIMT_HD __half2 OP##2(const __half2 __a, const __half2 __b) {                  \
    return __simt_pair(__simt_h(OP(__a.x, __b.x) ? 0x3c00u : 0u),                      \
                   __simt_h(OP(__a.y, __b.y) ? 0x3c00u : 0u));                     \
  }                                                                                \
  __SIMT_HD unsigned OP##2_mask(const __half2 __a, const __half2 __b) {            \
    return (OP(__a.x, __b.x) ? 0xffffu : 0u) | (OP(__a.y, __b.y) ? 0xffff0000u : 0u); \
  }
__SIMT_H2CMP(__heq)
__SIMT_H2CMP(__hne)
__SIMT_H2CMP(__hlt)
__SIMT_H2CMP(__hle)
__SIMT_H2CMP(__hgt)
__SIMT_H2CMP(__hge)
__SIMT_H2CMP(__hequ)
__SIMT_H2CMP(__hneu)
__SIMT_H2CMP(__hltu)
__SIMT_H2CMP(__hleu)
__SIMT_H2CMP(__hgtu)
__SIMT_H2CMP(__hgeu)
#undef __SIMT_H2CMP
#define __SIMT_HB2CMP(NAME, OP)                                                    \
  __SIMT_HD bool NAME(const __half2 __a, const __half2 __b) {                      \
    return OP(__a.x, __b.x) && OP(__a.y, __b.y);                                   \
  }
__SIMT_HB2CMP(__hbeq2, __heq)
__SIMT_HB2CMP(__hbne2, __hne)
__SIMT_HB2CMP(__hblt2, __hlt)
__SIMT_HB2CMP(__hble2, __hle)
__SIMT_HB2CMP(__hbgt2, __hgt)
__SIMT_HB2CMP(__hbge2, __hge)
__SIMT_HB2CMP(__hbequ2, __hequ)
__SIMT_HB2CMP(__hbneu2, __hneu)
__SIMT_HB2CMP(__hbltu2, __hltu)
__SIMT_HB2CMP(__hbleu2, __hleu)
__SIMT_HB2CMP(__hbgtu2, __hgtu)
__SIMT_HB2CMP(__hbgeu2, __hgeu)
#undef __SIMT_HB2CMP
__SIMT_HD __half2 __hisnan2(const __half2 __a) {
  return __simt_pair(__simt_h(__hisnan(__a.x) ? 0x3c00u : 0u),
                 __simt_h(__hisnan(__a.y) ? 0x3c00u : 0u));
}

/* ---- Arithmetic ------------------------------------------------------------ */

/* An f32 result rounded to half. */
__SIMT_HD __half __simt_hround(const float __f) {
  return __simt_h(__simt_float2half_bits(__f, __SIMT_H_RN));
}
/* Clamped to [0, 1]; NaN gives +0. */
__SIMT_HD __half __simt_hsat(const __half __h) {
  const float __f = __half2float(__h);
  return __f > 0.0f ? (__f < 1.0f ? __h : __simt_h(0x3c00u)) : __simt_h(0u);
}

/* a * b + c rounded once: a * b is exact in f32 (22 bits), the f32 sum s
   and its exact error e (TwoSum) give the sum rounded to odd in 24 bits,
   which rounds to half as the exact value does. */
__SIMT_HD __half __hfma(const __half __a, const __half __b, const __half __c) {
  const float __p = __half2float(__a) * __half2float(__b), __fc = __half2float(__c);
  const float __s = __p + __fc;
  unsigned __sb = __builtin_bit_cast(unsigned, __s);
  if ((__sb & 0x7f800000u) != 0x7f800000u) { /* finite: infinities and NaN pass */
    const float __bv = __s - __p;
    const float __err = (__p - (__s - __bv)) + (__fc - __bv);
    if (__err != 0.0f && !(__sb & 1u))
      __sb += ((__err > 0.0f) == (__s > 0.0f)) ? 1u : -1u;
  }
  return __simt_hround(__builtin_bit_cast(float, __sb));
}

__SIMT_HD __half __hadd(const __half __a, const __half __b) {
  return __simt_hround(__half2float(__a) + __half2float(__b));
}
__SIMT_HD __half __hsub(const __half __a, const __half __b) {
  return __simt_hround(__half2float(__a) - __half2float(__b));
}
__SIMT_HD __half __hmul(const __half __a, const __half __b) {
  return __simt_hround(__half2float(__a) * __half2float(__b));
}
__SIMT_HD __half __hdiv(const __half __a, const __half __b) {
  return __simt_hround(__half2float(__a) / __half2float(__b));
}
/* The _rn forms are never contracted into an fma; these never are. */
__SIMT_HD __half __hadd_rn(const __half __a, const __half __b) { return __hadd(__a, __b); }
__SIMT_HD __half __hsub_rn(const __half __a, const __half __b) { return __hsub(__a, __b); }
__SIMT_HD __half __hmul_rn(const __half __a, const __half __b) { return __hmul(__a, __b); }
__SIMT_HD __half __hadd_sat(const __half __a, const __half __b) {
  return __simt_hsat(__hadd(__a, __b));
}
__SIMT_HD __half __hsub_sat(const __half __a, const __half __b) {
  return __simt_hsat(__hsub(__a, __b));
}
__SIMT_HD __half __hmul_sat(const __half __a, const __half __b) {
  return __simt_hsat(__hmul(__a, __b));
}
__SIMT_HD __half __hfma_sat(const __half __a, const __half __b, const __half __c) {
  return __simt_hsat(__hfma(__a, __b, __c));
}
/* max(0, a * b + c); NaN is canonical. */
__SIMT_HD __half __hfma_relu(const __half __a, const __half __b, const __half __c) {
  const __half __r = __hfma(__a, __b, __c);
  return __hisnan(__r) ? __simt_h(0x7fffu) : (__r.__x & 0x8000u) ? __simt_h(0u) : __r;
}
/* Sign operations; NaN gives the canonical NaN. */
__SIMT_HD __half __hneg(const __half __a) {
  return __hisnan(__a) ? __simt_h(0x7fffu) : __simt_h((unsigned short)(__a.__x ^ 0x8000u));
}
__SIMT_HD __half __habs(const __half __a) {
  return __hisnan(__a) ? __simt_h(0x7fffu) : __simt_h((unsigned short)(__a.__x & 0x7fffu));
}
/* max/min: a NaN operand gives the other (both: the canonical NaN);
   +0 is above -0. The _nan forms give NaN for any NaN operand. */
__SIMT_HD __half __hmax(const __half __a, const __half __b) {
  if (__hisnan(__a))
    return __hisnan(__b) ? __simt_h(0x7fffu) : __b;
  if (__hisnan(__b))
    return __a;
  const float __fa = __half2float(__a), __fb = __half2float(__b);
  return __fa > __fb ? __a : __fa < __fb ? __b : __simt_h((unsigned short)(__a.__x & __b.__x));
}
__SIMT_HD __half __hmin(const __half __a, const __half __b) {
  if (__hisnan(__a))
    return __hisnan(__b) ? __simt_h(0x7fffu) : __b;
  if (__hisnan(__b))
    return __a;
  const float __fa = __half2float(__a), __fb = __half2float(__b);
  return __fa < __fb ? __a : __fa > __fb ? __b : __simt_h((unsigned short)(__a.__x | __b.__x));
}
__SIMT_HD __half __hmax_nan(const __half __a, const __half __b) {
  return __hisnan(__a) || __hisnan(__b) ? __simt_h(0x7fffu) : __hmax(__a, __b);
}
__SIMT_HD __half __hmin_nan(const __half __a, const __half __b) {
  return __hisnan(__a) || __hisnan(__b) ? __simt_h(0x7fffu) : __hmin(__a, __b);
}

/* Pairs, lane by lane. */
#define __SIMT_H2OP2(NAME, OP)                                                     \
  __SIMT_HD __half2 NAME(const __half2 __a, const __half2 __b) {                   \
    return __simt_pair(OP(__a.x, __b.x), OP(__a.y, __b.y));                            \
  }
__SIMT_H2OP2(__hadd2, __hadd)
__SIMT_H2OP2(__hsub2, __hsub)
__SIMT_H2OP2(__hmul2, __hmul)
__SIMT_H2OP2(__h2div, __hdiv)
__SIMT_H2OP2(__hadd2_rn, __hadd)
__SIMT_H2OP2(__hsub2_rn, __hsub)
__SIMT_H2OP2(__hmul2_rn, __hmul)
__SIMT_H2OP2(__hadd2_sat, __hadd_sat)
__SIMT_H2OP2(__hsub2_sat, __hsub_sat)
__SIMT_H2OP2(__hmul2_sat, __hmul_sat)
__SIMT_H2OP2(__hmax2, __hmax)
__SIMT_H2OP2(__hmin2, __hmin)
__SIMT_H2OP2(__hmax2_nan, __hmax_nan)
__SIMT_H2OP2(__hmin2_nan, __hmin_nan)
#undef __SIMT_H2OP2
#define __SIMT_H2OP3(NAME, OP)                                                     \
  __SIMT_HD __half2 NAME(const __half2 __a, const __half2 __b, const __half2 __c) { \
    return __simt_pair(OP(__a.x, __b.x, __c.x), OP(__a.y, __b.y, __c.y));              \
  }
__SIMT_H2OP3(__hfma2, __hfma)
__SIMT_H2OP3(__hfma2_sat, __hfma_sat)
__SIMT_H2OP3(__hfma2_relu, __hfma_relu)
#undef __SIMT_H2OP3
__SIMT_HD __half2 __hneg2(const __half2 __a) { return __simt_pair(__hneg(__a.x), __hneg(__a.y)); }
__SIMT_HD __half2 __habs2(const __half2 __a) { return __simt_pair(__habs(__a.x), __habs(__a.y)); }
/* Complex multiply-add (x real, y imaginary): a * b + c in f32, each part
   rounded once. */
__SIMT_HD __half2 __hcmadd(const __half2 __a, const __half2 __b, const __half2 __c) {
  const float __ar = __half2float(__a.x), __ai = __half2float(__a.y);
  const float __br = __half2float(__b.x), __bi = __half2float(__b.y);
  const float __re = __builtin_fmaf(-__ai, __bi, __builtin_fmaf(__ar, __br, __half2float(__c.x)));
  const float __im = __builtin_fmaf(__ai, __br, __builtin_fmaf(__ar, __bi, __half2float(__c.y)));
  return __simt_pair(__simt_hround(__re), __simt_hround(__im));
}

/* ---- Operators --------------------------------------------------------------- */

#if !defined(__CUDA_NO_HALF_OPERATORS__)
__SIMT_HD __half operator+(const __half __a, const __half __b) { return __hadd(__a, __b); }
__SIMT_HD __half operator-(const __half __a, const __half __b) { return __hsub(__a, __b); }
__SIMT_HD __half operator*(const __half __a, const __half __b) { return __hmul(__a, __b); }
__SIMT_HD __half operator/(const __half __a, const __half __b) { return __hdiv(__a, __b); }
__SIMT_HD __half &operator+=(__half &__a, const __half __b) { return __a = __hadd(__a, __b); }
__SIMT_HD __half &operator-=(__half &__a, const __half __b) { return __a = __hsub(__a, __b); }
__SIMT_HD __half &operator*=(__half &__a, const __half __b) { return __a = __hmul(__a, __b); }
__SIMT_HD __half &operator/=(__half &__a, const __half __b) { return __a = __hdiv(__a, __b); }
__SIMT_HD __half &operator++(__half &__a) { return __a = __hadd(__a, __simt_h(0x3c00u)); }
__SIMT_HD __half &operator--(__half &__a) { return __a = __hsub(__a, __simt_h(0x3c00u)); }
__SIMT_HD __half operator++(__half &__a, int) {
  const __half __old = __a;
  __a = __hadd(__a, __simt_h(0x3c00u));
  return __old;
}
__SIMT_HD __half operator--(__half &__a, int) {
  const __half __old = __a;
  __a = __hsub(__a, __simt_h(0x3c00u));
  return __old;
}
__SIMT_HD __half operator+(const __half __a) { return __a; }
__SIMT_HD __half operator-(const __half __a) { return __hneg(__a); }
__SIMT_HD bool operator==(const __half __a, const __half __b) { return __heq(__a, __b); }
__SIMT_HD bool operator!=(const __half __a, const __half __b) { return __hneu(__a, __b); }
__SIMT_HD bool operator<(const __half __a, const __half __b) { return __hlt(__a, __b); }
__SIMT_HD bool operator<=(const __half __a, const __half __b) { return __hle(__a, __b); }
__SIMT_HD bool operator>(const __half __a, const __half __b) { return __hgt(__a, __b); }
__SIMT_HD bool operator>=(const __half __a, const __half __b) { return __hge(__a, __b); }
#endif

#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__SIMT_HD __half2 operator+(const __half2 __a, const __half2 __b) { return __hadd2(__a, __b); }
__SIMT_HD __half2 operator-(const __half2 __a, const __half2 __b) { return __hsub2(__a, __b); }
__SIMT_HD __half2 operator*(const __half2 __a, const __half2 __b) { return __hmul2(__a, __b); }
__SIMT_HD __half2 operator/(const __half2 __a, const __half2 __b) { return __h2div(__a, __b); }
__SIMT_HD __half2 &operator+=(__half2 &__a, const __half2 __b) { return __a = __hadd2(__a, __b); }
__SIMT_HD __half2 &operator-=(__half2 &__a, const __half2 __b) { return __a = __hsub2(__a, __b); }
__SIMT_HD __half2 &operator*=(__half2 &__a, const __half2 __b) { return __a = __hmul2(__a, __b); }
__SIMT_HD __half2 &operator/=(__half2 &__a, const __half2 __b) { return __a = __h2div(__a, __b); }
__SIMT_HD __half2 &operator++(__half2 &__a) { return __a = __hadd2(__a, __simt_h2(0x3c003c00u)); }
__SIMT_HD __half2 &operator--(__half2 &__a) { return __a = __hsub2(__a, __simt_h2(0x3c003c00u)); }
__SIMT_HD __half2 operator++(__half2 &__a, int) {
  const __half2 __old = __a;
  __a = __hadd2(__a, __simt_h2(0x3c003c00u));
  return __old;
}
__SIMT_HD __half2 operator--(__half2 &__a, int) {
  const __half2 __old = __a;
  __a = __hsub2(__a, __simt_h2(0x3c003c00u));
  return __old;
}
__SIMT_HD __half2 operator+(const __half2 __a) { return __a; }
__SIMT_HD __half2 operator-(const __half2 __a) { return __hneg2(__a); }
__SIMT_HD bool operator==(const __half2 __a, const __half2 __b) { return __hbeq2(__a, __b); }
__SIMT_HD bool operator!=(const __half2 __a, const __half2 __b) { return __hbneu2(__a, __b); }
__SIMT_HD bool operator<(const __half2 __a, const __half2 __b) { return __hblt2(__a, __b); }
__SIMT_HD bool operator<=(const __half2 __a, const __half2 __b) { return __hble2(__a, __b); }
__SIMT_HD bool operator>(const __half2 __a, const __half2 __b) { return __hbgt2(__a, __b); }
__SIMT_HD bool operator>=(const __half2 __a, const __half2 __b) { return __hbge2(__a, __b); }
#endif

/* ---- Device code: math functions, shuffles, atomics ------------------------ */

#if defined(__CUDA__)
/* The f32 function's result rounded to half (sqrt and the reciprocal are
   correctly rounded; the others have libclc's f32 accuracy before the
   rounding). */
#define __SIMT_HMATH(NAME, NAME2, EXPR)                                            \
  __SIMT_D __half NAME(const __half __h) {                                         \
    const float __f = __half2float(__h);                                           \
    return __simt_hround(EXPR);                                                    \
  }                                                                                \
  __SIMT_D __half2 NAME2(const __half2 __h) { return __simt_pair(NAME(__h.x), NAME(__h.y)); }
__SIMT_HMATH(hsqrt, h2sqrt, __builtin_sqrtf(__f))
__SIMT_HMATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(__f))
__SIMT_HMATH(hrcp, h2rcp, 1.0f / __f)
__SIMT_HMATH(hexp, h2exp, __nv_expf(__f))
__SIMT_HMATH(hexp2, h2exp2, __nv_exp2f(__f))
__SIMT_HMATH(hexp10, h2exp10, __nv_exp10f(__f))
__SIMT_HMATH(hlog, h2log, __nv_logf(__f))
__SIMT_HMATH(hlog2, h2log2, __nv_log2f(__f))
__SIMT_HMATH(hlog10, h2log10, __nv_log10f(__f))
__SIMT_HMATH(hsin, h2sin, __nv_sinf(__f))
__SIMT_HMATH(hcos, h2cos, __nv_cosf(__f))
__SIMT_HMATH(htanh, h2tanh, __nv_tanhf(__f))
__SIMT_HMATH(htanh_approx, h2tanh_approx, __nv_tanhf(__f))
__SIMT_HMATH(hfloor, h2floor, __builtin_floorf(__f))
__SIMT_HMATH(hceil, h2ceil, __builtin_ceilf(__f))
__SIMT_HMATH(htrunc, h2trunc, __builtin_truncf(__f))
__SIMT_HMATH(hrint, h2rint, __builtin_rintf(__f))
#undef __SIMT_HMATH

/* atomicAdd as a compare-and-swap loop on the 32-bit word (sm_60 and sm_70
   have them in one instruction); each returns the old value. The loop
   compares bits, so a NaN in memory ends it. */
__SIMT_D __half2 atomicAdd(__half2 *__p, const __half2 __v) {
  unsigned *const __w = (unsigned *)__p;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    __old = atomicCAS(__w, __seen, __simt_b2(__hadd2(__simt_h2(__seen), __v)));
  } while (__old != __seen);
  return __simt_h2(__old);
}
__SIMT_D __half atomicAdd(__half *__p, const __half __v) {
  /* The word that holds it, and where in the word (little-endian). */
  const unsigned __off = (unsigned)((__UINTPTR_TYPE__)__p & 2u);
  unsigned *const __w = (unsigned *)((char *)__p - __off);
  const unsigned __sh = __off * 8u;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    const unsigned short __sum =
        __simt_b(__hadd(__simt_h((unsigned short)(__seen >> __sh)), __v));
    __old = atomicCAS(__w, __seen, (__seen & ~(0xffffu << __sh)) | ((unsigned)__sum << __sh));
  } while (__old != __seen);
  return __simt_h((unsigned short)(__old >> __sh));
}

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
/* Shuffles of a half (in the low 16 bits of a word) and of a pair. The
   pre-CUDA 9 __shfl templates reach these too. */
__SIMT_D __half __shfl_sync(unsigned __mask, const __half __v, int __lane, int __width = 32) {
  return __simt_h((unsigned short)__shfl_sync(__mask, (unsigned)__v.__x, __lane, __width));
}
__SIMT_D __half __shfl_up_sync(unsigned __mask, const __half __v, unsigned __d, int __width = 32) {
  return __simt_h((unsigned short)__shfl_up_sync(__mask, (unsigned)__v.__x, __d, __width));
}
__SIMT_D __half __shfl_down_sync(unsigned __mask, const __half __v, unsigned __d,
                                 int __width = 32) {
  return __simt_h((unsigned short)__shfl_down_sync(__mask, (unsigned)__v.__x, __d, __width));
}
__SIMT_D __half __shfl_xor_sync(unsigned __mask, const __half __v, int __lm, int __width = 32) {
  return __simt_h((unsigned short)__shfl_xor_sync(__mask, (unsigned)__v.__x, __lm, __width));
}
__SIMT_D __half2 __shfl_sync(unsigned __mask, const __half2 __v, int __lane, int __width = 32) {
  return __simt_h2(__shfl_sync(__mask, __simt_b2(__v), __lane, __width));
}
__SIMT_D __half2 __shfl_up_sync(unsigned __mask, const __half2 __v, unsigned __d,
                                int __width = 32) {
  return __simt_h2(__shfl_up_sync(__mask, __simt_b2(__v), __d, __width));
}
__SIMT_D __half2 __shfl_down_sync(unsigned __mask, const __half2 __v, unsigned __d,
                                  int __width = 32) {
  return __simt_h2(__shfl_down_sync(__mask, __simt_b2(__v), __d, __width));
}
__SIMT_D __half2 __shfl_xor_sync(unsigned __mask, const __half2 __v, int __lm, int __width = 32) {
  return __simt_h2(__shfl_xor_sync(__mask, __simt_b2(__v), __lm, __width));
}
#endif
#endif /* __CUDA__ */

#undef __SIMT_HD
#undef __SIMT_HDM
#undef __SIMT_D
#endif /* __cplusplus */
#endif

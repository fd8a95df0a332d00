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
 * __half names overloaded (__hadd, __heq, hsqrt, ...), as in CUDA.
 * Written for simt-cc from CUDA's documented API.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_BF16_H
#define SIMT_CUDA_BF16_H
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#include "cuda_fp16.h"

typedef struct __attribute__((aligned(2))) {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __attribute__((aligned(4))) {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

#if defined(__cplusplus)

#define __SIMT_BHD static __host__ __device__ __forceinline__
#define __SIMT_BHDM __host__ __device__ __forceinline__
#define __SIMT_BD static __device__ __forceinline__

/* ---- Conversions of the bits ----------------------------------------------- */

/* The bfloat16 nearest (in `mode`, cuda_fp16.h's __SIMT_H_*) to
   (-1)^sign * m * 2^(e - F), m's leading one at bit F (or below it for a
   subnormal input at its format's least exponent); F <= 52. */
template <class __U, int __F>
__SIMT_BHD unsigned short __simt_bf16_round(unsigned __sign, int __e, __U __m, int __mode) {
  const bool __away = (__mode == __SIMT_H_RU && !__sign) || (__mode == __SIMT_H_RD && __sign);
  if (__e > 127) /* beyond the largest finite bfloat16 */
    return (unsigned short)(__sign |
                            (__mode == __SIMT_H_RN || __away ? 0x7f80u : 0x7f7fu));
  const int __shift = (__F - 7) + (__e < -126 ? -126 - __e : 0);
  if (__shift > __F + 1) /* below half of the least subnormal */
    return (unsigned short)(__sign | (__m != 0 && __away ? 1u : 0u));
  const __U __q = __m >> __shift;
  const __U __rem = __m - (__q << __shift);
  const __U __halfway = (__U)1 << (__shift - 1);
  const unsigned __bits =
      (unsigned)__q + (__e >= -126 ? (unsigned)(__e + 126) << 7 : 0u);
  const bool __up = __mode == __SIMT_H_RN
                        ? __rem > __halfway || (__rem == __halfway && (__bits & 1u))
                        : __rem != 0 && __away;
  return (unsigned short)(__sign | (__bits + (__up ? 1u : 0u)));
}

/* Float to bfloat16: the top half of the bits, rounded. */
__SIMT_BHD unsigned short __simt_float2bf16_bits(float __f, int __mode) {
  const unsigned __u = __builtin_bit_cast(unsigned, __f);
  const unsigned __a = __u & 0x7fffffffu;
  if (__a > 0x7f800000u)
    return 0x7fffu;
  const unsigned __sign = __u != __a ? 0x8000u : 0u;
  const unsigned __low = __u & 0xffffu, __top = __u >> 16;
  bool __up;
  switch (__mode) {
  case __SIMT_H_RN: __up = __low > 0x8000u || (__low == 0x8000u && (__top & 1u)); break;
  case __SIMT_H_RD: __up = __low != 0 && __sign; break;
  case __SIMT_H_RU: __up = __low != 0 && !__sign; break;
  default: __up = false; break;
  }
  return (unsigned short)(__top + (__up ? 1u : 0u)); /* the carry reaches infinity */
}

__SIMT_BHD unsigned short __simt_double2bf16_bits(double __d, int __mode) {
  const unsigned long long __u = __builtin_bit_cast(unsigned long long, __d);
  const unsigned long long __a = __u & 0x7fffffffffffffffull;
  const unsigned __sign = __u != __a ? 0x8000u : 0u;
  if (__a >= 0x7ff0000000000000ull)
    return (unsigned short)(__a == 0x7ff0000000000000ull ? (__sign | 0x7f80u) : 0x7fffu);
  const int __be = (int)(__a >> 52);
  const unsigned long long __m = (__a & 0xfffffffffffffull) | (__be ? 1ull << 52 : 0ull);
  return __simt_bf16_round<unsigned long long, 52>(__sign, __be ? __be - 1023 : -1022, __m,
                                                   __mode);
}

__SIMT_BHD float __simt_bf162float_bits(unsigned short __b) {
  return __builtin_bit_cast(float, (unsigned)__b << 16);
}

/* Integers: exactly as a double, those of more than 53 bits with the bits
   shifted out kept as a sticky bit (far below bfloat16's rounding). */
__SIMT_BHD unsigned short __simt_ull2bf16_bits(unsigned long long __v, bool __neg, int __mode) {
  double __d;
  if (__v >> 53) {
    const unsigned long long __lost = __v & 0x7ffull;
    __d = (double)((__v >> 11) | (__lost ? 1ull : 0ull)) * 2048.0;
  } else {
    __d = (double)__v;
  }
  return __simt_double2bf16_bits(__neg ? -__d : __d, __mode);
}
template <class __I> __SIMT_BHD unsigned short __simt_int2bf16_bits(__I __v, int __mode) {
  const bool __neg = __v < 0;
  return __simt_ull2bf16_bits(__neg ? 0ull - (unsigned long long)__v : (unsigned long long)__v,
                              __neg, __mode);
}

/* Bfloat16 to integer: NaN gives 0, out-of-range values saturate. */
template <class __I>
__SIMT_BHD __I __simt_bf162int(unsigned short __b, int __mode, __I __lo, __I __hi) {
  const float __f = __simt_bf162float_bits(__b);
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

struct __attribute__((aligned(2))) __nv_bfloat16 {
  unsigned short __x;

  __nv_bfloat16() = default;
  __SIMT_BHDM constexpr __nv_bfloat16(const __nv_bfloat16_raw &__r) : __x(__r.x) {}
  __SIMT_BHDM __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__r) {
    __x = __r.x;
    return *this;
  }
  __SIMT_BHDM volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_BHDM volatile __nv_bfloat16 &operator=(const volatile __nv_bfloat16_raw &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_BHDM operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw __r;
    __r.x = __x;
    return __r;
  }
  __SIMT_BHDM operator __nv_bfloat16_raw() const volatile {
    __nv_bfloat16_raw __r;
    __r.x = __x;
    return __r;
  }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __SIMT_BHDM __nv_bfloat16(const float __f) : __x(__simt_float2bf16_bits(__f, __SIMT_H_RN)) {}
  __SIMT_BHDM __nv_bfloat16(const double __d) : __x(__simt_double2bf16_bits(__d, __SIMT_H_RN)) {}
  /* A half's value is a bfloat16 input like any float. */
  explicit __SIMT_BHDM __nv_bfloat16(const __half __h)
      : __x(__simt_float2bf16_bits(__simt_half2float_bits(__h.__x), __SIMT_H_RN)) {}
  __SIMT_BHDM operator float() const { return __simt_bf162float_bits(__x); }
  __SIMT_BHDM __nv_bfloat16 &operator=(const float __f) {
    __x = __simt_float2bf16_bits(__f, __SIMT_H_RN);
    return *this;
  }
  __SIMT_BHDM __nv_bfloat16 &operator=(const double __d) {
    __x = __simt_double2bf16_bits(__d, __SIMT_H_RN);
    return *this;
  }
#if !defined(__CUDA_BF16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) || \
    defined(__CUDACC__)
#define __SIMT_BF16_INT(T, LO, HI)                                               \
  __SIMT_BHDM __nv_bfloat16(const T __v) : __x(__simt_int2bf16_bits(__v, __SIMT_H_RN)) {} \
  __SIMT_BHDM __nv_bfloat16 &operator=(const T __v) {                            \
    __x = __simt_int2bf16_bits(__v, __SIMT_H_RN);                                \
    return *this;                                                                \
  }                                                                              \
  __SIMT_BHDM operator T() const {                                               \
    return __simt_bf162int<T>(__x, __SIMT_H_RZ, (T)(LO), (T)(HI));               \
  }
  __SIMT_BF16_INT(short, -32768, 32767)
  __SIMT_BF16_INT(unsigned short, 0, 65535)
  __SIMT_BF16_INT(int, -2147483647 - 1, 2147483647)
  __SIMT_BF16_INT(unsigned int, 0, 4294967295u)
  __SIMT_BF16_INT(long, -__LONG_MAX__ - 1, __LONG_MAX__)
  __SIMT_BF16_INT(unsigned long, 0, __LONG_MAX__ * 2ul + 1)
  __SIMT_BF16_INT(long long, -9223372036854775807ll - 1, 9223372036854775807ll)
  __SIMT_BF16_INT(unsigned long long, 0, 18446744073709551615ull)
#undef __SIMT_BF16_INT
  __SIMT_BHDM operator signed char() const {
    return __simt_bf162int<signed char>(__x, __SIMT_H_RZ, -128, 127);
  }
  __SIMT_BHDM operator unsigned char() const {
    return __simt_bf162int<unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  __SIMT_BHDM operator char() const {
    return (char)-1 < 0 ? (char)__simt_bf162int<signed char>(__x, __SIMT_H_RZ, -128, 127)
                        : (char)__simt_bf162int<unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  __SIMT_BHDM constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
#endif
};

struct __attribute__((aligned(4))) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  __SIMT_BHDM constexpr __nv_bfloat162(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b)
      : x(__a), y(__b) {}
  __SIMT_BHDM __nv_bfloat162(const __nv_bfloat162_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
  }
  __SIMT_BHDM __nv_bfloat162 &operator=(const __nv_bfloat162_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
    return *this;
  }
  __SIMT_BHDM operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw __r;
    __r.x = x.__x;
    __r.y = y.__x;
    return __r;
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* ---- Bits, constants, conversions ---------------------------------------- */

/* As in cuda_fp16.h: no references, no member calls, pairs as one word. */
__SIMT_BHD __nv_bfloat16 __simt_bh(const unsigned short __b) {
  __nv_bfloat16 __h;
  __h.__x = __b;
  return __h;
}
__SIMT_BHD __nv_bfloat162 __simt_bh2(const unsigned __b) {
  return __builtin_bit_cast(__nv_bfloat162, __b);
}
__SIMT_BHD unsigned __simt_bb2(const __nv_bfloat162 __h) {
  return __builtin_bit_cast(unsigned, __h);
}
__SIMT_BHD __nv_bfloat162 __simt_bpair(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __simt_bh2((unsigned)__a.__x | (unsigned)__b.__x << 16);
}

__SIMT_BHD short __bfloat16_as_short(const __nv_bfloat16 __h) { return (short)__h.__x; }
__SIMT_BHD unsigned short __bfloat16_as_ushort(const __nv_bfloat16 __h) { return __h.__x; }
__SIMT_BHD __nv_bfloat16 __short_as_bfloat16(const short __i) {
  return __simt_bh((unsigned short)__i);
}
__SIMT_BHD __nv_bfloat16 __ushort_as_bfloat16(const unsigned short __i) { return __simt_bh(__i); }

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

__SIMT_BHD float __bfloat162float(const __nv_bfloat16 __a) {
  return __simt_bf162float_bits(__a.__x);
}
#define __SIMT_F2B(NAME, MODE)                                                     \
  __SIMT_BHD __nv_bfloat16 NAME(const float __a) {                                 \
    return __simt_bh(__simt_float2bf16_bits(__a, MODE));                           \
  }
__SIMT_F2B(__float2bfloat16, __SIMT_H_RN)
__SIMT_F2B(__float2bfloat16_rn, __SIMT_H_RN)
__SIMT_F2B(__float2bfloat16_rz, __SIMT_H_RZ)
__SIMT_F2B(__float2bfloat16_rd, __SIMT_H_RD)
__SIMT_F2B(__float2bfloat16_ru, __SIMT_H_RU)
#undef __SIMT_F2B
__SIMT_BHD __nv_bfloat16 __double2bfloat16(const double __a) {
  return __simt_bh(__simt_double2bf16_bits(__a, __SIMT_H_RN));
}

__SIMT_BHD __nv_bfloat162 make_bfloat162(const __nv_bfloat16 __x, const __nv_bfloat16 __y) {
  return __simt_bpair(__x, __y);
}
__SIMT_BHD __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __simt_bpair(__a, __b);
}
__SIMT_BHD __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 __a) {
  return __simt_bpair(__a, __a);
}
__SIMT_BHD __nv_bfloat162 __float2bfloat162_rn(const float __a) {
  return __bfloat162bfloat162(__float2bfloat16_rn(__a));
}
__SIMT_BHD __nv_bfloat162 __floats2bfloat162_rn(const float __a, const float __b) {
  return __simt_bpair(__float2bfloat16_rn(__a), __float2bfloat16_rn(__b));
}
__SIMT_BHD __nv_bfloat162 __float22bfloat162_rn(const float2 __a) {
  return __simt_bpair(__float2bfloat16_rn(__a.x), __float2bfloat16_rn(__a.y));
}
__SIMT_BHD float2 __bfloat1622float2(const __nv_bfloat162 __a) {
  const unsigned __u = __simt_bb2(__a);
  return __builtin_bit_cast(float2, (unsigned long long)(__u << 16) |
                                        (unsigned long long)(__u & 0xffff0000u) << 32);
}
__SIMT_BHD float __low2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.x); }
__SIMT_BHD float __high2float(const __nv_bfloat162 __a) { return __bfloat162float(__a.y); }
__SIMT_BHD __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 __a) { return __a.x; }
__SIMT_BHD __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 __a) { return __a.y; }
__SIMT_BHD __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 __a) {
  return __simt_bpair(__a.x, __a.x);
}
__SIMT_BHD __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 __a) {
  return __simt_bpair(__a.y, __a.y);
}
__SIMT_BHD __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {
  return __simt_bpair(__a.x, __b.x);
}
__SIMT_BHD __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {
  return __simt_bpair(__a.y, __b.y);
}
__SIMT_BHD __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 __a) {
  return __simt_bpair(__a.y, __a.x);
}

#define __SIMT_INT2BF16(NAME, T)                                                   \
  __SIMT_BHD __nv_bfloat16 NAME##_rn(const T __i) { return __simt_bh(__simt_int2bf16_bits(__i, __SIMT_H_RN)); } \
  __SIMT_BHD __nv_bfloat16 NAME##_rz(const T __i) { return __simt_bh(__simt_int2bf16_bits(__i, __SIMT_H_RZ)); } \
  __SIMT_BHD __nv_bfloat16 NAME##_rd(const T __i) { return __simt_bh(__simt_int2bf16_bits(__i, __SIMT_H_RD)); } \
  __SIMT_BHD __nv_bfloat16 NAME##_ru(const T __i) { return __simt_bh(__simt_int2bf16_bits(__i, __SIMT_H_RU)); }
__SIMT_INT2BF16(__short2bfloat16, short)
__SIMT_INT2BF16(__ushort2bfloat16, unsigned short)
__SIMT_INT2BF16(__int2bfloat16, int)
__SIMT_INT2BF16(__uint2bfloat16, unsigned int)
__SIMT_INT2BF16(__ll2bfloat16, long long)
__SIMT_INT2BF16(__ull2bfloat16, unsigned long long)
#undef __SIMT_INT2BF16
#define __SIMT_BF162INT(NAME, T, LO, HI)                                           \
  __SIMT_BHD T NAME##_rn(const __nv_bfloat16 __h) { return __simt_bf162int<T>(__h.__x, __SIMT_H_RN, LO, HI); } \
  __SIMT_BHD T NAME##_rz(const __nv_bfloat16 __h) { return __simt_bf162int<T>(__h.__x, __SIMT_H_RZ, LO, HI); } \
  __SIMT_BHD T NAME##_rd(const __nv_bfloat16 __h) { return __simt_bf162int<T>(__h.__x, __SIMT_H_RD, LO, HI); } \
  __SIMT_BHD T NAME##_ru(const __nv_bfloat16 __h) { return __simt_bf162int<T>(__h.__x, __SIMT_H_RU, LO, HI); }
__SIMT_BF162INT(__bfloat162short, short, -32768, 32767)
__SIMT_BF162INT(__bfloat162ushort, unsigned short, 0, 65535)
__SIMT_BF162INT(__bfloat162int, int, -2147483647 - 1, 2147483647)
__SIMT_BF162INT(__bfloat162uint, unsigned int, 0u, 4294967295u)
__SIMT_BF162INT(__bfloat162ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll)
__SIMT_BF162INT(__bfloat162ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __SIMT_BF162INT
__SIMT_BHD signed char __bfloat162char_rz(const __nv_bfloat16 __h) {
  return __simt_bf162int<signed char>(__h.__x, __SIMT_H_RZ, -128, 127);
}
__SIMT_BHD unsigned char __bfloat162uchar_rz(const __nv_bfloat16 __h) {
  return __simt_bf162int<unsigned char>(__h.__x, __SIMT_H_RZ, 0, 255);
}

/* ---- Classification and comparisons ------------------------------------- */

__SIMT_BHD bool __hisnan(const __nv_bfloat16 __a) { return (__a.__x & 0x7fffu) > 0x7f80u; }
__SIMT_BHD int __hisinf(const __nv_bfloat16 __a) {
  return __a.__x == 0xff80u ? -1 : __a.__x == 0x7f80u ? 1 : 0;
}
#define __SIMT_BCMP(NAME, EXPR)                                                    \
  __SIMT_BHD bool NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {         \
    const float __fa = __bfloat162float(__a), __fb = __bfloat162float(__b);        \
    return EXPR;                                                                   \
  }
__SIMT_BCMP(__heq, __fa == __fb)
__SIMT_BCMP(__hne, __fa < __fb || __fa > __fb)
__SIMT_BCMP(__hlt, __fa < __fb)
__SIMT_BCMP(__hle, __fa <= __fb)
__SIMT_BCMP(__hgt, __fa > __fb)
__SIMT_BCMP(__hge, __fa >= __fb)
__SIMT_BCMP(__hequ, !(__fa < __fb || __fa > __fb))
__SIMT_BCMP(__hneu, !(__fa == __fb))
__SIMT_BCMP(__hltu, !(__fa >= __fb))
__SIMT_BCMP(__hleu, !(__fa > __fb))
__SIMT_BCMP(__hgtu, !(__fa <= __fb))
__SIMT_BCMP(__hgeu, !(__fa < __fb))
#undef __SIMT_BCMP
#define __SIMT_B2CMP(OP)                                                           \
  __SIMT_BHD __nv_bfloat162 OP##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return __simt_bpair(__simt_bh(OP(__a.x, __b.x) ? 0x3f80u : 0u),                \
                        __simt_bh(OP(__a.y, __b.y) ? 0x3f80u : 0u));               \
  }                                                                                \
  __SIMT_BHD unsigned OP##2_mask(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return (OP(__a.x, __b.x) ? 0xffffu : 0u) | (OP(__a.y, __b.y) ? 0xffff0000u : 0u); \
  }
__SIMT_B2CMP(__heq)
__SIMT_B2CMP(__hne)
__SIMT_B2CMP(__hlt)
__SIMT_B2CMP(__hle)
__SIMT_B2CMP(__hgt)
__SIMT_B2CMP(__hge)
__SIMT_B2CMP(__hequ)
__SIMT_B2CMP(__hneu)
__SIMT_B2CMP(__hltu)
__SIMT_B2CMP(__hleu)
__SIMT_B2CMP(__hgtu)
__SIMT_B2CMP(__hgeu)
#undef __SIMT_B2CMP
#define __SIMT_BB2CMP(NAME, OP)                                                    \
  __SIMT_BHD bool NAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {       \
    return OP(__a.x, __b.x) && OP(__a.y, __b.y);                                   \
  }
__SIMT_BB2CMP(__hbeq2, __heq)
__SIMT_BB2CMP(__hbne2, __hne)
__SIMT_BB2CMP(__hblt2, __hlt)
__SIMT_BB2CMP(__hble2, __hle)
__SIMT_BB2CMP(__hbgt2, __hgt)
__SIMT_BB2CMP(__hbge2, __hge)
__SIMT_BB2CMP(__hbequ2, __hequ)
__SIMT_BB2CMP(__hbneu2, __hneu)
__SIMT_BB2CMP(__hbltu2, __hltu)
__SIMT_BB2CMP(__hbleu2, __hleu)
__SIMT_BB2CMP(__hbgtu2, __hgtu)
__SIMT_BB2CMP(__hbgeu2, __hgeu)
#undef __SIMT_BB2CMP
__SIMT_BHD __nv_bfloat162 __hisnan2(const __nv_bfloat162 __a) {
  return __simt_bpair(__simt_bh(__hisnan(__a.x) ? 0x3f80u : 0u),
                      __simt_bh(__hisnan(__a.y) ? 0x3f80u : 0u));
}

/* ---- Arithmetic ------------------------------------------------------------ */

__SIMT_BHD __nv_bfloat16 __simt_bround(const float __f) {
  return __simt_bh(__simt_float2bf16_bits(__f, __SIMT_H_RN));
}
__SIMT_BHD __nv_bfloat16 __simt_bsat(const __nv_bfloat16 __h) {
  const float __f = __bfloat162float(__h);
  return __f > 0.0f ? (__f < 1.0f ? __h : __simt_bh(0x3f80u)) : __simt_bh(0u);
}
/* a * b + c rounded once: a * b is exact in f64 (16 bits, no underflow);
   the f64 sum and its exact error (TwoSum) give the sum rounded to odd in
   53 bits, which rounds to bfloat16 as the exact value does. */
__SIMT_BHD __nv_bfloat16 __hfma(const __nv_bfloat16 __a, const __nv_bfloat16 __b,
                                const __nv_bfloat16 __c) {
  const double __p = (double)__bfloat162float(__a) * (double)__bfloat162float(__b);
  const double __dc = (double)__bfloat162float(__c);
  const double __s = __p + __dc;
  unsigned long long __sb = __builtin_bit_cast(unsigned long long, __s);
  if ((__sb & 0x7ff0000000000000ull) != 0x7ff0000000000000ull) {
    const double __bv = __s - __p;
    const double __err = (__p - (__s - __bv)) + (__dc - __bv);
    if (__err != 0.0 && !(__sb & 1ull))
      __sb += ((__err > 0.0) == (__s > 0.0)) ? 1ull : ~0ull;
  }
  return __simt_bh(__simt_double2bf16_bits(__builtin_bit_cast(double, __sb), __SIMT_H_RN));
}
#define __SIMT_BBIN(NAME, OP)                                                      \
  __SIMT_BHD __nv_bfloat16 NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { \
    return __simt_bround(__bfloat162float(__a) OP __bfloat162float(__b));          \
  }
__SIMT_BBIN(__hadd, +)
__SIMT_BBIN(__hsub, -)
__SIMT_BBIN(__hmul, *)
__SIMT_BBIN(__hdiv, /)
__SIMT_BBIN(__hadd_rn, +)
__SIMT_BBIN(__hsub_rn, -)
__SIMT_BBIN(__hmul_rn, *)
#undef __SIMT_BBIN
__SIMT_BHD __nv_bfloat16 __hadd_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __simt_bsat(__hadd(__a, __b));
}
__SIMT_BHD __nv_bfloat16 __hsub_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __simt_bsat(__hsub(__a, __b));
}
__SIMT_BHD __nv_bfloat16 __hmul_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __simt_bsat(__hmul(__a, __b));
}
__SIMT_BHD __nv_bfloat16 __hfma_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b,
                                    const __nv_bfloat16 __c) {
  return __simt_bsat(__hfma(__a, __b, __c));
}
__SIMT_BHD __nv_bfloat16 __hfma_relu(const __nv_bfloat16 __a, const __nv_bfloat16 __b,
                                     const __nv_bfloat16 __c) {
  const __nv_bfloat16 __r = __hfma(__a, __b, __c);
  return __hisnan(__r) ? __simt_bh(0x7fffu) : (__r.__x & 0x8000u) ? __simt_bh(0u) : __r;
}
__SIMT_BHD __nv_bfloat16 __hneg(const __nv_bfloat16 __a) {
  return __hisnan(__a) ? __simt_bh(0x7fffu) : __simt_bh((unsigned short)(__a.__x ^ 0x8000u));
}
__SIMT_BHD __nv_bfloat16 __habs(const __nv_bfloat16 __a) {
  return __hisnan(__a) ? __simt_bh(0x7fffu) : __simt_bh((unsigned short)(__a.__x & 0x7fffu));
}
__SIMT_BHD __nv_bfloat16 __hmax(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  if (__hisnan(__a))
    return __hisnan(__b) ? __simt_bh(0x7fffu) : __b;
  if (__hisnan(__b))
    return __a;
  const float __fa = __bfloat162float(__a), __fb = __bfloat162float(__b);
  return __fa > __fb ? __a : __fa < __fb ? __b : __simt_bh((unsigned short)(__a.__x & __b.__x));
}
__SIMT_BHD __nv_bfloat16 __hmin(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  if (__hisnan(__a))
    return __hisnan(__b) ? __simt_bh(0x7fffu) : __b;
  if (__hisnan(__b))
    return __a;
  const float __fa = __bfloat162float(__a), __fb = __bfloat162float(__b);
  return __fa < __fb ? __a : __fa > __fb ? __b : __simt_bh((unsigned short)(__a.__x | __b.__x));
}
__SIMT_BHD __nv_bfloat16 __hmax_nan(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __hisnan(__a) || __hisnan(__b) ? __simt_bh(0x7fffu) : __hmax(__a, __b);
}
__SIMT_BHD __nv_bfloat16 __hmin_nan(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __hisnan(__a) || __hisnan(__b) ? __simt_bh(0x7fffu) : __hmin(__a, __b);
}

#define __SIMT_B2OP2(NAME, OP)                                                     \
  __SIMT_BHD __nv_bfloat162 NAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b) { \
    return __simt_bpair(OP(__a.x, __b.x), OP(__a.y, __b.y));                       \
  }
__SIMT_B2OP2(__hadd2, __hadd)
__SIMT_B2OP2(__hsub2, __hsub)
__SIMT_B2OP2(__hmul2, __hmul)
__SIMT_B2OP2(__h2div, __hdiv)
__SIMT_B2OP2(__hadd2_rn, __hadd)
__SIMT_B2OP2(__hsub2_rn, __hsub)
__SIMT_B2OP2(__hmul2_rn, __hmul)
__SIMT_B2OP2(__hadd2_sat, __hadd_sat)
__SIMT_B2OP2(__hsub2_sat, __hsub_sat)
__SIMT_B2OP2(__hmul2_sat, __hmul_sat)
__SIMT_B2OP2(__hmax2, __hmax)
__SIMT_B2OP2(__hmin2, __hmin)
__SIMT_B2OP2(__hmax2_nan, __hmax_nan)
__SIMT_B2OP2(__hmin2_nan, __hmin_nan)
#undef __SIMT_B2OP2
#define __SIMT_B2OP3(NAME, OP)                                                     \
  __SIMT_BHD __nv_bfloat162 NAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b, \
                                 const __nv_bfloat162 __c) {                       \
    return __simt_bpair(OP(__a.x, __b.x, __c.x), OP(__a.y, __b.y, __c.y));         \
  }
__SIMT_B2OP3(__hfma2, __hfma)
__SIMT_B2OP3(__hfma2_sat, __hfma_sat)
__SIMT_B2OP3(__hfma2_relu, __hfma_relu)
#undef __SIMT_B2OP3
__SIMT_BHD __nv_bfloat162 __hneg2(const __nv_bfloat162 __a) {
  return __simt_bpair(__hneg(__a.x), __hneg(__a.y));
}
__SIMT_BHD __nv_bfloat162 __habs2(const __nv_bfloat162 __a) {
  return __simt_bpair(__habs(__a.x), __habs(__a.y));
}
__SIMT_BHD __nv_bfloat162 __hcmadd(const __nv_bfloat162 __a, const __nv_bfloat162 __b,
                                   const __nv_bfloat162 __c) {
  const float __ar = __bfloat162float(__a.x), __ai = __bfloat162float(__a.y);
  const float __br = __bfloat162float(__b.x), __bi = __bfloat162float(__b.y);
  const float __re =
      __builtin_fmaf(-__ai, __bi, __builtin_fmaf(__ar, __br, __bfloat162float(__c.x)));
  const float __im =
      __builtin_fmaf(__ai, __br, __builtin_fmaf(__ar, __bi, __bfloat162float(__c.y)));
  return __simt_bpair(__simt_bround(__re), __simt_bround(__im));
}

/* ---- Operators --------------------------------------------------------------- */

#define __SIMT_BOPS(T, ADD, SUB, MUL, DIV, NEG, ONE, EQ, NE, LT, LE, GT, GE)       \
  __SIMT_BHD T operator+(const T __a, const T __b) { return ADD(__a, __b); }       \
  __SIMT_BHD T operator-(const T __a, const T __b) { return SUB(__a, __b); }       \
  __SIMT_BHD T operator*(const T __a, const T __b) { return MUL(__a, __b); }       \
  __SIMT_BHD T operator/(const T __a, const T __b) { return DIV(__a, __b); }       \
  __SIMT_BHD T &operator+=(T &__a, const T __b) { return __a = ADD(__a, __b); }    \
  __SIMT_BHD T &operator-=(T &__a, const T __b) { return __a = SUB(__a, __b); }    \
  __SIMT_BHD T &operator*=(T &__a, const T __b) { return __a = MUL(__a, __b); }    \
  __SIMT_BHD T &operator/=(T &__a, const T __b) { return __a = DIV(__a, __b); }    \
  __SIMT_BHD T &operator++(T &__a) { return __a = ADD(__a, ONE); }                 \
  __SIMT_BHD T &operator--(T &__a) { return __a = SUB(__a, ONE); }                 \
  __SIMT_BHD T operator++(T &__a, int) {                                           \
    const T __old = __a;                                                           \
    __a = ADD(__a, ONE);                                                           \
    return __old;                                                                  \
  }                                                                                \
  __SIMT_BHD T operator--(T &__a, int) {                                           \
    const T __old = __a;                                                           \
    __a = SUB(__a, ONE);                                                           \
    return __old;                                                                  \
  }                                                                                \
  __SIMT_BHD T operator+(const T __a) { return __a; }                              \
  __SIMT_BHD T operator-(const T __a) { return NEG(__a); }                         \
  __SIMT_BHD bool operator==(const T __a, const T __b) { return EQ(__a, __b); }    \
  __SIMT_BHD bool operator!=(const T __a, const T __b) { return NE(__a, __b); }    \
  __SIMT_BHD bool operator<(const T __a, const T __b) { return LT(__a, __b); }     \
  __SIMT_BHD bool operator<=(const T __a, const T __b) { return LE(__a, __b); }    \
  __SIMT_BHD bool operator>(const T __a, const T __b) { return GT(__a, __b); }     \
  __SIMT_BHD bool operator>=(const T __a, const T __b) { return GE(__a, __b); }
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__SIMT_BOPS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __simt_bh(0x3f80u), __heq,
            __hneu, __hlt, __hle, __hgt, __hge)
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__SIMT_BOPS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2,
            __simt_bh2(0x3f803f80u), __hbeq2, __hbneu2, __hblt2, __hble2, __hbgt2, __hbge2)
#endif
#undef __SIMT_BOPS

/* ---- Device code: math functions, shuffles, atomics ------------------------ */

#if defined(__CUDA__)
#define __SIMT_BMATH(NAME, NAME2, EXPR)                                            \
  __SIMT_BD __nv_bfloat16 NAME(const __nv_bfloat16 __h) {                          \
    const float __f = __bfloat162float(__h);                                       \
    return __simt_bround(EXPR);                                                    \
  }                                                                                \
  __SIMT_BD __nv_bfloat162 NAME2(const __nv_bfloat162 __h) {                       \
    return __simt_bpair(NAME(__h.x), NAME(__h.y));                                 \
  }
__SIMT_BMATH(hsqrt, h2sqrt, __builtin_sqrtf(__f))
__SIMT_BMATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(__f))
__SIMT_BMATH(hrcp, h2rcp, 1.0f / __f)
__SIMT_BMATH(hexp, h2exp, __nv_expf(__f))
__SIMT_BMATH(hexp2, h2exp2, __nv_exp2f(__f))
__SIMT_BMATH(hexp10, h2exp10, __nv_exp10f(__f))
__SIMT_BMATH(hlog, h2log, __nv_logf(__f))
__SIMT_BMATH(hlog2, h2log2, __nv_log2f(__f))
__SIMT_BMATH(hlog10, h2log10, __nv_log10f(__f))
__SIMT_BMATH(hsin, h2sin, __nv_sinf(__f))
__SIMT_BMATH(hcos, h2cos, __nv_cosf(__f))
__SIMT_BMATH(htanh, h2tanh, __nv_tanhf(__f))
__SIMT_BMATH(htanh_approx, h2tanh_approx, __nv_tanhf(__f))
__SIMT_BMATH(hfloor, h2floor, __builtin_floorf(__f))
__SIMT_BMATH(hceil, h2ceil, __builtin_ceilf(__f))
__SIMT_BMATH(htrunc, h2trunc, __builtin_truncf(__f))
__SIMT_BMATH(hrint, h2rint, __builtin_rintf(__f))
#undef __SIMT_BMATH

/* atomicAdd: a compare-and-swap loop on the 32-bit word, as for __half. */
__SIMT_BD __nv_bfloat162 atomicAdd(__nv_bfloat162 *__p, const __nv_bfloat162 __v) {
  unsigned *const __w = (unsigned *)__p;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    __old = atomicCAS(__w, __seen, __simt_bb2(__hadd2(__simt_bh2(__seen), __v)));
  } while (__old != __seen);
  return __simt_bh2(__old);
}
__SIMT_BD __nv_bfloat16 atomicAdd(__nv_bfloat16 *__p, const __nv_bfloat16 __v) {
  const unsigned __off = (unsigned)((__UINTPTR_TYPE__)__p & 2u);
  unsigned *const __w = (unsigned *)((char *)__p - __off);
  const unsigned __sh = __off * 8u;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    const unsigned short __sum =
        __hadd(__simt_bh((unsigned short)(__seen >> __sh)), __v).__x;
    __old = atomicCAS(__w, __seen, (__seen & ~(0xffffu << __sh)) | ((unsigned)__sum << __sh));
  } while (__old != __seen);
  return __simt_bh((unsigned short)(__old >> __sh));
}

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
#define __SIMT_BSHFL(T, TOBITS, FROMBITS)                                          \
  __SIMT_BD T __shfl_sync(unsigned __mask, const T __v, int __lane, int __width = 32) { \
    return FROMBITS(__shfl_sync(__mask, TOBITS(__v), __lane, __width));            \
  }                                                                                \
  __SIMT_BD T __shfl_up_sync(unsigned __mask, const T __v, unsigned __d, int __width = 32) { \
    return FROMBITS(__shfl_up_sync(__mask, TOBITS(__v), __d, __width));            \
  }                                                                                \
  __SIMT_BD T __shfl_down_sync(unsigned __mask, const T __v, unsigned __d, int __width = 32) { \
    return FROMBITS(__shfl_down_sync(__mask, TOBITS(__v), __d, __width));          \
  }                                                                                \
  __SIMT_BD T __shfl_xor_sync(unsigned __mask, const T __v, int __lm, int __width = 32) { \
    return FROMBITS(__shfl_xor_sync(__mask, TOBITS(__v), __lm, __width));          \
  }
#define __SIMT_B16TO(v) ((unsigned)(v).__x)
#define __SIMT_B16FROM(u) __simt_bh((unsigned short)(u))
__SIMT_BSHFL(__nv_bfloat16, __SIMT_B16TO, __SIMT_B16FROM)
__SIMT_BSHFL(__nv_bfloat162, __simt_bb2, __simt_bh2)
#undef __SIMT_B16TO
#undef __SIMT_B16FROM
#undef __SIMT_BSHFL
#endif
#endif /* __CUDA__ */

#undef __SIMT_BHD
#undef __SIMT_BHDM
#undef __SIMT_BD
#endif /* __cplusplus */
#endif

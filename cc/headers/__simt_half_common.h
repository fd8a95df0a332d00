/*===-- __simt_half_common.h - What __half and __nv_bfloat16 share -------===*
 *
 * cuda_fp16.h and cuda_bf16.h are one piece of code over the format. The
 * first part (included once) holds the rounding to a 16-bit format (sign,
 * exponent, fraction; subnormals, infinities and the canonical NaN
 * 0x7fff) and what is built on it, as templates over the format: the
 * conversions from float and double, to the integer types, and the sum
 * rounded to odd that makes __hfma round once. The second part is read
 * again for each format, when its header has defined the __SIMT_F16_*
 * macros below: the type and its pair, their conversions, arithmetic,
 * comparisons, operators and (device code) math functions, atomics and
 * shuffles, under the format's names (__float2half_rn, __float2bfloat16_rn)
 * and overloaded where CUDA overloads (__hadd, hsqrt, atomicAdd). What
 * differs between the formats (a value's float, rounding a float or an
 * integer, the precision of __hfma's sum) is the format's own, in its
 * header. Not for programs to include.
 *===----------------------------------------------------------------------===*/

/* The qualifiers of what the formats' headers define; undefined again at
   the end of a format's definitions (below). */
#if defined(__cplusplus)
#define __SIMT_HD static __host__ __device__ __forceinline__
#define __SIMT_HDM __host__ __device__ __forceinline__
#define __SIMT_D static __device__ __forceinline__
#endif

#ifndef SIMT_HALF_COMMON_H
#define SIMT_HALF_COMMON_H

#include "__simt_qualifiers.h"

#if defined(__cplusplus)
#include "vector_types.h" /* float2 */

/* ---- Rounding to a format (integer code, host and device) ---------------- */

/* Rounding modes of the conversions. */
enum { __SIMT_H_RN = 0, __SIMT_H_RZ = 1, __SIMT_H_RD = 2, __SIMT_H_RU = 3 };

/* A 16-bit format: the sign, the exponent, __Frac fraction bits; __Emax is
   its largest exponent and its bias, 1 - __Emax its least normal one. A
   format's header derives its own from it with what is its own: __to_float
   (a value's float), __from_float and __from_int (the value nearest in a
   mode) and __wide (the type in which __hfma's sum is rounded to odd). */
template <int __Frac, int __Emax> struct __simt_f16_format {
  enum { __frac = __Frac, __emax = __Emax, __emin = 1 - __Emax };
  enum : unsigned {
    __inf = (2u * __Emax + 1u) << __Frac, /* the exponent all ones */
    __max = __inf - 1u,                   /* the largest finite value */
    __one = (unsigned)__Emax << __Frac,
    __nan = 0x7fffu /* the canonical NaN */
  };
};

/* Whether a result rounds away from zero in `mode`: `rem` is what is
   dropped, `halfway` half its last place, `odd` its last kept bit. */
template <class __U>
__SIMT_HD bool __simt_f16_up(int __mode, unsigned __sign, __U __rem, __U __halfway,
                             unsigned __odd) {
  switch (__mode) {
  case __SIMT_H_RN: return __rem > __halfway || (__rem == __halfway && __odd);
  case __SIMT_H_RD: return __rem != 0 && __sign;
  case __SIMT_H_RU: return __rem != 0 && !__sign;
  default: return false;
  }
}

/* The value of the format nearest (in `mode`) to (-1)^sign * m * 2^(e - F),
   where m < 2^(F+1) has its leading one at bit F (a normal input) or below
   it (a subnormal input, whose e is then its format's least exponent). */
template <class __Fmt, class __U, int __F>
__SIMT_HD unsigned short __simt_f16_round(unsigned __sign, int __e, __U __m, int __mode) {
  if (__e > __Fmt::__emax) { /* 2^(emax+1) or more: infinity or the largest finite value */
    const bool __to_inf = __mode == __SIMT_H_RN || (__mode == __SIMT_H_RU && !__sign) ||
                          (__mode == __SIMT_H_RD && __sign);
    return (unsigned short)(__sign | (__to_inf ? __Fmt::__inf : __Fmt::__max));
  }
  /* Bits to drop: those below the format's fraction bits, and for a result
     below 2^emin (a subnormal) as many more as the exponent is short. */
  int __shift = (__F - __Fmt::__frac) + (__e < __Fmt::__emin ? __Fmt::__emin - __e : 0);
  if (__shift > __F + 2)
    __shift = __F + 2; /* all of m is below half of the least subnormal */
  const __U __q = __m >> __shift;
  const __U __rem = __m - (__q << __shift);
  const __U __halfway = (__U)1 << (__shift - 1);
  /* A normal result's exponent field counts from 1 at 2^emin; q carries the
     implicit one, so the sum is the bits, and rounding up carries into the
     exponent (the largest subnormal to 2^emin, the largest finite value to
     infinity). */
  const unsigned __bits =
      (unsigned)__q +
      (__e >= __Fmt::__emin ? (unsigned)(__e - __Fmt::__emin) << __Fmt::__frac : 0u);
  const bool __up = __simt_f16_up(__mode, __sign, __rem, __halfway, __bits & 1u);
  return (unsigned short)(__sign | (__bits + (__up ? 1u : 0u)));
}

/* The IEEE formats converted from: their bits and fraction bits. */
template <class __W> struct __simt_f16_ieee;
template <> struct __simt_f16_ieee<float> {
  typedef unsigned __bits;
  enum { __frac = 23 };
};
template <> struct __simt_f16_ieee<double> {
  typedef unsigned long long __bits;
  enum { __frac = 52 };
};

/* A float's or a double's nearest value of the format (in `mode`): an
   infinity keeps its sign; NaN is canonical. */
template <class __Fmt, class __W>
__SIMT_HD unsigned short __simt_f16_from(const __W __v, int __mode) {
  typedef typename __simt_f16_ieee<__W>::__bits __U;
  const int __F = __simt_f16_ieee<__W>::__frac;
  const __U __mag = ~(__U)0 >> 1;          /* all but the sign */
  const __U __ebits = __mag >> __F << __F; /* the exponent field */
  const int __bias = (int)(__ebits >> (__F + 1));
  const __U __u = __builtin_bit_cast(__U, __v), __a = __u & __mag;
  const unsigned __sign = __u != __a ? 0x8000u : 0u;
  if (__a >= __ebits)
    return (unsigned short)(__a == __ebits ? (__sign | __Fmt::__inf) : __Fmt::__nan);
  const int __be = (int)(__a >> __F);
  const __U __m = (__a & (((__U)1 << __F) - 1)) | (__be ? (__U)1 << __F : (__U)0);
  return __simt_f16_round<__Fmt, __U, __simt_f16_ieee<__W>::__frac>(
      __sign, __be ? __be - __bias : 1 - __bias, __m, __mode);
}

/* A value of the format to an integer type: NaN gives 0, out-of-range
   values saturate (cvt's rules). */
template <class __Fmt, class __I>
__SIMT_HD __I __simt_f16_to_int(unsigned short __h, int __mode, __I __lo, __I __hi) {
  const float __f = __Fmt::__to_float(__h);
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

/* __hfma's a * b + c, rounded once: the product p of two values of the
   format is exact in W (the format's __wide), and W's sum s and its exact
   error (TwoSum) give the sum rounded to odd in W's precision, which is
   at least twice the format's plus two, so it rounds to the format as the
   exact value does. Infinities and NaN pass. */
template <class __W> __SIMT_HD __W __simt_f16_sum_odd(const __W __p, const __W __c) {
  typedef typename __simt_f16_ieee<__W>::__bits __U;
  const int __F = __simt_f16_ieee<__W>::__frac;
  const __U __ebits = (~(__U)0 >> 1) >> __F << __F; /* the exponent field */
  const __W __s = __p + __c;
  __U __sb = __builtin_bit_cast(__U, __s);
  if ((__sb & __ebits) != __ebits) { /* finite */
    const __W __bv = __s - __p;
    const __W __err = (__p - (__s - __bv)) + (__c - __bv);
    if (__err != (__W)0 && !(__sb & 1u))
      __sb += ((__err > (__W)0) == (__s > (__W)0)) ? (__U)1 : ~(__U)0;
  }
  return __builtin_bit_cast(__W, __sb);
}

#endif /* __cplusplus */
#endif /* SIMT_HALF_COMMON_H */

/* ==== A format's type, pair and functions ==================================
 *
 * Read by the format's header with these defined (and undefined here):
 *   __SIMT_F16_T, __SIMT_F16_T2        the type and its pair (__half, __half2)
 *   __SIMT_F16_RAW, __SIMT_F16_RAW2    their raw structs (__half_raw, ...)
 *   __SIMT_F16_N(A, B), __SIMT_F16_N2(A, B)
 *                                      A and B pasted around the format's
 *                                      name (half, bfloat16) or its pair's
 *                                      (half2, bfloat162) in functions'
 *                                      names: __SIMT_F16_N(__float2, _rn)
 *   __SIMT_F16_FMT                     the format (a __simt_f16_format)
 *   __SIMT_F16_CONVERSIONS, __SIMT_F16_INT_CONVERSIONS, __SIMT_F16_OPERATORS,
 *   __SIMT_F16_OPERATORS2              defined where the type converts from
 *                                      and to float and double, from and to
 *                                      the integer types, and where the
 *                                      type and the pair have operators
 *   __SIMT_F16_MEMBERS (optional)      more members of the type (converting
 *                                      constructors)
 *
 * The implementation takes no references, calls no member functions and
 * writes a pair as one word: clang's -O0 code keeps every object in the
 * frame, and frame addresses passed around or written through (a member at
 * an offset) are what simt-ptxas follows least well (docs/cuda.md "Generic
 * addresses"). */
#if defined(__cplusplus) && defined(__SIMT_F16_T)

/* The helpers that differ by their result alone: a value of its bits
   (__simt_half_of), a pair of its word (__simt_half2_of), and an f32 result
   rounded to nearest (__simt_half_rn). */
#define __SIMT_F16_OF __SIMT_F16_N(__simt_, _of)
#define __SIMT_F16_OF2 __SIMT_F16_N2(__simt_, _of)
#define __SIMT_F16_RN __SIMT_F16_N(__simt_, _rn)
/* Two names pasted after expansion (the format's name twice: __half2half2). */
#define __SIMT_F16_CAT(A, B) __SIMT_F16_CAT_(A, B)
#define __SIMT_F16_CAT_(A, B) A##B

/* ---- The types ------------------------------------------------------------ */

struct __attribute__((aligned(2))) __SIMT_F16_T {
  unsigned short __x;

  __SIMT_F16_T() = default;
  __SIMT_HDM constexpr __SIMT_F16_T(const __SIMT_F16_RAW &__r) : __x(__r.x) {}
  __SIMT_HDM __SIMT_F16_T &operator=(const __SIMT_F16_RAW &__r) {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM volatile __SIMT_F16_T &operator=(const __SIMT_F16_RAW &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM volatile __SIMT_F16_T &operator=(const volatile __SIMT_F16_RAW &__r) volatile {
    __x = __r.x;
    return *this;
  }
  __SIMT_HDM operator __SIMT_F16_RAW() const {
    __SIMT_F16_RAW __r;
    __r.x = __x;
    return __r;
  }
  __SIMT_HDM operator __SIMT_F16_RAW() const volatile {
    __SIMT_F16_RAW __r;
    __r.x = __x;
    return __r;
  }

#if defined(__SIMT_F16_CONVERSIONS)
  __SIMT_HDM __SIMT_F16_T(const float __f) : __x(__SIMT_F16_FMT::__from_float(__f, __SIMT_H_RN)) {}
  __SIMT_HDM __SIMT_F16_T(const double __d)
      : __x(__simt_f16_from<__SIMT_F16_FMT>(__d, __SIMT_H_RN)) {}
#if defined(__SIMT_F16_MEMBERS)
  __SIMT_F16_MEMBERS
#endif
  __SIMT_HDM operator float() const { return __SIMT_F16_FMT::__to_float(__x); }
  __SIMT_HDM __SIMT_F16_T &operator=(const float __f) {
    __x = __SIMT_F16_FMT::__from_float(__f, __SIMT_H_RN);
    return *this;
  }
  __SIMT_HDM __SIMT_F16_T &operator=(const double __d) {
    __x = __simt_f16_from<__SIMT_F16_FMT>(__d, __SIMT_H_RN);
    return *this;
  }
#if defined(__SIMT_F16_INT_CONVERSIONS)
  /* From and to the integer types, rounding to nearest into the format and
     toward zero out of it, as NVIDIA's headers do. */
#define __SIMT_F16_INT(T, LO, HI)                                                \
  __SIMT_HDM __SIMT_F16_T(const T __v) : __x(__SIMT_F16_FMT::__from_int(__v, __SIMT_H_RN)) {} \
  __SIMT_HDM __SIMT_F16_T &operator=(const T __v) {                              \
    __x = __SIMT_F16_FMT::__from_int(__v, __SIMT_H_RN);                          \
    return *this;                                                                \
  }                                                                              \
  __SIMT_HDM operator T() const {                                                \
    return __simt_f16_to_int<__SIMT_F16_FMT, T>(__x, __SIMT_H_RZ, (T)(LO), (T)(HI)); \
  }
  __SIMT_F16_INT(short, -32768, 32767)
  __SIMT_F16_INT(unsigned short, 0, 65535)
  __SIMT_F16_INT(int, -2147483647 - 1, 2147483647)
  __SIMT_F16_INT(unsigned int, 0, 4294967295u)
  __SIMT_F16_INT(long, -__LONG_MAX__ - 1, __LONG_MAX__)
  __SIMT_F16_INT(unsigned long, 0, __LONG_MAX__ * 2ul + 1)
  __SIMT_F16_INT(long long, -9223372036854775807ll - 1, 9223372036854775807ll)
  __SIMT_F16_INT(unsigned long long, 0, 18446744073709551615ull)
#undef __SIMT_F16_INT
  __SIMT_HDM operator signed char() const {
    return __simt_f16_to_int<__SIMT_F16_FMT, signed char>(__x, __SIMT_H_RZ, -128, 127);
  }
  __SIMT_HDM operator unsigned char() const {
    return __simt_f16_to_int<__SIMT_F16_FMT, unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  __SIMT_HDM operator char() const {
    return (char)-1 < 0
               ? (char)__simt_f16_to_int<__SIMT_F16_FMT, signed char>(__x, __SIMT_H_RZ, -128, 127)
               : (char)__simt_f16_to_int<__SIMT_F16_FMT, unsigned char>(__x, __SIMT_H_RZ, 0, 255);
  }
  /* Nonzero (NaN included). */
  __SIMT_HDM constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
#endif
};

struct __attribute__((aligned(4))) __SIMT_F16_T2 {
  __SIMT_F16_T x;
  __SIMT_F16_T y;

  __SIMT_F16_T2() = default;
  __SIMT_HDM constexpr __SIMT_F16_T2(const __SIMT_F16_T &__a, const __SIMT_F16_T &__b)
      : x(__a), y(__b) {}
  __SIMT_HDM __SIMT_F16_T2(const __SIMT_F16_RAW2 &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
  }
  __SIMT_HDM __SIMT_F16_T2 &operator=(const __SIMT_F16_RAW2 &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
    return *this;
  }
  __SIMT_HDM operator __SIMT_F16_RAW2() const {
    __SIMT_F16_RAW2 __r;
    __r.x = x.__x;
    __r.y = y.__x;
    return __r;
  }
};

/* ---- Bits, conversions ------------------------------------------------------ */

__SIMT_HD __SIMT_F16_T __SIMT_F16_OF(const unsigned short __b) {
  __SIMT_F16_T __h;
  __h.__x = __b;
  return __h;
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_OF2(const unsigned __b) {
  return __builtin_bit_cast(__SIMT_F16_T2, __b);
}
__SIMT_HD unsigned short __simt_bits(const __SIMT_F16_T __h) { return __h.__x; }
__SIMT_HD unsigned __simt_bits2(const __SIMT_F16_T2 __h) {
  return __builtin_bit_cast(unsigned, __h);
}
__SIMT_HD __SIMT_F16_T2 __simt_pair(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __SIMT_F16_OF2((unsigned)__a.__x | (unsigned)__b.__x << 16);
}

/* __half_as_short, __short_as_half, ... */
__SIMT_HD short __SIMT_F16_N(__, _as_short)(const __SIMT_F16_T __h) { return (short)__h.__x; }
__SIMT_HD unsigned short __SIMT_F16_N(__, _as_ushort)(const __SIMT_F16_T __h) { return __h.__x; }
__SIMT_HD __SIMT_F16_T __SIMT_F16_N(__short_as_, )(const short __i) {
  return __SIMT_F16_OF((unsigned short)__i);
}
__SIMT_HD __SIMT_F16_T __SIMT_F16_N(__ushort_as_, )(const unsigned short __i) {
  return __SIMT_F16_OF(__i);
}

/* __half2float, __float2half and its modes, __double2half. */
__SIMT_HD float __SIMT_F16_N(__, 2float)(const __SIMT_F16_T __a) {
  return __SIMT_F16_FMT::__to_float(__a.__x);
}
#define __SIMT_F16_FROM_FLOAT(SUFFIX, MODE)                                        \
  __SIMT_HD __SIMT_F16_T __SIMT_F16_N(__float2, SUFFIX)(const float __a) {         \
    return __SIMT_F16_OF(__SIMT_F16_FMT::__from_float(__a, MODE));                 \
  }
__SIMT_F16_FROM_FLOAT(, __SIMT_H_RN)
__SIMT_F16_FROM_FLOAT(_rn, __SIMT_H_RN)
__SIMT_F16_FROM_FLOAT(_rz, __SIMT_H_RZ)
__SIMT_F16_FROM_FLOAT(_rd, __SIMT_H_RD)
__SIMT_F16_FROM_FLOAT(_ru, __SIMT_H_RU)
#undef __SIMT_F16_FROM_FLOAT
__SIMT_HD __SIMT_F16_T __SIMT_F16_N(__double2, )(const double __a) {
  return __SIMT_F16_OF(__simt_f16_from<__SIMT_F16_FMT>(__a, __SIMT_H_RN));
}

/* Pairs: x is the low half, y the high. make_half2, __halves2half2,
   __half2half2, ... (make_bfloat162, __halves2bfloat162, ...). */
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(make_, )(const __SIMT_F16_T __x, const __SIMT_F16_T __y) {
  return __simt_pair(__x, __y);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__halves2, )(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_pair(__a, __b);
}
__SIMT_HD __SIMT_F16_T2
__SIMT_F16_CAT(__SIMT_F16_N(__, 2), __SIMT_F16_N2(, ))(const __SIMT_F16_T __a) {
  return __simt_pair(__a, __a);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__float2, _rn)(const float __a) {
  const __SIMT_F16_T __h = __SIMT_F16_N(__float2, _rn)(__a);
  return __simt_pair(__h, __h);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__floats2, _rn)(const float __a, const float __b) {
  return __simt_pair(__SIMT_F16_N(__float2, _rn)(__a), __SIMT_F16_N(__float2, _rn)(__b));
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__float22, _rn)(const float2 __a) {
  return __simt_pair(__SIMT_F16_N(__float2, _rn)(__a.x), __SIMT_F16_N(__float2, _rn)(__a.y));
}
__SIMT_HD float2 __SIMT_F16_N2(__, 2float2)(const __SIMT_F16_T2 __a) {
  const unsigned long long __lo = __builtin_bit_cast(unsigned, __SIMT_F16_N(__, 2float)(__a.x));
  const unsigned long long __hi = __builtin_bit_cast(unsigned, __SIMT_F16_N(__, 2float)(__a.y));
  return __builtin_bit_cast(float2, __lo | __hi << 32);
}
__SIMT_HD float __low2float(const __SIMT_F16_T2 __a) { return __SIMT_F16_N(__, 2float)(__a.x); }
__SIMT_HD float __high2float(const __SIMT_F16_T2 __a) { return __SIMT_F16_N(__, 2float)(__a.y); }
__SIMT_HD __SIMT_F16_T __SIMT_F16_N(__low2, )(const __SIMT_F16_T2 __a) { return __a.x; }
__SIMT_HD __SIMT_F16_T __SIMT_F16_N(__high2, )(const __SIMT_F16_T2 __a) { return __a.y; }
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__low2, )(const __SIMT_F16_T2 __a) {
  return __simt_pair(__a.x, __a.x);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__high2, )(const __SIMT_F16_T2 __a) {
  return __simt_pair(__a.y, __a.y);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__lows2, )(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b) {
  return __simt_pair(__a.x, __b.x);
}
__SIMT_HD __SIMT_F16_T2 __SIMT_F16_N2(__highs2, )(const __SIMT_F16_T2 __a,
                                                  const __SIMT_F16_T2 __b) {
  return __simt_pair(__a.y, __b.y);
}
__SIMT_HD __SIMT_F16_T2 __lowhigh2highlow(const __SIMT_F16_T2 __a) {
  return __simt_pair(__a.y, __a.x);
}

/* Integers into the format, in the four modes (__int2half_rn, ...), and
   the format into integers (__half2int_rz, ...). */
#define __SIMT_F16_FROM_INT(PREFIX, T)                                             \
  __SIMT_HD __SIMT_F16_T __SIMT_F16_N(PREFIX, _rn)(const T __i) {                  \
    return __SIMT_F16_OF(__SIMT_F16_FMT::__from_int(__i, __SIMT_H_RN));            \
  }                                                                                \
  __SIMT_HD __SIMT_F16_T __SIMT_F16_N(PREFIX, _rz)(const T __i) {                  \
    return __SIMT_F16_OF(__SIMT_F16_FMT::__from_int(__i, __SIMT_H_RZ));            \
  }                                                                                \
  __SIMT_HD __SIMT_F16_T __SIMT_F16_N(PREFIX, _rd)(const T __i) {                  \
    return __SIMT_F16_OF(__SIMT_F16_FMT::__from_int(__i, __SIMT_H_RD));            \
  }                                                                                \
  __SIMT_HD __SIMT_F16_T __SIMT_F16_N(PREFIX, _ru)(const T __i) {                  \
    return __SIMT_F16_OF(__SIMT_F16_FMT::__from_int(__i, __SIMT_H_RU));            \
  }
__SIMT_F16_FROM_INT(__short2, short)
__SIMT_F16_FROM_INT(__ushort2, unsigned short)
__SIMT_F16_FROM_INT(__int2, int)
__SIMT_F16_FROM_INT(__uint2, unsigned int)
__SIMT_F16_FROM_INT(__ll2, long long)
__SIMT_F16_FROM_INT(__ull2, unsigned long long)
#undef __SIMT_F16_FROM_INT
#define __SIMT_F16_TO_INT(SUFFIX, T, LO, HI)                                       \
  __SIMT_HD T __SIMT_F16_N(__, SUFFIX##_rn)(const __SIMT_F16_T __h) {              \
    return __simt_f16_to_int<__SIMT_F16_FMT, T>(__h.__x, __SIMT_H_RN, LO, HI);     \
  }                                                                                \
  __SIMT_HD T __SIMT_F16_N(__, SUFFIX##_rz)(const __SIMT_F16_T __h) {              \
    return __simt_f16_to_int<__SIMT_F16_FMT, T>(__h.__x, __SIMT_H_RZ, LO, HI);     \
  }                                                                                \
  __SIMT_HD T __SIMT_F16_N(__, SUFFIX##_rd)(const __SIMT_F16_T __h) {              \
    return __simt_f16_to_int<__SIMT_F16_FMT, T>(__h.__x, __SIMT_H_RD, LO, HI);     \
  }                                                                                \
  __SIMT_HD T __SIMT_F16_N(__, SUFFIX##_ru)(const __SIMT_F16_T __h) {              \
    return __simt_f16_to_int<__SIMT_F16_FMT, T>(__h.__x, __SIMT_H_RU, LO, HI);     \
  }
__SIMT_F16_TO_INT(2short, short, -32768, 32767)
__SIMT_F16_TO_INT(2ushort, unsigned short, 0, 65535)
__SIMT_F16_TO_INT(2int, int, -2147483647 - 1, 2147483647)
__SIMT_F16_TO_INT(2uint, unsigned int, 0u, 4294967295u)
__SIMT_F16_TO_INT(2ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll)
__SIMT_F16_TO_INT(2ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __SIMT_F16_TO_INT
__SIMT_HD signed char __SIMT_F16_N(__, 2char_rz)(const __SIMT_F16_T __h) {
  return __simt_f16_to_int<__SIMT_F16_FMT, signed char>(__h.__x, __SIMT_H_RZ, -128, 127);
}
__SIMT_HD unsigned char __SIMT_F16_N(__, 2uchar_rz)(const __SIMT_F16_T __h) {
  return __simt_f16_to_int<__SIMT_F16_FMT, unsigned char>(__h.__x, __SIMT_H_RZ, 0, 255);
}

/* ---- Classification and comparisons ------------------------------------- */

__SIMT_HD bool __hisnan(const __SIMT_F16_T __a) {
  return (__a.__x & 0x7fffu) > __SIMT_F16_FMT::__inf;
}
/* -1 for negative infinity, 1 for positive, 0 otherwise. */
__SIMT_HD int __hisinf(const __SIMT_F16_T __a) {
  return __a.__x == (0x8000u | __SIMT_F16_FMT::__inf) ? -1
         : __a.__x == __SIMT_F16_FMT::__inf           ? 1
                                                      : 0;
}

/* Ordered comparisons are false where either is NaN; the unordered (u)
   ones true. __hne is ordered, operator!= unordered, as in CUDA. */
#define __SIMT_F16_CMP(NAME, EXPR)                                                 \
  __SIMT_HD bool NAME(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {            \
    const float __fa = __SIMT_F16_N(__, 2float)(__a), __fb = __SIMT_F16_N(__, 2float)(__b); \
    return EXPR;                                                                   \
  }
__SIMT_F16_CMP(__heq, __fa == __fb)
__SIMT_F16_CMP(__hne, __fa < __fb || __fa > __fb)
__SIMT_F16_CMP(__hlt, __fa < __fb)
__SIMT_F16_CMP(__hle, __fa <= __fb)
__SIMT_F16_CMP(__hgt, __fa > __fb)
__SIMT_F16_CMP(__hge, __fa >= __fb)
__SIMT_F16_CMP(__hequ, !(__fa < __fb || __fa > __fb))
__SIMT_F16_CMP(__hneu, !(__fa == __fb))
__SIMT_F16_CMP(__hltu, !(__fa >= __fb))
__SIMT_F16_CMP(__hleu, !(__fa > __fb))
__SIMT_F16_CMP(__hgtu, !(__fa <= __fb))
__SIMT_F16_CMP(__hgeu, !(__fa < __fb))
#undef __SIMT_F16_CMP

/* Pairs: a pair of 1.0 or 0.0 per lane; the _mask forms 0xffff or 0 per
   lane; the __hb forms true where both lanes are. */
#define __SIMT_F16_CMP2(OP)                                                        \
  __SIMT_HD __SIMT_F16_T2 OP##2(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b) { \
    return __simt_pair(__SIMT_F16_OF(OP(__a.x, __b.x) ? __SIMT_F16_FMT::__one : 0u), \
                       __SIMT_F16_OF(OP(__a.y, __b.y) ? __SIMT_F16_FMT::__one : 0u)); \
  }                                                                                \
  __SIMT_HD unsigned OP##2_mask(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b) { \
    return (OP(__a.x, __b.x) ? 0xffffu : 0u) | (OP(__a.y, __b.y) ? 0xffff0000u : 0u); \
  }
__SIMT_F16_CMP2(__heq)
__SIMT_F16_CMP2(__hne)
__SIMT_F16_CMP2(__hlt)
__SIMT_F16_CMP2(__hle)
__SIMT_F16_CMP2(__hgt)
__SIMT_F16_CMP2(__hge)
__SIMT_F16_CMP2(__hequ)
__SIMT_F16_CMP2(__hneu)
__SIMT_F16_CMP2(__hltu)
__SIMT_F16_CMP2(__hleu)
__SIMT_F16_CMP2(__hgtu)
__SIMT_F16_CMP2(__hgeu)
#undef __SIMT_F16_CMP2
#define __SIMT_F16_BCMP2(NAME, OP)                                                 \
  __SIMT_HD bool NAME(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b) {          \
    return OP(__a.x, __b.x) && OP(__a.y, __b.y);                                   \
  }
__SIMT_F16_BCMP2(__hbeq2, __heq)
__SIMT_F16_BCMP2(__hbne2, __hne)
__SIMT_F16_BCMP2(__hblt2, __hlt)
__SIMT_F16_BCMP2(__hble2, __hle)
__SIMT_F16_BCMP2(__hbgt2, __hgt)
__SIMT_F16_BCMP2(__hbge2, __hge)
__SIMT_F16_BCMP2(__hbequ2, __hequ)
__SIMT_F16_BCMP2(__hbneu2, __hneu)
__SIMT_F16_BCMP2(__hbltu2, __hltu)
__SIMT_F16_BCMP2(__hbleu2, __hleu)
__SIMT_F16_BCMP2(__hbgtu2, __hgtu)
__SIMT_F16_BCMP2(__hbgeu2, __hgeu)
#undef __SIMT_F16_BCMP2
__SIMT_HD __SIMT_F16_T2 __hisnan2(const __SIMT_F16_T2 __a) {
  return __simt_pair(__SIMT_F16_OF(__hisnan(__a.x) ? __SIMT_F16_FMT::__one : 0u),
                     __SIMT_F16_OF(__hisnan(__a.y) ? __SIMT_F16_FMT::__one : 0u));
}

/* ---- Arithmetic ------------------------------------------------------------ */

/* An f32 result rounded to the format. */
__SIMT_HD __SIMT_F16_T __SIMT_F16_RN(const float __f) {
  return __SIMT_F16_OF(__SIMT_F16_FMT::__from_float(__f, __SIMT_H_RN));
}
/* Clamped to [0, 1]; NaN gives +0. */
__SIMT_HD __SIMT_F16_T __simt_sat(const __SIMT_F16_T __h) {
  const float __f = __SIMT_F16_N(__, 2float)(__h);
  return __f > 0.0f ? (__f < 1.0f ? __h : __SIMT_F16_OF(__SIMT_F16_FMT::__one))
                    : __SIMT_F16_OF(0u);
}

/* a * b + c rounded once (__simt_f16_sum_odd). */
__SIMT_HD __SIMT_F16_T __hfma(const __SIMT_F16_T __a, const __SIMT_F16_T __b,
                              const __SIMT_F16_T __c) {
  typedef __SIMT_F16_FMT::__wide __W;
  const __W __p = (__W)__SIMT_F16_N(__, 2float)(__a) * (__W)__SIMT_F16_N(__, 2float)(__b);
  const __W __s = __simt_f16_sum_odd(__p, (__W)__SIMT_F16_N(__, 2float)(__c));
  return __SIMT_F16_OF(__simt_f16_from<__SIMT_F16_FMT>(__s, __SIMT_H_RN));
}

#define __SIMT_F16_BIN(NAME, OP)                                                   \
  __SIMT_HD __SIMT_F16_T NAME(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {    \
    return __SIMT_F16_RN(__SIMT_F16_N(__, 2float)(__a) OP __SIMT_F16_N(__, 2float)(__b)); \
  }
__SIMT_F16_BIN(__hadd, +)
__SIMT_F16_BIN(__hsub, -)
__SIMT_F16_BIN(__hmul, *)
__SIMT_F16_BIN(__hdiv, /)
/* The _rn forms are never contracted into an fma; these never are. */
__SIMT_F16_BIN(__hadd_rn, +)
__SIMT_F16_BIN(__hsub_rn, -)
__SIMT_F16_BIN(__hmul_rn, *)
#undef __SIMT_F16_BIN
__SIMT_HD __SIMT_F16_T __hadd_sat(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_sat(__hadd(__a, __b));
}
__SIMT_HD __SIMT_F16_T __hsub_sat(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_sat(__hsub(__a, __b));
}
__SIMT_HD __SIMT_F16_T __hmul_sat(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_sat(__hmul(__a, __b));
}
__SIMT_HD __SIMT_F16_T __hfma_sat(const __SIMT_F16_T __a, const __SIMT_F16_T __b,
                                  const __SIMT_F16_T __c) {
  return __simt_sat(__hfma(__a, __b, __c));
}
/* max(0, a * b + c); NaN is canonical. */
__SIMT_HD __SIMT_F16_T __hfma_relu(const __SIMT_F16_T __a, const __SIMT_F16_T __b,
                                   const __SIMT_F16_T __c) {
  const __SIMT_F16_T __r = __hfma(__a, __b, __c);
  return __hisnan(__r)          ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan)
         : (__r.__x & 0x8000u) ? __SIMT_F16_OF(0u)
                               : __r;
}
/* Sign operations; NaN gives the canonical NaN. */
__SIMT_HD __SIMT_F16_T __hneg(const __SIMT_F16_T __a) {
  return __hisnan(__a) ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan)
                       : __SIMT_F16_OF((unsigned short)(__a.__x ^ 0x8000u));
}
__SIMT_HD __SIMT_F16_T __habs(const __SIMT_F16_T __a) {
  return __hisnan(__a) ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan)
                       : __SIMT_F16_OF((unsigned short)(__a.__x & 0x7fffu));
}
/* max/min: a NaN operand gives the other (both: the canonical NaN);
   +0 is above -0. The _nan forms give NaN for any NaN operand. */
__SIMT_HD __SIMT_F16_T __simt_maxmin(const __SIMT_F16_T __a, const __SIMT_F16_T __b,
                                     const bool __is_max) {
  if (__hisnan(__a))
    return __hisnan(__b) ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan) : __b;
  if (__hisnan(__b))
    return __a;
  const float __fa = __SIMT_F16_N(__, 2float)(__a), __fb = __SIMT_F16_N(__, 2float)(__b);
  if (__is_max ? __fa > __fb : __fa < __fb)
    return __a;
  if (__is_max ? __fa < __fb : __fa > __fb)
    return __b;
  return __SIMT_F16_OF((unsigned short)(__is_max ? __a.__x & __b.__x : __a.__x | __b.__x));
}
__SIMT_HD __SIMT_F16_T __hmax(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_maxmin(__a, __b, true);
}
__SIMT_HD __SIMT_F16_T __hmin(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __simt_maxmin(__a, __b, false);
}
__SIMT_HD __SIMT_F16_T __hmax_nan(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __hisnan(__a) || __hisnan(__b) ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan) : __hmax(__a, __b);
}
__SIMT_HD __SIMT_F16_T __hmin_nan(const __SIMT_F16_T __a, const __SIMT_F16_T __b) {
  return __hisnan(__a) || __hisnan(__b) ? __SIMT_F16_OF(__SIMT_F16_FMT::__nan) : __hmin(__a, __b);
}

/* Pairs, lane by lane. */
#define __SIMT_F16_OP2(NAME, OP)                                                   \
  __SIMT_HD __SIMT_F16_T2 NAME(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b) { \
    return __simt_pair(OP(__a.x, __b.x), OP(__a.y, __b.y));                        \
  }
__SIMT_F16_OP2(__hadd2, __hadd)
__SIMT_F16_OP2(__hsub2, __hsub)
__SIMT_F16_OP2(__hmul2, __hmul)
__SIMT_F16_OP2(__h2div, __hdiv)
__SIMT_F16_OP2(__hadd2_rn, __hadd)
__SIMT_F16_OP2(__hsub2_rn, __hsub)
__SIMT_F16_OP2(__hmul2_rn, __hmul)
__SIMT_F16_OP2(__hadd2_sat, __hadd_sat)
__SIMT_F16_OP2(__hsub2_sat, __hsub_sat)
__SIMT_F16_OP2(__hmul2_sat, __hmul_sat)
__SIMT_F16_OP2(__hmax2, __hmax)
__SIMT_F16_OP2(__hmin2, __hmin)
__SIMT_F16_OP2(__hmax2_nan, __hmax_nan)
__SIMT_F16_OP2(__hmin2_nan, __hmin_nan)
#undef __SIMT_F16_OP2
#define __SIMT_F16_OP3(NAME, OP)                                                   \
  __SIMT_HD __SIMT_F16_T2 NAME(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b,   \
                               const __SIMT_F16_T2 __c) {                          \
    return __simt_pair(OP(__a.x, __b.x, __c.x), OP(__a.y, __b.y, __c.y));          \
  }
__SIMT_F16_OP3(__hfma2, __hfma)
__SIMT_F16_OP3(__hfma2_sat, __hfma_sat)
__SIMT_F16_OP3(__hfma2_relu, __hfma_relu)
#undef __SIMT_F16_OP3
__SIMT_HD __SIMT_F16_T2 __hneg2(const __SIMT_F16_T2 __a) {
  return __simt_pair(__hneg(__a.x), __hneg(__a.y));
}
__SIMT_HD __SIMT_F16_T2 __habs2(const __SIMT_F16_T2 __a) {
  return __simt_pair(__habs(__a.x), __habs(__a.y));
}
/* Complex multiply-add (x real, y imaginary): a * b + c in f32, each part
   rounded once. */
__SIMT_HD __SIMT_F16_T2 __hcmadd(const __SIMT_F16_T2 __a, const __SIMT_F16_T2 __b,
                                 const __SIMT_F16_T2 __c) {
  const float __ar = __SIMT_F16_N(__, 2float)(__a.x), __ai = __SIMT_F16_N(__, 2float)(__a.y);
  const float __br = __SIMT_F16_N(__, 2float)(__b.x), __bi = __SIMT_F16_N(__, 2float)(__b.y);
  const float __re =
      __builtin_fmaf(-__ai, __bi, __builtin_fmaf(__ar, __br, __SIMT_F16_N(__, 2float)(__c.x)));
  const float __im =
      __builtin_fmaf(__ai, __br, __builtin_fmaf(__ar, __bi, __SIMT_F16_N(__, 2float)(__c.y)));
  return __simt_pair(__SIMT_F16_RN(__re), __SIMT_F16_RN(__im));
}

/* ---- Operators --------------------------------------------------------------- */

#define __SIMT_F16_OPS(T, ADD, SUB, MUL, DIV, NEG, ONE, EQ, NE, LT, LE, GT, GE)    \
  __SIMT_HD T operator+(const T __a, const T __b) { return ADD(__a, __b); }        \
  __SIMT_HD T operator-(const T __a, const T __b) { return SUB(__a, __b); }        \
  __SIMT_HD T operator*(const T __a, const T __b) { return MUL(__a, __b); }        \
  __SIMT_HD T operator/(const T __a, const T __b) { return DIV(__a, __b); }        \
  __SIMT_HD T &operator+=(T &__a, const T __b) { return __a = ADD(__a, __b); }     \
  __SIMT_HD T &operator-=(T &__a, const T __b) { return __a = SUB(__a, __b); }     \
  __SIMT_HD T &operator*=(T &__a, const T __b) { return __a = MUL(__a, __b); }     \
  __SIMT_HD T &operator/=(T &__a, const T __b) { return __a = DIV(__a, __b); }     \
  __SIMT_HD T &operator++(T &__a) { return __a = ADD(__a, ONE); }                  \
  __SIMT_HD T &operator--(T &__a) { return __a = SUB(__a, ONE); }                  \
  __SIMT_HD T operator++(T &__a, int) {                                            \
    const T __old = __a;                                                           \
    __a = ADD(__a, ONE);                                                           \
    return __old;                                                                  \
  }                                                                                \
  __SIMT_HD T operator--(T &__a, int) {                                            \
    const T __old = __a;                                                           \
    __a = SUB(__a, ONE);                                                           \
    return __old;                                                                  \
  }                                                                                \
  __SIMT_HD T operator+(const T __a) { return __a; }                               \
  __SIMT_HD T operator-(const T __a) { return NEG(__a); }                          \
  __SIMT_HD bool operator==(const T __a, const T __b) { return EQ(__a, __b); }     \
  __SIMT_HD bool operator!=(const T __a, const T __b) { return NE(__a, __b); }     \
  __SIMT_HD bool operator<(const T __a, const T __b) { return LT(__a, __b); }      \
  __SIMT_HD bool operator<=(const T __a, const T __b) { return LE(__a, __b); }     \
  __SIMT_HD bool operator>(const T __a, const T __b) { return GT(__a, __b); }      \
  __SIMT_HD bool operator>=(const T __a, const T __b) { return GE(__a, __b); }
#if defined(__SIMT_F16_OPERATORS)
__SIMT_F16_OPS(__SIMT_F16_T, __hadd, __hsub, __hmul, __hdiv, __hneg,
               __SIMT_F16_OF(__SIMT_F16_FMT::__one), __heq, __hneu, __hlt, __hle, __hgt, __hge)
#endif
#if defined(__SIMT_F16_OPERATORS2)
__SIMT_F16_OPS(__SIMT_F16_T2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2,
               __SIMT_F16_OF2(__SIMT_F16_FMT::__one * 0x10001u), __hbeq2, __hbneu2, __hblt2,
               __hble2, __hbgt2, __hbge2)
#endif
#undef __SIMT_F16_OPS

/* ---- Device code: math functions, shuffles, atomics ------------------------ */

#if defined(__CUDA__)
/* The f32 function's result rounded to the format (sqrt and the reciprocal
   are correctly rounded; the others have libclc's f32 accuracy before the
   rounding). */
#define __SIMT_F16_MATH(NAME, NAME2, EXPR)                                         \
  __SIMT_D __SIMT_F16_T NAME(const __SIMT_F16_T __h) {                             \
    const float __f = __SIMT_F16_N(__, 2float)(__h);                               \
    return __SIMT_F16_RN(EXPR);                                                    \
  }                                                                                \
  __SIMT_D __SIMT_F16_T2 NAME2(const __SIMT_F16_T2 __h) {                          \
    return __simt_pair(NAME(__h.x), NAME(__h.y));                                  \
  }
__SIMT_F16_MATH(hsqrt, h2sqrt, __builtin_sqrtf(__f))
__SIMT_F16_MATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(__f))
__SIMT_F16_MATH(hrcp, h2rcp, 1.0f / __f)
__SIMT_F16_MATH(hexp, h2exp, __nv_expf(__f))
__SIMT_F16_MATH(hexp2, h2exp2, __nv_exp2f(__f))
__SIMT_F16_MATH(hexp10, h2exp10, __nv_exp10f(__f))
__SIMT_F16_MATH(hlog, h2log, __nv_logf(__f))
__SIMT_F16_MATH(hlog2, h2log2, __nv_log2f(__f))
__SIMT_F16_MATH(hlog10, h2log10, __nv_log10f(__f))
__SIMT_F16_MATH(hsin, h2sin, __nv_sinf(__f))
__SIMT_F16_MATH(hcos, h2cos, __nv_cosf(__f))
__SIMT_F16_MATH(htanh, h2tanh, __nv_tanhf(__f))
__SIMT_F16_MATH(htanh_approx, h2tanh_approx, __nv_tanhf(__f))
__SIMT_F16_MATH(hfloor, h2floor, __builtin_floorf(__f))
__SIMT_F16_MATH(hceil, h2ceil, __builtin_ceilf(__f))
__SIMT_F16_MATH(htrunc, h2trunc, __builtin_truncf(__f))
__SIMT_F16_MATH(hrint, h2rint, __builtin_rintf(__f))
#undef __SIMT_F16_MATH

/* atomicAdd as a compare-and-swap loop on the 32-bit word (sm_60 and sm_70
   have them in one instruction); each returns the old value. The loop
   compares bits, so a NaN in memory ends it. */
__SIMT_D __SIMT_F16_T2 atomicAdd(__SIMT_F16_T2 *__p, const __SIMT_F16_T2 __v) {
  unsigned *const __w = (unsigned *)__p;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    __old = atomicCAS(__w, __seen, __simt_bits2(__hadd2(__SIMT_F16_OF2(__seen), __v)));
  } while (__old != __seen);
  return __SIMT_F16_OF2(__old);
}
__SIMT_D __SIMT_F16_T atomicAdd(__SIMT_F16_T *__p, const __SIMT_F16_T __v) {
  /* The word that holds it, and where in the word (little-endian). */
  const unsigned __off = (unsigned)((__UINTPTR_TYPE__)__p & 2u);
  unsigned *const __w = (unsigned *)((char *)__p - __off);
  const unsigned __sh = __off * 8u;
  unsigned __old = *__w, __seen;
  do {
    __seen = __old;
    const unsigned short __sum =
        __simt_bits(__hadd(__SIMT_F16_OF((unsigned short)(__seen >> __sh)), __v));
    __old = atomicCAS(__w, __seen, (__seen & ~(0xffffu << __sh)) | ((unsigned)__sum << __sh));
  } while (__old != __seen);
  return __SIMT_F16_OF((unsigned short)(__old >> __sh));
}

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
/* Shuffles of a value (in the low 16 bits of a word) and of a pair. The
   pre-CUDA 9 __shfl templates reach these too. */
#define __SIMT_F16_SHFL(T, TOBITS, FROMBITS)                                       \
  __SIMT_D T __shfl_sync(unsigned __mask, const T __v, int __lane, int __width = 32) { \
    return FROMBITS(__shfl_sync(__mask, TOBITS(__v), __lane, __width));            \
  }                                                                                \
  __SIMT_D T __shfl_up_sync(unsigned __mask, const T __v, unsigned __d, int __width = 32) { \
    return FROMBITS(__shfl_up_sync(__mask, TOBITS(__v), __d, __width));            \
  }                                                                                \
  __SIMT_D T __shfl_down_sync(unsigned __mask, const T __v, unsigned __d, int __width = 32) { \
    return FROMBITS(__shfl_down_sync(__mask, TOBITS(__v), __d, __width));          \
  }                                                                                \
  __SIMT_D T __shfl_xor_sync(unsigned __mask, const T __v, int __lm, int __width = 32) { \
    return FROMBITS(__shfl_xor_sync(__mask, TOBITS(__v), __lm, __width));          \
  }
#define __SIMT_F16_TO_WORD(v) ((unsigned)(v).__x)
#define __SIMT_F16_OF_WORD(u) __SIMT_F16_OF((unsigned short)(u))
__SIMT_F16_SHFL(__SIMT_F16_T, __SIMT_F16_TO_WORD, __SIMT_F16_OF_WORD)
__SIMT_F16_SHFL(__SIMT_F16_T2, __simt_bits2, __SIMT_F16_OF2)
#undef __SIMT_F16_TO_WORD
#undef __SIMT_F16_OF_WORD
#undef __SIMT_F16_SHFL
#endif
#endif /* __CUDA__ */

#undef __SIMT_F16_OF
#undef __SIMT_F16_OF2
#undef __SIMT_F16_RN
#undef __SIMT_F16_CAT
#undef __SIMT_F16_CAT_
#undef __SIMT_F16_T
#undef __SIMT_F16_T2
#undef __SIMT_F16_RAW
#undef __SIMT_F16_RAW2
#undef __SIMT_F16_N
#undef __SIMT_F16_N2
#undef __SIMT_F16_FMT
#undef __SIMT_F16_CONVERSIONS
#undef __SIMT_F16_INT_CONVERSIONS
#undef __SIMT_F16_OPERATORS
#undef __SIMT_F16_OPERATORS2
#undef __SIMT_F16_MEMBERS
#undef __SIMT_HD
#undef __SIMT_HDM
#undef __SIMT_D
#endif /* a format's definitions */

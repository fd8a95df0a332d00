/*===-- __simt_simd_functions.h - CUDA's SIMD video intrinsics ------------===*
 *
 * The per-halfword (…2) and per-byte (…4) functions on the parts of a
 * 32-bit word (__vadd4, __vabsdiffu4, __vcmpgts2, __vsadu4, ...) and the
 * DPX functions of CUDA 12 (__vimax3_s32, __viaddmin_u16x2_relu, ...) and
 * sm_61's dot products of bytes (__dp4a) and halfwords (__dp2a_lo/hi), as
 * CUDA's Math API defines them. They are plain integer arithmetic on each
 * part: the ISA has no packed video instructions, and clang lowers these
 * loops (unrolled over the parts) to ALU instructions.
 *
 * Per part, with a and b the parts as signed or unsigned numbers:
 * wrap-around results keep the low bits; "ss"/"us" saturate to the part's
 * signed or unsigned range; __vcmp* give all ones or 0, __vset* 1 or 0;
 * __vavgu is (a + b + 1) >> 1, __vhaddu (a + b) >> 1 and __vavgs rounds
 * half away from zero; __vabs and __vneg wrap (|-128| is -128), __vabsss
 * and __vnegss saturate; __vsad* add |a - b| over the parts.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_SIMD_FUNCTIONS_H
#define SIMT_SIMD_FUNCTIONS_H

#include "__simt_qualifiers.h"

/* Part K (of Width bits) of X as a signed or an unsigned number. */
template <int Width, bool Signed>
static __host__ __device__ __forceinline__ int __simt_part(unsigned x, int k) {
  unsigned field = x << (32 - Width - k * Width);
  return Signed ? (int)field >> (32 - Width) : (int)(field >> (32 - Width));
}

/* The word whose parts are F(part of a, part of b), each cut to Width bits. */
template <int Width, bool Signed, class F>
static __host__ __device__ __forceinline__ unsigned __simt_parts(unsigned a, unsigned b, F f) {
  unsigned r = 0, mask = (1u << Width) - 1;
#pragma unroll
  for (int k = 0; k < 32 / Width; ++k)
    r |= ((unsigned)f(__simt_part<Width, Signed>(a, k), __simt_part<Width, Signed>(b, k)) & mask)
         << (k * Width);
  return r;
}

/* V clamped to the part's signed or unsigned range. */
template <int Width, bool Signed>
static __host__ __device__ __forceinline__ int __simt_saturate(int v) {
  int lo = Signed ? -(1 << (Width - 1)) : 0;
  int hi = Signed ? (1 << (Width - 1)) - 1 : (1 << Width) - 1;
  return v < lo ? lo : v > hi ? hi : v;
}

/* One function per part width: NAME##2 on halfwords, NAME##4 on bytes. */
#define __SIMT_SIMD2(NAME, SIGNED, EXPR)                                        \
  static __device__ __forceinline__ unsigned int NAME##2(unsigned int a, unsigned int b) { \
    return __simt_parts<16, SIGNED>(a, b, [](int x, int y) {                    \
      const int W = 16;                                                         \
      (void)W;                                                                  \
      return EXPR;                                                              \
    });                                                                         \
  }                                                                             \
  static __device__ __forceinline__ unsigned int NAME##4(unsigned int a, unsigned int b) { \
    return __simt_parts<8, SIGNED>(a, b, [](int x, int y) {                     \
      const int W = 8;                                                          \
      (void)W;                                                                  \
      return EXPR;                                                              \
    });                                                                         \
  }
#define __SIMT_SIMD1(NAME, EXPR)                                                \
  static __device__ __forceinline__ unsigned int NAME##2(unsigned int a) {      \
    return __simt_parts<16, true>(a, 0, [](int x, int) {                        \
      const int W = 16;                                                         \
      (void)W;                                                                  \
      return EXPR;                                                              \
    });                                                                         \
  }                                                                             \
  static __device__ __forceinline__ unsigned int NAME##4(unsigned int a) {      \
    return __simt_parts<8, true>(a, 0, [](int x, int) {                         \
      const int W = 8;                                                          \
      (void)W;                                                                  \
      return EXPR;                                                              \
    });                                                                         \
  }
#define __SIMT_SAT(SIGNED, V)                                                   \
  (W == 16 ? __simt_saturate<16, SIGNED>(V) : __simt_saturate<8, SIGNED>(V))

__SIMT_SIMD1(__vabs, x < 0 ? -x : x)
__SIMT_SIMD1(__vabsss, __SIMT_SAT(true, x < 0 ? -x : x))
__SIMT_SIMD1(__vneg, -x)
__SIMT_SIMD1(__vnegss, __SIMT_SAT(true, -x))
__SIMT_SIMD2(__vadd, false, x + y)
__SIMT_SIMD2(__vaddss, true, __SIMT_SAT(true, x + y))
__SIMT_SIMD2(__vaddus, false, __SIMT_SAT(false, x + y))
__SIMT_SIMD2(__vsub, false, x - y)
__SIMT_SIMD2(__vsubss, true, __SIMT_SAT(true, x - y))
__SIMT_SIMD2(__vsubus, false, __SIMT_SAT(false, x - y))
__SIMT_SIMD2(__vabsdiffs, true, x > y ? x - y : y - x)
__SIMT_SIMD2(__vabsdiffu, false, x > y ? x - y : y - x)
__SIMT_SIMD2(__vavgu, false, (x + y + 1) >> 1)
__SIMT_SIMD2(__vhaddu, false, (x + y) >> 1)
__SIMT_SIMD2(__vavgs, true, (x + y) < 0 ? (x + y) >> 1 : (x + y + 1) >> 1)
__SIMT_SIMD2(__vmaxs, true, x > y ? x : y)
__SIMT_SIMD2(__vmaxu, false, x > y ? x : y)
__SIMT_SIMD2(__vmins, true, x < y ? x : y)
__SIMT_SIMD2(__vminu, false, x < y ? x : y)
#define __SIMT_COMPARE(CMP, OP)                                                 \
  __SIMT_SIMD2(__vcmp##CMP##s, true, -(x OP y))                                 \
  __SIMT_SIMD2(__vcmp##CMP##u, false, -(x OP y))                                \
  __SIMT_SIMD2(__vset##CMP##s, true, (int)(x OP y))                             \
  __SIMT_SIMD2(__vset##CMP##u, false, (int)(x OP y))
__SIMT_COMPARE(ge, >=)
__SIMT_COMPARE(gt, >)
__SIMT_COMPARE(le, <=)
__SIMT_COMPARE(lt, <)
#undef __SIMT_COMPARE
__SIMT_SIMD2(__vcmpeq, false, -(x == y))
__SIMT_SIMD2(__vcmpne, false, -(x != y))
__SIMT_SIMD2(__vseteq, false, (int)(x == y))
__SIMT_SIMD2(__vsetne, false, (int)(x != y))
#undef __SIMT_SAT
#undef __SIMT_SIMD1
#undef __SIMT_SIMD2

/* Sums of absolute differences over the parts. */
template <int Width, bool Signed>
static __device__ __forceinline__ unsigned int __simt_sad(unsigned a, unsigned b) {
  unsigned sum = 0;
#pragma unroll
  for (int k = 0; k < 32 / Width; ++k) {
    int x = __simt_part<Width, Signed>(a, k), y = __simt_part<Width, Signed>(b, k);
    sum += (unsigned)(x > y ? x - y : y - x);
  }
  return sum;
}
static __device__ __forceinline__ unsigned int __vsads2(unsigned a, unsigned b) { return __simt_sad<16, true>(a, b); }
static __device__ __forceinline__ unsigned int __vsads4(unsigned a, unsigned b) { return __simt_sad<8, true>(a, b); }
static __device__ __forceinline__ unsigned int __vsadu2(unsigned a, unsigned b) { return __simt_sad<16, false>(a, b); }
static __device__ __forceinline__ unsigned int __vsadu4(unsigned a, unsigned b) { return __simt_sad<8, false>(a, b); }

/*===-- DPX: three-operand max/min, fused add-max/min, ReLU (CUDA 12) ---===*/

/* On 32-bit values (T int or unsigned) and on the halfwords of a word. */
template <class T> static __host__ __device__ __forceinline__ T __simt_max(T a, T b) { return a > b ? a : b; }
template <class T> static __host__ __device__ __forceinline__ T __simt_min(T a, T b) { return a < b ? a : b; }
template <class T> static __host__ __device__ __forceinline__ T __simt_relu(T a) { return a > 0 ? a : 0; }

#define __SIMT_DPX32(NAME, T, EXPR)                                              \
  static __host__ __device__ __forceinline__ T NAME(const T a, const T b, const T c) { return EXPR; }
#define __SIMT_DPX16(NAME, SIGNED, EXPR)                                         \
  static __host__ __device__ __forceinline__ unsigned int NAME(const unsigned int a, const unsigned int b, \
                                                              const unsigned int c) { \
    unsigned r = 0;                                                             \
    for (int k = 0; k < 2; ++k) {                                               \
      int x = __simt_part<16, SIGNED>(a, k), y = __simt_part<16, SIGNED>(b, k); \
      int z = __simt_part<16, SIGNED>(c, k);                                    \
      (void)z;                                                                  \
      r |= ((unsigned)(EXPR) & 0xffffu) << (16 * k);                            \
    }                                                                           \
    return r;                                                                   \
  }
/* a + b wraps in the part's width before the compare, as the 32-bit forms
   wrap in 32 bits. */
#define __SIMT_WRAP16(SIGNED, V) __simt_part<16, SIGNED>((unsigned)(V), 0)
__SIMT_DPX32(__vimax3_s32, int, __simt_max(__simt_max(a, b), c))
__SIMT_DPX32(__vimax3_u32, unsigned int, __simt_max(__simt_max(a, b), c))
__SIMT_DPX32(__vimin3_s32, int, __simt_min(__simt_min(a, b), c))
__SIMT_DPX32(__vimin3_u32, unsigned int, __simt_min(__simt_min(a, b), c))
__SIMT_DPX32(__vimax3_s32_relu, int, __simt_relu(__simt_max(__simt_max(a, b), c)))
__SIMT_DPX32(__vimin3_s32_relu, int, __simt_relu(__simt_min(__simt_min(a, b), c)))
__SIMT_DPX32(__viaddmax_s32, int, __simt_max((int)((unsigned)a + (unsigned)b), c))
__SIMT_DPX32(__viaddmax_u32, unsigned int, __simt_max(a + b, c))
__SIMT_DPX32(__viaddmin_s32, int, __simt_min((int)((unsigned)a + (unsigned)b), c))
__SIMT_DPX32(__viaddmin_u32, unsigned int, __simt_min(a + b, c))
__SIMT_DPX32(__viaddmax_s32_relu, int, __simt_relu(__simt_max((int)((unsigned)a + (unsigned)b), c)))
__SIMT_DPX32(__viaddmin_s32_relu, int, __simt_relu(__simt_min((int)((unsigned)a + (unsigned)b), c)))
__SIMT_DPX16(__vimax3_s16x2, true, __simt_max(__simt_max(x, y), z))
__SIMT_DPX16(__vimax3_u16x2, false, __simt_max(__simt_max(x, y), z))
__SIMT_DPX16(__vimin3_s16x2, true, __simt_min(__simt_min(x, y), z))
__SIMT_DPX16(__vimin3_u16x2, false, __simt_min(__simt_min(x, y), z))
__SIMT_DPX16(__vimax3_s16x2_relu, true, __simt_relu(__simt_max(__simt_max(x, y), z)))
__SIMT_DPX16(__vimin3_s16x2_relu, true, __simt_relu(__simt_min(__simt_min(x, y), z)))
__SIMT_DPX16(__viaddmax_s16x2, true, __simt_max(__SIMT_WRAP16(true, x + y), z))
__SIMT_DPX16(__viaddmax_u16x2, false, __simt_max(__SIMT_WRAP16(false, x + y), z))
__SIMT_DPX16(__viaddmin_s16x2, true, __simt_min(__SIMT_WRAP16(true, x + y), z))
__SIMT_DPX16(__viaddmin_u16x2, false, __simt_min(__SIMT_WRAP16(false, x + y), z))
__SIMT_DPX16(__viaddmax_s16x2_relu, true, __simt_relu(__simt_max(__SIMT_WRAP16(true, x + y), z)))
__SIMT_DPX16(__viaddmin_s16x2_relu, true, __simt_relu(__simt_min(__SIMT_WRAP16(true, x + y), z)))
#undef __SIMT_WRAP16
#undef __SIMT_DPX16
#undef __SIMT_DPX32
static __host__ __device__ __forceinline__ int __vimax_s32_relu(const int a, const int b) {
  return __simt_relu(__simt_max(a, b));
}
static __host__ __device__ __forceinline__ int __vimin_s32_relu(const int a, const int b) {
  return __simt_relu(__simt_min(a, b));
}
static __host__ __device__ __forceinline__ unsigned int __vimax_s16x2_relu(const unsigned int a,
                                                                           const unsigned int b) {
  return __vimax3_s16x2_relu(a, b, b);
}
static __host__ __device__ __forceinline__ unsigned int __vimin_s16x2_relu(const unsigned int a,
                                                                           const unsigned int b) {
  return __vimin3_s16x2_relu(a, b, b);
}

/* max/min that also say which operand won: *pred = a >= b (max) or
   a <= b (min); per halfword, pred_hi for the high one. */
#define __SIMT_VIB32(NAME, T, CMP)                                               \
  static __host__ __device__ __forceinline__ T NAME(const T a, const T b, bool *const pred) { \
    *pred = a CMP b;                                                            \
    return a CMP b ? a : b;                                                     \
  }
#define __SIMT_VIB16(NAME, SIGNED, CMP)                                          \
  static __host__ __device__ __forceinline__ unsigned int NAME(const unsigned int a, const unsigned int b, \
                                                              bool *const pred_hi, bool *const pred_lo) { \
    int al = __simt_part<16, SIGNED>(a, 0), bl = __simt_part<16, SIGNED>(b, 0); \
    int ah = __simt_part<16, SIGNED>(a, 1), bh = __simt_part<16, SIGNED>(b, 1); \
    *pred_lo = al CMP bl;                                                       \
    *pred_hi = ah CMP bh;                                                       \
    return ((unsigned)(ah CMP bh ? ah : bh) << 16) | ((unsigned)(al CMP bl ? al : bl) & 0xffffu); \
  }
__SIMT_VIB32(__vibmax_s32, int, >=)
__SIMT_VIB32(__vibmax_u32, unsigned int, >=)
__SIMT_VIB32(__vibmin_s32, int, <=)
__SIMT_VIB32(__vibmin_u32, unsigned int, <=)
__SIMT_VIB16(__vibmax_s16x2, true, >=)
__SIMT_VIB16(__vibmax_u16x2, false, >=)
__SIMT_VIB16(__vibmin_s16x2, true, <=)
__SIMT_VIB16(__vibmin_u16x2, false, <=)
#undef __SIMT_VIB16
#undef __SIMT_VIB32

/* __dp4a: c plus the products of a's four bytes and b's; __dp2a_lo/_hi:
 * c plus the products of a's two halfwords and b's low or high two bytes;
 * summed modulo 2^32, the parts signed for int and unsigned for unsigned. */
template <bool Signed>
static __host__ __device__ __forceinline__ unsigned __simt_dp4a(unsigned a, unsigned b,
                                                               unsigned c) {
#pragma unroll
  for (int k = 0; k < 4; ++k)
    c += (unsigned)(__simt_part<8, Signed>(a, k) * __simt_part<8, Signed>(b, k));
  return c;
}
template <bool Signed, int High>
static __host__ __device__ __forceinline__ unsigned __simt_dp2a(unsigned a, unsigned b,
                                                               unsigned c) {
#pragma unroll
  for (int k = 0; k < 2; ++k)
    c += (unsigned)(__simt_part<16, Signed>(a, k) * __simt_part<8, Signed>(b, 2 * High + k));
  return c;
}
/* The bytes and halfwords of CUDA's vector types as one word, x lowest. */
template <class V>
static __host__ __device__ __forceinline__ unsigned __simt_bytes(V v) {
  return (unsigned)(unsigned char)v.x | (unsigned)(unsigned char)v.y << 8 |
         (unsigned)(unsigned char)v.z << 16 | (unsigned)(unsigned char)v.w << 24;
}
template <class V>
static __host__ __device__ __forceinline__ unsigned __simt_halves(V v) {
  return (unsigned)(unsigned short)v.x | (unsigned)(unsigned short)v.y << 16;
}
static __host__ __device__ __forceinline__ int __dp4a(int a, int b, int c) {
  return (int)__simt_dp4a<true>(a, b, c);
}
static __host__ __device__ __forceinline__ unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  return __simt_dp4a<false>(a, b, c);
}
static __host__ __device__ __forceinline__ int __dp4a(char4 a, char4 b, int c) {
  return (int)__simt_dp4a<true>(__simt_bytes(a), __simt_bytes(b), c);
}
static __host__ __device__ __forceinline__ unsigned __dp4a(uchar4 a, uchar4 b, unsigned c) {
  return __simt_dp4a<false>(__simt_bytes(a), __simt_bytes(b), c);
}
#define __SIMT_DP2A(NAME, HIGH)                                                              \
  static __host__ __device__ __forceinline__ int NAME(int a, int b, int c) {                 \
    return (int)__simt_dp2a<true, HIGH>(a, b, c);                                            \
  }                                                                                          \
  static __host__ __device__ __forceinline__ unsigned NAME(unsigned a, unsigned b,           \
                                                           unsigned c) {                     \
    return __simt_dp2a<false, HIGH>(a, b, c);                                                \
  }                                                                                          \
  static __host__ __device__ __forceinline__ int NAME(short2 a, char4 b, int c) {            \
    return (int)__simt_dp2a<true, HIGH>(__simt_halves(a), __simt_bytes(b), c);               \
  }                                                                                          \
  static __host__ __device__ __forceinline__ unsigned NAME(ushort2 a, uchar4 b, unsigned c) { \
    return __simt_dp2a<false, HIGH>(__simt_halves(a), __simt_bytes(b), c);                   \
  }
__SIMT_DP2A(__dp2a_lo, 0)
__SIMT_DP2A(__dp2a_hi, 1)
#undef __SIMT_DP2A

#endif

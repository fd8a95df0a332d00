/*===-- __simt_warp_functions.h - sm_30+ warp functions on sm_35 ----------===*
 *
 * CUDA's warp functions for code built for the ISA's sm_35 level
 * (simt-nvcc -arch=sm_35, __SIMT_ISA_LEVEL__ 35): shuffles (SHFL), the
 * *_sync votes, __syncwarp, __activemask, __match_*_sync and
 * __reduce_*_sync (sequences of shuffles and votes), read-only loads (LDG),
 * funnel shifts (SHF), and the 64-bit and double atomics sm_35 code uses.
 * A warp runs in lockstep on this ISA, so a member mask asks for no
 * convergence; lanes it names that are not active take part in nothing
 * (PTX leaves their results undefined; synccheck reports such a mask).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_WARP_FUNCTIONS_H
#define SIMT_WARP_FUNCTIONS_H

#include "__simt_qualifiers.h"

/* nodebug: as NVIDIA's built-ins, a warp function has no lines of its own;
 * its instructions are the call's line (what the debugger steps over and the
 * sanitizer reports). */
#define __SIMT_WARP static __device__ __forceinline__ __attribute__((nodebug))
#define __SIMT_FULL_C(width) ((32 - (width)) << 8 | 0x1f)

/* Shuffles: PTX's c is the clamp lane (bits 0..4) and the segment mask of a
   width-lane subsection (bits 8..12); __shfl_up_sync clamps at the
   segment's first lane. */
template <class T> __SIMT_WARP T __simt_from_bits(int v) { return __builtin_bit_cast(T, v); }
#define __SIMT_SHFL32(T)                                                           \
  __SIMT_WARP T __shfl_sync(unsigned mask, T var, int lane, int width = 32) {      \
    return __simt_from_bits<T>(__nvvm_shfl_sync_idx_i32(mask, __builtin_bit_cast(int, var), lane, __SIMT_FULL_C(width))); \
  }                                                                                \
  __SIMT_WARP T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) { \
    return __simt_from_bits<T>(__nvvm_shfl_sync_up_i32(mask, __builtin_bit_cast(int, var), delta, (32 - width) << 8));   \
  }                                                                                \
  __SIMT_WARP T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) { \
    return __simt_from_bits<T>(__nvvm_shfl_sync_down_i32(mask, __builtin_bit_cast(int, var), delta, __SIMT_FULL_C(width))); \
  }                                                                                \
  __SIMT_WARP T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) { \
    return __simt_from_bits<T>(__nvvm_shfl_sync_bfly_i32(mask, __builtin_bit_cast(int, var), lane_mask, __SIMT_FULL_C(width))); \
  }
__SIMT_SHFL32(int)
__SIMT_SHFL32(unsigned)
__SIMT_SHFL32(float)
#if __SIZEOF_LONG__ == 4
__SIMT_SHFL32(long)
__SIMT_SHFL32(unsigned long)
#endif
#undef __SIMT_SHFL32

/* 64-bit values: two shuffles of their words. */
#define __SIMT_SHFL64(T)                                                           \
  __SIMT_WARP T __simt_shfl64(T var, unsigned mask, int which, int b, int width) { \
    unsigned long long __u = __builtin_bit_cast(unsigned long long, var);          \
    unsigned __lo = (unsigned)__u, __hi = (unsigned)(__u >> 32);                   \
    switch (which) {                                                              \
    case 0: __lo = __shfl_sync(mask, __lo, b, width);                              \
            __hi = __shfl_sync(mask, __hi, b, width); break;                       \
    case 1: __lo = __shfl_up_sync(mask, __lo, b, width);                           \
            __hi = __shfl_up_sync(mask, __hi, b, width); break;                    \
    case 2: __lo = __shfl_down_sync(mask, __lo, b, width);                         \
            __hi = __shfl_down_sync(mask, __hi, b, width); break;                  \
    default: __lo = __shfl_xor_sync(mask, __lo, b, width);                         \
             __hi = __shfl_xor_sync(mask, __hi, b, width); break;                  \
    }                                                                              \
    return __builtin_bit_cast(T, (unsigned long long)__hi << 32 | __lo);           \
  }                                                                                \
  __SIMT_WARP T __shfl_sync(unsigned mask, T var, int lane, int width = 32) {      \
    return __simt_shfl64(var, mask, 0, lane, width);                               \
  }                                                                                \
  __SIMT_WARP T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) { \
    return __simt_shfl64(var, mask, 1, (int)delta, width);                         \
  }                                                                                \
  __SIMT_WARP T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) { \
    return __simt_shfl64(var, mask, 2, (int)delta, width);                         \
  }                                                                                \
  __SIMT_WARP T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) { \
    return __simt_shfl64(var, mask, 3, lane_mask, width);                          \
  }
__SIMT_SHFL64(long long)
__SIMT_SHFL64(unsigned long long)
__SIMT_SHFL64(double)
#if __SIZEOF_LONG__ == 8
__SIMT_SHFL64(long)
__SIMT_SHFL64(unsigned long)
#endif
#undef __SIMT_SHFL64

/* The pre-CUDA 9 forms: the whole warp. */
template <class T> __SIMT_WARP T __shfl(T var, int lane, int width = 32) {
  return __shfl_sync(0xffffffffu, var, lane, width);
}
template <class T> __SIMT_WARP T __shfl_up(T var, unsigned delta, int width = 32) {
  return __shfl_up_sync(0xffffffffu, var, delta, width);
}
template <class T> __SIMT_WARP T __shfl_down(T var, unsigned delta, int width = 32) {
  return __shfl_down_sync(0xffffffffu, var, delta, width);
}
template <class T> __SIMT_WARP T __shfl_xor(T var, int lane_mask, int width = 32) {
  return __shfl_xor_sync(0xffffffffu, var, lane_mask, width);
}

/* Votes and the warp barrier. */
__SIMT_WARP int __all_sync(unsigned mask, int pred) { return __nvvm_vote_all_sync(mask, pred); }
__SIMT_WARP int __any_sync(unsigned mask, int pred) { return __nvvm_vote_any_sync(mask, pred); }
__SIMT_WARP int __uni_sync(unsigned mask, int pred) { return __nvvm_vote_uni_sync(mask, pred); }
__SIMT_WARP unsigned __ballot_sync(unsigned mask, int pred) {
  return __nvvm_vote_ballot_sync(mask, pred);
}
__SIMT_WARP unsigned __activemask(void) { return __nvvm_activemask(); }
__SIMT_WARP void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }

/* __match_any_sync / __match_all_sync (sm_70's MATCH) as a sequence: each
   lane of the mask broadcasts its value in turn. */
#define __SIMT_MATCH(T)                                                            \
  __SIMT_WARP unsigned __match_any_sync(unsigned mask, T value) {                  \
    unsigned __same = 0;                                                           \
    for (int __l = 0; __l < 32; ++__l)                                             \
      if (__shfl_sync(mask, value, __l) == value && (mask >> __l & 1))             \
        __same |= 1u << __l;                                                       \
    return __same;                                                                 \
  }                                                                                \
  __SIMT_WARP unsigned __match_all_sync(unsigned mask, T value, int *pred) {       \
    const bool __all = __match_any_sync(mask, value) == (mask & __activemask());   \
    *pred = __all;                                                                 \
    return __all ? mask : 0;                                                       \
  }
__SIMT_MATCH(int)
__SIMT_MATCH(unsigned)
__SIMT_MATCH(long)
__SIMT_MATCH(unsigned long)
__SIMT_MATCH(long long)
__SIMT_MATCH(unsigned long long)
__SIMT_MATCH(float)
__SIMT_MATCH(double)
#undef __SIMT_MATCH

/* __reduce_*_sync (sm_80's REDUX) as a sequence over the mask's lanes. */
#define __SIMT_REDUCE(NAME, T, OP)                                                 \
  __SIMT_WARP T NAME(unsigned mask, T value) {                                     \
    T __acc = value;                                                               \
    bool __first = true;                                                           \
    for (int __l = 0; __l < 32; ++__l) {                                           \
      T __v = __shfl_sync(mask, value, __l);                                       \
      if (mask >> __l & 1) {                                                       \
        __acc = __first ? __v : OP(__acc, __v);                                    \
        __first = false;                                                           \
      }                                                                            \
    }                                                                              \
    return __acc;                                                                  \
  }
#define __SIMT_ADD(a, b) ((a) + (b))
#define __SIMT_MIN(a, b) ((b) < (a) ? (b) : (a))
#define __SIMT_MAX(a, b) ((a) < (b) ? (b) : (a))
#define __SIMT_AND(a, b) ((a) & (b))
#define __SIMT_OR(a, b) ((a) | (b))
#define __SIMT_XOR(a, b) ((a) ^ (b))
__SIMT_REDUCE(__reduce_add_sync, int, __SIMT_ADD)
__SIMT_REDUCE(__reduce_add_sync, unsigned, __SIMT_ADD)
__SIMT_REDUCE(__reduce_min_sync, int, __SIMT_MIN)
__SIMT_REDUCE(__reduce_min_sync, unsigned, __SIMT_MIN)
__SIMT_REDUCE(__reduce_max_sync, int, __SIMT_MAX)
__SIMT_REDUCE(__reduce_max_sync, unsigned, __SIMT_MAX)
__SIMT_REDUCE(__reduce_and_sync, unsigned, __SIMT_AND)
__SIMT_REDUCE(__reduce_or_sync, unsigned, __SIMT_OR)
__SIMT_REDUCE(__reduce_xor_sync, unsigned, __SIMT_XOR)
#undef __SIMT_REDUCE
#undef __SIMT_ADD
#undef __SIMT_MIN
#undef __SIMT_MAX
#undef __SIMT_AND
#undef __SIMT_OR
#undef __SIMT_XOR

/* Read-only loads (LDG): clang's ld.global.nc builtins for the scalar and
   vector types CUDA's __ldg takes; any other type is an ordinary load. */
#define __SIMT_LDG(T, B)                                                           \
  __SIMT_WARP T __ldg(const T *p) { return __nvvm_ldg_##B(p); }
__SIMT_LDG(char, c)
__SIMT_LDG(signed char, sc)
__SIMT_LDG(short, s)
__SIMT_LDG(int, i)
__SIMT_LDG(long, l)
__SIMT_LDG(long long, ll)
__SIMT_LDG(unsigned char, uc)
__SIMT_LDG(unsigned short, us)
__SIMT_LDG(unsigned, ui)
__SIMT_LDG(unsigned long, ul)
__SIMT_LDG(unsigned long long, ull)
__SIMT_LDG(float, f)
__SIMT_LDG(double, d)
#undef __SIMT_LDG
#define __SIMT_LDGV(T, E, N, B)                                                    \
  __SIMT_WARP T __ldg(const T *p) {                                                \
    typedef E __v __attribute__((ext_vector_type(N)));                             \
    __v __r = __nvvm_ldg_##B((const __v *)p);                                      \
    T __t;                                                                         \
    __builtin_memcpy(&__t, &__r, sizeof __t);                                      \
    return __t;                                                                    \
  }
__SIMT_LDGV(char2, char, 2, c2)
__SIMT_LDGV(char4, char, 4, c4)
__SIMT_LDGV(short2, short, 2, s2)
__SIMT_LDGV(short4, short, 4, s4)
__SIMT_LDGV(int2, int, 2, i2)
__SIMT_LDGV(int4, int, 4, i4)
__SIMT_LDGV(longlong2, long long, 2, ll2)
__SIMT_LDGV(uchar2, unsigned char, 2, uc2)
__SIMT_LDGV(uchar4, unsigned char, 4, uc4)
__SIMT_LDGV(ushort2, unsigned short, 2, us2)
__SIMT_LDGV(ushort4, unsigned short, 4, us4)
__SIMT_LDGV(uint2, unsigned, 2, ui2)
__SIMT_LDGV(uint4, unsigned, 4, ui4)
__SIMT_LDGV(ulonglong2, unsigned long long, 2, ull2)
__SIMT_LDGV(float2, float, 2, f2)
__SIMT_LDGV(float4, float, 4, f4)
__SIMT_LDGV(double2, double, 2, d2)
#undef __SIMT_LDGV
template <class T> __SIMT_WARP T __ldg(const T *p) { return *p; }

/* Funnel shifts (SHF): the high word of hi:lo << shift, the low word of
   hi:lo >> shift; the shift modulo 32, or clamped to 32 (lc, rc). */
#define __SIMT_FUNNEL(NAME, OP)                                                    \
  __SIMT_WARP unsigned NAME(unsigned lo, unsigned hi, unsigned shift) {            \
    unsigned __r;                                                                  \
    asm("shf." OP ".b32 %0, %1, %2, %3;" : "=r"(__r) : "r"(lo), "r"(hi), "r"(shift)); \
    return __r;                                                                    \
  }
__SIMT_FUNNEL(__funnelshift_l, "l.wrap")
__SIMT_FUNNEL(__funnelshift_lc, "l.clamp")
__SIMT_FUNNEL(__funnelshift_r, "r.wrap")
__SIMT_FUNNEL(__funnelshift_rc, "r.clamp")
#undef __SIMT_FUNNEL

/* 64-bit signed atomicMin/Max (ATOM.MIN/MAX.S64); atomicAdd on double is
   __simt_fermi_limits.h's, at every level. */
__SIMT_WARP long long atomicMin(long long *p, long long v) {
  return __nvvm_atom_min_gen_ll(p, v);
}
__SIMT_WARP long long atomicMax(long long *p, long long v) {
  return __nvvm_atom_max_gen_ll(p, v);
}

/* __nanosleep: a warp that waits gives way; in lockstep there is nothing to
   wait for, so it orders memory and goes on. */
__SIMT_WARP void __nanosleep(unsigned) { __asm__ volatile("" ::: "memory"); }

#undef __SIMT_FULL_C
#undef __SIMT_WARP
#endif

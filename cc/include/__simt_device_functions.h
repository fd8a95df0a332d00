/*===-- __simt_device_functions.h - CUDA device intrinsics and math ------===*
 *
 * Barriers, fences and the single-precision math simt-ptxas translates,
 * each mapped to the clang builtin that becomes the PTX instruction. The
 * fast intrinsics (__expf, __sinf, ...) use the approximate PTX forms.
 * Functions that need a math library (expf, sinf, powf, ...) come from
 * libclc: __simt_math_functions.h.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_DEVICE_FUNCTIONS_H
#define SIMT_DEVICE_FUNCTIONS_H

#include "__simt_qualifiers.h"


/* __syncthreads() is a clang builtin (bar.sync 0). */
static __device__ __forceinline__ void __threadfence_block(void) { __nvvm_membar_cta(); }
static __device__ __forceinline__ void __threadfence(void) { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system(void) { __nvvm_membar_sys(); }

#define __SIMT_F1(NAME, EXPR) \
  static __device__ __forceinline__ float NAME(float x) { return EXPR; }
#define __SIMT_F2(NAME, EXPR) \
  static __device__ __forceinline__ float NAME(float x, float y) { return EXPR; }

__SIMT_F1(sqrtf, __builtin_sqrtf(x))
__SIMT_F1(fabsf, __builtin_fabsf(x))
__SIMT_F1(floorf, __builtin_floorf(x))
__SIMT_F1(ceilf, __builtin_ceilf(x))
__SIMT_F1(truncf, __builtin_truncf(x))
__SIMT_F1(rintf, __builtin_rintf(x))
__SIMT_F1(nearbyintf, __builtin_nearbyintf(x))
__SIMT_F1(rsqrtf, __nvvm_rsqrt_approx_f(x))
__SIMT_F1(__frcp_rn, 1.0f / x)
__SIMT_F1(__expf, __nvvm_ex2_approx_f(x * 1.4426950408889634f))
__SIMT_F1(__exp2f, __nvvm_ex2_approx_f(x))
__SIMT_F1(__logf, __nvvm_lg2_approx_f(x) * 0.6931471805599453f)
__SIMT_F1(__log2f, __nvvm_lg2_approx_f(x))
__SIMT_F1(__sinf, __nvvm_sin_approx_f(x))
__SIMT_F1(__cosf, __nvvm_cos_approx_f(x))
__SIMT_F1(__saturatef, __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f))
__SIMT_F2(fminf, __builtin_fminf(x, y))
__SIMT_F2(fmaxf, __builtin_fmaxf(x, y))
__SIMT_F2(fdimf, x > y ? x - y : 0.0f)
__SIMT_F2(copysignf, __builtin_copysignf(x, y))
__SIMT_F2(__fdividef, __nvvm_div_approx_f(x, y))
__SIMT_F2(__fadd_rn, x + y)
__SIMT_F2(__fmul_rn, x * y)
static __device__ __forceinline__ float fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
static __device__ __forceinline__ float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
#undef __SIMT_F1
#undef __SIMT_F2

/* Device printf is declared so that kernels using it compile to PTX;
   simt-ptxas then reports it as not supported yet. */
extern "C" __device__ int printf(const char *format, ...);

static __device__ __forceinline__ int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
static __device__ __forceinline__ float __int_as_float(int x) { return __builtin_bit_cast(float, x); }

/* Atomics (ATOM/RED on global memory), in CUDA's overloads. */
#define __SIMT_ATOMIC(NAME, T, EXPR) \
  static __device__ __forceinline__ T NAME(T *p, T v) { return (T)(EXPR); }
__SIMT_ATOMIC(atomicAdd, int, __nvvm_atom_add_gen_i(p, v))
__SIMT_ATOMIC(atomicAdd, unsigned, __nvvm_atom_add_gen_i((int *)p, (int)v))
__SIMT_ATOMIC(atomicAdd, unsigned long long,
              __nvvm_atom_add_gen_ll((long long *)p, (long long)v))
__SIMT_ATOMIC(atomicAdd, float, __nvvm_atom_add_gen_f(p, v))
__SIMT_ATOMIC(atomicSub, int, __nvvm_atom_add_gen_i(p, -v))
__SIMT_ATOMIC(atomicSub, unsigned, __nvvm_atom_add_gen_i((int *)p, -(int)v))
__SIMT_ATOMIC(atomicExch, int, __nvvm_atom_xchg_gen_i(p, v))
__SIMT_ATOMIC(atomicExch, unsigned, __nvvm_atom_xchg_gen_i((int *)p, (int)v))
__SIMT_ATOMIC(atomicExch, unsigned long long,
              __nvvm_atom_xchg_gen_ll((long long *)p, (long long)v))
__SIMT_ATOMIC(atomicExch, float,
              __int_as_float(__nvvm_atom_xchg_gen_i((int *)p, __float_as_int(v))))
__SIMT_ATOMIC(atomicMin, int, __nvvm_atom_min_gen_i(p, v))
__SIMT_ATOMIC(atomicMin, unsigned, __nvvm_atom_min_gen_ui(p, v))
__SIMT_ATOMIC(atomicMin, unsigned long long, __nvvm_atom_min_gen_ull(p, v))
__SIMT_ATOMIC(atomicMax, int, __nvvm_atom_max_gen_i(p, v))
__SIMT_ATOMIC(atomicMax, unsigned, __nvvm_atom_max_gen_ui(p, v))
__SIMT_ATOMIC(atomicMax, unsigned long long, __nvvm_atom_max_gen_ull(p, v))
__SIMT_ATOMIC(atomicInc, unsigned, __nvvm_atom_inc_gen_ui(p, v))
__SIMT_ATOMIC(atomicDec, unsigned, __nvvm_atom_dec_gen_ui(p, v))
__SIMT_ATOMIC(atomicAnd, int, __nvvm_atom_and_gen_i(p, v))
__SIMT_ATOMIC(atomicAnd, unsigned, __nvvm_atom_and_gen_i((int *)p, (int)v))
__SIMT_ATOMIC(atomicAnd, unsigned long long,
              __nvvm_atom_and_gen_ll((long long *)p, (long long)v))
__SIMT_ATOMIC(atomicOr, int, __nvvm_atom_or_gen_i(p, v))
__SIMT_ATOMIC(atomicOr, unsigned, __nvvm_atom_or_gen_i((int *)p, (int)v))
__SIMT_ATOMIC(atomicOr, unsigned long long,
              __nvvm_atom_or_gen_ll((long long *)p, (long long)v))
__SIMT_ATOMIC(atomicXor, int, __nvvm_atom_xor_gen_i(p, v))
__SIMT_ATOMIC(atomicXor, unsigned, __nvvm_atom_xor_gen_i((int *)p, (int)v))
__SIMT_ATOMIC(atomicXor, unsigned long long,
              __nvvm_atom_xor_gen_ll((long long *)p, (long long)v))
#undef __SIMT_ATOMIC
static __device__ __forceinline__ int atomicCAS(int *p, int c, int v) {
  return __nvvm_atom_cas_gen_i(p, c, v);
}
static __device__ __forceinline__ unsigned atomicCAS(unsigned *p, unsigned c, unsigned v) {
  return (unsigned)__nvvm_atom_cas_gen_i((int *)p, (int)c, (int)v);
}
static __device__ __forceinline__ unsigned long long atomicCAS(unsigned long long *p,
                                                              unsigned long long c,
                                                              unsigned long long v) {
  return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)p, (long long)c,
                                                    (long long)v);
}

/* Warp votes (VOTE), bit intrinsics (POPC, BFE.BREV, FLO, PRMT) and the
   cycle counter. */
/* clang-19 cannot select llvm.nvvm.vote.* for sm_20: inline PTX. */
#define __SIMT_VOTE(NAME, T, MODE)                                                  \
  static __device__ __forceinline__ T NAME(int p) {                               \
    unsigned r;                                                                   \
    asm volatile("{ .reg .pred %%p, %%q; setp.ne.s32 %%p, %1, 0; vote." MODE      \
                 ".pred %%q, %%p; selp.u32 %0, 1, 0, %%q; }"                      \
                 : "=r"(r) : "r"(p));                                             \
    return (T)r;                                                                  \
  }
__SIMT_VOTE(__all, int, "all")
__SIMT_VOTE(__any, int, "any")
#undef __SIMT_VOTE
static __device__ __forceinline__ unsigned __ballot(int p) {
  unsigned r;
  asm volatile("{ .reg .pred %%p; setp.ne.s32 %%p, %1, 0; vote.ballot.b32 %0, %%p; }"
               : "=r"(r) : "r"(p));
  return r;
}
static __device__ __forceinline__ int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ __forceinline__ int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
static __device__ __forceinline__ unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
static __device__ __forceinline__ int __clz(int x) { return __builtin_clzg((unsigned)x, 32); }
static __device__ __forceinline__ int __ffs(int x) { return __builtin_ffs(x); }
static __device__ __forceinline__ unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  return (unsigned)__nvvm_prmt((int)x, (int)y, (int)s);
}
static __device__ __forceinline__ long clock(void) { return (long)__nvvm_read_ptx_sreg_clock(); }

static __device__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }
static __device__ __forceinline__ unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static __device__ __forceinline__ unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
/* CUDA's unsigned overloads (helper_math.h's uint2/uint3 min and max call
 * them; without them min(unsigned, unsigned) is ambiguous). */
static __device__ __forceinline__ unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static __device__ __forceinline__ unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static __device__ __forceinline__ float min(float a, float b) { return __builtin_fminf(a, b); }
static __device__ __forceinline__ float max(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ __forceinline__ int abs(int a) { return a < 0 ? -a : a; }
static __device__ __forceinline__ int __mul24(int a, int b) { return a * b; }
static __device__ __forceinline__ unsigned __umul24(unsigned a, unsigned b) { return a * b; }
static __device__ __forceinline__ int __mulhi(int a, int b) {
  return (int)(((long long)a * b) >> 32);
}
static __device__ __forceinline__ unsigned __umulhi(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a * b) >> 32);
}
static __device__ __forceinline__ int __float2int_rz(float x) { return (int)x; }
static __device__ __forceinline__ float __int2float_rn(int x) { return (float)x; }

#endif

/*===-- __simt_device_functions.h - CUDA device intrinsics and math ------===*
 *
 * Barriers, fences, atomics, votes, bit and conversion intrinsics and
 * CUDA's fast-math intrinsics (__expf, __powf, __fdividef, ...), each
 * mapped to the clang builtin that becomes the PTX instruction (the fast
 * ones to the approximate MUFU forms). The C math functions (sqrt, expf,
 * pow, ...) are __simt_math_functions.h's.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_DEVICE_FUNCTIONS_H
#define SIMT_DEVICE_FUNCTIONS_H

#include "__simt_qualifiers.h"


/* __syncthreads() is a clang builtin (bar.sync 0). Its sm_20 variants,
   as clang's own CUDA header defines them: a barrier that also counts
   (bar.red.popc.u32, BAR.RED.POPC), ands or ors (bar.red.and/or.pred)
   the threads' predicates over the whole block. */
static __device__ __forceinline__ int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ __forceinline__ int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
/* Named barriers (CUDA's sm_30_intrinsics): barrier `id` of the whole
   block, or of `count` threads (a multiple of 32: whole warps arrive),
   the warps that share it, e.g. producers and consumers
   (BAR.SYNC id[, count]). Inline PTX: clang-19 has the builtins only
   from PTX 6.0. */
static __device__ __forceinline__ void __barrier_sync(unsigned id) {
  asm volatile("bar.sync %0;" ::"r"(id) : "memory");
}
static __device__ __forceinline__ void __barrier_sync_count(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}
static __device__ __forceinline__ void __threadfence_block(void) { __nvvm_membar_cta(); }
static __device__ __forceinline__ void __threadfence(void) { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system(void) { __nvvm_membar_sys(); }

/* A generic pointer as an address of its space and back (cvta), as
   CUDA's __cvta_generic_to_shared (the address cp.async and ldmatrix
   take) and clang's own CUDA header define them. */
#define __SIMT_CVTA(SPACE, AS)                                                  \
  static __device__ __forceinline__ __SIZE_TYPE__ __cvta_generic_to_##SPACE(   \
      const void *p) {                                                         \
    return (__SIZE_TYPE__)(__attribute__((address_space(AS))) const void *)p;  \
  }                                                                            \
  static __device__ __forceinline__ void *__cvta_##SPACE##_to_generic(         \
      __SIZE_TYPE__ a) {                                                       \
    return (void *)(__attribute__((address_space(AS))) void *)a;               \
  }
__SIMT_CVTA(global, 1)
__SIMT_CVTA(shared, 3)
__SIMT_CVTA(constant, 4)
__SIMT_CVTA(local, 5)
#undef __SIMT_CVTA

/* Address-space predicates of a generic pointer (isspacep): simt-ptxas
   answers them from where the pointer comes from, or from its run-time
   space tag (docs/cuda.md "Generic addresses"). */
static __device__ __forceinline__ unsigned int __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
static __device__ __forceinline__ unsigned int __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
static __device__ __forceinline__ unsigned int __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
}
static __device__ __forceinline__ unsigned int __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}

#define __SIMT_F1(NAME, EXPR) \
  static __device__ __forceinline__ float NAME(float x) { return EXPR; }
#define __SIMT_F2(NAME, EXPR) \
  static __device__ __forceinline__ float NAME(float x, float y) { return EXPR; }

__SIMT_F1(__frcp_rn, 1.0f / x)
__SIMT_F1(__expf, __nvvm_ex2_approx_f(x * 1.4426950408889634f))
__SIMT_F1(__exp2f, __nvvm_ex2_approx_f(x))
__SIMT_F1(__exp10f, __nvvm_ex2_approx_f(x * 3.3219280948873623f))
__SIMT_F1(__logf, __nvvm_lg2_approx_f(x) * 0.6931471805599453f)
__SIMT_F1(__log2f, __nvvm_lg2_approx_f(x))
__SIMT_F1(__log10f, __nvvm_lg2_approx_f(x) * 0.30102999566398120f)
__SIMT_F1(__sinf, __nvvm_sin_approx_f(x))
__SIMT_F1(__cosf, __nvvm_cos_approx_f(x))
__SIMT_F1(__tanf, __nvvm_div_approx_f(__nvvm_sin_approx_f(x), __nvvm_cos_approx_f(x)))
__SIMT_F1(__saturatef, __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f))
__SIMT_F1(__frsqrt_rn, 1.0f / __builtin_sqrtf(x))
/* CUDA's __powf: 2^(y * log2(x)) in the MUFU forms. */
__SIMT_F2(__powf, __nvvm_ex2_approx_f(y * __nvvm_lg2_approx_f(x)))
__SIMT_F2(__fdividef, __nvvm_div_approx_f(x, y))
__SIMT_F2(__fadd_rn, x + y)
__SIMT_F2(__fmul_rn, x * y)
static __device__ __forceinline__ void __sincosf(float x, float *s, float *c) {
  *s = __nvvm_sin_approx_f(x);
  *c = __nvvm_cos_approx_f(x);
}
static __device__ __forceinline__ float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
#undef __SIMT_F1
#undef __SIMT_F2

/* Device printf: clang calls vprintf, which simt-ptxas lowers to writes
   into the launch's printf buffer (docs/cuda.md "printf"). */
extern "C" __device__ int printf(const char *format, ...);

/* memcpy and memset in device code, as CUDA's common_functions.h declares
   them (__host__ __device__): the glibc declarations are host-only, so
   these are their device overloads. The builtins become llvm.memcpy and
   llvm.memset, which the NVPTX back end expands into loads and stores. */
extern "C" __device__ inline void *memcpy(void *__d, const void *__s, __SIZE_TYPE__ __n) {
  return __builtin_memcpy(__d, __s, __n);
}
extern "C" __device__ inline void *memset(void *__d, int __c, __SIZE_TYPE__ __n) {
  return __builtin_memset(__d, __c, __n);
}

/* CUDA's loads and stores with a cache hint (__ldcg: cache in L2 only,
   __ldca: in all levels, __ldcs: streaming, __ldlu: last use, __ldcv:
   fetch again; __stwb, __stcg, __stcs, __stwt likewise), for any type
   CUDA's overloads take. The modeled caches take no hints: each is an
   ordinary access; the two that must not be served from a stale line
   (__ldcv, __stwt) are not moved across other accesses by the compiler. The stored value converts, as with
   CUDA's per-type overloads. */
template <class T> struct __simt_same { typedef T type; };
template <class T> static __device__ __forceinline__ T __ldcg(const T *p) { return *p; }
template <class T> static __device__ __forceinline__ T __ldca(const T *p) { return *p; }
template <class T> static __device__ __forceinline__ T __ldcs(const T *p) { return *p; }
template <class T> static __device__ __forceinline__ T __ldlu(const T *p) { return *p; }
template <class T> static __device__ __forceinline__ T __ldcv(const T *p) {
  __asm__ volatile("" ::: "memory");
  return *p;
}
template <class T>
static __device__ __forceinline__ void __stwb(T *p, typename __simt_same<T>::type v) { *p = v; }
template <class T>
static __device__ __forceinline__ void __stcg(T *p, typename __simt_same<T>::type v) { *p = v; }
template <class T>
static __device__ __forceinline__ void __stcs(T *p, typename __simt_same<T>::type v) { *p = v; }
template <class T>
static __device__ __forceinline__ void __stwt(T *p, typename __simt_same<T>::type v) {
  *p = v;
  __asm__ volatile("" ::: "memory");
}

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
/* CUDA 12's 16-bit compare-and-swap (sm_70 has it in one instruction): a
   32-bit CAS of the aligned word that holds it, which rewrites the word
   unchanged where the halfword differs, so that the answer is the value at
   the moment the word's CAS succeeded. A template, so that a program's own
   definition for targets below sm_70 is no redefinition and is the one
   its calls pick (as atomicAdd on double, __simt_fermi_limits.h). */
template <class = void>
static __device__ __forceinline__ unsigned short atomicCAS(unsigned short *p, unsigned short c,
                                                           unsigned short v) {
  const unsigned off = (unsigned)((__UINTPTR_TYPE__)p & 2u), sh = off * 8u;
  unsigned *const w = (unsigned *)((char *)p - off);
  unsigned old = *w, seen;
  do {
    seen = old;
    const unsigned short half = (unsigned short)(seen >> sh);
    const unsigned next = half == c ? (seen & ~(0xffffu << sh)) | ((unsigned)v << sh) : seen;
    old = atomicCAS(w, seen, next);
  } while (old != seen);
  return (unsigned short)(seen >> sh);
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
/* CUDA's __byte_perm reads 3 bits of each selector nibble; PTX's prmt takes
   the fourth as "replicate the byte's sign", so it is masked off (as
   libdevice's __nv_byte_perm does). */
static __device__ __forceinline__ unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  return (unsigned)__nvvm_prmt((int)x, (int)y, (int)(s & 0x7777u));
}
/* CUDA's __trap() (clang's definition): PTX trap, BPT.TRAP, which stops the
   warp with a fault the emulator reports. */
static __device__ __forceinline__ void __trap(void) { __asm__ __volatile__("trap;"); }
static __device__ __forceinline__ long clock(void) { return (long)__nvvm_read_ptx_sreg_clock(); }
static __device__ __forceinline__ long long clock64(void) {
  return (long long)__nvvm_read_ptx_sreg_clock64();
}

/* The 64-bit bit intrinsics, high halves of 64-bit products, averages and
   sums of absolute differences, in CUDA's definitions. */
static __device__ __forceinline__ int __clzll(long long x) {
  return __builtin_clzg((unsigned long long)x, 64);
}
static __device__ __forceinline__ unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
static __device__ __forceinline__ int __ffsll(long long x) { return __builtin_ffsll(x); }
/* Inline PTX: 32-bit targets (-m32) have no __int128. */
static __device__ __forceinline__ long long __mul64hi(long long a, long long b) {
  long long r;
  asm("mul.hi.s64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b));
  return r;
}
static __device__ __forceinline__ unsigned long long __umul64hi(unsigned long long a,
                                                                unsigned long long b) {
  unsigned long long r;
  asm("mul.hi.u64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b));
  return r;
}
static __device__ __forceinline__ int __hadd(int a, int b) {
  return (int)(((long long)a + b) >> 1);
}
static __device__ __forceinline__ int __rhadd(int a, int b) {
  return (int)(((long long)a + b + 1) >> 1);
}
static __device__ __forceinline__ unsigned __uhadd(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a + b) >> 1);
}
static __device__ __forceinline__ unsigned __urhadd(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a + b + 1) >> 1);
}
static __device__ __forceinline__ unsigned __sad(int x, int y, unsigned z) {
  return z + (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x);
}
static __device__ __forceinline__ unsigned __usad(unsigned x, unsigned y, unsigned z) {
  return z + (x > y ? x - y : y - x);
}

/* Reinterpretations and conversions in an explicit rounding mode (PTX cvt
   with .rn/.rz/.rm/.rp, and the IEEE-rounded float arithmetic). */
static __device__ __forceinline__ long long __double_as_longlong(double x) {
  return __builtin_bit_cast(long long, x);
}
static __device__ __forceinline__ double __longlong_as_double(long long x) {
  return __builtin_bit_cast(double, x);
}
static __device__ __forceinline__ int __double2hiint(double x) {
  return (int)(__double_as_longlong(x) >> 32);
}
static __device__ __forceinline__ int __double2loint(double x) {
  return (int)__double_as_longlong(x);
}
static __device__ __forceinline__ double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) |
                                          (unsigned)lo));
}
static __device__ __forceinline__ unsigned __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned, x);
}
static __device__ __forceinline__ float __uint_as_float(unsigned x) {
  return __builtin_bit_cast(float, x);
}
#define __SIMT_CVT(NAME, R, A, BUILTIN) \
  static __device__ __forceinline__ R NAME(A x) { return BUILTIN(x); }
#define __SIMT_CVT4(PREFIX, R, A, BUILTIN)                                  \
  __SIMT_CVT(PREFIX##_rn, R, A, BUILTIN##_rn) __SIMT_CVT(PREFIX##_rz, R, A, BUILTIN##_rz) \
  __SIMT_CVT(PREFIX##_rd, R, A, BUILTIN##_rm) __SIMT_CVT(PREFIX##_ru, R, A, BUILTIN##_rp)
__SIMT_CVT(__float2int_rn, int, float, __nvvm_f2i_rn)
__SIMT_CVT(__float2int_rd, int, float, __nvvm_f2i_rm)
__SIMT_CVT(__float2int_ru, int, float, __nvvm_f2i_rp)
__SIMT_CVT4(__float2uint, unsigned, float, __nvvm_f2ui)
__SIMT_CVT4(__float2ll, long long, float, __nvvm_f2ll)
__SIMT_CVT4(__float2ull, unsigned long long, float, __nvvm_f2ull)
__SIMT_CVT4(__double2int, int, double, __nvvm_d2i)
__SIMT_CVT4(__double2uint, unsigned, double, __nvvm_d2ui)
__SIMT_CVT4(__double2ll, long long, double, __nvvm_d2ll)
__SIMT_CVT4(__double2ull, unsigned long long, double, __nvvm_d2ull)
__SIMT_CVT4(__double2float, float, double, __nvvm_d2f)
/* Integer to float: inline PTX, since LLVM 19 folds the .rz intrinsics
   (llvm.nvvm.ui2f.rz, ll2f.rz) into round-to-nearest conversions. */
#define __SIMT_I2F(NAME, R, A, MODE, PTXTYPES, RC, AC)                           \
  static __device__ __forceinline__ R NAME(A x) {                              \
    R r;                                                                       \
    asm("cvt." MODE "." PTXTYPES " %0, %1;" : "=" RC(r) : AC(x));              \
    return r;                                                                  \
  }
#define __SIMT_I2F4(PREFIX, R, A, PTXTYPES, RC, AC)                              \
  __SIMT_I2F(PREFIX##_rn, R, A, "rn", PTXTYPES, RC, AC)                          \
  __SIMT_I2F(PREFIX##_rz, R, A, "rz", PTXTYPES, RC, AC)                          \
  __SIMT_I2F(PREFIX##_rd, R, A, "rm", PTXTYPES, RC, AC)                          \
  __SIMT_I2F(PREFIX##_ru, R, A, "rp", PTXTYPES, RC, AC)
__SIMT_I2F(__int2float_rz, float, int, "rz", "f32.s32", "f", "r")
__SIMT_I2F(__int2float_rd, float, int, "rm", "f32.s32", "f", "r")
__SIMT_I2F(__int2float_ru, float, int, "rp", "f32.s32", "f", "r")
__SIMT_I2F4(__uint2float, float, unsigned, "f32.u32", "f", "r")
__SIMT_I2F4(__ll2float, float, long long, "f32.s64", "f", "l")
__SIMT_I2F4(__ull2float, float, unsigned long long, "f32.u64", "f", "l")
__SIMT_I2F4(__ll2double, double, long long, "f64.s64", "d", "l")
__SIMT_I2F4(__ull2double, double, unsigned long long, "f64.u64", "d", "l")
#undef __SIMT_I2F4
#undef __SIMT_I2F
static __device__ __forceinline__ double __int2double_rn(int x) { return (double)x; }
static __device__ __forceinline__ double __uint2double_rn(unsigned x) { return (double)x; }
#undef __SIMT_CVT4
#undef __SIMT_CVT
#define __SIMT_ROUNDED(NAME, T, OP, SUFFIX)                                   \
  static __device__ __forceinline__ T NAME##_rz(T x, T y) { return __nvvm_##OP##_rz_##SUFFIX(x, y); } \
  static __device__ __forceinline__ T NAME##_rd(T x, T y) { return __nvvm_##OP##_rm_##SUFFIX(x, y); } \
  static __device__ __forceinline__ T NAME##_ru(T x, T y) { return __nvvm_##OP##_rp_##SUFFIX(x, y); }
__SIMT_ROUNDED(__fadd, float, add, f)
__SIMT_ROUNDED(__fmul, float, mul, f)
__SIMT_ROUNDED(__fdiv, float, div, f)
__SIMT_ROUNDED(__dadd, double, add, d)
__SIMT_ROUNDED(__dmul, double, mul, d)
__SIMT_ROUNDED(__ddiv, double, div, d)
#undef __SIMT_ROUNDED
/* The reciprocal and the square root in the directed roundings
   (rcp.rz/rm/rp, sqrt.rz/rm/rp: correctly rounded sequences). */
#define __SIMT_ROUNDED1(NAME, T, OP, SUFFIX)                                   \
  static __device__ __forceinline__ T NAME##_rz(T x) { return __nvvm_##OP##_rz_##SUFFIX(x); } \
  static __device__ __forceinline__ T NAME##_rd(T x) { return __nvvm_##OP##_rm_##SUFFIX(x); } \
  static __device__ __forceinline__ T NAME##_ru(T x) { return __nvvm_##OP##_rp_##SUFFIX(x); }
__SIMT_ROUNDED1(__frcp, float, rcp, f)
__SIMT_ROUNDED1(__fsqrt, float, sqrt, f)
__SIMT_ROUNDED1(__drcp, double, rcp, d)
__SIMT_ROUNDED1(__dsqrt, double, sqrt, d)
#undef __SIMT_ROUNDED1
#define __SIMT_FMA(NAME, T, SUFFIX)                                             \
  static __device__ __forceinline__ T NAME##_rz(T x, T y, T z) { return __nvvm_fma_rz_##SUFFIX(x, y, z); } \
  static __device__ __forceinline__ T NAME##_rd(T x, T y, T z) { return __nvvm_fma_rm_##SUFFIX(x, y, z); } \
  static __device__ __forceinline__ T NAME##_ru(T x, T y, T z) { return __nvvm_fma_rp_##SUFFIX(x, y, z); }
__SIMT_FMA(__fmaf, float, f)
__SIMT_FMA(__fma, double, d)
#undef __SIMT_FMA
/* x - y rounds as x + (-y) does. */
#define __SIMT_SUB(NAME, ADD, T)                                                \
  static __device__ __forceinline__ T NAME##_rz(T x, T y) { return ADD##_rz(x, -y); } \
  static __device__ __forceinline__ T NAME##_rd(T x, T y) { return ADD##_rd(x, -y); } \
  static __device__ __forceinline__ T NAME##_ru(T x, T y) { return ADD##_ru(x, -y); }
__SIMT_SUB(__fsub, __fadd, float)
__SIMT_SUB(__dsub, __dadd, double)
#undef __SIMT_SUB
static __device__ __forceinline__ float __fsub_rn(float x, float y) { return x - y; }
static __device__ __forceinline__ float __fdiv_rn(float x, float y) { return x / y; }
static __device__ __forceinline__ float __fsqrt_rn(float x) { return __builtin_sqrtf(x); }
static __device__ __forceinline__ double __dadd_rn(double x, double y) { return x + y; }
static __device__ __forceinline__ double __dsub_rn(double x, double y) { return x - y; }
static __device__ __forceinline__ double __dmul_rn(double x, double y) { return x * y; }
static __device__ __forceinline__ double __ddiv_rn(double x, double y) { return x / y; }
static __device__ __forceinline__ double __drcp_rn(double x) { return 1.0 / x; }
static __device__ __forceinline__ double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
static __device__ __forceinline__ double __fma_rn(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}

/* CUDA's min and max overloads: mixed signed and unsigned arguments give
 * the unsigned type, float and double mixed give double (scan codes write
 * max(1, n) with n unsigned). They are host functions too, since hosts
 * size grids with them. min(int, int), max(int, int), umin, umax, llmin, ...
 * on the device are __clang_cuda_math.h's; the host has its own here (a
 * host call with only a device candidate is an error). */
static __host__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __host__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }
static __host__ __forceinline__ unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static __host__ __forceinline__ unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static __host__ __forceinline__ long long llmin(long long a, long long b) { return a < b ? a : b; }
static __host__ __forceinline__ long long llmax(long long a, long long b) { return a > b ? a : b; }
static __host__ __forceinline__ unsigned long long ullmin(unsigned long long a,
                                                          unsigned long long b) {
  return a < b ? a : b;
}
static __host__ __forceinline__ unsigned long long ullmax(unsigned long long a,
                                                          unsigned long long b) {
  return a > b ? a : b;
}
#define __SIMT_MINMAX(R, A, B)                                                  \
  static __host__ __device__ __forceinline__ R min(A a, B b) {                  \
    return (R)a < (R)b ? (R)a : (R)b;                                           \
  }                                                                             \
  static __host__ __device__ __forceinline__ R max(A a, B b) {                  \
    return (R)a > (R)b ? (R)a : (R)b;                                           \
  }
__SIMT_MINMAX(unsigned, unsigned, unsigned)
__SIMT_MINMAX(unsigned, int, unsigned)
__SIMT_MINMAX(unsigned, unsigned, int)
__SIMT_MINMAX(long, long, long)
__SIMT_MINMAX(unsigned long, unsigned long, unsigned long)
__SIMT_MINMAX(unsigned long, long, unsigned long)
__SIMT_MINMAX(unsigned long, unsigned long, long)
__SIMT_MINMAX(long long, long long, long long)
__SIMT_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__SIMT_MINMAX(unsigned long long, long long, unsigned long long)
__SIMT_MINMAX(unsigned long long, unsigned long long, long long)
#undef __SIMT_MINMAX
static __host__ __device__ __forceinline__ float min(float a, float b) {
  return __builtin_fminf(a, b);
}
static __host__ __device__ __forceinline__ float max(float a, float b) {
  return __builtin_fmaxf(a, b);
}
static __host__ __device__ __forceinline__ double min(double a, double b) {
  return __builtin_fmin(a, b);
}
static __host__ __device__ __forceinline__ double max(double a, double b) {
  return __builtin_fmax(a, b);
}
static __host__ __device__ __forceinline__ double min(float a, double b) { return min((double)a, b); }
static __host__ __device__ __forceinline__ double min(double a, float b) { return min(a, (double)b); }
static __host__ __device__ __forceinline__ double max(float a, double b) { return max((double)a, b); }
static __host__ __device__ __forceinline__ double max(double a, float b) { return max(a, (double)b); }
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

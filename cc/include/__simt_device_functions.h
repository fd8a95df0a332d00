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

/* Device printf and the atomics are declared so that kernels using them
   compile to PTX; simt-ptxas then reports them as not supported yet. */
extern "C" __device__ int printf(const char *format, ...);
static __device__ __forceinline__ int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
static __device__ __forceinline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __forceinline__ int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
static __device__ __forceinline__ int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
static __device__ __forceinline__ int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
static __device__ __forceinline__ int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ __forceinline__ int atomicCAS(int *p, int c, int v) {
  return __nvvm_atom_cas_gen_i(p, c, v);
}

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

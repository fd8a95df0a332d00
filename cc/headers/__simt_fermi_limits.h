/*===-- __simt_fermi_limits.h - What Fermi cannot do, said at the source --===*
 *
 * CUDA features a Fermi-class SIMT core (sm_20) does not have are declared
 * here as unavailable, so that a kernel using one fails at its source line
 * with a message naming the feature and saying why, instead of clang's
 * "undeclared identifier" or a missing function in the PTX. What sm_20
 * has but this toolchain does not do yet says so. Read-only loads
 * (__ldg) and device assert, which have plain meanings here, are defined
 * (and malloc and free in __simt_device_heap.h).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_FERMI_LIMITS_H
#define SIMT_FERMI_LIMITS_H

#include "__simt_qualifiers.h"

#define __SIMT_NO(WHAT) __attribute__((unavailable(WHAT)))
#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
/* sm_35 has them (simt-nvcc -arch=sm_35). */
#include "__simt_warp_functions.h"
#else
#define __SIMT_NO_SHFL                                                            \
  __SIMT_NO("warp shuffles need sm_30; this target is Fermi (sm_20), which "      \
            "has none: exchange values through __shared__ memory, or build "         \
            "with -arch=sm_35")
template <class... T> __device__ int __shfl(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_up(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_down(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_xor(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_sync(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_up_sync(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_down_sync(T...) __SIMT_NO_SHFL;
template <class... T> __device__ int __shfl_xor_sync(T...) __SIMT_NO_SHFL;
#undef __SIMT_NO_SHFL

#define __SIMT_NO_SYNC_VOTE                                                       \
  __SIMT_NO("the *_sync warp functions need sm_30 or later; on Fermi (sm_20) "   \
            "use __all, __any and __ballot, or build with -arch=sm_35")
template <class... T> __device__ int __all_sync(T...) __SIMT_NO_SYNC_VOTE;
template <class... T> __device__ int __any_sync(T...) __SIMT_NO_SYNC_VOTE;
template <class... T> __device__ unsigned __ballot_sync(T...) __SIMT_NO_SYNC_VOTE;
template <class... T> __device__ void __syncwarp(T...) __SIMT_NO_SYNC_VOTE;
#undef __SIMT_NO_SYNC_VOTE

/* A read-only (non-coherent) load is sm_35's; here it is a load. */
template <class T> static __device__ __forceinline__ T __ldg(const T *p) { return *p; }
#endif

/* atomicAdd on double, sm_60's, as a compare-and-swap loop, at every level
   and in the host pass too (where clang checks kernels' calls). A template,
   so that a program's own definition for targets below sm_60 (the CUDA
   Programming Guide's, under `#if __CUDA_ARCH__ < 600`) is no redefinition
   and is the one its calls pick. */
template <class = void>
static __device__ __forceinline__ __attribute__((nodebug)) double atomicAdd(double *p, double v) {
  unsigned long long *__a = (unsigned long long *)p;
  unsigned long long __old = *__a, __seen;
  do {
    __seen = __old;
    __old = atomicCAS(__a, __seen,
                      __builtin_bit_cast(unsigned long long,
                                         __builtin_bit_cast(double, __seen) + v));
  } while (__seen != __old);
  return __builtin_bit_cast(double, __old);
}

/* Device assert: a failed assertion prints CUDA's line for it and stops
   the kernel with a trap (that line is the report, as CUDA's). The flag (a template variable: only programs that
   assert have it) tells libcudart the trap was an assertion, which CUDA
   reports as cudaErrorAssert. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++14-extensions"
template <int = 0> __device__ unsigned __simt_assert_failed;
#pragma clang diagnostic pop
extern "C" __device__ __attribute__((noreturn)) inline void
__assert_fail(const char *message, const char *file, unsigned line, const char *function) {
  printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file,
         line, function, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y,
         threadIdx.z, message);
  __simt_assert_failed<> = 1;
  __builtin_trap();
}

#undef __SIMT_NO
#endif

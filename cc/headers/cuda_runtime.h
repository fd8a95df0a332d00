/*===-- cuda_runtime.h - What a CUDA program sees (simt-cc) --------------===*
 *
 * simt-cc includes this before every .cu file, as nvcc does: qualifiers,
 * vector types, the built-in variables, device functions, the math API
 * and the runtime API declarations.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_RUNTIME_H
#define SIMT_CUDA_RUNTIME_H
#define __CUDA_RUNTIME_H__ /* NVIDIA's guard, which programs test */
/* What nvcc defines for every .cu file: programs choose between host
 * fallbacks and __host__ __device__ versions with it (the samples'
 * helper_math.h and util.h). */
#if defined(__CUDA__) && !defined(__CUDACC__)
#define __CUDACC__ 1
#endif

#include "__simt_qualifiers.h"
#if !defined(__CUDA__)
/* A host compiler (a program's .c/.cpp files, the runtime library): the
 * host API only. */
#include "vector_types.h"
#include "cuda_runtime_api.h"
#include "__simt_channel.h"
#else
/* The device overloads of the math functions are declared before the host's
 * <cmath> (as clang's own CUDA wrapper does), which then pulls them into
 * namespace std with the host's. */
#include <__clang_cuda_math_forward_declares.h>
/* The host's C and C++ library declarations that NVIDIA's header brings in
 * (math_functions.h and common_functions.h include <math.h>, <stdlib.h>,
 * <string.h>, <time.h>, <stdio.h>, <assert.h>; the C++ ones at the end):
 * host code calls ceil, malloc, strncpy, printf, ... without including
 * them (PolyBench's grid sizes, Rodinia's nn). Only when the host's libc
 * headers are there for the host target (-m32 makes it i386, whose headers
 * Debian installs separately). */
#if __has_include(<bits/libc-header-start.h>)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <assert.h>
#endif
#include "vector_types.h"
#include "device_launch_parameters.h"
#include "__simt_device_functions.h"
#ifdef __cplusplus
#include "__simt_simd_functions.h"
#endif
#include "__simt_math_functions.h"
#include "__simt_fermi_limits.h"
#include "__simt_scoped_atomics.h"
#include "__simt_device_heap.h"
#include "cuda_runtime_api.h"
#include "cuda_device_runtime_api.h"
#include "__simt_texture.h"
#include "__simt_cmath.h"
/* NVIDIA's cuda_runtime.h and common_functions.h also bring in <new> and
 * <utility>: host code uses std::pair and std::swap without including
 * them, and a range-for over a braced list needs <initializer_list>.
 * (<functional>, which NVIDIA's includes too, is left out: its parse
 * costs every compile a fifth.) After the device heap: clang's CUDA
 * wrapper of <new> calls the device malloc. */
#if defined(__cplusplus) && __has_include(<bits/libc-header-start.h>)
#include <new>
#include <utility>
/* nvcc lets device code call std::swap (not constexpr before C++20, so
 * clang would not make it __host__ __device__): device overloads of its
 * two forms, which host code never sees as candidates. */
namespace std {
template <class _Tp> static __device__ __forceinline__ void swap(_Tp &__a, _Tp &__b) {
  _Tp __t = static_cast<_Tp &&>(__a);
  __a = static_cast<_Tp &&>(__b);
  __b = static_cast<_Tp &&>(__t);
}
template <class _Tp, size_t _Nm>
static __device__ __forceinline__ void swap(_Tp (&__a)[_Nm], _Tp (&__b)[_Nm]) {
  for (size_t __i = 0; __i < _Nm; ++__i)
    std::swap(__a[__i], __b[__i]);
}
} // namespace std
#endif
#endif /* __CUDA__ */

#endif

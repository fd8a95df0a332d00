/*===-- __simt_qualifiers.h - CUDA's function and variable qualifiers ----===*
 *
 * What nvcc predefines, as the attributes clang's CUDA mode understands.
 * A host compiler compiling a .c or .cpp file that includes the CUDA
 * headers (and the runtime library itself) sees them empty, as NVIDIA's
 * host_defines.h makes them for non-nvcc compilers.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_QUALIFIERS_H
#define SIMT_QUALIFIERS_H
/* NVIDIA's guard of host_defines.h, which defines the same: libraries test it
 * before they take __host__ and __device__ apart (Thrust's
 * guarded_cuda_runtime_api.h). */
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* A __managed__ variable is a __device__ variable whose host shadow is in
 * the section __simt_managed (clang's `managed` attribute is HIP's only):
 * the runtime finds it there at registration and keeps the shadow, which
 * the host program reads and writes, equal to the device's variable
 * (runtime/cudart/Managed.cpp). */
#ifdef __CUDA_ARCH__
#define __managed__ __attribute__((device))
#else
#define __managed__ __attribute__((device, section("__simt_managed")))
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
/* No restrict in a CUDA compilation: LLVM lets no call touch memory that
 * only a restrict parameter reaches, __syncthreads() included, so at -O1
 * and up it reused a value loaded before a barrier after it, where another
 * thread had stored a new one (Rodinia's and HeCBench's b+tree: every
 * answer wrong). nvcc keeps such loads; so does a kernel with no restrict.
 * Empty on both sides of the compilation: a restrict below the top level
 * (`float *__restrict__ *p`) is part of a kernel's mangled name, which the
 * host's launch and the device's code must spell alike. */
#define __restrict__
#define __restrict
/* A kernel parameter whose address the kernel may take (CUDA 11.7): clang
 * copies a parameter whose address is taken to the frame, which reads the
 * same values, so the qualifier asks for nothing more here. */
#define __grid_constant__
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __forceinline__ __inline__ __attribute__((always_inline))
/* Empty: libstdc++ spells __attribute__((__noinline__)), which an
 * attribute here would break (<memory> after cuda_runtime.h). */
#define __noinline__
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__
#endif

#endif

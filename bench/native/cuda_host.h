//===-- cuda_host.h - CUDA kernels compiled for the host (native twins) ---===//
//
// bench/cuda_native.py compiles each CUDA corpus kernel a second time, with
// the host compiler, against this header: the kernel's own source is the
// native twin the emulator is measured against. Every thread of a block is
// a fiber (ucontext) on the one host thread, run in turn until it finishes
// or reaches __syncthreads, which switches to the next one; blocks run one
// after another, so __shared__ variables are static and atomics are plain
// read-modify-writes. Warp-level intrinsics (votes, clock) have no meaning
// here: kernels using them are left out.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ucontext.h>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)

struct uint3 { unsigned x = 0, y = 0, z = 0; };
struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1) : x(X), y(Y), z(Z) {}
};
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
struct double2 { double x, y; };
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline int2 make_int2(int x, int y) { return {x, y}; }
inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
inline double2 make_double2(double x, double y) { return {x, y}; }

inline uint3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;

namespace simt_native {
struct Fiber {
  ucontext_t Context;
  std::vector<char> Stack;
  uint3 Tid;
  bool Done = false;
};
inline ucontext_t Scheduler;
inline Fiber *Current = nullptr;
} // namespace simt_native

inline void __syncthreads() { swapcontext(&simt_native::Current->Context, &simt_native::Scheduler); }
inline void __threadfence() {}
inline void __threadfence_block() {}

template <class T> T atomicAdd(T *p, T v) { T o = *p; *p = o + v; return o; }
template <class T> T atomicSub(T *p, T v) { T o = *p; *p = o - v; return o; }
template <class T> T atomicExch(T *p, T v) { T o = *p; *p = v; return o; }
template <class T> T atomicMin(T *p, T v) { T o = *p; *p = v < o ? v : o; return o; }
template <class T> T atomicMax(T *p, T v) { T o = *p; *p = v > o ? v : o; return o; }
template <class T> T atomicAnd(T *p, T v) { T o = *p; *p = o & v; return o; }
template <class T> T atomicOr(T *p, T v) { T o = *p; *p = o | v; return o; }
template <class T> T atomicXor(T *p, T v) { T o = *p; *p = o ^ v; return o; }
template <class T> T atomicCAS(T *p, T c, T v) { T o = *p; *p = o == c ? v : o; return o; }
inline unsigned atomicInc(unsigned *p, unsigned v) { unsigned o = *p; *p = o >= v ? 0 : o + 1; return o; }
inline unsigned atomicDec(unsigned *p, unsigned v) {
  unsigned o = *p; *p = (o == 0 || o > v) ? v : o - 1; return o;
}

inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, 4); return i; }
inline float __int_as_float(int i) { float x; std::memcpy(&x, &i, 4); return x; }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return fminf(fmaxf(x, 0.0f), 1.0f); }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
using std::max;
using std::min;

namespace simt_native {
template <class Kernel> void runFiber(Kernel *K) {
  (*K)();
  Current->Done = true;
}
template <class Kernel> void trampoline(unsigned Lo, unsigned Hi) {
  runFiber(reinterpret_cast<Kernel *>((uintptr_t(Hi) << 32) | Lo));
}

/// Runs Body() for every thread of a grid, a block at a time: a plain loop
/// over the threads when the kernel has no barrier (SIMT_NATIVE_NO_BARRIER),
/// else a fiber per thread.
template <class Kernel> void launch(dim3 Grid, dim3 Block, Kernel Body) {
  gridDim = Grid;
  blockDim = Block;
#ifdef SIMT_NATIVE_NO_BARRIER
  for (blockIdx.z = 0; blockIdx.z < Grid.z; ++blockIdx.z)
    for (blockIdx.y = 0; blockIdx.y < Grid.y; ++blockIdx.y)
      for (blockIdx.x = 0; blockIdx.x < Grid.x; ++blockIdx.x)
        for (threadIdx.z = 0; threadIdx.z < Block.z; ++threadIdx.z)
          for (threadIdx.y = 0; threadIdx.y < Block.y; ++threadIdx.y)
            for (threadIdx.x = 0; threadIdx.x < Block.x; ++threadIdx.x)
              Body();
  return;
#endif
  unsigned N = Block.x * Block.y * Block.z;
  static std::vector<Fiber> Fibers;
  Fibers.resize(N);
  for (Fiber &F : Fibers)
    F.Stack.resize(64 * 1024);
  for (blockIdx.z = 0; blockIdx.z < Grid.z; ++blockIdx.z)
    for (blockIdx.y = 0; blockIdx.y < Grid.y; ++blockIdx.y)
      for (blockIdx.x = 0; blockIdx.x < Grid.x; ++blockIdx.x) {
        for (unsigned T = 0; T < N; ++T) {
          Fiber &F = Fibers[T];
          F.Done = false;
          F.Tid = {T % Block.x, (T / Block.x) % Block.y, T / (Block.x * Block.y)};
          getcontext(&F.Context);
          F.Context.uc_stack.ss_sp = F.Stack.data();
          F.Context.uc_stack.ss_size = F.Stack.size();
          F.Context.uc_link = &Scheduler;
          uintptr_t P = uintptr_t(&Body);
          makecontext(&F.Context, (void (*)())trampoline<Kernel>, 2, unsigned(P),
                      unsigned(P >> 32));
        }
        for (bool Left = true; Left;) {
          Left = false;
          for (Fiber &F : Fibers) {
            if (F.Done)
              continue;
            Current = &F;
            threadIdx = F.Tid;
            swapcontext(&Scheduler, &F.Context);
            Left |= !F.Done;
          }
        }
      }
}

/// A run-script argument: a buffer's address or a typed value, converted
/// to whatever the kernel's parameter is.
struct Arg {
  void *Ptr = nullptr;
  double Float = 0;
  long long Int = 0;
  bool IsFloat = false;
  template <class T> operator T *() const { return static_cast<T *>(Ptr); }
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>> operator T() const {
    return IsFloat ? T(Float) : T(Int);
  }
};
} // namespace simt_native

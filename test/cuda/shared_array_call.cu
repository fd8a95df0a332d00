// A device function that returns the dynamic shared array, typed, so that a
// templated reduction uses one extern __shared__ declaration for every T
// (the idiom of the SDK's SharedMemory<T>), kept a call (__noinline__, and
// -O0): the caller reads the returned generic pointer knowing its space
// (ParamSpaces joins what each function returns), so the accesses through
// it are LDS/STS. The SDK's own form, a struct whose conversion operator
// returns the array, is a member call at -O0: the temporary's address is
// passed as `this`, and the frame slots below it are still followed.
// Expected values: Inputs/shared_array_call.py (integer sums, exact in f32
// and f64; both forms).
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: %python %S/Inputs/shared_array_call.py > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-emu %t-o0.o %t.simt
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK-LABEL: .kernel _Z6reduceIfLb0EEvPKT_PS0_j
// CHECK: CAL
// CHECK: STS
// CHECK: LDS
#include <cuda_runtime.h>

template <class T> __device__ __noinline__ T *shared_array() {
  extern __shared__ int shared_words[];
  return (T *)shared_words;
}

template <class T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int shared_words[];
    return (T *)shared_words;
  }
};

// Each block sums its blockDim.x elements (a tree in shared memory).
template <class T, bool Struct> __global__ void reduce(const T *in, T *out, unsigned n) {
  T *sdata = Struct ? (T *)SharedMemory<T>() : shared_array<T>();
  const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  sdata[t] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}

template __global__ void reduce<float, false>(const float *, float *, unsigned);
template __global__ void reduce<double, false>(const double *, double *, unsigned);
template __global__ void reduce<float, true>(const float *, float *, unsigned);
template __global__ void reduce<double, true>(const double *, double *, unsigned);

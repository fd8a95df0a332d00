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

// The host program: block sums of small integers (exact in float and
// double in any order), the last block partial, for both types and both
// forms (the instantiations above), against a CPU loop.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

template <class T, bool Struct> static int run(const char *name, const int *vals, unsigned n,
                                               unsigned block) {
  const unsigned grid = (n + block - 1) / block;
  T *in = new T[n], *out = new T[grid];
  for (unsigned i = 0; i < n; ++i)
    in[i] = (T)vals[i];
  T *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(T));
  cudaMalloc(&d_out, grid * sizeof(T));
  cudaMemcpy(d_in, in, n * sizeof(T), cudaMemcpyHostToDevice);
  reduce<T, Struct><<<grid, block, block * sizeof(T)>>>(d_in, d_out, n);
  cudaError_t err = cudaMemcpy(out, d_out, grid * sizeof(T), cudaMemcpyDeviceToHost);
  int bad = 0;
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    bad = 1;
  }
  for (unsigned b = 0; b < grid && !bad; ++b) {
    long long sum = 0;
    for (unsigned i = b * block; i < (b + 1) * block && i < n; ++i)
      sum += vals[i];
    if (out[b] != (T)sum) {
      printf("%s: block %u sums to %g, expected %lld\n", name, b, (double)out[b], sum);
      bad = 1;
    }
  }
  cudaFree(d_in);
  cudaFree(d_out);
  delete[] in;
  delete[] out;
  return bad;
}

int main() {
  const unsigned n = 1000, block = 128;
  int vals[n];
  unsigned state = 51;
  for (unsigned i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    vals[i] = (int)((state >> 8) % 50);
  }
  if (run<float, false>("reduce<float> (shared_array)", vals, n, block) ||
      run<double, false>("reduce<double> (shared_array)", vals, n, block) ||
      run<float, true>("reduce<float> (SharedMemory)", vals, n, block) ||
      run<double, true>("reduce<double> (SharedMemory)", vals, n, block))
    return 1;
  printf("PASSED\n");
  return 0;
}

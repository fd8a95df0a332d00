// libcu++'s headers as modern CUDA code includes them: <cuda/std/...> for
// the standard library on the device (numeric_limits, array, complex,
// tuple, optional, utility, type_traits, the algorithms, cmath, functional
// with libcu++'s identity before C++20), and
// <cuda/atomic> / <cuda/std/atomic> for atomics with memory orders and
// thread scopes (a pointer's moving by elements), on global and shared
// memory and on the host. Expected
// values: the same computations on the host.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t20
// RUN: %t20 | FileCheck %s
// CHECK: library: 0 wrong of 11
// CHECK-NEXT: atomics: 0 wrong of 10
// CHECK-NEXT: block atomics: 0 wrong of 4
// CHECK-NEXT: host atomic: 42
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/algorithm>
#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/cmath>
#include <cuda/std/complex>
#include <cuda/std/cstdint>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cuda/std/optional>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

template <class Out> __host__ __device__ void library(Out *o, int x) {
  cuda::std::array<int, 4> a{x, x + 1, x + 2, x + 3};
  cuda::std::complex<float> z(float(x), 2.0f);
  z = z * z; // (x + 2i)^2 = x^2 - 4 + 4x i
  auto t = cuda::std::make_tuple(x, 2.5, 'c');
  cuda::std::optional<int> none, some = x * 3;
  auto p = cuda::std::make_pair(x, x * 2);
  o[0] = cuda::std::numeric_limits<int>::max() - x;
  o[1] = a[0] + a[1] + a[2] + a[3];
  o[2] = int(z.real()) * 1000 + int(z.imag());
  o[3] = cuda::std::get<0>(t) + int(cuda::std::get<1>(t) * 2) + cuda::std::get<2>(t);
  o[4] = none.value_or(-1) + some.value_or(-1);
  o[5] = p.first + p.second;
  o[6] = cuda::std::is_same<cuda::std::int64_t, long long>::value ||
         cuda::std::is_same<cuda::std::int64_t, long>::value;
  o[7] = cuda::std::max(x, 7) - cuda::std::min(x, 7);
  o[8] = int(cuda::std::sqrt(float(x * x)));
  o[9] = int(cuda::std::numeric_limits<float>::epsilon() * (1 << 23));
  o[10] = cuda::std::plus<int>{}(cuda::std::identity{}(x), 1);
}

__global__ void libraryKernel(int *o, int x) { library(o, x); }

// Every thread: atomics on out[0..8] (global) with orders and scopes.
__global__ void atomics(int *i, unsigned long long *u, float *f, int **cursor) {
  const int t = threadIdx.x + blockIdx.x * blockDim.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> a(i[0]);
  a.fetch_add(2, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_device>(i[1]).fetch_sub(1);
  cuda::atomic_ref<int>(i[2]).fetch_or(1 << (t % 31));
  cuda::atomic_ref<int>(i[3]).fetch_max(t * 3);
  cuda::atomic_ref<int>(i[4]).fetch_min(-t);
  cuda::std::atomic_ref<unsigned long long> big(u[0]);
  big += 1ull << 33;
  cuda::atomic_ref<float, cuda::thread_scope_device>(f[0]).fetch_add(0.5f);
  int expected = 0;
  if (cuda::atomic_ref<int>(i[5]).compare_exchange_strong(expected, t + 1))
    cuda::atomic_ref<int>(i[6]).fetch_add(1); // exactly one thread wins
  cuda::atomic_ref<int> counter(i[7]);
  ++counter;
  // a pointer moves by elements: each thread takes the next int of i[8..]
  if (t < 4) {
    int *slot = cuda::atomic_ref<int *>(cursor[0]).fetch_add(1);
    *slot = t + 1;
  }
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  cuda::std::atomic_thread_fence(cuda::std::memory_order_acq_rel);
}

// A block-scope atomic in shared memory counts the block's threads.
__global__ void blockAtomics(int *out) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> count;
  __shared__ cuda::atomic<int, cuda::thread_scope_block> maxId;
  if (threadIdx.x == 0) {
    count.store(0, cuda::memory_order_relaxed);
    maxId = -1;
  }
  __syncthreads();
  count.fetch_add(1, cuda::memory_order_relaxed);
  maxId.fetch_max(int(threadIdx.x));
  __syncthreads();
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = count.load();
    out[2 * blockIdx.x + 1] = maxId.load(cuda::memory_order_acquire);
  }
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  libraryKernel<<<1, 1>>>(d, 5);
  int dev[11], host[11];
  cudaMemcpy(dev, d, sizeof dev, cudaMemcpyDeviceToHost);
  library(host, 5);
  int wrong = 0;
  for (int k = 0; k < 11; ++k)
    wrong += dev[k] != host[k];
  printf("library: %d wrong of 11\n", wrong);

  const int blocks = 3, threads = 64, n = blocks * threads;
  int *i;
  unsigned long long *u;
  float *f;
  cudaMalloc(&i, 12 * sizeof(int));
  int **cursor;
  cudaMalloc(&cursor, sizeof(int *));
  int *first = i + 8;
  cudaMemcpy(cursor, &first, sizeof first, cudaMemcpyHostToDevice);
  cudaMalloc(&u, sizeof(unsigned long long));
  cudaMalloc(&f, sizeof(float));
  int init[12] = {0, 1000, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0};
  cudaMemcpy(i, init, sizeof init, cudaMemcpyHostToDevice);
  cudaMemset(u, 0, sizeof(unsigned long long));
  cudaMemset(f, 0, sizeof(float));
  atomics<<<blocks, threads>>>(i, u, f, cursor);
  int gi[12];
  int *last = nullptr;
  unsigned long long gu;
  float gf;
  cudaMemcpy(gi, i, sizeof gi, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gu, u, sizeof gu, cudaMemcpyDeviceToHost);
  cudaMemcpy(&gf, f, sizeof gf, cudaMemcpyDeviceToHost);
  cudaMemcpy(&last, cursor, sizeof last, cudaMemcpyDeviceToHost);
  int bits = 0;
  for (int t = 0; t < n; ++t)
    bits |= 1 << (t % 31);
  // one thread wins the compare-exchange: i[5] is its t + 1, i[6] counts 1
  const bool oneWinner = gi[5] >= 1 && gi[5] <= n && gi[6] == 1;
  wrong = (gi[0] != 2 * n) + (gi[1] != 1000 - n) + (gi[2] != bits) + (gi[3] != 3 * (n - 1)) +
          (gi[4] != -(n - 1)) + !oneWinner + (gi[7] != n) +
          (gu != (unsigned long long)n << 33) + (gf != 0.5f * n);
  // the pointer: four ints on, each slot written once (1..4 in some order)
  wrong += last != i + 12 || gi[8] + gi[9] + gi[10] + gi[11] != 10 ||
           gi[8] * gi[9] * gi[10] * gi[11] != 24;
  printf("atomics: %d wrong of 10\n", wrong);

  blockAtomics<<<2, 96>>>(d);
  int b[4];
  cudaMemcpy(b, d, sizeof b, cudaMemcpyDeviceToHost);
  wrong = (b[0] != 96) + (b[1] != 95) + (b[2] != 96) + (b[3] != 95);
  printf("block atomics: %d wrong of 4\n", wrong);

  cuda::std::atomic<int> h(40);
  h.fetch_add(1);
  ++h;
  printf("host atomic: %d\n", h.load());
  return 0;
}

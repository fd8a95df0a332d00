// __shared__ memory used by device functions that stay calls (-G, -O0,
// __noinline__): a function's own static __shared__ tile, a module-scope
// __shared__ array two functions share, and the samples' SharedMemory<T>
// (the dynamic shared array through a call), from three kernels with static
// shared variables of their own of different sizes. Each kernel's own
// variables must not overlap what its functions use, and the dynamic array
// must lie where each kernel's launch put it. Expected values: the host
// loops below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -G %s -o %t-g
// RUN: %t-g | FileCheck %s
// CHECK: tileSum: ok
// CHECK: shared pair: ok
// CHECK: dynamic: ok
// CHECK-NOT: FAIL
// The region: pair (8 bytes), then tileSum's tile (256). tile_sums: the
// region, own[8] to 296, 16-aligned; pairs: the region alone; reversed:
// the region and own[4] to 280, 16-aligned, which is also where the
// dynamic array lies for every kernel that reaches SharedMemory<T>.
// RUN: simt-nvcc -O2 -cubin %s -o %t.cubin
// RUN: simt-objdump --kernels %t.cubin | FileCheck %s --check-prefix=SIZES
// SIZES-DAG: {{^}}tile_sums(int*) {{[0-9]+}} 304 {{[0-9]+}} 
// SIZES-DAG: {{^}}pairs(int*) {{[0-9]+}} 272 {{[0-9]+}} 
// SIZES-DAG: {{^}}reversed(int*) {{[0-9]+}} 288 {{[0-9]+}} 
#include <cstdio>

constexpr int kThreads = 64;

// Its own tile: 64 ints, in every caller at the same offset.
__device__ __noinline__ int tileSum(int v) {
  __shared__ int tile[kThreads];
  tile[threadIdx.x] = v;
  __syncthreads();
  int s = 0;
  for (int i = 0; i < blockDim.x; ++i)
    s += tile[i];
  __syncthreads();
  return s;
}

// A module-scope pair two functions use.
__shared__ int pair[2];
__device__ __noinline__ void putPair(int a, int b) {
  if (threadIdx.x == 0) {
    pair[0] = a;
    pair[1] = b;
  }
  __syncthreads();
}
__device__ __noinline__ int pairProduct() { return pair[0] * pair[1]; }

template <class T> struct SharedMemory {
  __device__ __noinline__ operator T *() {
    extern __shared__ int dynamicWords[];
    return (T *)dynamicWords;
  }
};

// Own: 8 ints, written before the call and read after it.
__global__ void tile_sums(int *out) {
  __shared__ int own[8];
  if (threadIdx.x < 8)
    own[threadIdx.x] = threadIdx.x * 100 + blockIdx.x;
  __syncthreads();
  int t = tileSum(threadIdx.x + blockIdx.x);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t + own[threadIdx.x % 8];
}

// No own variables: only the pair.
__global__ void pairs(int *out) {
  putPair(blockIdx.x + 2, threadIdx.x == 0 ? 7 : 0);
  out[blockIdx.x * blockDim.x + threadIdx.x] = pairProduct() + (int)threadIdx.x;
}

// Own: 4 ints; the dynamic array and the tile through calls.
__global__ void reversed(int *out) {
  __shared__ int own[4];
  int *d = SharedMemory<int>();
  if (threadIdx.x < 4)
    own[threadIdx.x] = 1000 * (threadIdx.x + 1);
  d[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  int r = d[blockDim.x - 1 - threadIdx.x] + own[threadIdx.x % 4];
  out[threadIdx.x] = r + tileSum(1);
}

static int failures = 0;
static void expect(const char *what, const int *got, const int *want, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      printf("%s: FAIL at %d: %d, expected %d\n", what, i, got[i], want[i]);
      ++failures;
      return;
    }
  printf("%s: ok\n", what);
}

int main() {
  const int blocks = 3, n = blocks * kThreads;
  int *dev, out[n], want[n];
  cudaMalloc(&dev, n * sizeof(int));

  tile_sums<<<blocks, kThreads>>>(dev);
  cudaMemcpy(out, dev, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kThreads; ++t) {
      int s = 0;
      for (int i = 0; i < kThreads; ++i)
        s += i + b;
      want[b * kThreads + t] = s + (t % 8) * 100 + b;
    }
  expect("tileSum", out, want, n);

  pairs<<<blocks, kThreads>>>(dev);
  cudaMemcpy(out, dev, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kThreads; ++t)
      want[b * kThreads + t] = (b + 2) * 7 + t;
  expect("shared pair", out, want, n);

  reversed<<<1, kThreads, kThreads * sizeof(int)>>>(dev);
  cudaError_t e = cudaMemcpy(out, dev, sizeof out, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess)
    printf("FAIL: %s\n", cudaGetErrorString(e));
  for (int t = 0; t < kThreads; ++t)
    want[t] = (kThreads - 1 - t) * 3 + 1000 * (t % 4 + 1) + kThreads;
  expect("dynamic", out, want, kThreads);
  return failures != 0;
}

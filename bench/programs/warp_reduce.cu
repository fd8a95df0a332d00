// bench/warp_reduce.py: a grid-stride sum of N ints, each block reducing its
// threads' sums one of three ways, one kernel launch per process (so that
// SIMT_EMU_FLAGS="--stats-file F" counts that kernel alone). Build for sm_35
// (SHFL): simt-nvcc -arch=sm_35 -O2 warp_reduce.cu -o warp_reduce.
//
//   warp_reduce VARIANT N PER_THREAD
//
//   shfl       __shfl_down_sync within each warp, lane 0 of each warp to
//              shared memory, one barrier, then warp 0 shuffles the warps' sums
//   smem       the classic shared-memory tree: halve the array, a
//              __syncthreads() after every step, down to one value
//   smem_tail  the same tree with barriers down to 64 values, then warp 0
//              finishes through a volatile pointer without barriers (the
//              warp-synchronous tail: correct here because a warp runs in
//              lockstep on this ISA, docs/ISA.md 9; not on Volta and later)
//
// The grid has ceil(N / (THREADS * PER_THREAD)) blocks, so each thread adds
// about PER_THREAD elements before the block's reduction. The block sums are
// added on the host and checked against the host's sum of the input; the
// program prints `sum S host H blocks B seconds T` (T: wall time of the
// launch and cudaDeviceSynchronize) and exits 1 if S != H.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ int grid_stride_sum(const int *in, unsigned n) {
  int sum = 0;
  for (unsigned i = blockIdx.x * THREADS + threadIdx.x; i < n; i += THREADS * gridDim.x)
    sum += in[i];
  return sum;
}

extern "C" __global__ void __launch_bounds__(THREADS)
    reduce_shfl(const int *in, int *partial, unsigned n) {
  __shared__ int warp_sums[WARPS];
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int sum = grid_stride_sum(in, n);
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0)
    warp_sums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < WARPS ? warp_sums[lane] : 0;
#pragma unroll
    for (int off = WARPS / 2; off > 0; off >>= 1)
      sum += __shfl_down_sync(0xffffffffu, sum, off);
    if (lane == 0)
      partial[blockIdx.x] = sum;
  }
}

extern "C" __global__ void __launch_bounds__(THREADS)
    reduce_smem(const int *in, int *partial, unsigned n) {
  __shared__ int s[THREADS];
  unsigned tid = threadIdx.x;
  s[tid] = grid_stride_sum(in, n);
  __syncthreads();
#pragma unroll
  for (unsigned k = THREADS / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = s[0];
}

extern "C" __global__ void __launch_bounds__(THREADS)
    reduce_smem_tail(const int *in, int *partial, unsigned n) {
  __shared__ int s[THREADS];
  unsigned tid = threadIdx.x;
  s[tid] = grid_stride_sum(in, n);
  __syncthreads();
#pragma unroll
  for (unsigned k = THREADS / 2; k > 32; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *v = s;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0)
    partial[blockIdx.x] = s[0];
}

static int check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    exit(2);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s shfl|smem|smem_tail N PER_THREAD\n", argv[0]);
    return 2;
  }
  const char *variant = argv[1];
  unsigned n = strtoul(argv[2], nullptr, 0), per_thread = strtoul(argv[3], nullptr, 0);
  void (*kernel)(const int *, int *, unsigned) =
      !strcmp(variant, "shfl") ? reduce_shfl
      : !strcmp(variant, "smem") ? reduce_smem
      : !strcmp(variant, "smem_tail") ? reduce_smem_tail
                                      : nullptr;
  if (!kernel || !n || !per_thread) {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  unsigned blocks = (n + THREADS * per_thread - 1) / (THREADS * per_thread);
  // Signed values in [-512, 511] from an LCG: no block's sum overflows int.
  std::vector<int> h(n);
  unsigned long long x = 0x9e3779b97f4a7c15ull;
  long long host = 0;
  for (unsigned i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    h[i] = (int)(x >> 54) - 512;
    host += h[i];
  }
  int *d_in, *d_partial;
  check(cudaMalloc(&d_in, n * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&d_partial, blocks * sizeof(int)), "cudaMalloc");
  check(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
  auto t0 = std::chrono::steady_clock::now();
  kernel<<<blocks, THREADS>>>(d_in, d_partial, n);
  check(cudaDeviceSynchronize(), variant);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  check(cudaGetLastError(), variant);
  std::vector<int> partial(blocks);
  check(cudaMemcpy(partial.data(), d_partial, blocks * sizeof(int), cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  long long sum = 0;
  for (int p : partial)
    sum += p;
  printf("sum %lld host %lld blocks %u seconds %.6f\n", sum, host, blocks, s);
  return sum != host;
}

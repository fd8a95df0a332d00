// 64-bit integer kernels: a splitmix64 hash of each 64-bit index (64-bit
// multiplies, shifts and xors), bucketed by a 64-bit modulus and divided
// signed and unsigned by a per-launch divisor (div/rem .u64/.s64), with
// 64-bit min/max; then a per-block 64-bit inclusive prefix sum in shared
// memory (Hillis-Steele, add.s64 with carries). Checked against Python's
// integers.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps64.py hash64 > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-2
#include <cuda_runtime.h>
#include <stdio.h>

#define THREADS 128

__device__ unsigned long long mix(unsigned long long z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

extern "C" __global__ void hash64(unsigned long long seed, unsigned long long buckets,
                                  long long divisor, unsigned long long *hash,
                                  unsigned long long *bucket, long long *quot,
                                  long long *clamp, unsigned long long *prefix, int n) {
  __shared__ unsigned long long scan[THREADS];
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long h = i < n ? mix(seed + (unsigned long long)i * 0x9E3779B97F4A7C15ull) : 0;
  if (i < n) {
    hash[i] = h;
    bucket[i] = h % buckets;
    quot[2 * i] = (long long)h / divisor;
    quot[2 * i + 1] = (long long)h % divisor;
    long long v = (long long)h >> (int)(h & 63);
    clamp[i] = v < -1000000000000ll ? -1000000000000ll : v > 1000000000000ll ? 1000000000000ll : v;
  }
  scan[threadIdx.x] = h >> 20;
  __syncthreads();
  for (int off = 1; off < THREADS; off <<= 1) {
    unsigned long long add = threadIdx.x >= off ? scan[threadIdx.x - off] : 0;
    __syncthreads();
    scan[threadIdx.x] += add;
    __syncthreads();
  }
  if (i < n)
    prefix[i] = scan[threadIdx.x];
}

int main() {
  const int n = 300;
  unsigned long long *h, *b, *p;
  long long *q, *c;
  cudaMalloc(&h, n * 8);
  cudaMalloc(&b, n * 8);
  cudaMalloc(&q, 2 * n * 8);
  cudaMalloc(&c, n * 8);
  cudaMalloc(&p, n * 8);
  hash64<<<(n + THREADS - 1) / THREADS, THREADS>>>(42, 1000003, -77777, h, b, q, c, p, n);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}

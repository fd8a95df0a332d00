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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
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

// CPU reference: SplitMix64's finalizer of each element's seed.
static unsigned long long splitmix64_cpu(unsigned long long x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
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
  unsigned long long hh[n], hb[n], hp[n];
  long long hq[2 * n], hc[n];
  cudaMemcpy(hh, h, sizeof hh, cudaMemcpyDeviceToHost);
  cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
  cudaMemcpy(hq, q, sizeof hq, cudaMemcpyDeviceToHost);
  cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  cudaMemcpy(hp, p, sizeof hp, cudaMemcpyDeviceToHost);
  unsigned long long running = 0; // the prefix sum restarts with each block
  for (int i = 0; i < n; i++) {
    unsigned long long x = splitmix64_cpu(42 + 0x9E3779B97F4A7C15ull * i);
    long long sx = (long long)x, shifted = sx >> (x % 64);
    long long limited = shifted;
    if (limited > 1000000000000ll)
      limited = 1000000000000ll;
    if (limited < -1000000000000ll)
      limited = -1000000000000ll;
    running = (i % THREADS == 0 ? 0 : running) + (x >> 20);
    if (hh[i] != x || hb[i] != x % 1000003 || hq[2 * i] != sx / -77777 ||
        hq[2 * i + 1] != sx % -77777 || hc[i] != limited || hp[i] != running) {
      printf("mismatch at %d: hash %llx != %llx, bucket %llu != %llu, quot %lld != %lld, "
             "rem %lld != %lld, clamp %lld != %lld, prefix %llu != %llu\n",
             i, hh[i], x, hb[i], x % 1000003, hq[2 * i], sx / -77777, hq[2 * i + 1],
             sx % -77777, hc[i], limited, hp[i], running);
      return 1;
    }
  }
  cudaFree(h);
  cudaFree(b);
  cudaFree(q);
  cudaFree(c);
  cudaFree(p);
  printf("PASSED\n");
  return 0;
}

// Inclusive prefix sum of each block's segment, Hillis-Steele style with a
// double buffer in shared memory (log2(n) steps, a barrier each), then a
// work-efficient Blelloch exclusive scan (up-sweep and down-sweep over a
// shared tree, its length from the launch or a compile-time constant) on the
// same data; the run script checks all three.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py scan > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define N 128

extern "C" __global__ void scan_hillis_steele(int *out, const int *in, int n) {
  __shared__ int temp[2 * N];
  int tid = threadIdx.x, base = blockIdx.x * N;
  int pout = 0, pin = 1;
  temp[tid] = base + tid < n ? in[base + tid] : 0;
  __syncthreads();
  for (int offset = 1; offset < N; offset <<= 1) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      temp[pout * N + tid] = temp[pin * N + tid] + temp[pin * N + tid - offset];
    else
      temp[pout * N + tid] = temp[pin * N + tid];
    __syncthreads();
  }
  if (base + tid < n)
    out[base + tid] = temp[pout * N + tid];
}

// Blelloch's work-efficient exclusive scan of temp[0..len) in place, two
// elements per thread: the up-sweep leaves partial sums in a tree, thread 0
// takes the total and clears the root, the down-sweep distributes.
__device__ __forceinline__ void blelloch_tree(int *temp, int tid, int len, int *total) {
  int offset = 1;
  for (int d = len >> 1; d > 0; d >>= 1) { // up-sweep: partial sums in place
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset <<= 1;
  }
  if (tid == 0) {
    *total = temp[len - 1];
    temp[len - 1] = 0;
  }
  for (int d = 1; d < len; d <<= 1) { // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
}

__device__ __forceinline__ void blelloch_segment(int *temp, int *out, const int *in,
                                                 int *block_sums, int n, int len) {
  int tid = threadIdx.x, base = blockIdx.x * len;
  temp[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0;
  temp[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0;
  blelloch_tree(temp, tid, len, &block_sums[blockIdx.x]);
  if (base + 2 * tid < n)
    out[base + 2 * tid] = temp[2 * tid];
  if (base + 2 * tid + 1 < n)
    out[base + 2 * tid + 1] = temp[2 * tid + 1];
}

// The segment length 2 * blockDim.x and the tree in dynamic shared memory
// (the launch gives its size).
extern "C" __global__ void scan_blelloch(int *out, const int *in, int *block_sums, int n) {
  extern __shared__ int temp[];
  blelloch_segment(temp, out, in, block_sums, n, 2 * blockDim.x);
}

// The same with the length known at compile time: clang unrolls both sweeps
// and keeps every `tid < d` of the up-sweep live until the down-sweep, more
// predicates than P0..P6 (the allocator keeps some in GPRs).
extern "C" __global__ void scan_blelloch_static(int *out, const int *in, int *block_sums, int n) {
  __shared__ int temp[N];
  blelloch_segment(temp, out, in, block_sums, n, N);
}

// CPU reference: the inclusive and exclusive prefix sums of each segment of
// N elements, restarting at every segment, and each segment's total.
static int check_scan(const char *name, const int *got, const int *in, int n, bool inclusive) {
  int running = 0;
  for (int i = 0; i < n; ++i) {
    if (i % N == 0)
      running = 0;
    int expect = inclusive ? running + in[i] : running;
    running += in[i];
    if (got[i] != expect) {
      printf("%s: mismatch at %d: %d != %d\n", name, i, got[i], expect);
      return 1;
    }
  }
  return 0;
}

static int check_totals(const char *name, const int *got, const int *in, int n, int blocks) {
  for (int b = 0; b < blocks; ++b) {
    int total = 0;
    for (int i = b * N; i < (b + 1) * N && i < n; ++i)
      total += in[i];
    if (got[b] != total) {
      printf("%s: block sum mismatch at %d: %d != %d\n", name, b, got[b], total);
      return 1;
    }
  }
  return 0;
}

int main() {
  const int n = 300, blocks = (n + N - 1) / N;
  int *h = (int *)malloc(n * sizeof(int)), *in = (int *)malloc(n * sizeof(int));
  int sums[blocks];
  for (int i = 0; i < n; ++i)
    in[i] = h[i] = rand() % 100 - 50;
  int *d_in, *d_out, *d_sums;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_sums, blocks * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  int errors = 0;
  scan_hillis_steele<<<blocks, N>>>(d_out, d_in, n);
  cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  errors += check_scan("scan_hillis_steele", h, in, n, true);
  scan_blelloch<<<blocks, N / 2, N * sizeof(int)>>>(d_out, d_in, d_sums, n);
  cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
  errors += check_scan("scan_blelloch", h, in, n, false);
  errors += check_totals("scan_blelloch", sums, in, n, blocks);
  cudaMemset(d_sums, 0, sizeof sums);
  scan_blelloch_static<<<blocks, N / 2>>>(d_out, d_in, d_sums, n);
  cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
  errors += check_scan("scan_blelloch_static", h, in, n, false);
  errors += check_totals("scan_blelloch_static", sums, in, n, blocks);
  printf("last = %d\n", h[n - 1]);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  free(h);
  free(in);
  if (errors)
    return 1;
  printf("PASSED\n");
  return 0;
}

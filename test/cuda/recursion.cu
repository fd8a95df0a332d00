// Recursive device functions with thread-dependent depths: Fibonacci (two
// calls a level), a sum over an implicit binary tree, a chain 40..103 deep
// (its CALL tokens spill the stack cache to local memory), and a quicksort
// of each thread's own 16 elements. The frames live in the kernel's local
// window below R1; the call graph has cycles, so .local holds the default
// 1 KiB call stack.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: .func _Z3fibj
// CHECK: CAL _Z3fibj
// CHECK: CAL _Z3fibj
// CHECK: .kernel recursion
// CHECK: .local {{[0-9]+}}
// RUN: %python %S/Inputs/calls.py recursion > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: %python -c "import json,sys; s=json.load(open(sys.argv[1]))['stack_cache']; sys.exit(0 if s['spills'] > 0 and s['max_depth'] > 100 else 'no stack-cache spill: %%s' %% s)" %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-2
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__device__ __noinline__ unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __noinline__ int treeSum(const int *t, int node, int n) {
  if (node >= n)
    return 0;
  return t[node] + treeSum(t, 2 * node + 1, n) + treeSum(t, 2 * node + 2, n);
}

// Not a tail call, nor one clang turns into a loop with an accumulator
// (two operations after it), so the recursion stays.
__device__ __noinline__ int down(int n, int acc) {
  if (n == 0)
    return acc;
  return 3 * down(n - 1, acc + 1) + n;
}

__device__ __noinline__ void quicksort(int *a, int lo, int hi) {
  if (lo >= hi)
    return;
  int pivot = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < pivot)
      ++i;
    while (a[j] > pivot)
      --j;
    if (i <= j) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
      ++i;
      --j;
    }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

extern "C" __global__ void recursion(const int *t, int n, int *data, int *out) {
  int i = threadIdx.x;
  out[4 * i] = fib(i % 16);
  out[4 * i + 1] = treeSum(t, i % 24, n);
  out[4 * i + 2] = down(40 + i, i);
  int *mine = data + 16 * i;
  quicksort(mine, 0, 15);
  int s = 0;
  for (int k = 0; k < 16; ++k)
    s += (k + 1) * mine[k];
  out[4 * i + 3] = s;
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

int main() {
  const int threads = 64, tree = 100, seg = 16;
  int h_t[tree], h_data[threads * seg], h_out[4 * threads], gold[threads * seg];
  for (int k = 0; k < tree; ++k)
    h_t[k] = rand() % 1000;
  for (int k = 0; k < threads * seg; ++k)
    gold[k] = h_data[k] = rand() % 10000 - 5000;
  int *d_t, *d_data, *d_out;
  cudaMalloc(&d_t, sizeof h_t);
  cudaMalloc(&d_data, sizeof h_data);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_t, h_t, sizeof h_t, cudaMemcpyHostToDevice);
  cudaMemcpy(d_data, h_data, sizeof h_data, cudaMemcpyHostToDevice);
  recursion<<<1, threads>>>(d_t, tree, d_data, d_out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("recursion: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_data, d_data, sizeof h_data, cudaMemcpyDeviceToHost);

  // CPU reference, without recursion: Fibonacci by iteration; the subtree
  // sum of the implicit binary tree (children 2k+1, 2k+2) level by level;
  // the chain unwound from its deepest call (3 v + k, wrapping as the
  // device's 32-bit arithmetic does); each thread's 16 values sorted by the
  // C library and weighted by rank.
  for (int i = 0; i < threads; ++i) {
    unsigned f0 = 0, f1 = 1;
    for (int k = 0; k < i % 16; ++k) {
      unsigned f2 = f0 + f1;
      f0 = f1;
      f1 = f2;
    }
    int subtree = 0;
    for (int first = i % 24, width = 1; first < tree; first = 2 * first + 1, width *= 2)
      for (int node = first; node < first + width && node < tree; ++node)
        subtree += h_t[node];
    unsigned chain = (unsigned)(i + 40 + i);
    for (int k = 1; k <= 40 + i; ++k)
      chain = 3u * chain + (unsigned)k;
    int *mine = gold + seg * i, ranked = 0;
    qsort(mine, seg, sizeof(int), compare_ints);
    for (int k = 0; k < seg; ++k)
      ranked += (k + 1) * mine[k];
    int expect[4] = {(int)f0, subtree, (int)chain, ranked};
    for (int k = 0; k < 4; ++k)
      if (h_out[4 * i + k] != expect[k]) {
        printf("mismatch at out[%d]: %d != %d\n", 4 * i + k, h_out[4 * i + k], expect[k]);
        return 1;
      }
  }
  for (int k = 0; k < threads * seg; ++k)
    if (h_data[k] != gold[k]) {
      printf("mismatch at data[%d]: %d != %d\n", k, h_data[k], gold[k]);
      return 1;
    }
  cudaFree(d_t);
  cudaFree(d_data);
  cudaFree(d_out);
  printf("PASSED\n");
  return 0;
}

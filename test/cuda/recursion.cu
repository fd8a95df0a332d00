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
#include <cuda_runtime.h>

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

int main() { return 0; }

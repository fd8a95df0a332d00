// The device heap (cc/headers/__simt_device_heap.h): malloc and free, and
// new and delete over them, in kernels. Per-thread linked lists of 1..7
// nodes built, summed and freed (divergent allocation); objects made with
// new, called through virtual functions and deleted (a virtual destructor);
// arrays allocated by one launch and read and freed by the next (the heap
// lives with the object); and, with a 64 KiB heap, 64 threads allocating
// 1 KiB blocks (2 KiB with the header: half of them get NULL) and 64 threads
// allocating and freeing 1500 times (12 MB through an 8 MiB heap), which
// only works if free recycles.
// A free of a pointer malloc did not return (or of a block already freed)
// prints what it was and traps.
// Under ASan (CI's second pass, where every run here takes 15-25 s) the
// seed sweep, the -O0 run and the two-thread run are left out: they repeat
// what the others cover (threads-determinism-asan.test runs the helpers
// under ASan), and two threads beside lit's other job on CI's two cores
// took 418 s there, each epoch's hand-off waiting for a core.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/device_heap.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: %if !asan %{ simt-emu %t.o %t.simt --seeds 1-2 %}
// RUN: %if !asan %{ simt-emu %t.o %t.simt --epochs parallel --threads 2 %}
// RUN: simt-cc -O0 %s -o %t0.o
// RUN: %if !asan %{ simt-emu %t0.o %t.simt %}
// RUN: simt-cc -DSIMT_MALLOC_HEAP_BYTES=65536 %s -o %t64k.o
// RUN: %python %S/Inputs/device_heap.py small > %t64k.simt
// RUN: simt-emu %t64k.o %t64k.simt
// RUN: echo 'alloc v s32[4] = 0' > %t-bad.simt
// RUN: echo 'launch bad_free grid=1 block=1 args=(v)' >> %t-bad.simt
// RUN: echo 'wait' >> %t-bad.simt
// RUN: not simt-emu %t.o %t-bad.simt 2>&1 | FileCheck %s --check-prefix=BAD
// BAD-DAG: free(): invalid pointer 0x{{[0-9a-f]+}}: block: [0,0,0], thread: [0,0,0]
// BAD-DAG: error: fault: trap (BPT.TRAP) in kernel 'bad_free'
#include <cuda_runtime.h>
#include <new>

struct Node {
  int value;
  Node *next;
};

extern "C" __global__ void lists(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Node *head = nullptr;
  for (int k = 0; k <= i % 7; ++k) {
    Node *node = (Node *)malloc(sizeof(Node));
    node->value = 10 * i + k;
    node->next = head;
    head = node;
  }
  int sum = 0, weight = 1;
  while (head) { // the last node made comes first
    sum += weight++ * head->value;
    Node *next = head->next;
    free(head);
    head = next;
  }
  out[i] = sum;
}

class Counter {
public:
  __device__ virtual ~Counter() {}
  __device__ virtual int count(int x) const = 0;
};

class Linear : public Counter {
  int a, b;

public:
  __device__ Linear(int a, int b) : a(a), b(b) {}
  __device__ int count(int x) const override { return a * x + b; }
};

class Table : public Counter {
  int *entries;
  int size;

public:
  __device__ explicit Table(int size) : entries(new int[size]), size(size) {
    for (int k = 0; k < size; ++k)
      entries[k] = k * k;
  }
  __device__ ~Table() override { delete[] entries; }
  __device__ int count(int x) const override { return entries[x % size]; }
};

extern "C" __global__ void counters(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Counter *c = i % 3 == 0 ? (Counter *)new Linear(3, i) : (Counter *)new Table(i % 5 + 1);
  out[i] = c->count(i);
  delete c;
}

__device__ int *kept[256];

extern "C" __global__ void make_arrays(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *a = new int[i % 9 + 1];
  for (int k = 0; k <= i % 9; ++k)
    a[k] = i + k;
  kept[i] = a;
}

extern "C" __global__ void sum_arrays(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int s = 0;
  for (int k = 0; k <= i % 9; ++k)
    s += kept[i][k];
  delete[] kept[i];
  out[i] = s;
}

// How many of the threads' 1 KiB allocations returned NULL.
extern "C" __global__ void exhaust(int *nulls) {
  void *p = malloc(1024);
  if (!p)
    atomicAdd(nulls, 1);
  else
    *(int *)p = threadIdx.x;
}

// Allocate and free, rounds times; how many allocations failed.
extern "C" __global__ void churn(int *nulls, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    int *p = (int *)malloc(100 + threadIdx.x % 4 * 4);
    if (!p) {
      atomicAdd(nulls, 1);
      continue;
    }
    p[0] = r;
    free(p);
  }
}

extern "C" __global__ void bad_free(int *v) { free(v + 1); }

// The host program: the kernels in the order above, each result against a
// CPU loop (exact integers). With the default 8 MiB heap, 1500 rounds of
// 64 threads' 100..112-byte blocks (about 12 MB in all) fail none, since
// free recycles, and 64 KiB more for exhaust fits.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

static int check(const char *name, const int *got, const int *expected, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != expected[i]) {
      printf("%s: out[%d] = %d, expected %d\n", name, i, got[i], expected[i]);
      return 1;
    }
  return 0;
}

static int launched(const char *name) {
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess)
    err = cudaGetLastError();
  if (err != cudaSuccess)
    printf("%s: %s\n", name, cudaGetErrorString(err));
  return err != cudaSuccess;
}

int main() {
  const int n = 100, block = 64, grid = (n + block - 1) / block;
  if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, 8 << 20) != cudaSuccess) {
    printf("cudaDeviceSetLimit failed\n");
    return 1;
  }
  int out[n], ref[n];
  int *d_out;
  cudaMalloc(&d_out, sizeof out);

  // lists: thread i links nodes 10i, 10i+1, ..., 10i+i%7 and sums them from
  // the last one made, weighted 1, 2, 3, ...
  cudaMemset(d_out, 0xff, sizeof out);
  lists<<<grid, block>>>(d_out, n);
  if (launched("lists"))
    return 1;
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int len = i % 7 + 1, sum = 0;
    for (int k = len - 1, weight = 1; k >= 0; --k, ++weight)
      sum += weight * (10 * i + k);
    ref[i] = sum;
  }
  if (check("lists", out, ref, n))
    return 1;

  // counters: Linear(3, i) gives 3i + i; Table(s) gives (i % s)^2.
  cudaMemset(d_out, 0xff, sizeof out);
  counters<<<grid, block>>>(d_out, n);
  if (launched("counters"))
    return 1;
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int size = i % 5 + 1;
    ref[i] = i % 3 == 0 ? 3 * i + i : (i % size) * (i % size);
  }
  if (check("counters", out, ref, n))
    return 1;

  // Arrays made by one launch, summed and deleted by the next.
  make_arrays<<<grid, block>>>(n);
  if (launched("make_arrays"))
    return 1;
  cudaMemset(d_out, 0xff, sizeof out);
  sum_arrays<<<grid, block>>>(d_out, n);
  if (launched("sum_arrays"))
    return 1;
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    ref[i] = 0;
    for (int k = 0; k <= i % 9; ++k)
      ref[i] += i + k;
  }
  if (check("sum_arrays", out, ref, n))
    return 1;

  int *d_nulls, nulls;
  cudaMalloc(&d_nulls, sizeof(int));
  cudaMemset(d_nulls, 0, sizeof(int));
  churn<<<1, 64>>>(d_nulls, 1500);
  if (launched("churn"))
    return 1;
  cudaMemcpy(&nulls, d_nulls, sizeof(int), cudaMemcpyDeviceToHost);
  const int zero = 0;
  if (check("churn (failed allocations)", &nulls, &zero, 1))
    return 1;

  cudaMemset(d_nulls, 0, sizeof(int));
  exhaust<<<1, 64>>>(d_nulls);
  if (launched("exhaust"))
    return 1;
  cudaMemcpy(&nulls, d_nulls, sizeof(int), cudaMemcpyDeviceToHost);
  if (check("exhaust (failed allocations)", &nulls, &zero, 1))
    return 1;

  cudaFree(d_out);
  cudaFree(d_nulls);
  printf("PASSED\n");
  return 0;
}

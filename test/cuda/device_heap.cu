// The device heap (cc/include/__simt_device_heap.h): malloc and free, and
// new and delete over them, in kernels. Per-thread linked lists of 1..7
// nodes built, summed and freed (divergent allocation); objects made with
// new, called through virtual functions and deleted (a virtual destructor);
// arrays allocated by one launch and read and freed by the next (the heap
// lives with the object); and, with a 64 KiB heap, 64 threads allocating
// 1 KiB blocks (2 KiB with the header: half of them get NULL) and 64 threads
// allocating and freeing 1500 times (12 MB through an 8 MiB heap), which
// only works if free recycles.
// A free of a pointer malloc did not return traps.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/device_heap.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-2
// RUN: simt-emu %t.o %t.simt --epochs parallel --threads 2
// RUN: simt-cc -O0 %s -o %t0.o
// RUN: simt-emu %t0.o %t.simt
// RUN: simt-cc -DSIMT_MALLOC_HEAP_BYTES=65536 %s -o %t64k.o
// RUN: %python %S/Inputs/device_heap.py small > %t64k.simt
// RUN: simt-emu %t64k.o %t64k.simt
// RUN: echo 'alloc v s32[4] = 0' > %t-bad.simt
// RUN: echo 'launch bad_free grid=1 block=1 args=(v)' >> %t-bad.simt
// RUN: echo 'wait' >> %t-bad.simt
// RUN: not simt-emu %t.o %t-bad.simt 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: fault: trap (BPT.TRAP) in kernel 'bad_free'
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

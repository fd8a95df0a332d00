// Generic pointers to shared memory that go through memory: placement new
// of objects in __shared__ storage, used through pointers kept in a shared
// or a global array of pointers, one table of pointers into shared and
// global memory read back (and asked __isShared/__isGlobal), a struct of a
// shared and a global pointer copied with one vector load, and pointers
// exchanged atomically as integers. A module that
// stores a shared pointer gives shared memory a window in the generic
// address space; its loaded pointers are tagged by the window's range
// (docs/cuda.md "Generic addresses"). Expected values: the host loops below.
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s
// RUN: simt-nvcc -arch=sm_20 -O0 %s -o %t-o0.app
// RUN: %t-o0.app | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t35.app
// RUN: %t35.app | FileCheck %s
// CHECK: PASSED
#include <algorithm>
#include <cuda_runtime.h>
#include <new>
#include <stdio.h>

struct Counter {
  int sum, count;
  __device__ Counter(int start) : sum(start), count(0) {}
  __device__ void add(int v) {
    atomicAdd(&sum, v);
    atomicAdd(&count, 1);
  }
};

// Four counters built in shared storage by placement new; every thread
// reaches its counter through a pointer kept in a shared array.
__global__ void shared_slots(const int *in, int *out) {
  __shared__ __align__(8) unsigned char storage[4 * sizeof(Counter)];
  __shared__ Counter *slots[4];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 4)
    slots[t] = new (storage + t * sizeof(Counter)) Counter(t * 100);
  __syncthreads();
  slots[t % 4]->add(in[i]);
  __syncthreads();
  if (t < 4) {
    out[blockIdx.x * 8 + 2 * t] = slots[t]->sum;
    out[blockIdx.x * 8 + 2 * t + 1] = slots[t]->count;
  }
}

// The same, the pointers kept in global memory (four per block).
__global__ void global_slots(const int *in, int *out, Counter **table) {
  __shared__ __align__(8) unsigned char storage[4 * sizeof(Counter)];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  Counter **mine = table + blockIdx.x * 4;
  if (t < 4)
    mine[t] = new (storage + t * sizeof(Counter)) Counter(-t);
  __syncthreads();
  mine[t / 2 % 4]->add(in[i]);
  __syncthreads();
  if (t < 4) {
    out[blockIdx.x * 8 + 2 * t] = mine[t]->sum;
    out[blockIdx.x * 8 + 2 * t + 1] = mine[t]->count;
  }
}

// Reads through a pointer loaded from memory in a function of its own.
__device__ __noinline__ int load_through(int **pp) { return **pp; }

// One table of pointers into global memory (every third thread's element
// of g) and into the block's shared tile (the others'); each thread reads
// another thread's entry, adds to what it points to, and asks its space.
__global__ void mixed_table(int *g, int *out, int **table) {
  __shared__ int tile[64];
  const int t = threadIdx.x, b = blockIdx.x, i = b * 64 + t;
  tile[t] = t * 7 + b;
  int **row = table + b * 64;
  row[t] = t % 3 == 0 ? &g[i] : &tile[63 - t];
  __syncthreads();
  int **entry = &row[(t + 5) % 64];
  const int v = load_through(entry);
  int *p = *entry;
  *p += 1000; // the entries point to distinct ints
  const int shared = __isShared(p), global = __isGlobal(p);
  __syncthreads();
  out[i * 4] = v;
  out[i * 4 + 1] = shared;
  out[i * 4 + 2] = global;
  out[i * 4 + 3] = tile[t];
}

// A struct of two pointers, one into shared and one into global memory,
// copied whole (clang moves a 16-byte aligned pair with one v2 load).
struct __align__(16) Pair {
  const int *in_tile, *in_global;
};
__global__ void pairs(const int *g, int *out) {
  __shared__ int tile[64];
  __shared__ Pair kept[64];
  const int t = threadIdx.x;
  tile[t] = 3 * t;
  kept[t] = Pair{&tile[63 - t], &g[t]};
  __syncthreads();
  const Pair p = kept[(t + 1) % 64];
  out[t] = *p.in_tile * 1000 + *p.in_global;
}

// Shared pointers exchanged atomically, kept as integers (as lock-free
// lists keep theirs): each thread swaps its cell's address into `last` and
// reads the cell of the thread it replaced (none for the first); the last
// one stays.
__global__ void exchanged(int *out) {
  __shared__ int cells[32];
  __shared__ unsigned long long last;
  const int t = threadIdx.x;
  cells[t] = 5 * t;
  if (t == 0)
    last = 0;
  __syncthreads();
  const int *prev = (const int *)atomicExch(&last, (unsigned long long)&cells[t]);
  out[t] = prev ? *prev + 1 : 0;
  __syncthreads();
  if (t == 0)
    out[32] = *(const int *)last + 1;
}

// Whether got differs from want (the first difference printed).
static bool check(const char *name, const int *got, const int *want, int n) {
  const int *end = got + n, *at = std::mismatch(got, end, want).first;
  if (at != end)
    printf("%s[%d] = %d, expected %d\n", name, int(at - got), *at, want[at - got]);
  return at != end;
}

int main() {
  const int blocks = 2, threads = 64, n = blocks * threads;
  int in[n], out[blocks * 8], ref[blocks * 8];
  for (int i = 0; i < n; ++i)
    in[i] = i * 3 + 1;
  int *d_in, *d_out;
  Counter **d_table;
  cudaMalloc(&d_in, sizeof in);
  cudaMalloc(&d_out, sizeof out);
  cudaMalloc(&d_table, blocks * 4 * sizeof(Counter *));
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);

  shared_slots<<<blocks, threads>>>(d_in, d_out);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int c = 0; c < 4; ++c) {
      ref[b * 8 + 2 * c] = c * 100;
      ref[b * 8 + 2 * c + 1] = 0;
      for (int t = 0; t < threads; ++t)
        if (t % 4 == c) {
          ref[b * 8 + 2 * c] += in[b * threads + t];
          ++ref[b * 8 + 2 * c + 1];
        }
    }
  if (check("shared_slots", out, ref, blocks * 8))
    return 1;

  global_slots<<<blocks, threads>>>(d_in, d_out, d_table);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int c = 0; c < 4; ++c) {
      ref[b * 8 + 2 * c] = -c;
      ref[b * 8 + 2 * c + 1] = 0;
      for (int t = 0; t < threads; ++t)
        if (t / 2 % 4 == c) {
          ref[b * 8 + 2 * c] += in[b * threads + t];
          ++ref[b * 8 + 2 * c + 1];
        }
    }
  if (check("global_slots", out, ref, blocks * 8))
    return 1;

  int g[n], g_ref[n], res[n * 4], res_ref[n * 4];
  for (int i = 0; i < n; ++i)
    g[i] = g_ref[i] = 5000 + i;
  int *d_g, *d_res, **d_ptrs;
  cudaMalloc(&d_g, sizeof g);
  cudaMalloc(&d_res, sizeof res);
  cudaMalloc(&d_ptrs, n * sizeof(int *));
  cudaMemcpy(d_g, g, sizeof g, cudaMemcpyHostToDevice);
  mixed_table<<<blocks, threads>>>(d_g, d_res, d_ptrs);
  cudaMemcpy(g, d_g, sizeof g, cudaMemcpyDeviceToHost);
  cudaMemcpy(res, d_res, sizeof res, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    int tile[threads];
    for (int t = 0; t < threads; ++t)
      tile[t] = t * 7 + b;
    for (int t = 0; t < threads; ++t) {
      const int i = b * threads + t, e = (t + 5) % threads; // the entry read
      const bool global = e % 3 == 0;
      int &target = global ? g_ref[b * threads + e] : tile[threads - 1 - e];
      res_ref[i * 4] = target;
      res_ref[i * 4 + 1] = !global;
      res_ref[i * 4 + 2] = global;
      target += 1000;
    }
    for (int t = 0; t < threads; ++t)
      res_ref[(b * threads + t) * 4 + 3] = tile[t];
  }
  if (check("mixed_table: g", g, g_ref, n) || check("mixed_table", res, res_ref, n * 4))
    return 1;

  int pair_out[64], pair_ref[64];
  pairs<<<1, 64>>>(d_g, d_res);
  cudaMemcpy(pair_out, d_res, sizeof pair_out, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; ++t) {
    const int e = (t + 1) % 64;
    pair_ref[t] = 3 * (63 - e) * 1000 + g[e]; // g as mixed_table left it
  }
  if (check("pairs", pair_out, pair_ref, 64))
    return 1;

  // Whatever the order of the exchanges, each cell is read once: by the
  // thread that replaced it, or as the last one.
  int swapped[33], swapped_ref[33] = {0};
  exchanged<<<1, 32>>>(d_res);
  cudaMemcpy(swapped, d_res, sizeof swapped, cudaMemcpyDeviceToHost);
  std::sort(swapped, swapped + 33);
  for (int k = 0; k < 32; ++k)
    swapped_ref[k + 1] = 5 * k + 1;
  if (check("exchanged (sorted)", swapped, swapped_ref, 33))
    return 1;

  if (cudaGetLastError() != cudaSuccess) {
    printf("a launch failed\n");
    return 1;
  }
  for (void *p : {(void *)d_in, (void *)d_out, (void *)d_table, (void *)d_g, (void *)d_res,
                  (void *)d_ptrs})
    cudaFree(p);
  printf("PASSED\n");
  return 0;
}

// __noinline__ device functions called from divergent code: under a
// divergent guard, inside a loop with a thread-dependent trip count, with
// their own divergent loop and if inside (their own PBK/SSY), with 64-bit,
// f32 and struct arguments, and values live across the calls (callee-saved
// registers). Each call is a CAL to a .func of the object.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK-DAG: .func _Z5stepsi
// CHECK-DAG: .func _Z3mixxj
// CHECK-DAG: .func _Z5scale4Pair
// CHECK-DAG: CAL _Z5stepsi
// CHECK-DAG: RET
// RUN: %python %S/Inputs/calls.py calls > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
#include <cuda_runtime.h>

// Its own divergent loop and if: the Collatz steps of v, capped.
__device__ __noinline__ int steps(int v) {
  int s = 0;
  while (v > 1 && s < 50) {
    if (v & 1)
      v = 3 * v + 1;
    else
      v >>= 1;
    ++s;
  }
  return s;
}

__device__ __noinline__ long long mix(long long a, unsigned b) {
  return a * 1000003LL + (long long)(b ^ 0x5bd1e995u);
}

struct Pair {
  int n;
  float f;
};

__device__ __noinline__ float scale(Pair p) { return p.f * 2.0f + (float)p.n; }

extern "C" __global__ void calls(const int *in, int *out, long long *wide, float *fl, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  int a = 0;
  if (v % 3 == 0) // a divergent guard around a call
    a = steps(v);
  int b = 0;
  for (int k = 0; k < (v & 7); ++k) // a call in a loop: v, k, b live across
    b += steps(v + k) * (k + 1);
  long long w = mix((long long)v << 20, (unsigned)i);
  Pair p = {a - b, (float)(v & 255)};
  float f = i & 1 ? scale(p) : 0.5f;
  out[i] = a * 7 + b;
  wide[i] = w;
  fl[i] = f;
}

// CPU reference: the same per-thread computation, written for the host.
static int collatz_steps_cpu(int v, int cap) {
  int count = 0;
  for (; v > 1 && count < cap; ++count)
    v = v % 2 ? 3 * v + 1 : v / 2;
  return count;
}

// The program run as it is (simt-nvcc); here, below the kernels, so that
// their lines stay those the debugger tests break at.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>
#include <stdlib.h>

int main() {
  const int n = 300;
  int *h_in = (int *)malloc(n * sizeof(int)), *h_out = (int *)malloc(n * sizeof(int));
  long long *h_wide = (long long *)malloc(n * sizeof(long long));
  float *h_fl = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i)
    h_in[i] = rand() % 2000;
  int *d_in, *d_out;
  long long *d_wide;
  float *d_fl;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_wide, n * sizeof(long long));
  cudaMalloc(&d_fl, n * sizeof(float));
  cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
  calls<<<(n + 127) / 128, 128>>>(d_in, d_out, d_wide, d_fl, n);
  cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_wide, d_wide, n * sizeof(long long), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_fl, d_fl, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int v = h_in[i];
    int a = v % 3 == 0 ? collatz_steps_cpu(v, 50) : 0;
    int b = 0;
    for (int k = 0; k < v % 8; ++k)
      b += (k + 1) * collatz_steps_cpu(v + k, 50);
    long long w = ((long long)v << 20) * 1000003LL + (long long)((unsigned)i ^ 0x5bd1e995u);
    float f = i % 2 ? 2.0f * (v % 256) + (a - b) : 0.5f; // small integers: exact
    if (h_out[i] != 7 * a + b || h_wide[i] != w || h_fl[i] != f) {
      printf("mismatch at %d: out %d != %d, wide %lld != %lld, fl %f != %f\n", i, h_out[i],
             7 * a + b, h_wide[i], w, h_fl[i], f);
      return 1;
    }
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_wide);
  cudaFree(d_fl);
  free(h_in);
  free(h_out);
  free(h_wide);
  free(h_fl);
  printf("PASSED\n");
  return 0;
}

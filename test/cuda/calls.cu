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

int main() { return 0; }

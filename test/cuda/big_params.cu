// Device functions whose parameters and results do not fit R4..R15: the
// words past the twelfth travel in the stack-argument area below the
// caller's frame (docs/cuda.md, "Device functions and the ABI"). A 4x4
// matrix product passes two 64-byte structs and returns a third; a filter
// passes its taps by value and indexes them by a loop counter (the callee
// keeps a copy of the struct in its frame: the parameter's address is
// taken); a blend takes sixteen scalars; a uchar4 by value is read and
// written byte by byte at -O0; a recursive walk passes a struct through
// every level. Checked at -O0 and -O2 against Inputs/big_params.py.
// RUN: simt-cc -O0 --stack-size 4096 %s -o %t0.o
// RUN: simt-cc -O2 %s -o %t2.o
// RUN: %python %S/Inputs/big_params.py > %t.simt
// RUN: simt-emu %t0.o %t.simt --stats-file %t0.json
// RUN: %python %S/Inputs/stack_empty.py %t0.json
// RUN: simt-emu %t2.o %t.simt --seeds 1-2
// RUN: simt-cc -O0 %s -S -o - | FileCheck %s
// The product passes 32 words and gets 16 back: R1 moves down by the 20
// words past R4..R15 (0x50 bytes) around the call, the caller stores them
// from [R1] up and reads the results' last four from there.
// CHECK-LABEL: .kernel matmul4
// CHECK: IADD32I R1, R1, 0xffffffb0
// CHECK-NEXT: STL [R1], R{{[0-9]+}}
// CHECK: STL [R1+0x4c], R{{[0-9]+}}
// CHECK-NEXT: CAL _Z4mul44Mat4S_
// CHECK-NEXT: LDL R{{[0-9]+}}, [R1]
// CHECK: LDL R{{[0-9]+}}, [R1+0xc]
// CHECK-NEXT: IADD32I R1, R1, 0x50
#include <cuda_runtime.h>

struct Mat4 {
  float m[4][4];
};

__device__ __noinline__ Mat4 mul4(Mat4 a, Mat4 b) {
  Mat4 c;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      float s = 0.0f;
      for (int k = 0; k < 4; ++k)
        s += a.m[i][k] * b.m[k][j];
      c.m[i][j] = s;
    }
  return c;
}

// out[t] = A_t * B_t, the matrices stored one after the other.
extern "C" __global__ void matmul4(const Mat4 *a, const Mat4 *b, Mat4 *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    out[t] = mul4(a[t], b[t]);
}

struct Taps {
  float w[15];
  int count;
  double gain;
};

__device__ __noinline__ float apply(Taps taps, const float *in, int i) {
  float acc = 0.0f;
  for (int j = 0; j < taps.count; ++j)
    acc += taps.w[j] * in[i + j];
  return acc * (float)taps.gain;
}

extern "C" __global__ void filter(Taps taps, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = apply(taps, in, i);
}

__device__ __noinline__ float blend(float a0, float a1, float a2, float a3, float a4, float a5,
                                    float a6, float a7, int b0, int b1, int b2, int b3, int b4,
                                    int b5, int b6, int b7) {
  return a0 * b0 - a1 * b1 + a2 * b2 - a3 * b3 + a4 * b4 - a5 * b5 + a6 * b6 - a7 * b7;
}

extern "C" __global__ void blend16(const float *x, const int *y, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // Divergent: odd threads pass their values reversed.
  if (i & 1)
    out[i] = blend(x[i + 7], x[i + 6], x[i + 5], x[i + 4], x[i + 3], x[i + 2], x[i + 1], x[i],
                   y[i + 7], y[i + 6], y[i + 5], y[i + 4], y[i + 3], y[i + 2], y[i + 1], y[i]);
  else
    out[i] = blend(x[i], x[i + 1], x[i + 2], x[i + 3], x[i + 4], x[i + 5], x[i + 6], x[i + 7],
                   y[i], y[i + 1], y[i + 2], y[i + 3], y[i + 4], y[i + 5], y[i + 6], y[i + 7]);
}

__device__ __noinline__ uchar4 mix(uchar4 a, uchar4 b) {
  return make_uchar4(a.x + b.w, a.y ^ b.z, a.z - b.y, a.w | b.x);
}

extern "C" __global__ void mix4(const uchar4 *p, uchar4 *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i] = mix(p[i], p[(i + 1) % n]);
}

struct Path {
  int step[14];
  int len;
};

// The sum of the first `depth` steps of p, one level a step.
__device__ __noinline__ int walk(Path p, int depth) {
  if (depth == 0)
    return 0;
  return p.step[depth - 1] + walk(p, depth - 1);
}

extern "C" __global__ void walks(Path p, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = walk(p, i % (p.len + 1));
}

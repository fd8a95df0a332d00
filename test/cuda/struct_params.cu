// Structs and arrays passed by value: clang declares them `.param .align A
// .b8 NAME[N]` and reads members with ld.param at offsets, vectors with
// ld.param.v4, sub-words with ld.param.s8/u8/s16, and array members indexed
// by the thread through the parameter's address (LDC). The run script passes
// them as brace lists; objdump shows each parameter's size and alignment.
// RUN: simt-cc %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: %python %S/Inputs/struct_params.py structs > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: %python %S/Inputs/struct_params.py taps > %t-taps.simt
// RUN: simt-emu %t.o %t-taps.simt --seeds 1-2
// KERNELS: structs {{.*}} structs_param_0@0x20:32/8, structs_param_1@0x40:80/16, structs_param_2@0x90:4/4, structs_param_3@0x98:8/8
// KERNELS: taps {{.*}} taps_param_0@0x20:24/4, taps_param_1@0x38:8/8, taps_param_2@0x40:8/8, taps_param_3@0x48:4/4
#include <cuda_runtime.h>

struct Inner {
  short a;
  double d;
};
struct P {
  int n;
  float s;
  float *buf;
  double d;
  char c[3];
};
struct Q {
  float4 v;
  int2 pairs[4];
  Inner in;
  unsigned char tail;
};

extern "C" __global__ void structs(P p, Q q, int k, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n)
    return;
  float x = p.buf[i] * p.s + (float)p.d + p.c[i % 3];
  x += q.v.x + q.v.y * q.v.z - q.v.w;
  x += q.pairs[i % 4].x - q.pairs[(i + 1) % 4].y + q.in.a + (float)q.in.d + q.tail + k;
  out[i] = x;
}

// A filter whose taps travel by value: an array member read in a loop whose
// trip count is another member.
struct Taps {
  float w[5];
  int count;
};

extern "C" __global__ void taps(Taps t, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int j = 0; j < t.count; ++j)
    acc += t.w[j] * in[i + j];
  out[i] = acc;
}

int main() {
  P p = {};
  Q q = {};
  Taps t = {};
  float *out;
  cudaMalloc(&out, 128 * sizeof(float));
  structs<<<1, 128>>>(p, q, 10, out);
  taps<<<1, 128>>>(t, out, out, 100);
  cudaDeviceSynchronize();
  return 0;
}

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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
// KERNELS: structs {{.*}} structs_param_0@0x20:32/8, structs_param_1@0x40:80/16, structs_param_2@0x90:4/4, structs_param_3@0x98:8/8
// KERNELS: taps {{.*}} taps_param_0@0x20:24/4, taps_param_1@0x38:8/8, taps_param_2@0x40:8/8, taps_param_3@0x48:4/4
#include <cuda_runtime.h>
#include <stdio.h>

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
  const int n = 100;
  float h_buf[128], h_out[128], h_taps[128];
  for (int i = 0; i < 128; ++i)
    h_buf[i] = (float)(i % 17) - 8.0f;
  float *buf, *out, *filtered;
  cudaMalloc(&buf, 128 * sizeof(float));
  cudaMalloc(&out, 128 * sizeof(float));
  cudaMalloc(&filtered, 128 * sizeof(float));
  cudaMemcpy(buf, h_buf, sizeof h_buf, cudaMemcpyHostToDevice);
  P p = {};
  p.n = n;
  p.s = 0.5f;
  p.buf = buf;
  p.d = 2.25;
  p.c[0] = -3;
  p.c[1] = 5;
  p.c[2] = 7;
  Q q = {};
  q.v = make_float4(1.5f, 2.0f, -3.0f, 0.25f);
  for (int k = 0; k < 4; ++k)
    q.pairs[k] = make_int2(10 * k + 1, -k - 2);
  q.in.a = -1234;
  q.in.d = 0.75;
  q.tail = 200;
  Taps t = {};
  for (int j = 0; j < 5; ++j)
    t.w[j] = 0.25f * (j + 1);
  t.count = 4;
  structs<<<1, 128>>>(p, q, 10, out);
  taps<<<1, 128>>>(t, out, filtered, n - 4);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_taps, filtered, sizeof h_taps, cudaMemcpyDeviceToHost);
  // CPU reference: the members' sum for each element, then the first
  // t.count taps over it. Every value is a multiple of 1/16 far below 2^20,
  // so float arithmetic is exact and the results must be equal.
  for (int i = 0; i < n; ++i) {
    float expect = h_buf[i] * 0.5f + 2.25f + p.c[i % 3] + (1.5f + 2.0f * -3.0f - 0.25f) +
                   (float)(q.pairs[i % 4].x - q.pairs[(i + 1) % 4].y) - 1234.0f + 0.75f +
                   200.0f + 10.0f;
    if (h_out[i] != expect) {
      printf("structs: mismatch at %d: %f != %f\n", i, h_out[i], expect);
      return 1;
    }
  }
  for (int i = 0; i < n - 4; ++i) {
    float expect = 0.0f;
    for (int j = 0; j < 4; ++j)
      expect += 0.25f * (j + 1) * h_out[i + j];
    if (h_taps[i] != expect) {
      printf("taps: mismatch at %d: %f != %f\n", i, h_taps[i], expect);
      return 1;
    }
  }
  cudaFree(buf);
  cudaFree(out);
  cudaFree(filtered);
  printf("PASSED\n");
  return 0;
}

// Integer / and % (signed and unsigned, by variables and by a constant),
// IEEE division and sqrtf (div.rn.f32, sqrt.rn.f32: bit-exact), and the
// fast intrinsics (__fdividef, __sinf, __cosf, __expf, __logf, rsqrtf: the
// MUFU forms, within their bounds), against Python's results.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o %t.s
// RUN: FileCheck %s < %t.s
// CHECK: .kernel mathops
// CHECK: MUFU.RCP
// CHECK: MUFU.RSQ
// CHECK: MUFU.SIN
// CHECK: MUFU.EX2
// RUN: simt-as %t.s -o %t2.o
// RUN: cmp %t.o %t2.o
// RUN: %python %S/Inputs/math_ref.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
#include <cuda_runtime.h>
#include <stdio.h>

extern "C" __global__ void mathops(const int *a, const int *b, const float *x, const float *y,
                                   int *iq, unsigned *uq, float *exact, float *fast, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int p = a[i], q = (b[i] >> (i & 15)) | 1; // never 0
  unsigned up = (unsigned)p, uqv = (unsigned)b[i] >> (i & 7);
  iq[3 * i] = p / q;
  iq[3 * i + 1] = p % q;
  iq[3 * i + 2] = p / 7 + p % 10;
  uq[2 * i] = uqv ? up / uqv : 0;
  uq[2 * i + 1] = uqv ? up % uqv : up;
  float u = x[i], v = y[i] + 0.5f;
  exact[2 * i] = u / v;
  exact[2 * i + 1] = sqrtf(u);
  fast[4 * i] = __fdividef(u, v);
  fast[4 * i + 1] = __sinf(8.0f * u) + __cosf(u);
  fast[4 * i + 2] = __expf(u) * rsqrtf(v);
  fast[4 * i + 3] = __logf(v);
}

int main() {
  const int n = 1000;
  int *a, *b, *iq;
  unsigned *uq;
  float *x, *y, *exact, *fast;
  cudaMalloc((void **)&a, n * sizeof(int));
  cudaMalloc((void **)&b, n * sizeof(int));
  cudaMalloc((void **)&x, n * sizeof(float));
  cudaMalloc((void **)&y, n * sizeof(float));
  cudaMalloc((void **)&iq, 3 * n * sizeof(int));
  cudaMalloc((void **)&uq, 2 * n * sizeof(unsigned));
  cudaMalloc((void **)&exact, 2 * n * sizeof(float));
  cudaMalloc((void **)&fast, 4 * n * sizeof(float));
  mathops<<<(n + 127) / 128, 128>>>(a, b, x, y, iq, uq, exact, fast, n);
  cudaThreadSynchronize();
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}

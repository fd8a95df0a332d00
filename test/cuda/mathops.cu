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
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

// A random 32-bit word from rand()'s 31 bits.
static unsigned rand32() { return (unsigned)rand() << 16 ^ (unsigned)rand(); }

int main() {
  const int n = 1000;
  int *ha = (int *)malloc(n * sizeof(int)), *hb = (int *)malloc(n * sizeof(int));
  float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    ha[i] = (int)rand32();
    if (ha[i] == INT_MIN) // INT_MIN / -1 overflows
      ha[i] = 0;
    hb[i] = (int)rand32();
    hx[i] = (float)(rand32() >> 8) / 16777216.0f; // exact floats in [0, 1)
    hy[i] = (float)(rand32() >> 8) / 16777216.0f;
  }
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
  cudaMemcpy(a, ha, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyHostToDevice);
  mathops<<<(n + 127) / 128, 128>>>(a, b, x, y, iq, uq, exact, fast, n);
  cudaThreadSynchronize();
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));

  int *hiq = (int *)malloc(3 * n * sizeof(int));
  unsigned *huq = (unsigned *)malloc(2 * n * sizeof(unsigned));
  float *hexact = (float *)malloc(2 * n * sizeof(float));
  float *hfast = (float *)malloc(4 * n * sizeof(float));
  cudaMemcpy(hiq, iq, 3 * n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(huq, uq, 2 * n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(hexact, exact, 2 * n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hfast, fast, 4 * n * sizeof(float), cudaMemcpyDeviceToHost);
  // CPU reference. Integers: C's truncating division, exact. The IEEE
  // division and square root are correctly rounded on both sides: exact.
  // The fast intrinsics against double precision, within the PTX ISA's
  // bounds for the MUFU approximations plus the float arithmetic around
  // them: __fdividef 2 ulp; __sinf + __cosf 2e-6, __expf * rsqrtf 4e-6 and
  // __logf 2e-6 absolute.
  for (int i = 0; i < n; i++) {
    int p = ha[i], d = (hb[i] >> (i % 16)) | 1;
    unsigned up = (unsigned)ha[i], ud = (unsigned)hb[i] >> (i % 8);
    int want_i[3] = {p / d, p % d, p / 7 + p % 10};
    unsigned want_u[2] = {ud != 0 ? up / ud : 0, ud != 0 ? up % ud : up};
    float u = hx[i], v = hy[i] + 0.5f;
    float want_e[2] = {u / v, sqrtf(u)};
    double want_f[4] = {(double)u / v, sin(8.0 * u) + cos((double)u),
                        exp((double)u) / sqrt((double)v), log((double)v)};
    double tol_f[4] = {2.0 * (nextafterf((float)want_f[0], 2.0f) - (float)want_f[0]), 2e-6, 4e-6,
                       2e-6};
    for (int k = 0; k < 3; k++)
      if (hiq[3 * i + k] != want_i[k]) {
        printf("mismatch at iq[%d]: %d != %d\n", 3 * i + k, hiq[3 * i + k], want_i[k]);
        return 1;
      }
    for (int k = 0; k < 2; k++)
      if (huq[2 * i + k] != want_u[k]) {
        printf("mismatch at uq[%d]: %u != %u\n", 2 * i + k, huq[2 * i + k], want_u[k]);
        return 1;
      }
    for (int k = 0; k < 2; k++)
      if (hexact[2 * i + k] != want_e[k]) {
        printf("mismatch at exact[%d]: %.9g != %.9g\n", 2 * i + k, hexact[2 * i + k], want_e[k]);
        return 1;
      }
    for (int k = 0; k < 4; k++)
      if (fabs(hfast[4 * i + k] - want_f[k]) > tol_f[k]) {
        printf("mismatch at fast[%d]: %.9g != %.9g\n", 4 * i + k, hfast[4 * i + k], want_f[k]);
        return 1;
      }
  }
  printf("PASSED\n");
  return 0;
}

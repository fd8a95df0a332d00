// Division, reciprocal and square root in each IEEE rounding, float and
// double: __fdiv_rn/rz/rd/ru, __frcp_*, __fsqrt_*, __ddiv_*, __drcp_* and
// __dsqrt_* (div, rcp and sqrt .rn/.rz/.rm/.rp in PTX, correctly rounded
// sequences in simt-ptxas). Each result must be the one IEEE value its
// mode selects, which the host computes with its own arithmetic in that
// rounding mode (fesetround): bit for bit, NaNs only as NaNs. The operands
// cover every binade, subnormals, quotients that overflow or underflow
// (where the directed modes give the largest finite or the smallest
// subnormal), exact quotients and the special values.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: float div: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: float rcp: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: float sqrt: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: double div: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: double rcp: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: double sqrt: 0 bad of 4096 in each of rn rz rd ru
// CHECK-NEXT: PASSED
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const int N = 4096, kModes = 4, kOps = 3;

// out: [op][mode][i], op 0 div, 1 rcp, 2 sqrt; mode rn, rz, rd, ru.
__global__ void rounded_float(const float *x, const float *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  float a = x[i], b = y[i];
  float *o = out + i;
  o[0 * N] = __fdiv_rn(a, b);
  o[1 * N] = __fdiv_rz(a, b);
  o[2 * N] = __fdiv_rd(a, b);
  o[3 * N] = __fdiv_ru(a, b);
  o[4 * N] = __frcp_rn(b);
  o[5 * N] = __frcp_rz(b);
  o[6 * N] = __frcp_rd(b);
  o[7 * N] = __frcp_ru(b);
  o[8 * N] = __fsqrt_rn(a);
  o[9 * N] = __fsqrt_rz(a);
  o[10 * N] = __fsqrt_rd(a);
  o[11 * N] = __fsqrt_ru(a);
}

__global__ void rounded_double(const double *x, const double *y, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  double a = x[i], b = y[i];
  double *o = out + i;
  o[0 * N] = __ddiv_rn(a, b);
  o[1 * N] = __ddiv_rz(a, b);
  o[2 * N] = __ddiv_rd(a, b);
  o[3 * N] = __ddiv_ru(a, b);
  o[4 * N] = __drcp_rn(b);
  o[5 * N] = __drcp_rz(b);
  o[6 * N] = __drcp_rd(b);
  o[7 * N] = __drcp_ru(b);
  o[8 * N] = __dsqrt_rn(a);
  o[9 * N] = __dsqrt_rz(a);
  o[10 * N] = __dsqrt_rd(a);
  o[11 * N] = __dsqrt_ru(a);
}

static unsigned long long state = 0x243F6A8885A308D3ull;
static unsigned long long next64() {
  unsigned long long z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <class F, class U> static F from_bits(U u) {
  F f;
  memcpy(&f, &u, sizeof f);
  return f;
}

// An operand pair of kind i % 8: any bits; a significand with a chosen
// exponent (from the subnormals to the top binade, for both operands, so
// quotients overflow and underflow); an exact quotient; a special value.
template <class F, class U, int Frac, int Bias>
static void make_pair(int i, F *a, F *b) {
  const int ExpMax = 2 * Bias + 1;
  U ra = (U)next64(), rb = (U)next64();
  U frac = ((U)1 << Frac) - 1, sign = (U)1 << (sizeof(U) * 8 - 1);
  auto with_exp = [&](U bits, int e) { return (bits & (frac | sign)) | ((U)e << Frac); };
  const F specials[] = {0.0f, -0.0f, (F)INFINITY, -(F)INFINITY, (F)NAN, 1.0f, -1.0f, 3.0f};
  switch (i % 8) {
  case 0: *a = from_bits<F>(ra); *b = from_bits<F>(rb); break;
  case 1: case 2:
    *a = from_bits<F>(with_exp(ra, (int)(next64() % ExpMax)));
    *b = from_bits<F>(with_exp(rb, (int)(next64() % ExpMax)));
    break;
  case 3: // near 1, where the last bit decides
    *a = from_bits<F>(with_exp(ra, Bias + (int)(next64() % 3) - 1));
    *b = from_bits<F>(with_exp(rb, Bias + (int)(next64() % 3) - 1));
    break;
  case 4: { // exact: a = q * b with a short q
    F q = (F)(long long)(next64() % 2001 - 1000) * (F)0.25;
    *b = from_bits<F>(with_exp(rb, Bias - 20 + (int)(next64() % 40)));
    *a = q * *b;
    break;
  }
  case 5: // quotients at the subnormal boundary
    *a = from_bits<F>(with_exp(ra, 1 + (int)(next64() % 8)));
    *b = from_bits<F>(with_exp(rb, Bias + (int)(next64() % 30)));
    break;
  case 6: // quotients at the overflow boundary
    *a = from_bits<F>(with_exp(ra, ExpMax - 1 - (int)(next64() % 4)));
    *b = from_bits<F>(with_exp(rb, Bias - (int)(next64() % 4)));
    break;
  default:
    *a = specials[next64() % 8] * (next64() % 2 ? (F)1 : from_bits<F>(with_exp(ra, Bias)));
    *b = specials[next64() % 8];
    break;
  }
}

#ifndef __CUDA_ARCH__
#pragma STDC FENV_ACCESS ON
#endif
static const int kHostMode[kModes] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

template <class F> static F host_op(int op, int mode, F a, F b) {
  volatile F va = a, vb = b, r;
  fesetround(kHostMode[mode]);
  if (op == 0)
    r = va / vb;
  else if (op == 1)
    r = (F)1 / vb;
  else
    r = sqrt(va);
  fesetround(FE_TONEAREST);
  return r;
}

template <class F> static bool same(F got, F want) {
  if (isnan(want))
    return isnan(got);
  return memcmp(&got, &want, sizeof got) == 0;
}

static const char *kOpName[kOps] = {"div", "rcp", "sqrt"};

template <class F, class U, int Frac, int Bias>
static int check(const char *type, void (*kernel)(const F *, const F *, F *)) {
  static F x[N], y[N], out[kOps * kModes * N];
  for (int i = 0; i < N; ++i)
    make_pair<F, U, Frac, Bias>(i, &x[i], &y[i]);
  F *dx, *dy, *dout;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
  kernel<<<N / 128, 128>>>(dx, dy, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int op = 0; op < kOps; ++op) {
    int worst = 0;
    for (int mode = 0; mode < kModes; ++mode) {
      int bad = 0;
      for (int i = 0; i < N; ++i) {
        F got = out[(op * kModes + mode) * N + i];
        F want = host_op(op, mode, x[i], y[i]);
        if (!same(got, want) && bad++ < 3)
          printf("  %s %s mode %d: %a / %a gave %a, want %a\n", type, kOpName[op], mode,
                 (double)x[i], (double)y[i], (double)got, (double)want);
      }
      worst = bad > worst ? bad : worst;
      total += bad;
    }
    printf("%s %s: %d bad of %d in each of rn rz rd ru\n", type, kOpName[op], worst, N);
  }
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
  return total;
}

int main() {
  int bad = check<float, unsigned, 23, 127>("float", rounded_float);
  bad += check<double, unsigned long long, 52, 1023>("double", rounded_double);
  printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}

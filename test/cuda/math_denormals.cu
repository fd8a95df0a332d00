// Float results below 2^-126 are denormals, as on NVIDIA's GPUs (without
// -ftz), never flushed to zero: libclc's expf, exp2f, erfcf and ldexpf
// flush them, so the headers compute those in double there, and normcdff
// in double throughout (cc/headers/__simt_math_functions.h). Each against the host's libm, to
// within 2 units of the denormal spacing 2^-149 or 2 ulp of a normal result;
// the arguments run from where results are normal down to where they
// underflow to 0; "denormal" counts the reference values below 2^-126.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: expf: 0 bad of 64, 45 denormal
// CHECK-NEXT: exp2f: 0 bad of 64, 51 denormal
// CHECK-NEXT: erfcf: 0 bad of 64, 50 denormal
// CHECK-NEXT: ldexpf: 0 bad of 64, 50 denormal
// CHECK-NEXT: scalbnf: 0 bad of 64, 50 denormal
// CHECK-NEXT: normcdff: 0 bad of 64, 50 denormal
// CHECK-NEXT: exp10f: 0 bad of 64, 54 denormal
#include <cmath>
#include <cstdio>

const int N = 64, kFunctions = 7;

// a: each function's arguments, made on the host (so that host and
// kernel round them alike).
__global__ void compute(const float *a, const float *x, const int *e, float *out) {
  int i = threadIdx.x;
  out[0 * N + i] = expf(a[0 * N + i]);
  out[1 * N + i] = exp2f(a[1 * N + i]);
  out[2 * N + i] = erfcf(a[2 * N + i]);
  out[3 * N + i] = ldexpf(x[i], e[i]);
  out[4 * N + i] = scalbnf(x[i], e[i]);
  out[5 * N + i] = normcdff(a[5 * N + i]);
  out[6 * N + i] = exp10f(a[6 * N + i]);
}

static bool close(float got, double want) {
  double spacing = 0x1p-149, err = std::fabs(double(got) - want);
  return err <= 2 * spacing || err <= 2 * std::fabs(want) * 0x1p-23;
}

int main() {
  float x[N], a[kFunctions * N] = {};
  int e[N];
  for (int i = 0; i < N; ++i) {
    x[i] = 1.0f + i / 64.0f, e[i] = -120 - i / 2;
    a[0 * N + i] = -80.0f - 0.4f * i;
    a[1 * N + i] = -120.0f - 0.5f * i;
    a[2 * N + i] = 8.5f + 0.05f * i;
    a[5 * N + i] = -12.0f - 0.07f * i;
    a[6 * N + i] = -36.0f - 0.2f * i;
  }
  float *da, *dx, *dout;
  int *de;
  cudaMalloc(&da, sizeof a);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&de, sizeof e);
  cudaMalloc(&dout, kFunctions * N * sizeof(float));
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(de, e, sizeof e, cudaMemcpyHostToDevice);
  compute<<<1, N>>>(da, dx, de, dout);
  float out[kFunctions * N];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  const char *names[kFunctions] = {"expf", "exp2f", "erfcf", "ldexpf", "scalbnf", "normcdff",
                                   "exp10f"};
  for (int f = 0; f < kFunctions; ++f) {
    int bad = 0, denormal = 0;
    for (int i = 0; i < N; ++i) {
      // The reference in double, of the same float arguments.
      double want, v = a[f * N + i];
      switch (f) {
      case 0: want = std::exp(v); break;
      case 1: want = std::exp2(v); break;
      case 2: want = std::erfc(v); break;
      case 3:
      case 4: want = std::ldexp(double(x[i]), e[i]); break;
      case 5: want = 0.5 * std::erfc(-v / std::sqrt(2.0)); break;
      default: want = std::pow(10.0, v); break;
      }
      float got = out[f * N + i];
      denormal += want != 0 && std::fabs(want) < 0x1p-126;
      if (!close(got, want) && ++bad <= 3)
        printf("  %s #%d: %a, want %a\n", names[f], i, got, want);
    }
    printf("%s: %d bad of %d, %d denormal\n", names[f], bad, N, denormal);
  }
  return 0;
}

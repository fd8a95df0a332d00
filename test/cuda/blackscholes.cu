// Black-Scholes European option prices (call and put) for a batch of
// options, one thread each with a grid-stride loop: the cumulative normal
// distribution by its polynomial approximation, expf/logf/sqrtf and a
// branch on the sign of d. Compared with a double-precision host reference
// within a tolerance.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py blackscholes > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__device__ inline float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f,
              A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  if (d > 0)
    c = 1.0f - c;
  return c;
}

extern "C" __global__ void black_scholes(float *call, float *put, const float *price,
                                         const float *strike, const float *years, float riskfree,
                                         float volatility, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float s = price[i], x = strike[i], t = years[i];
    float sqrt_t = sqrtf(t);
    float d1 = (logf(s / x) + (riskfree + 0.5f * volatility * volatility) * t) /
               (volatility * sqrt_t);
    float d2 = d1 - volatility * sqrt_t;
    float cnd1 = cnd(d1), cnd2 = cnd(d2);
    float expRT = expf(-riskfree * t);
    call[i] = s * cnd1 - x * expRT * cnd2;
    put[i] = x * expRT * (1.0f - cnd2) - s * (1.0f - cnd1);
  }
}

// CPU reference in double precision, as BlackScholes_gold.cpp computes it:
// the same polynomial approximation of the cumulative normal distribution.
static double CND(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937, A4 = -1.821255978,
               A5 = 1.330274429, RSQRT2PI = 0.39894228040143267794;
  double K = 1.0 / (1.0 + 0.2316419 * fabs(d));
  double cnd = RSQRT2PI * exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    cnd = 1.0 - cnd;
  return cnd;
}

static void BlackScholesBodyCPU(double &callResult, double &putResult, double S, double X,
                                double T, double R, double V) {
  double sqrtT = sqrt(T);
  double d1 = (log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrtT);
  double d2 = d1 - V * sqrtT;
  double CNDD1 = CND(d1), CNDD2 = CND(d2);
  double expRT = exp(-R * T);
  callResult = S * CNDD1 - X * expRT * CNDD2;
  putResult = X * expRT * (1.0 - CNDD2) - S * (1.0 - CNDD1);
}

int main() {
  const int n = 400;
  float *p = (float *)malloc(n * sizeof(float)), *k = (float *)malloc(n * sizeof(float)),
        *t = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    p[i] = 5.0f + 25.0f * rand() / RAND_MAX;
    k[i] = 1.0f + 99.0f * rand() / RAND_MAX;
    t[i] = 0.25f + 9.75f * rand() / RAND_MAX;
  }
  float *d_call, *d_put, *d_p, *d_k, *d_t;
  cudaMalloc(&d_call, n * sizeof(float));
  cudaMalloc(&d_put, n * sizeof(float));
  cudaMalloc(&d_p, n * sizeof(float));
  cudaMalloc(&d_k, n * sizeof(float));
  cudaMalloc(&d_t, n * sizeof(float));
  cudaMemcpy(d_p, p, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, k, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, t, n * sizeof(float), cudaMemcpyHostToDevice);
  black_scholes<<<2, 128>>>(d_call, d_put, d_p, d_k, d_t, 0.02f, 0.30f, n);
  cudaDeviceSynchronize();
  printf("done\n");

  float *call = (float *)malloc(n * sizeof(float)), *put = (float *)malloc(n * sizeof(float));
  cudaMemcpy(call, d_call, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(put, d_put, n * sizeof(float), cudaMemcpyDeviceToHost);
  // Prices are below 100; single precision keeps them within 1e-4 absolute
  // (plus 1e-5 relative) of the double-precision reference.
  for (int i = 0; i < n; ++i) {
    double gold_call, gold_put;
    BlackScholesBodyCPU(gold_call, gold_put, p[i], k[i], t[i], 0.02f, 0.30f);
    if (fabs(call[i] - gold_call) > 1e-4 + 1e-5 * fabs(gold_call) ||
        fabs(put[i] - gold_put) > 1e-4 + 1e-5 * fabs(gold_put)) {
      printf("mismatch at %d: call %f != %f, put %f != %f\n", i, call[i], gold_call, put[i],
             gold_put);
      return 1;
    }
  }
  printf("PASSED\n");
  free(p);
  free(k);
  free(t);
  free(call);
  free(put);
  return 0;
}

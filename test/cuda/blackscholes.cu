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
  return 0;
}

// The float overloads of C++11's <cmath> functions in device code, called
// unqualified as CUDA's math_functions.hpp lets programs call them
// (`fmax(a, b)` on floats): each computes in float and equals its
// f-suffixed function bit for bit; the exactly rounded ones (fmax, fmin,
// fdim, copysign, fma, trunc, round, rint, nearbyint, nextafter,
// remainder, logb, ilogb, scalbn, scalbln and the integer roundings) also
// equal the host's <cmath> on the same floats. Before, each was a call of
// a function with no body (HeCBench's zeropoint).
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: overloads: 0 differ from the f functions, 0 from the host
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>

#define ALL(X)                                                                               \
  X(acosh(x + 2), acoshf(x + 2), false) X(asinh(x), asinhf(x), false)                     \
  X(atanh(x / 8), atanhf(x / 8), false) X(cbrt(x), cbrtf(x), false)                       \
  X(copysign(y, x), copysignf(y, x), true) X(erf(x), erff(x), false)                      \
  X(erfc(x), erfcf(x), false) X(exp2(x), exp2f(x), false) X(expm1(x), expm1f(x), false)  \
  X(fdim(x, y), fdimf(x, y), true) X(fma(x, y, 0.5f), fmaf(x, y, 0.5f), true)             \
  X(fmax(x, y), fmaxf(x, y), true) X(fmin(x, y), fminf(x, y), true)                      \
  X(hypot(x, y), hypotf(x, y), false) X(ilogb(x + 9), ilogbf(x + 9), true)                \
  X(lgamma(x + 9), lgammaf(x + 9), false) X(llrint(x), llrintf(x), true)                  \
  X(llround(x), llroundf(x), true) X(log1p(x + 2), log1pf(x + 2), false)                  \
  X(log2(x + 9), log2f(x + 9), false) X(logb(x + 9), logbf(x + 9), true)                  \
  X(lrint(x), lrintf(x), true) X(lround(x), lroundf(x), true)                             \
  X(nearbyint(x), nearbyintf(x), true) X(nextafter(x, y), nextafterf(x, y), true)         \
  X(remainder(x, y), remainderf(x, y), true) X(rint(x), rintf(x), true)                   \
  X(round(x), roundf(x), true) X(scalbln(x, 3L), scalblnf(x, 3L), true)                   \
  X(scalbn(x, -2), scalbnf(x, -2), true) X(tgamma(x / 4 + 2), tgammaf(x / 4 + 2), false)  \
  X(trunc(x), truncf(x), true)
#define COUNT(A, B, E) +1
constexpr int kFns = 0 ALL(COUNT);
constexpr int kN = 8;

// Each result as float bits (the integer ones converted), overload first.
__global__ void eval(const float *xs, const float *ys, float *over, float *plain) {
  const float x = xs[threadIdx.x], y = ys[threadIdx.x];
  int k = 0;
#define EVAL(A, B, E)                                                                        \
  static_assert(!std::is_same<decltype(A), double>::value, #A " computes in double");        \
  over[k * kN + threadIdx.x] = float(A);                                                      \
  plain[k * kN + threadIdx.x] = float(B);                                                     \
  ++k;
  ALL(EVAL)
}

int main() {
  const float xs[kN] = {-2.75f, -0.5f, 0.1f, 1.5f, 2.5f, 3.0f, 5.125f, -7.25f};
  const float ys[kN] = {1.25f, -3.0f, 0.3f, 1.5f, -2.0f, 4.5f, 0.75f, 6.0f};
  float *dx, *dy, *dover, *dplain;
  cudaMalloc(&dx, sizeof xs);
  cudaMalloc(&dy, sizeof ys);
  cudaMalloc(&dover, kFns * kN * sizeof(float));
  cudaMalloc(&dplain, kFns * kN * sizeof(float));
  cudaMemcpy(dx, xs, sizeof xs, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, ys, sizeof ys, cudaMemcpyHostToDevice);
  eval<<<1, kN>>>(dx, dy, dover, dplain);
  static float over[kFns * kN], plain[kFns * kN];
  cudaMemcpy(over, dover, sizeof over, cudaMemcpyDeviceToHost);
  cudaMemcpy(plain, dplain, sizeof plain, cudaMemcpyDeviceToHost);
  int fromF = 0, fromHost = 0;
  for (int t = 0; t < kN; ++t) {
    const float x = xs[t], y = ys[t];
    int k = 0;
#define CHECK(A, B, E)                                                                       \
  {                                                                                          \
    const float host = float(B);                                                             \
    const float o = over[k * kN + t], p = plain[k * kN + t];                                 \
    if (std::memcmp(&o, &p, 4) != 0 && !(std::isnan(o) && std::isnan(p))) {                 \
      ++fromF;                                                                               \
      std::printf("%s at %g, %g: %a, %s %a\n", #A, x, y, o, #B, p);                          \
    }                                                                                        \
    if (E && o != host) {                                                                    \
      ++fromHost;                                                                            \
      std::printf("%s at %g, %g: %a, host %a\n", #A, x, y, o, host);                         \
    }                                                                                        \
    ++k;                                                                                     \
  }
    ALL(CHECK)
  }
  std::printf("overloads: %d differ from the f functions, %d from the host\n", fromF, fromHost);
  return 0;
}

// The program's floating-point environment is the host's, not the
// device's: device code runs under the default one (round to nearest, no
// traps) whatever the program set, and the program's comes back after. A
// program that unmasks exceptions (HeCBench's halo-finder: fesetenv with
// traps) died of SIGFPE when a lane computed 1/0 in an inactive or
// predicated path; one that rounds upward got device sums rounded upward.
// The expected sums are the host's, computed before the environment
// changes: 1 + 2^-24 rounds to 1 to nearest (2^-24 is half an ulp, a tie
// to even), and up to 1 + 2^-23 under FE_UPWARD.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: host default 0x1p+0
// CHECK-NEXT: device sum 0x1p+0
// CHECK-NEXT: reciprocals 0.5 inf
// CHECK-NEXT: host rounds upward again: yes; traps still on: yes
#include <cfenv>
#include <cstdio>

__global__ void work(const float *in, float *out) {
  const int t = threadIdx.x;
  out[t] = in[0] + in[1]; // every lane: the tie
  if (t < 2)
    out[32 + t] = 1.0f / in[2 + t]; // lane 1 divides by zero
}

int main() {
  float h[4] = {1.0f, 0x1p-24f, 2.0f, 0.0f};
  volatile float a = h[0], b = h[1];
  printf("host default %a\n", a + b); // before the environment changes
  float *in, *out, res[64];
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof res);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  std::fesetround(FE_UPWARD);
  feenableexcept(FE_DIVBYZERO | FE_INVALID | FE_OVERFLOW);
  work<<<1, 32>>>(in, out);
  cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost);
  const bool upward = std::fegetround() == FE_UPWARD;
  const bool traps = (fegetexcept() & FE_DIVBYZERO) != 0;
  fedisableexcept(FE_ALL_EXCEPT);
  std::fesetround(FE_TONEAREST);
  printf("device sum %a\n", res[0]);
  printf("reciprocals %g %g\n", res[32], res[33]);
  printf("host rounds upward again: %s; traps still on: %s\n", upward ? "yes" : "no",
         traps ? "yes" : "no");
  return 0;
}

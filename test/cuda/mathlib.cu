// The CUDA math library (libclc's implementations, linked by simt-cc):
// each function over a range of inputs, against Python's math module in
// double precision, within the OpenCL 1.2 full-profile single-precision
// bounds libclc is written to (OpenCL 1.2 section 7.4, table 7.1). CUDA's
// programming guide states tighter bounds for some (expf 2 ulp, sinf 2
// ulp, ...); these are libclc's. The reference is rounded to binary32, so
// a result within N ulp of the exact value is within N ulp of it too
// (distances between floats are whole ulps). Bounds, in the order of the
// cases below:
//   expf 3, exp2f 3, sinf 4, cosf 4, tanf 5, asinf 4, acosf 4, atanf 5,
//   atan2f 6, tanhf 5, erff 16, erfcf 16, sinpif 4, cospif 4, hypotf 4,
//   fmodf 0, floorf 0, truncf 0, roundf 0, ceilf 0, sincosf 4 (sin, cos),
//   logf 3, log2f 3, log10f 3, log1pf 2, powf 16, exp10f 3, expm1f 3,
//   sinhf 4, coshf 4, asinhf 4, acoshf 4, atanhf 5, cbrtf 2
// (the log/pow/hyperbolic family reads libclc's tables in .const variables,
// which simt-ptxas places in constant bank 2).
// erfcf is tested on [-3, 7.5): just below 8 libclc's erfcf is off by up to
// ~70 ulp (libclc's own code run on the host gives the same values).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/mathlib_ref.py > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-cc -m32 %s -o %t32.o
// RUN: %python %S/Inputs/mathlib_ref.py --m32 > %t32.simt
// RUN: simt-emu %t32.o %t32.simt
#include <cuda_runtime.h>

// in and out hold `cases` rows of n values; row blockIdx.y is one function.
extern "C" __global__ void mathlib(const float *x, const float *y, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k = blockIdx.y;
  float a = x[k * n + i], b = y[k * n + i], r;
  switch (k) {
  case 0: r = expf(a); break;
  case 1: r = exp2f(a); break;
  case 2: r = sinf(a); break;
  case 3: r = cosf(a); break;
  case 4: r = tanf(a); break;
  case 5: r = asinf(a); break;
  case 6: r = acosf(a); break;
  case 7: r = atanf(a); break;
  case 8: r = atan2f(a, b); break;
  case 9: r = tanhf(a); break;
  case 10: r = erff(a); break;
  case 11: r = erfcf(a); break;
  case 12: r = sinpif(a); break;
  case 13: r = cospif(a); break;
  case 14: r = hypotf(a, b); break;
  case 15: r = fmodf(a, b); break;
  case 16: r = floorf(a); break;
  case 17: r = truncf(a); break;
  case 18: r = roundf(a); break;
  case 19: r = ceilf(a); break;
  case 22: r = logf(a); break;
  case 23: r = log2f(a); break;
  case 24: r = log10f(a); break;
  case 25: r = log1pf(a); break;
  case 26: r = powf(a, b); break;
  case 27: r = exp10f(a); break;
  case 28: r = expm1f(a); break;
  case 29: r = sinhf(a); break;
  case 30: r = coshf(a); break;
  case 31: r = asinhf(a); break;
  case 32: r = acoshf(a); break;
  case 33: r = atanhf(a); break;
  case 34: r = cbrtf(a); break;
  default: {
    float s, c;
    sincosf(a, &s, &c);
    r = k == 20 ? s : c; // 20 and 21
  }
  }
  out[k * n + i] = r;
}

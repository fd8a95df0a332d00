// CUDA's math overload sets as programs of the Rodinia era call them
// (cc/include/__simt_math_functions.h: clang's __clang_cuda_math.h and
// __clang_cuda_cmath.h over libclc): double arithmetic through the C names
// (sqrt(Ko / 5.4), fabs of a double expression), integral arguments
// promoting to double (sqrt(n), pow(i, 2)), the float overloads and std::
// versions, CUDA's mixed signed/unsigned min and max (max(1, u) is
// unsigned), and the fast intrinsics with literal arguments (__powf(2, i)).
// Values against Inputs/math_overloads_ref.py, computed with Python's math
// module at test time; the tolerances are argued there. -m32 takes the
// fallback <limits> (no i386 C++ headers on the build machine).
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/math_overloads_ref.py > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-cc -m32 %s -o %t32.o
// RUN: %python %S/Inputs/math_overloads_ref.py --m32 > %t32.simt
// RUN: simt-emu %t32.o %t32.simt
#include <cuda_runtime.h>

// One thread per input row: d = {Ko, a, b}, n, u.
extern "C" __global__ void doubles(const double *d, const int *n, double *out) {
  int t = threadIdx.x;
  double Ko = d[3 * t], a = d[3 * t + 1], b = d[3 * t + 2];
  double *o = out + 7 * t;
  o[0] = sqrt(Ko / 5.4);
  o[1] = sqrt(abs(n[t]));     // int: promoted to double
  o[2] = fabs(a - 3.0 * b);
  o[3] = fmax(n[t], 2) + floor(n[t]); // int arguments: double
  o[4] = std::sqrt(a * a + 1.0);
  o[5] = fmax(a, b) + std::abs(b);
  o[6] = pow(n[t], 2);        // int, int: libclc's f64 pow
}

extern "C" __global__ void integers(const int *n, const unsigned *u, unsigned *out) {
  int t = threadIdx.x;
  unsigned *o = out + 6 * t;
  o[0] = max(1, u[t]);        // int, unsigned: unsigned
  o[1] = min(-1, u[t]);       // -1 converts to 0xffffffff
  o[2] = max(n[t], -5);
  o[3] = (unsigned)abs(n[t]);
  long long big = (long long)n[t] * 1000000;
  o[4] = (unsigned)(max(big, 7000000LL) / 1000);
  o[5] = (unsigned)min((unsigned long long)u[t], 3ull);
}

extern "C" __global__ void floats(const float *x, const int *n, float *out) {
  int t = threadIdx.x;
  float v = x[t];
  int i = n[t] % 8;
  float *o = out + 16 * t;
  o[0] = __powf(2, i);
  o[1] = __expf(v);
  o[2] = __fdividef(v, 3.0f);
  o[3] = __logf(fabsf(v) + 0.5f);
  o[4] = __log2f(fabsf(v) + 0.5f);
  o[5] = __log10f(fabsf(v) + 0.5f);
  o[6] = __exp10f(v);
  o[7] = __sinf(v);
  o[8] = __cosf(v);
  o[9] = __tanf(v * 0.25f);
  o[10] = __saturatef(v);
  o[11] = sqrt(fabs(v));      // float overloads: float results
  o[12] = pow(v, 3);          // float, int
  o[13] = std::sqrt(v * v);
  o[14] = min(v, 0.25f);
  o[15] = max(v, 0.5);        // float, double: double
}

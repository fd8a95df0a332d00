// The 64-bit and rounding intrinsics: __clzll, __brevll, __ffsll, __popcll,
// __mul64hi/__umul64hi, the averages (__hadd, __rhadd, __uhadd, __urhadd),
// sums of absolute differences (__sad, __usad), the double's words
// (__double2hiint, __double2loint, __hiloint2double), conversions in an
// explicit rounding mode (__float2int_rd, __float2uint_ru, __ll2float_rz,
// __double2float_rd, ...) and float arithmetic rounded toward zero, up
// and down (__fadd_rz, __fmul_ru, __fmul_rd, __dadd_ru, __dmul_rz); short division
// and remainder; and 64-bit atomics on shared memory (load-and-lock loops
// of LDSLK.64/STSUL.64): add, CAS, min, max, exchange and the bitwise ops.
// Expected values: test/cuda/Inputs/bits64.py, from the CUDA definitions.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: LDSLK.64
// CHECK: STSUL.64
// RUN: %python %S/Inputs/bits64.py > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3
#include <cuda_runtime.h>

#define THREADS 64

extern "C" __global__ void shared_atomics64(const unsigned long long *a,
                                            const unsigned long long *b,
                                            unsigned long long *shared_out) {
  __shared__ unsigned long long sum, cas, lo, hi, swap, ands, ors, xors;
  int t = threadIdx.x;
  unsigned long long x = a[t], y = b[t];
  if (t == 0) {
    sum = 0;
    cas = 0;
    lo = ~0ull;
    hi = 0;
    swap = 0;
    ands = ~0ull;
    ors = 0;
    xors = 0;
  }
  __syncthreads();
  atomicAdd(&sum, x);
  // Thread k succeeds only when cas holds k: a chain of 64 in thread order.
  while (atomicCAS(&cas, (unsigned long long)t, (unsigned long long)t + 1) != (unsigned long long)t)
    ;
  atomicMin(&lo, x);
  atomicMax(&hi, y);
  atomicExch(&swap, 7ull);
  atomicAnd(&ands, x | (1ull << (t % 64)) | 0x8000000000000001ull);
  atomicOr(&ors, 1ull << ((t * 7) % 64));
  atomicXor(&xors, y);
  __syncthreads();
  if (t == 0) {
    shared_out[0] = sum;
    shared_out[1] = cas;
    shared_out[2] = lo;
    shared_out[3] = hi;
    shared_out[4] = swap;
    shared_out[5] = ands;
    shared_out[6] = ors;
    shared_out[7] = xors;
  }
}

extern "C" __global__ void int_intrinsics64(const unsigned long long *a,
                                            const unsigned long long *b, const float *f,
                                            const double *d, unsigned long long *out) {
  int t = threadIdx.x;
  unsigned long long x = a[t], y = b[t];
  unsigned long long *o = out + 16 * t;
  int xi = (int)x, yi = (int)y;
  o[0] = __clzll((long long)x);
  o[1] = __brevll(x);
  o[2] = __ffsll((long long)y);
  o[3] = __popcll(x);
  o[4] = (unsigned long long)__mul64hi((long long)x, (long long)y);
  o[5] = __umul64hi(x, y);
  o[6] = (unsigned)__hadd(xi, yi);
  o[7] = (unsigned)__rhadd(xi, yi);
  o[8] = __uhadd((unsigned)x, (unsigned)y);
  o[9] = __urhadd((unsigned)x, (unsigned)y);
  o[10] = __sad(xi, yi, (unsigned)(x >> 40));
  o[11] = __usad((unsigned)x, (unsigned)y, (unsigned)(y >> 40));
  double dv = d[t];
  o[12] = (unsigned)__double2hiint(dv);
  o[13] = (unsigned)__double2loint(dv);
  o[14] = __double_as_longlong(__hiloint2double((int)(x >> 32), (int)y));
  o[15] = (unsigned long long)__float2ll_rd(f[t] * 1.0e6f);
}

extern "C" __global__ void rounding(const unsigned long long *a, const unsigned long long *b,
                                    const float *f, const double *d, float *fout,
                                    double *dout, const short *sa, short *sout) {
  int t = threadIdx.x;
  unsigned long long x = a[t], y = b[t];
  double dv = d[t];
  float fv = f[t], gv = f[t + THREADS];
  float *fo = fout + 10 * t;
  fo[0] = (float)__float2int_rd(fv * 1000.0f);
  fo[1] = (float)__float2uint_ru(fv * 1000.0f);
  fo[2] = (float)__float2int_rn(fv * 1000.0f);
  fo[3] = __ll2float_rz((long long)x);
  fo[4] = __ull2float_ru(y);
  fo[5] = __double2float_rd(dv);
  fo[6] = __fadd_rz(fv, gv * 1.0e-7f);
  fo[7] = __fmul_ru(fv, gv);
  fo[8] = __fmul_rd(fv, gv + 0.5f);
  fo[9] = __uint2float_rz((unsigned)y);
  double *dd = dout + 2 * t;
  dd[0] = __dadd_ru(dv, 1.0e-20);
  dd[1] = __dmul_rz(dv, 1.0 / 3.0);

  short s = sa[t], r = sa[t + THREADS];
  sout[2 * t] = s / r;
  sout[2 * t + 1] = (short)((unsigned short)s % (unsigned short)r);
}

// The host program: the three kernels on inputs built here, checked against
// the CUDA definitions computed on the CPU. Every result is exact: integers
// bit for bit, and each rounded float or double is the one IEEE value its
// mode selects, which the host computes with its own arithmetic in that
// rounding mode (fesetround), so the comparison is exact too.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned long long splitmix_state;
static unsigned long long splitmix64() {
  unsigned long long z = (splitmix_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double uniform01() { return (double)(splitmix64() >> 11) * 0x1p-53; }

static int ref_clz64(unsigned long long x) {
  int n = 0;
  for (int bit = 63; bit >= 0 && !((x >> bit) & 1); --bit)
    ++n;
  return n;
}
static unsigned long long ref_brev64(unsigned long long x) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i)
    if ((x >> i) & 1)
      r |= 1ull << (63 - i);
  return r;
}
static int ref_ffs64(unsigned long long x) {
  for (int i = 0; i < 64; ++i)
    if ((x >> i) & 1)
      return i + 1;
  return 0;
}
static int ref_popc64(unsigned long long x) {
  int n = 0;
  for (; x; x >>= 1)
    n += (int)(x & 1);
  return n;
}
static long long floor_half(long long v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }
static unsigned long long bits_of(double v) {
  unsigned long long u;
  memcpy(&u, &v, sizeof u);
  return u;
}

#ifndef __CUDA_ARCH__
#pragma STDC FENV_ACCESS ON
#endif
// The rounded operations: each in the mode its intrinsic names.
static float ll2float(long long x, int mode) {
  fesetround(mode);
  volatile float r = (float)x;
  fesetround(FE_TONEAREST);
  return r;
}
static float ull2float(unsigned long long x, int mode) {
  fesetround(mode);
  volatile float r = (float)x;
  fesetround(FE_TONEAREST);
  return r;
}
static float double2float(double x, int mode) {
  fesetround(mode);
  volatile float r = (float)x;
  fesetround(FE_TONEAREST);
  return r;
}
static float fadd(float x, float y, int mode) {
  fesetround(mode);
  volatile float r = x + y;
  fesetround(FE_TONEAREST);
  return r;
}
static float fmul(float x, float y, int mode) {
  fesetround(mode);
  volatile float r = x * y;
  fesetround(FE_TONEAREST);
  return r;
}
static double dadd(double x, double y, int mode) {
  fesetround(mode);
  volatile double r = x + y;
  fesetround(FE_TONEAREST);
  return r;
}
static double dmul(double x, double y, int mode) {
  fesetround(mode);
  volatile double r = x * y;
  fesetround(FE_TONEAREST);
  return r;
}
#ifndef __CUDA_ARCH__
#pragma STDC FENV_ACCESS OFF
#endif

static bool same_float(float x, float y) { return memcmp(&x, &y, sizeof x) == 0; }
static bool same_double(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

int main() {
  const int T = THREADS;
  unsigned long long a[T], b[T], out[16 * T], shared_out[8];
  float f[2 * T], fout[10 * T];
  double d[T], dout[2 * T];
  short sa[2 * T], sout[2 * T];
  splitmix_state = 61;
  for (int t = 0; t < T; ++t)
    a[t] = splitmix64();
  for (int t = 0; t < T; ++t) {
    unsigned long long v = splitmix64();
    b[t] = v >> (v & 31);
  }
  // The edges: zero, one, all ones, the top bit alone; a power of two.
  const unsigned long long ea[4] = {0, 1, ~0ull, 1ull << 63}, eb[4] = {0, ~0ull, 1ull << 40, 3};
  memcpy(a, ea, sizeof ea);
  memcpy(b, eb, sizeof eb);
  for (int i = 0; i < 2 * T; ++i)
    f[i] = (float)(uniform01() * 4.0 - 2.0);
  for (int t = 0; t < T; ++t)
    d[t] = (uniform01() - 0.5) * 1e5 / 3.0;
  for (int i = 0; i < 2 * T; ++i)
    sa[i] = (short)splitmix64();
  for (int i = T; i < 2 * T; ++i)
    if (sa[i] == 0)
      sa[i] = 1;
  sa[0] = -32768; // -32768 / -1 overflows short and wraps
  sa[T] = -1;

  unsigned long long *da, *db, *dshared, *dout64;
  float *df, *dfout;
  double *dd, *ddout;
  short *dsa, *dsout;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dshared, sizeof shared_out);
  cudaMalloc(&dout64, sizeof out);
  cudaMalloc(&df, sizeof f);
  cudaMalloc(&dfout, sizeof fout);
  cudaMalloc(&dd, sizeof d);
  cudaMalloc(&ddout, sizeof dout);
  cudaMalloc(&dsa, sizeof sa);
  cudaMalloc(&dsout, sizeof sout);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
  cudaMemcpy(dsa, sa, sizeof sa, cudaMemcpyHostToDevice);
  shared_atomics64<<<1, T>>>(da, db, dshared);
  int_intrinsics64<<<1, T>>>(da, db, df, dd, dout64);
  rounding<<<1, T>>>(da, db, df, dd, dfout, ddout, dsa, dsout);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernels failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(shared_out, dshared, sizeof shared_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(out, dout64, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(dout, ddout, sizeof dout, cudaMemcpyDeviceToHost);
  cudaMemcpy(sout, dsout, sizeof sout, cudaMemcpyDeviceToHost);

  // Shared atomics: each update commutes; the CAS chain ends at T.
  unsigned long long ref_shared[8] = {0, (unsigned long long)T, ~0ull, 0, 7, ~0ull, 0, 0};
  for (int t = 0; t < T; ++t) {
    ref_shared[0] += a[t];
    if (a[t] < ref_shared[2])
      ref_shared[2] = a[t];
    if (b[t] > ref_shared[3])
      ref_shared[3] = b[t];
    ref_shared[5] &= a[t] | (1ull << (t % 64)) | 0x8000000000000001ull;
    ref_shared[6] |= 1ull << ((t * 7) % 64);
    ref_shared[7] ^= b[t];
  }
  for (int i = 0; i < 8; ++i)
    if (shared_out[i] != ref_shared[i]) {
      printf("shared_atomics64: shared_out[%d] = %#llx, expected %#llx\n", i, shared_out[i],
             ref_shared[i]);
      return 1;
    }

  for (int t = 0; t < T; ++t) {
    unsigned long long x = a[t], y = b[t];
    int xi = (int)x, yi = (int)y;
    unsigned xu = (unsigned)x, yu = (unsigned)y;
    long long dxy = (long long)xi - yi, duxy = (long long)xu - yu;
    unsigned long long ref[16] = {
        (unsigned long long)ref_clz64(x),
        ref_brev64(x),
        (unsigned long long)ref_ffs64(y),
        (unsigned long long)ref_popc64(x),
        (unsigned long long)(((__int128)(long long)x * (long long)y) >> 64),
        (unsigned long long)(((unsigned __int128)x * y) >> 64),
        (unsigned)floor_half((long long)xi + yi),
        (unsigned)floor_half((long long)xi + yi + 1),
        ((unsigned long long)xu + yu) >> 1,
        ((unsigned long long)xu + yu + 1) >> 1,
        (unsigned)((x >> 40) + (unsigned long long)(dxy < 0 ? -dxy : dxy)),
        (unsigned)((y >> 40) + (unsigned long long)(duxy < 0 ? -duxy : duxy)),
        bits_of(d[t]) >> 32,
        bits_of(d[t]) & 0xffffffffull,
        (x & ~0xffffffffull) | (y & 0xffffffffull),
        (unsigned long long)(long long)floorf(f[t] * 1.0e6f),
    };
    for (int k = 0; k < 16; ++k)
      if (out[16 * t + k] != ref[k]) {
        printf("int_intrinsics64: thread %d result %d = %#llx, expected %#llx\n", t, k,
               out[16 * t + k], ref[k]);
        return 1;
      }

    float fv = f[t], gv = f[t + T];
    float k1000 = fv * 1000.0f, ceil1000 = ceilf(k1000);
    float fref[10] = {
        floorf(k1000),
        ceil1000 < 0.0f ? 0.0f : ceil1000, // unsigned: negatives saturate to 0
        nearbyintf(k1000),                 // round to nearest even
        ll2float((long long)x, FE_TOWARDZERO),
        ull2float(y, FE_UPWARD),
        double2float(d[t], FE_DOWNWARD),
        fadd(fv, gv * 1.0e-7f, FE_TOWARDZERO),
        fmul(fv, gv, FE_UPWARD),
        fmul(fv, gv + 0.5f, FE_DOWNWARD),
        ull2float(y & 0xffffffffull, FE_TOWARDZERO),
    };
    for (int k = 0; k < 10; ++k)
      if (!same_float(fout[10 * t + k], fref[k])) {
        printf("rounding: thread %d float %d = %a, expected %a\n", t, k, fout[10 * t + k], fref[k]);
        return 1;
      }
    double dref[2] = {dadd(d[t], 1.0e-20, FE_UPWARD), dmul(d[t], 1.0 / 3.0, FE_TOWARDZERO)};
    for (int k = 0; k < 2; ++k)
      if (!same_double(dout[2 * t + k], dref[k])) {
        printf("rounding: thread %d double %d = %a, expected %a\n", t, k, dout[2 * t + k], dref[k]);
        return 1;
      }

    int s = sa[t], r = sa[t + T];
    short sref[2] = {(short)(s / r), (short)((s & 0xffff) % (r & 0xffff))};
    for (int k = 0; k < 2; ++k)
      if (sout[2 * t + k] != sref[k]) {
        printf("rounding: thread %d short %d = %d, expected %d\n", t, k, sout[2 * t + k], sref[k]);
        return 1;
      }
  }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dshared);
  cudaFree(dout64);
  cudaFree(df);
  cudaFree(dfout);
  cudaFree(dd);
  cudaFree(ddout);
  cudaFree(dsa);
  cudaFree(dsout);
  printf("PASSED\n");
  return 0;
}

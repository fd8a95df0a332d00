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

// Half precision and bfloat16 (cuda_fp16.h, cuda_bf16.h) on a device without
// either: the conversions (every 16-bit pattern to float, edge and random
// floats, doubles and integers to each format in the four rounding modes,
// the formats to integers), the arithmetic and comparisons and their
// operators, the pairs, the math functions, atomicAdd in global and shared
// memory and (sm_35) the shuffles; every device result against an
// independent host reference written here (a binary search among the
// format's exact values), and the headers' host functions against the same.
// Exhaustive arithmetic, not what the ASan pass looks for:
// UNSUPPORTED: asan
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O2 %s -o %t35
// RUN: %t35 | FileCheck %s --check-prefixes=CHECK,SM35
// The same with the warp JIT compiling the hot runs (CI runs the other CUDA
// programs so in its sanitizer pass, where this one is left out):
// RUN: env SIMT_EMU_FLAGS="--jit auto --jit-hot 64 --jit-cache 256" %t35 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM35
// CHECK: half: to float PASSED
// CHECK: half: from float PASSED
// CHECK: half: integers PASSED
// CHECK: half: arithmetic PASSED
// CHECK: half: math PASSED
// CHECK: bfloat16: to float PASSED
// CHECK: bfloat16: from float PASSED
// CHECK: bfloat16: integers PASSED
// CHECK: bfloat16: arithmetic PASSED
// CHECK: bfloat16: math PASSED
// CHECK: pairs PASSED
// CHECK: atomics PASSED
// SM35: shuffles PASSED
// CHECK: host PASSED
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

typedef unsigned short u16;
typedef __int128 i128;
static int fail = 0;
static void check(bool ok, const char *what, long i, unsigned got = 0, unsigned want = 0) {
  if (!ok && fail++ < 10)
    printf("FAILED %s at %ld: got %#x, want %#x\n", what, i, got, want);
}

// ---- The host reference, independent of the headers ---------------------

struct Fmt {
  int frac, bias; // fraction bits, exponent bias
  const char *name;
};
static const Fmt HALF = {10, 15, "half"}, BF16 = {7, 127, "bfloat16"};
static unsigned infOf(Fmt f) { return 0x7fffu >> f.frac << f.frac; }
static bool isNaN(u16 h, Fmt f) { return (h & 0x7fffu) > infOf(f); }
// The value of a 16-bit pattern, from its fields.
static double value(u16 h, Fmt f) {
  int emax = (int)(infOf(f) >> f.frac), e = (h & 0x7fff) >> f.frac, m = h & ((1 << f.frac) - 1);
  double v = e == emax ? (m ? NAN : INFINITY)
             : e      ? std::ldexp((1 << f.frac) + m, e - f.bias - f.frac)
                      : std::ldexp(m, 1 - f.bias - f.frac);
  return h & 0x8000 ? -v : v;
}
static unsigned floatBits(float x) {
  unsigned u;
  memcpy(&u, &x, 4);
  return u;
}
static float bitsFloat(unsigned u) {
  float x;
  memcpy(&x, &u, 4);
  return x;
}
// What the format's value is as a float: exact; NaN is 0x7fffffff from a
// half, the bits shifted from a bfloat16.
static unsigned refToFloat(u16 h, Fmt f) {
  if (f.frac == 7)
    return (unsigned)h << 16;
  return isNaN(h, f) ? 0x7fffffffu : floatBits((float)value(h, f));
}

enum { RN, RZ, RD, RU };
// The magnitude of positive pattern k (k <= infinity's bits, which stand for
// where the next binade would start) in T: double, or an integer counting
// 2^-scale.
template <class T> static T mag(unsigned k, Fmt f, int scale);
template <> double mag<double>(unsigned k, Fmt f, int) {
  return k == infOf(f) ? std::ldexp(1.0, f.bias + 1) : value((u16)k, f);
}
template <> i128 mag<i128>(unsigned k, Fmt f, int scale) {
  return (i128)std::ldexp(mag<double>(k, f, 0), scale);
}
// x (finite, exact in T) rounded in `mode`: the largest value not above |x|
// (searched among the patterns up to hiK), or the next one, by where |x|
// lies between them.
template <class T>
static u16 roundTo(T x, bool neg, int mode, Fmt f, int scale = 0, unsigned hiK = 0) {
  if (x < 0)
    x = -x;
  unsigned lo = 0, hi = hiK ? hiK : infOf(f) - 1;
  while (lo < hi) {
    unsigned mid = (lo + hi + 1) / 2;
    if (mag<T>(mid, f, scale) <= x)
      lo = mid;
    else
      hi = mid - 1;
  }
  T below = x - mag<T>(lo, f, scale), above = mag<T>(lo + 1, f, scale) - x;
  bool exact = below == 0, up;
  switch (mode) {
  case RN: up = above < below || (above == below && (lo & 1)); break;
  case RZ: up = false; break;
  case RD: up = !exact && neg; break;
  default: up = !exact && !neg; break;
  }
  return (u16)((neg ? 0x8000 : 0) | (lo + up));
}
static u16 roundDouble(double x, Fmt f, int mode = RN) {
  if (x != x)
    return 0x7fff;
  if (std::isinf(x))
    return (u16)((x < 0 ? 0x8000 : 0) | infOf(f));
  if (x == 0)
    return std::signbit(x) ? 0x8000 : 0;
  return roundTo<double>(x, x < 0, mode, f);
}
// A 64-bit integer rounded: exactly as a double below 2^53, else exactly
// as a 128-bit integer.
static u16 roundULL(unsigned long long x, Fmt f, int mode) {
  if (x < (1ull << 53))
    return roundDouble((double)x, f, mode);
  return roundTo<i128>((i128)x, false, mode, f, 0, f.frac == 7 ? (66u + 127) << 7 : 0);
}

// a * b + c exactly, as an integer count of 2^-2s (each operand a whole
// number of 2^-s; for bfloat16 only operands between 2^-33 and 2^22, -1
// for others), then rounded.
static int refFma(u16 a, u16 b, u16 c, Fmt f) {
  double va = value(a, f), vb = value(b, f), vc = value(c, f);
  if (!std::isfinite(va) || !std::isfinite(vb) || !std::isfinite(vc))
    return roundDouble(va * vb + vc, f);
  int s = f.frac == 7 ? 40 : 24;
  for (double v : {va, vb, vc})
    if (f.frac == 7 && v != 0 && (std::fabs(v) < std::ldexp(1, -33) || std::fabs(v) >= std::ldexp(1, 22)))
      return -1;
  i128 x = (i128)std::ldexp(va, s) * (i128)std::ldexp(vb, s) + ((i128)std::ldexp(vc, s) << s);
  if (x == 0) // an exact zero is -0 only as (-0) + (-0)
    return (va * vb == 0 && std::signbit(va * vb) && std::signbit(vc) && vc == 0) ? 0x8000 : 0;
  return roundTo<i128>(x, x < 0, RN, f, 2 * s, f.frac == 7 ? (45u + 127) << 7 : 0);
}
static u16 refMax(u16 a, u16 b, bool isMax, Fmt f) {
  if (isNaN(a, f))
    return isNaN(b, f) ? 0x7fff : b;
  if (isNaN(b, f))
    return a;
  double x = value(a, f), y = value(b, f);
  if (x == y) // +0 is above -0
    return (std::signbit(x) == isMax) ? b : a;
  return (x > y) == isMax ? a : b;
}
static u16 refSat(u16 h, Fmt f) {
  double v = value(h, f);
  return v > 0 ? (v < 1 ? h : roundDouble(1, f)) : 0; // NaN too gives +0
}

// The operations both sides apply, numbered, and the reference of each
// (-1: not checked).
enum { ADD, SUB, MUL, DIV, FMA, MAX, MIN, NEG, ABS, OPADD, OPSUB, OPMUL, OPDIV, COMPOUND,
       MAXNAN, ADDSAT, FMARELU, INCR, NOPS };
static const char *opName[NOPS] = {"__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hmax",
                                   "__hmin", "unary -", "__habs", "+", "-", "*", "/", "+= *=",
                                   "__hmax_nan", "__hadd_sat", "__hfma_relu", "++"};
static int refOp(int op, u16 a, u16 b, u16 c, Fmt f) {
  double x = value(a, f), y = value(b, f);
  switch (op) {
  case ADD: case OPADD: return roundDouble(x + y, f); // exact, or rounded innocuously
  case SUB: case OPSUB: return roundDouble(x - y, f);
  case MUL: case OPMUL: return roundDouble(x * y, f);
  case DIV: case OPDIV: return roundDouble(x / y, f);
  case FMA: return refFma(a, b, c, f);
  case MAX: return refMax(a, b, true, f);
  case MIN: return refMax(a, b, false, f);
  case NEG: return isNaN(a, f) ? 0x7fff : a ^ 0x8000;
  case ABS: return isNaN(a, f) ? 0x7fff : a & 0x7fff;
  case COMPOUND: return roundDouble(value(roundDouble(x + y, f), f) * value(c, f), f);
  case MAXNAN: return isNaN(a, f) || isNaN(b, f) ? 0x7fff : refMax(a, b, true, f);
  case ADDSAT: return refSat(roundDouble(x + y, f), f);
  case FMARELU: {
    int r = refFma(a, b, c, f);
    return r < 0 ? -1 : isNaN((u16)r, f) ? 0x7fff : (r & 0x8000) ? 0 : r;
  }
  default: return roundDouble(x + 1.0, f); // INCR
  }
}
// The twelve comparisons and six operators, a bit each.
static unsigned refCompare(u16 a, u16 b, Fmt f) {
  double x = value(a, f), y = value(b, f);
  bool un = x != x || y != y;
  bool r[18] = {x == y, x < y || x > y, x < y, x <= y, x > y, x >= y,
                x == y || un, !(x == y), x < y || un, x <= y || un, x > y || un, x >= y || un,
                x == y, !(x == y), x < y, x <= y, x > y, x >= y};
  unsigned m = 0;
  for (int i = 0; i < 18; ++i)
    m |= (unsigned)r[i] << i;
  return m;
}
// A value rounded to an integer and saturated to [lo, hi]; NaN is 0.
static int roundInt(double v, int mode, double lo, double hi) {
  if (v != v)
    return 0;
  double r = mode == RN ? std::nearbyint(v) : mode == RZ ? std::trunc(v)
             : mode == RD ? std::floor(v) : std::ceil(v);
  return (int)(unsigned)(long long)(r < lo ? lo : r > hi ? hi : r);
}

// ---- What the device (and, for the host checks, the host) computes -------

// The names that differ between the formats; the rest are overloads.
__host__ __device__ inline u16 bitsOf(__half h) { return __half_as_ushort(h); }
__host__ __device__ inline u16 bitsOf(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__host__ __device__ inline void setBits(__half *h, u16 b) { *h = __ushort_as_half(b); }
__host__ __device__ inline void setBits(__nv_bfloat16 *h, u16 b) { *h = __ushort_as_bfloat16(b); }
__host__ __device__ inline float toFloat(__half h) { return __half2float(h); }
__host__ __device__ inline float toFloat(__nv_bfloat16 h) { return __bfloat162float(h); }
__host__ __device__ inline void conversions(float x, double d, int i, unsigned long long u,
                                            __half *o) {
  __half c = x; // the converting constructor
  __half r[12] = {__float2half(x), __float2half_rz(x), __float2half_rd(x), __float2half_ru(x),
                  __double2half(d), c, __int2half_rn(i), __int2half_rz(i), __int2half_ru(i),
                  __ll2half_rd((long long)i * 3), __ull2half_rn(u), __ull2half_ru(u)};
  for (int k = 0; k < 12; ++k)
    o[k] = r[k];
}
__host__ __device__ inline void conversions(float x, double d, int i, unsigned long long u,
                                            __nv_bfloat16 *o) {
  __nv_bfloat16 c = x;
  __nv_bfloat16 r[12] = {__float2bfloat16(x), __float2bfloat16_rz(x), __float2bfloat16_rd(x),
                         __float2bfloat16_ru(x), __double2bfloat16(d), c, __int2bfloat16_rn(i),
                         __int2bfloat16_rz(i), __int2bfloat16_ru(i), __ll2bfloat16_rd((long long)i * 3),
                         __ull2bfloat16_rn(u), __ull2bfloat16_ru(u)};
  for (int k = 0; k < 12; ++k)
    o[k] = r[k];
}
__device__ inline void integers(__half h, int *o) {
  o[0] = __half2int_rn(h), o[1] = __half2int_rz(h), o[2] = __half2int_rd(h);
  o[3] = __half2int_ru(h), o[4] = __half2short_rz(h), o[5] = (int)__half2uint_rz(h);
  o[6] = (int)__half2ushort_rn(h), o[7] = (int)h; // operator int: toward zero
}
__device__ inline void integers(__nv_bfloat16 h, int *o) {
  o[0] = __bfloat162int_rn(h), o[1] = __bfloat162int_rz(h), o[2] = __bfloat162int_rd(h);
  o[3] = __bfloat162int_ru(h), o[4] = __bfloat162short_rz(h), o[5] = (int)__bfloat162uint_rz(h);
  o[6] = (int)__bfloat162ushort_rn(h), o[7] = (int)h;
}
__device__ inline __half pairSqrtY(__half h) { return h2sqrt(__half2half2(h)).y; }
__device__ inline __nv_bfloat16 pairSqrtY(__nv_bfloat16 h) {
  return h2sqrt(__bfloat162bfloat162(h)).y;
}

template <class T> __host__ __device__ u16 applyOp(int op, T a, T b, T c) {
  T r;
  switch (op) {
  case ADD: r = __hadd(a, b); break;
  case SUB: r = __hsub(a, b); break;
  case MUL: r = __hmul(a, b); break;
  case DIV: r = __hdiv(a, b); break;
  case FMA: r = __hfma(a, b, c); break;
  case MAX: r = __hmax(a, b); break;
  case MIN: r = __hmin(a, b); break;
  case NEG: r = -a; break;
  case ABS: r = __habs(a); break;
  case OPADD: r = a + b; break;
  case OPSUB: r = a - b; break;
  case OPMUL: r = a * b; break;
  case OPDIV: r = a / b; break;
  case COMPOUND: r = a; r += b; r *= c; break;
  case MAXNAN: r = __hmax_nan(a, b); break;
  case ADDSAT: r = __hadd_sat(a, b); break;
  case FMARELU: r = __hfma_relu(a, b, c); break;
  default: r = a; ++r; break;
  }
  return bitsOf(r);
}
template <class T> __host__ __device__ unsigned applyCompare(T a, T b) {
  bool r[18] = {__heq(a, b), __hne(a, b), __hlt(a, b), __hle(a, b), __hgt(a, b), __hge(a, b),
                __hequ(a, b), __hneu(a, b), __hltu(a, b), __hleu(a, b), __hgtu(a, b), __hgeu(a, b),
                a == b, a != b, a < b, a <= b, a > b, a >= b};
  unsigned m = 0;
  for (int i = 0; i < 18; ++i)
    m |= (unsigned)r[i] << i;
  return m;
}

// Every pattern: to float and back, to integers, and the math functions.
#define NU 14
template <class T> __global__ void unary(unsigned *f, u16 *back, int *ints, u16 *math) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  T h;
  setBits(&h, (u16)i);
  float x = toFloat(h);
  f[i] = __float_as_uint(x);
  T b = x;
  back[i] = bitsOf(b);
  integers(h, ints + 8 * i);
  T r[NU] = {hsqrt(h), hrcp(h), hfloor(h), hceil(h), htrunc(h), hrint(h), hexp(h),
             hlog(h), hsin(h), hcos(h), hexp2(h), hlog2(h), pairSqrtY(h), __hneg(h)};
  for (int k = 0; k < NU; ++k)
    math[NU * i + k] = bitsOf(r[k]);
}

#define NC 12
template <class T>
__global__ void fromFloat(const float *in, const double *din, const int *iin,
                          const unsigned long long *uin, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    conversions(in[i], din[i], iin[i], uin[i], out + NC * i);
}

template <class T>
__global__ void arith(const T *a, const T *b, const T *c, u16 *out, unsigned *cmp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int op = 0; op < NOPS; ++op)
    out[NOPS * i + op] = applyOp(op, a[i], b[i], c[i]);
  cmp[i] = applyCompare(a[i], b[i]);
}

// Pairs: lane by lane what the scalar operations give, and the moves.
#define N2 12
__global__ void pairs(const __half2 *a, const __half2 *b, const __half2 *c, __half2 *out,
                      unsigned *masks, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half2 x = a[i], y = b[i], z = c[i];
  __half2 *o = out + N2 * i;
  o[0] = __hadd2(x, y);
  o[1] = __hsub2(x, y);
  o[2] = __hmul2(x, y);
  o[3] = __h2div(x, y);
  o[4] = __hfma2(x, y, z);
  o[5] = __hmax2(x, y);
  o[6] = x * y + z; // two roundings
  o[7] = -x;
  o[8] = __lowhigh2highlow(__habs2(x));
  float2 f = __half22float2(x);
  o[9] = __floats2half2_rn(f.y * 2.0f, __low2float(y) + __high2float(y));
  o[10] = __halves2half2(__high2half(x), __low2half(y));
  o[11] = __lows2half2(__float2half2_rn(__high2float(z)), __highs2half2(x, y));
  masks[3 * i] = __heq2_mask(x, y) ^ (__hlt2_mask(x, y) << 1) ^ (__hgeu2_mask(x, y) << 2);
  masks[3 * i + 1] = __hbeq2(x, y) | __hblt2(x, y) << 1 | __hbgeu2(x, y) << 2 | (x == y) << 3 |
                     (x < y) << 4 | (x != y) << 5;
  __half2 e = __hle2(x, y);
  masks[3 * i + 2] = __half2_raw(e).x | (unsigned)__half2_raw(e).y << 16;
}
__global__ void bpairs(const __nv_bfloat162 *a, const __nv_bfloat162 *b, const __nv_bfloat162 *c,
                       __nv_bfloat162 *out, unsigned *masks, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __nv_bfloat162 x = a[i], y = b[i], z = c[i];
  __nv_bfloat162 *o = out + N2 * i;
  o[0] = __hadd2(x, y);
  o[1] = __hsub2(x, y);
  o[2] = __hmul2(x, y);
  o[3] = __h2div(x, y);
  o[4] = __hfma2(x, y, z);
  o[5] = __hmax2(x, y);
  o[6] = x * y + z;
  o[7] = -x;
  o[8] = __lowhigh2highlow(__habs2(x));
  float2 f = __bfloat1622float2(x);
  o[9] = __floats2bfloat162_rn(f.y * 2.0f, __low2float(y) + __high2float(y));
  o[10] = __halves2bfloat162(__high2bfloat16(x), __low2bfloat16(y));
  o[11] = __lows2bfloat162(__float2bfloat162_rn(__high2float(z)), __highs2bfloat162(x, y));
  masks[3 * i] = __heq2_mask(x, y) ^ (__hlt2_mask(x, y) << 1) ^ (__hgeu2_mask(x, y) << 2);
  masks[3 * i + 1] = __hbeq2(x, y) | __hblt2(x, y) << 1 | __hbgeu2(x, y) << 2 | (x == y) << 3 |
                     (x < y) << 4 | (x != y) << 5;
  __nv_bfloat162 e = __hle2(x, y);
  masks[3 * i + 2] = __nv_bfloat162_raw(e).x | (unsigned)__nv_bfloat162_raw(e).y << 16;
}

// Sums whose every partial sum is exact, so that any order gives the same:
// one __half2 counter, eight more, sixteen adjacent halves (two to a word),
// the old values returned; the same in shared memory; bfloat16 pairs and
// singles.
__global__ void atomics(__half2 *one, __half2 *eight, __half *sixteen, u16 *olds,
                        __half2 *shared_out, __nv_bfloat162 *bone, __nv_bfloat16 *bsix) {
  __shared__ __half2 s2;
  __shared__ __half s16[16];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    s2 = __floats2half2_rn(0.0f, 0.0f);
  if (threadIdx.x < 16)
    s16[threadIdx.x] = __float2half(0.0f);
  __syncthreads();
  __half2 old = atomicAdd(one, __floats2half2_rn(1.0f, 0.5f));
  olds[2 * t] = __half_as_ushort(old.x);
  atomicAdd(&eight[t % 8], __halves2half2(__int2half_rn(t % 8 + 1), __float2half(-0.25f)));
  __half v = __float2half((t % 4 + 1) * 0.25f);
  olds[2 * t + 1] = __half_as_ushort(atomicAdd(&sixteen[t % 16], v));
  atomicAdd(&s2, __floats2half2_rn(2.0f, -1.0f));
  atomicAdd(&s16[threadIdx.x % 16], __float2half(0.5f));
  if (t < 256) // bfloat16 has 8 bits: sums up to 256
    atomicAdd(bone, __floats2bfloat162_rn(1.0f, -0.5f));
  atomicAdd(&bsix[t % 16], __float2bfloat16(t % 16 < 8 ? 0.25f : 2.0f));
  __syncthreads();
  if (threadIdx.x == 0) {
    shared_out[blockIdx.x * 9] = s2;
    for (int k = 0; k < 8; ++k)
      shared_out[blockIdx.x * 9 + 1 + k] = __halves2half2(s16[2 * k], s16[2 * k + 1]);
  }
}

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
// Warp sums of exact values, broadcasts and a rotation.
__global__ void shuffles(const __half2 *in, __half2 *sum, __half *down, __half *bcast,
                         __half2 *rot, __nv_bfloat162 *bsum, __nv_bfloat16 *bdown) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 v = in[t];
  for (int o = 16; o > 0; o /= 2)
    v = v + __shfl_xor_sync(0xffffffffu, v, o);
  sum[t] = v;
  __half h = in[t].x;
  for (int o = 8; o > 0; o /= 2)
    h += __shfl_down_sync(0xffffffffu, h, o, 16);
  down[t] = h;
  bcast[t] = __shfl_sync(0xffffffffu, in[t].y, 5) + __shfl(in[t].y, 9);
  rot[t] = __shfl_up_sync(0xffffffffu, in[t], 1);
  __nv_bfloat162 bv = __floats2bfloat162_rn(__low2float(in[t]), (float)(t % 5));
  for (int o = 16; o > 0; o /= 2)
    bv += __shfl_xor_sync(0xffffffffu, bv, o);
  bsum[t] = bv;
  __nv_bfloat16 bh = bv.x - __float2bfloat16(__low2float(in[t]));
  bdown[t] = __shfl_down_sync(0xffffffffu, bh, 3) + __shfl_up_sync(0xffffffffu, bh, 2);
}
#endif

template <class T> static T *dev(size_t n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemset(p, 0, n * sizeof(T));
  return p;
}
template <class T> static T *put(const std::vector<T> &v) {
  T *p = dev<T>(v.size());
  cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return p;
}
template <class T> static std::vector<T> get(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}
static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned next32() {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (unsigned)(rng >> 16);
}
// Random patterns: any bits, or (half the time) near `near` in magnitude;
// for bfloat16 with exponents between -20 and 20 half the time.
static u16 randomBits(Fmt f, u16 near = 0) {
  u16 r = (u16)next32();
  int emax = (int)(infOf(f) >> f.frac), fracMask = (1 << f.frac) - 1;
  if (f.frac == 7 && next32() % 2)
    r = (u16)((r & (0x8000 | fracMask)) | (107 + next32() % 41) << 7);
  if (near && next32() % 2) {
    int e = ((near & 0x7fff) >> f.frac) + (int)(next32() % 5) - 2;
    r = (u16)((r & (0x8000 | fracMask)) | (e < 0 ? 0 : e >= emax ? emax - 1 : e) << f.frac);
  }
  return r;
}

// The inputs of the conversions: each value of the format, the midpoint
// above it and the midpoint's neighbours (a sample), edges, random floats.
static std::vector<float> conversionInputs(Fmt f) {
  std::vector<float> in;
  for (unsigned k = 0; k < infOf(f); ++k) {
    float v = (float)value((u16)k, f);
    float mid = (float)((mag<double>(k, f, 0) + mag<double>(k + 1, f, 0)) / 2);
    float more[4] = {v, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY)};
    for (float x : more)
      if (next32() % 6 == 0 || (k & ((1u << f.frac) - 1)) < 2 || k >= infOf(f) - 4 || k < 8)
        in.push_back(next32() % 2 ? -x : x);
  }
  float edges[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, bitsFloat(0x7f800001u),
                   bitsFloat(0xffc00001u), bitsFloat(1), bitsFloat(0x807fffffu), 3.4028235e38f,
                   -1e10f, 65504.0f, 65519.996f, 65520.0f, -65520.0f, 65536.0f, 2.9802322e-8f,
                   2.9802326e-8f, 8.940697e-8f, 6.097555e-5f, 6.1035156e-5f, 3.3961776e38f,
                   3.3961772e38f};
  in.insert(in.end(), std::begin(edges), std::end(edges));
  for (int k = 0; k < 30000; ++k) {
    in.push_back(bitsFloat(next32()));
    in.push_back(bitsFloat((next32() & 0x807fffffu) | (97 + next32() % 48) << 23));
  }
  return in;
}

// Each format's conversions, integers, arithmetic and math functions.
template <class T> static void testFormat(Fmt f, std::vector<T> &ha, std::vector<T> &hb,
                                          std::vector<T> &hc, std::vector<float> &fin,
                                          std::vector<double> &din, std::vector<int> &iin,
                                          std::vector<unsigned long long> &uin) {
  char what[64];
  // ---- Every pattern to float and back; integers; math functions.
  const int H = 65536;
  unsigned *df = dev<unsigned>(H);
  u16 *dback = dev<u16>(H), *dmath = dev<u16>(NU * H);
  int *dints = dev<int>(8 * H);
  unary<T><<<H / 256, 256>>>(df, dback, dints, dmath);
  std::vector<unsigned> hf = get(df, H);
  std::vector<u16> hback = get(dback, H), hmath = get(dmath, NU * H);
  std::vector<int> hints = get(dints, 8 * H);
  for (int i = 0; i < H; ++i) {
    unsigned want = refToFloat((u16)i, f);
    check(hf[i] == want, "to float", i, hf[i], want);
    u16 canon = isNaN((u16)i, f) ? 0x7fff : (u16)i;
    check(hback[i] == canon, "to float and back", i, hback[i], canon);
  }
  printf("%s: to float %s\n", f.name, fail ? "FAILED" : "PASSED");

  // ---- Floats, doubles and integers to the format.
  fin = conversionInputs(f);
  int nf = (int)fin.size();
  din.resize(nf);
  iin.resize(nf);
  uin.resize(nf);
  // 64-bit integers: exact midpoints and values, and one above or below
  // them (the bits below 2^53 decide), then random ones of every size.
  const unsigned long long edges64[] = {
      0, 1, 2049, 65519, 65520, 65535, 0xffffffffffffffffull, 1ull << 63, (1ull << 53) + 1,
      (0x101ull << 55), (0x101ull << 55) + 1, (0x103ull << 55) - 1, (0x81ull << 56),
      (0x81ull << 56) + 1, (0x81ull << 56) - 1, (0x1001ull << 52) + 1};
  for (int i = 0; i < nf; ++i) {
    uin[i] = i < 16 ? edges64[i]
                    : ((unsigned long long)next32() << 32 | next32()) >> (next32() % 64);
    unsigned long long u = (unsigned long long)next32() << 32 | next32();
    if (i % 2) // in and around the format's range
      u = (u & 0x800fffffffffffffull) |
          (unsigned long long)(f.frac == 7 ? 1023 - 140 + next32() % 280 : 1023 - 27 + next32() % 45) << 52;
    memcpy(&din[i], &u, 8);
    iin[i] = i % 3 == 0 ? (int)next32() : i % 3 == 1 ? (int)(next32() % 140000) - 70000
                                                      : (int)(next32() % 4200) - 2100;
  }
  T *dout = dev<T>(NC * nf);
  float *dfin = put(fin);
  double *ddin = put(din);
  int *diin = put(iin);
  unsigned long long *duin = put(uin);
  fromFloat<T><<<(nf + 255) / 256, 256>>>(dfin, ddin, diin, duin, dout, nf);
  std::vector<T> hout = get(dout, NC * nf);
  for (int i = 0; i < nf; ++i) {
    u16 o[NC];
    for (int k = 0; k < NC; ++k)
      o[k] = bitsOf(hout[NC * i + k]);
    for (int m = 0; m < 4; ++m) {
      u16 want = roundDouble(fin[i], f, m);
      check(o[m] == want, "float, each mode", 4L * i + m, o[m], want);
    }
    u16 want = roundDouble(din[i], f);
    check(o[4] == want, "double", i, o[4], want);
    check(o[5] == o[0], "constructor from float", i, o[5], o[0]);
    int modes[3] = {RN, RZ, RU};
    for (int m = 0; m < 3; ++m) {
      want = roundDouble(iin[i], f, modes[m]);
      check(o[6 + m] == want, "int, each mode", 3L * i + m, o[6 + m], want);
    }
    want = roundDouble((double)iin[i] * 3, f, RD);
    check(o[9] == want, "long long, down", i, o[9], want);
    for (int m = 0; m < 2; ++m) {
      want = roundULL(uin[i], f, m ? RU : RN);
      check(o[10 + m] == want, "unsigned long long, nearest and up", 2L * i + m, o[10 + m], want);
    }
  }
  printf("%s: from float %s\n", f.name, fail ? "FAILED" : "PASSED");

  for (int i = 0; i < H; ++i) {
    double v = value((u16)i, f);
    int want[8] = {roundInt(v, RN, -2147483648.0, 2147483647.0),
                   roundInt(v, RZ, -2147483648.0, 2147483647.0),
                   roundInt(v, RD, -2147483648.0, 2147483647.0),
                   roundInt(v, RU, -2147483648.0, 2147483647.0),
                   roundInt(v, RZ, -32768, 32767),
                   roundInt(v, RZ, 0, 4294967295.0),
                   roundInt(v, RN, 0, 65535),
                   roundInt(v, RZ, -2147483648.0, 2147483647.0)};
    for (int k = 0; k < 8; ++k)
      check(hints[8 * i + k] == want[k], "to integer", 8L * i + k, hints[8 * i + k], want[k]);
  }
  printf("%s: integers %s\n", f.name, fail ? "FAILED" : "PASSED");

  // ---- Arithmetic and comparisons of random values.
  const int NA = (int)ha.size();
  for (int i = 0; i < NA; ++i) {
    u16 a = randomBits(f);
    setBits(&ha[i], a);
    setBits(&hb[i], randomBits(f, a));
    setBits(&hc[i], randomBits(f, a));
  }
  // Operands that meet at the edges: zeros, infinities, NaN, the largest,
  // the least subnormal, one, the largest subnormal, the least normal.
  unsigned inf = infOf(f), least = 1u << f.frac;
  u16 special[12] = {0, 0x8000, (u16)inf, (u16)(inf | 0x8000), (u16)(inf | least >> 1),
                     (u16)(inf - 1), (u16)(inf - 1 + 0x8000), 1, 0x8001,
                     roundDouble(1.0, f), (u16)(least - 1), (u16)least};
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) {
      setBits(&ha[12 * i + j], special[i]);
      setBits(&hb[12 * i + j], special[j]);
    }
  T *da = put(ha), *db = put(hb), *dc = put(hc);
  u16 *dres = dev<u16>((size_t)NOPS * NA);
  unsigned *dcmp = dev<unsigned>(NA);
  arith<T><<<NA / 256, 256>>>(da, db, dc, dres, dcmp, NA);
  std::vector<u16> hres = get(dres, (size_t)NOPS * NA);
  std::vector<unsigned> hcmp = get(dcmp, NA);
  for (int i = 0; i < NA; ++i) {
    u16 a = bitsOf(ha[i]), b = bitsOf(hb[i]), c = bitsOf(hc[i]);
    for (int op = 0; op < NOPS; ++op) {
      int want = refOp(op, a, b, c, f);
      if (want >= 0)
        check(hres[NOPS * i + op] == want, opName[op], i, hres[NOPS * i + op], want);
    }
    unsigned want = refCompare(a, b, f);
    check(hcmp[i] == want, "comparisons", i, hcmp[i], want);
  }
  printf("%s: arithmetic %s\n", f.name, fail ? "FAILED" : "PASSED");

  // ---- Math functions: the correctly rounded ones exactly, exp/log/sin/cos
  // within one unit of the last place (f32 results rounded).
  for (int i = 0; i < H; ++i) {
    u16 h = (u16)i;
    double v = value(h, f);
    const u16 *m = &hmath[NU * i];
    u16 exact[6] = {roundDouble(std::sqrt(v), f), roundDouble(1.0 / v, f),
                    roundDouble(std::floor(v), f), roundDouble(std::ceil(v), f),
                    roundDouble(std::trunc(v), f), roundDouble(std::nearbyint(v), f)};
    for (int k = 0; k < 6; ++k) {
      snprintf(what, sizeof what, "math function %d", k);
      check(m[k] == exact[k], what, i, m[k], exact[k]);
    }
    check(m[12] == exact[0], "h2sqrt", i, m[12], exact[0]);
    check(m[13] == (isNaN(h, f) ? 0x7fff : h ^ 0x8000), "__hneg", i, m[13], h ^ 0x8000);
    double approx[4] = {std::exp(v), std::log(v), std::sin(v), std::cos(v)};
    bool inDomain[4] = {v >= -10 && v <= 10, v > 0 && v < INFINITY, v >= -3 && v <= 3,
                        v >= -3 && v <= 3};
    for (int k = 0; k < 4; ++k)
      if (inDomain[k]) {
        int want = roundDouble(approx[k], f), got = m[6 + k];
        check((want ^ got) < 0x8000 && std::abs(want - got) <= 1, "hexp/hlog/hsin/hcos",
              4L * i + k, got, want);
      }
    if (v >= -14 && v <= 15 && v == std::floor(v)) // exact powers of two
      check(m[10] == roundDouble(std::exp2(v), f), "hexp2", i, m[10], roundDouble(std::exp2(v), f));
    if (v > 0 && std::isfinite(v) && (h & ((1 << f.frac) - 1)) == 0 && h >= (1 << f.frac))
      check(m[11] == roundDouble(std::log2(v), f), "hlog2", i, m[11], roundDouble(std::log2(v), f));
  }
  printf("%s: math %s\n", f.name, fail ? "FAILED" : "PASSED");
}

// A pair's expected lanes from the scalar reference.
static void pairReference(Fmt f, const u16 x[2], const u16 y[2], const u16 z[2], u16 want[N2][2],
                          unsigned want3[3]) {
  for (int l = 0; l < 2; ++l) {
    want[0][l] = (u16)refOp(ADD, x[l], y[l], 0, f);
    want[1][l] = (u16)refOp(SUB, x[l], y[l], 0, f);
    want[2][l] = (u16)refOp(MUL, x[l], y[l], 0, f);
    want[3][l] = (u16)refOp(DIV, x[l], y[l], 0, f);
    want[4][l] = (u16)refOp(FMA, x[l], y[l], z[l], f);
    want[5][l] = (u16)refOp(MAX, x[l], y[l], 0, f);
    want[6][l] = (u16)refOp(ADD, (u16)refOp(MUL, x[l], y[l], 0, f), z[l], 0, f);
    want[7][l] = (u16)refOp(NEG, x[l], 0, 0, f);
    want[8][l] = (u16)refOp(ABS, x[1 - l], 0, 0, f);
  }
  want[9][0] = roundDouble((double)bitsFloat(refToFloat(x[1], f)) * 2, f);
  want[9][1] = roundDouble((double)bitsFloat(refToFloat(y[0], f)) + bitsFloat(refToFloat(y[1], f)), f);
  want[10][0] = x[1], want[10][1] = y[0];
  want[11][0] = isNaN(z[1], f) ? 0x7fff : z[1], want[11][1] = x[1];
  unsigned c0 = refCompare(x[0], y[0], f), c1 = refCompare(x[1], y[1], f);
  auto lanes = [&](int bit) { return (c0 >> bit & 1 ? 0xffffu : 0) | (c1 >> bit & 1 ? 0xffff0000u : 0); };
  auto both = [&](int bit) { return (unsigned)((c0 & c1) >> bit & 1); };
  want3[0] = lanes(0) ^ lanes(2) << 1 ^ lanes(11) << 2;
  // != is __hbneu2: both lanes unequal.
  want3[1] = both(0) | both(2) << 1 | both(11) << 2 | both(0) << 3 | both(2) << 4 | both(7) << 5;
  unsigned one = roundDouble(1.0, f);
  want3[2] = (c0 >> 3 & 1 ? one : 0) | (c1 >> 3 & 1 ? one << 16 : 0);
}

int main() {
  const int NA = 1 << 16;
  std::vector<__half> ha(NA), hb(NA), hc(NA);
  std::vector<__nv_bfloat16> ba(NA), bb(NA), bc(NA);
  std::vector<float> fin, bfin;
  std::vector<double> din, bdin;
  std::vector<int> iin, biin;
  std::vector<unsigned long long> uin, buin;
  testFormat(HALF, ha, hb, hc, fin, din, iin, uin);
  testFormat(BF16, ba, bb, bc, bfin, bdin, biin, buin);

  // ---- Pairs (lanes from the same random values).
  {
    const int NP = NA / 2;
    __half2 *pa = (__half2 *)put(ha), *pb = (__half2 *)put(hb), *pc = (__half2 *)put(hc);
    __half2 *dpo = dev<__half2>((size_t)N2 * NP);
    unsigned *dmask = dev<unsigned>(3 * NP);
    pairs<<<NP / 256, 256>>>(pa, pb, pc, dpo, dmask, NP);
    std::vector<__half2> hpo = get(dpo, (size_t)N2 * NP);
    std::vector<unsigned> hmask = get(dmask, 3 * NP);
    __nv_bfloat162 *qa = (__nv_bfloat162 *)put(ba), *qb = (__nv_bfloat162 *)put(bb),
                   *qc = (__nv_bfloat162 *)put(bc);
    __nv_bfloat162 *dqo = dev<__nv_bfloat162>((size_t)N2 * NP);
    unsigned *dqmask = dev<unsigned>(3 * NP);
    bpairs<<<NP / 256, 256>>>(qa, qb, qc, dqo, dqmask, NP);
    std::vector<__nv_bfloat162> hqo = get(dqo, (size_t)N2 * NP);
    std::vector<unsigned> hqmask = get(dqmask, 3 * NP);
    for (int i = 0; i < NP; ++i)
      for (int fmt = 0; fmt < 2; ++fmt) {
        Fmt f = fmt ? BF16 : HALF;
        u16 x[2], y[2], z[2], want[N2][2];
        unsigned want3[3];
        for (int l = 0; l < 2; ++l) {
          x[l] = fmt ? bitsOf(ba[2 * i + l]) : bitsOf(ha[2 * i + l]);
          y[l] = fmt ? bitsOf(bb[2 * i + l]) : bitsOf(hb[2 * i + l]);
          z[l] = fmt ? bitsOf(bc[2 * i + l]) : bitsOf(hc[2 * i + l]);
        }
        pairReference(f, x, y, z, want, want3);
        bool fmaChecked = refOp(FMA, x[0], y[0], z[0], f) >= 0 && refOp(FMA, x[1], y[1], z[1], f) >= 0;
        for (int k = 0; k < N2; ++k) {
          unsigned got;
          if (fmt) {
            __nv_bfloat162_raw r = hqo[N2 * i + k];
            got = r.x | (unsigned)r.y << 16;
          } else {
            __half2_raw r = hpo[N2 * i + k];
            got = r.x | (unsigned)r.y << 16;
          }
          if (k != 4 || fmaChecked)
            check(got == (want[k][0] | (unsigned)want[k][1] << 16), fmt ? "bfloat162" : "half2",
                  N2 * i + k, got, want[k][0] | (unsigned)want[k][1] << 16);
        }
        const unsigned *m = fmt ? &hqmask[3 * i] : &hmask[3 * i];
        for (int k = 0; k < 3; ++k)
          check(m[k] == want3[k], "pair comparisons", 3 * i + k, m[k], want3[k]);
      }
    printf("pairs %s\n", fail ? "FAILED" : "PASSED");
  }

  // ---- atomicAdd.
  {
    const int NT = 1024, B = 4;
    __half2 *done = dev<__half2>(1), *deight = dev<__half2>(8), *dso = dev<__half2>(9 * B);
    __half *dsix = dev<__half>(16);
    u16 *dolds = dev<u16>(2 * NT);
    __nv_bfloat162 *dbone = dev<__nv_bfloat162>(1);
    __nv_bfloat16 *dbsix = dev<__nv_bfloat16>(16);
    atomics<<<B, NT / B>>>(done, deight, dsix, dolds, dso, dbone, dbsix);
    std::vector<__half2> hone = get(done, 1), height = get(deight, 8), hso = get(dso, 9 * B);
    std::vector<__half> hsix = get(dsix, 16);
    std::vector<u16> holds = get(dolds, 2 * NT);
    std::vector<__nv_bfloat162> hbone = get(dbone, 1);
    std::vector<__nv_bfloat16> hbsix = get(dbsix, 16);
    check(bitsOf(hone[0].x) == roundDouble(NT, HALF) && bitsOf(hone[0].y) == roundDouble(NT * 0.5, HALF),
          "atomicAdd(__half2 *)", 0, bitsOf(hone[0].x), roundDouble(NT, HALF));
    for (int k = 0; k < 8; ++k)
      check(bitsOf(height[k].x) == roundDouble(NT / 8 * (k + 1), HALF) &&
                bitsOf(height[k].y) == roundDouble(NT / 8 * -0.25, HALF),
            "atomicAdd(__half2 *) x8", k, bitsOf(height[k].x), roundDouble(NT / 8 * (k + 1), HALF));
    for (int k = 0; k < 16; ++k)
      check(bitsOf(hsix[k]) == roundDouble(NT / 16 * (k % 4 + 1) * 0.25, HALF), "atomicAdd(__half *)",
            k, bitsOf(hsix[k]), roundDouble(NT / 16 * (k % 4 + 1) * 0.25, HALF));
    // Each old value seen once: 0, 1, ..., NT - 1 for the single counter;
    // 0, v, 2v, ... for each of the sixteen.
    std::vector<int> seen(NT, 0), seen16(16 * (NT / 16), 0);
    for (int t = 0; t < NT; ++t) {
      double o = value(holds[2 * t], HALF);
      if (o >= 0 && o < NT && o == (int)o)
        seen[(int)o]++;
      double v = (t % 4 + 1) * 0.25, o16 = value(holds[2 * t + 1], HALF) / v;
      if (o16 >= 0 && o16 < NT / 16 && o16 == (int)o16)
        seen16[(t % 16) * (NT / 16) + (int)o16]++;
    }
    for (int k = 0; k < NT; ++k)
      check(seen[k] == 1, "atomicAdd(__half2 *) old values", k, seen[k], 1);
    for (int k = 0; k < 16 * (NT / 16); ++k)
      check(seen16[k] == 1, "atomicAdd(__half *) old values", k, seen16[k], 1);
    for (int b = 0; b < B; ++b) {
      __half2_raw s = hso[9 * b];
      check(s.x == roundDouble(2.0 * NT / B, HALF) && s.y == roundDouble(-1.0 * NT / B, HALF),
            "shared atomicAdd(__half2 *)", b, s.x, roundDouble(2.0 * NT / B, HALF));
      for (int k = 0; k < 8; ++k) {
        __half2_raw r = hso[9 * b + 1 + k];
        u16 want = roundDouble(0.5 * NT / B / 16, HALF);
        check(r.x == want && r.y == want, "shared atomicAdd(__half *)", 8 * b + k, r.x, want);
      }
    }
    __nv_bfloat162_raw bo = hbone[0];
    check(bo.x == roundDouble(256, BF16) && bo.y == roundDouble(-128, BF16),
          "atomicAdd(__nv_bfloat162 *)", 0, bo.x | (unsigned)bo.y << 16,
          roundDouble(256, BF16) | (unsigned)roundDouble(-128, BF16) << 16);
    for (int k = 0; k < 16; ++k) {
      u16 want = roundDouble(NT / 16 * (k < 8 ? 0.25 : 2.0), BF16);
      check(bitsOf(hbsix[k]) == want, "atomicAdd(__nv_bfloat16 *)", k, bitsOf(hbsix[k]), want);
    }
    printf("atomics %s\n", fail ? "FAILED" : "PASSED");
  }

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
  {
    const int NS = 256;
    std::vector<__half2> shin(NS);
    for (int t = 0; t < NS; ++t)
      shin[t] = __floats2half2_rn((float)(t % 7) - 3.0f, (float)(t % 13) * 0.5f);
    __half2 *dsin = put(shin), *dsum = dev<__half2>(NS), *drot = dev<__half2>(NS);
    __half *ddown = dev<__half>(NS), *dbc = dev<__half>(NS);
    __nv_bfloat162 *dbsum = dev<__nv_bfloat162>(NS);
    __nv_bfloat16 *dbdown = dev<__nv_bfloat16>(NS);
    shuffles<<<NS / 64, 64>>>(dsin, dsum, ddown, dbc, drot, dbsum, dbdown);
    std::vector<__half2> hsum = get(dsum, NS), hrot = get(drot, NS);
    std::vector<__half> hdown = get(ddown, NS), hbc = get(dbc, NS);
    std::vector<__nv_bfloat162> hbsum = get(dbsum, NS);
    std::vector<__nv_bfloat16> hbdown = get(dbdown, NS);
    for (int t = 0; t < NS; ++t) {
      int w = t / 32 * 32, l = t % 32;
      double sx = 0, sy = 0, s16 = 0, sy5 = 0;
      for (int k = 0; k < 32; ++k)
        sx += (w + k) % 7 - 3.0, sy += (w + k) % 13 * 0.5, sy5 += (w + k) % 5;
      for (int k = 0; k < 16; ++k)
        s16 += (w + l / 16 * 16 + k) % 7 - 3.0;
      check(bitsOf(hsum[t].x) == roundDouble(sx, HALF) && bitsOf(hsum[t].y) == roundDouble(sy, HALF),
            "__shfl_xor_sync(__half2)", t, bitsOf(hsum[t].x), roundDouble(sx, HALF));
      if (l % 16 == 0)
        check(bitsOf(hdown[t]) == roundDouble(s16, HALF), "__shfl_down_sync(__half)", t,
              bitsOf(hdown[t]), roundDouble(s16, HALF));
      u16 bcw = roundDouble((w + 5) % 13 * 0.5 + (w + 9) % 13 * 0.5, HALF);
      check(bitsOf(hbc[t]) == bcw, "__shfl_sync(__half)", t, bitsOf(hbc[t]), bcw);
      int from = l == 0 ? t : t - 1;
      check(__half2_raw(hrot[t]).x == __half2_raw(shin[from]).x &&
                __half2_raw(hrot[t]).y == __half2_raw(shin[from]).y,
            "__shfl_up_sync(__half2)", t, bitsOf(hrot[t].x), bitsOf(shin[from].x));
      check(bitsOf(hbsum[t].x) == roundDouble(sx, BF16) && bitsOf(hbsum[t].y) == roundDouble(sy5, BF16),
            "__shfl_xor_sync(__nv_bfloat162)", t, bitsOf(hbsum[t].x), roundDouble(sx, BF16));
      // Lane l's bh is the warp's sum less its own x; down 3 (or itself
      // past the end) plus up 2 (or itself below lane 2).
      auto bh = [&](int lane) { return sx - ((w + lane) % 7 - 3.0); };
      double bd = bh(l + 3 < 32 ? l + 3 : l) + bh(l >= 2 ? l - 2 : l);
      check(bitsOf(hbdown[t]) == roundDouble(bd, BF16), "bfloat16 shuffles", t, bitsOf(hbdown[t]),
            roundDouble(bd, BF16));
    }
    printf("shuffles %s\n", fail ? "FAILED" : "PASSED");
  }
#endif

  // ---- The headers' host functions against the same reference.
  for (int fmt = 0; fmt < 2; ++fmt) {
    Fmt f = fmt ? BF16 : HALF;
    std::vector<float> &xs = fmt ? bfin : fin;
    std::vector<double> &ds = fmt ? bdin : din;
    std::vector<int> &is = fmt ? biin : iin;
    std::vector<unsigned long long> &us = fmt ? buin : uin;
    for (int i = 0; i < 65536; ++i) {
      float got = fmt ? __bfloat162float(__ushort_as_bfloat16((u16)i)) : __half2float(__ushort_as_half((u16)i));
      check(floatBits(got) == refToFloat((u16)i, f), "host to float", i, floatBits(got),
            refToFloat((u16)i, f));
      int gi = fmt ? __bfloat162int_rz(__ushort_as_bfloat16((u16)i)) : __half2int_rz(__ushort_as_half((u16)i));
      int wi = roundInt(value((u16)i, f), RZ, -2147483648.0, 2147483647.0);
      check(gi == wi, "host to int", i, gi, wi);
    }
    for (size_t i = 0; i < xs.size(); ++i) {
      u16 got[NC];
      if (fmt) {
        __nv_bfloat16 o[NC];
        conversions(xs[i], ds[i], is[i], us[i], o);
        for (int k = 0; k < NC; ++k)
          got[k] = bitsOf(o[k]);
      } else {
        __half o[NC];
        conversions(xs[i], ds[i], is[i], us[i], o);
        for (int k = 0; k < NC; ++k)
          got[k] = bitsOf(o[k]);
      }
      for (int m = 0; m < 4; ++m)
        check(got[m] == roundDouble(xs[i], f, m), "host float, each mode", 4L * i + m, got[m],
              roundDouble(xs[i], f, m));
      check(got[4] == roundDouble(ds[i], f), "host double", i, got[4], roundDouble(ds[i], f));
      check(got[6] == roundDouble(is[i], f), "host int", i, got[6], roundDouble(is[i], f));
      u16 want = roundULL(us[i], f, RN);
      check(got[10] == want, "host unsigned long long", i, got[10], want);
    }
    for (int i = 0; i < NA; i += 4) {
      u16 a = fmt ? bitsOf(ba[i]) : bitsOf(ha[i]), b = fmt ? bitsOf(bb[i]) : bitsOf(hb[i]);
      u16 c = fmt ? bitsOf(bc[i]) : bitsOf(hc[i]);
      for (int op = 0; op < NOPS; ++op) {
        u16 got = fmt ? applyOp(op, ba[i], bb[i], bc[i]) : applyOp(op, ha[i], hb[i], hc[i]);
        int want = refOp(op, a, b, c, f);
        if (want >= 0)
          check(got == want, opName[op], i, got, want);
      }
      unsigned got = fmt ? applyCompare(ba[i], bb[i]) : applyCompare(ha[i], hb[i]);
      check(got == refCompare(a, b, f), "host comparisons", i, got, refCompare(a, b, f));
    }
  }
  printf("host %s\n", fail ? "FAILED" : "PASSED");
  return fail != 0;
}

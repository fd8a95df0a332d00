/*===-- curand_kernel.h - cuRAND's device API: XORWOW, Philox, MRG32k3a ---===*
 *
 * The generators a kernel keeps in its own state, with cuRAND's seeding,
 * subsequences and conversions, so that a program draws the numbers it
 * draws on NVIDIA's GPUs: XORWOW (curandState, the default) and
 * Philox4_32_10, their 32-bit draws, uniform floats and doubles in (0, 1],
 * normal and log-normal values by the Box-Muller transform (a pair per two
 * draws, the second kept in the state), Poisson counts (curand_poisson),
 * skipahead and skipahead_sequence. MRG32k3a (L'Ecuyer's combined
 * multiple recursive generator) has the same functions, subsequences
 * 2^76 draws apart and sequences 2^127 (__simt_curand_mrg.h); its seeding
 * is this header's own, so its numbers are not NVIDIA's.
 *
 * XORWOW's subsequences are 2^67 draws apart. A skip of n draws is T^n on
 * the 160-bit state, evaluated as p(T) for p = x^n mod the characteristic
 * polynomial: one polynomial per base-16 digit of n, from
 * __simt_curand_jumps.h (scripts/gen_curand_jumps.py). Integer draws are
 * bit for bit cuRAND's; normal values use the accurate logf and sincosf,
 * so they may differ from a GPU's in the last bits. A host compiler sees
 * plain functions: libcurand's host API generates with them.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CURAND_KERNEL_H
#define SIMT_CURAND_KERNEL_H
#define CURAND_KERNEL_H_ /* NVIDIA's guard */

#include "cuda_runtime.h"
#include "curand.h"
#include <math.h>
#include "__simt_curand_jumps.h"
#include "__simt_curand_mrg.h"

struct curandStateXORWOW {
  unsigned int d;
  unsigned int v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef curandStateXORWOW_t curandState_t;
typedef curandState_t curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE; /* which word of output the next draw returns */
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3]; /* component 1's last three values, oldest first */
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define __SIMT_RAND static __device__ __inline__

namespace __simt_curand {

/* 2^-32 and 2^-53: a draw scaled into (0, 1], half a step above 0. */
constexpr float kInv32 = 2.3283064e-10f;
constexpr float kInv32TwoPi = 2.3283064e-10f * 6.2831855f;
constexpr double kInv53 = 1.1102230246251565e-16;
constexpr double kInv32Double = 2.3283064365386963e-10;
constexpr int kNormalKept = 1, kLogNormalKept = 2;

/* The linear part of one xorwow step (the Weyl counter d is apart). */
__SIMT_RAND void xorwowStep(unsigned int v[5]) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* v := p(T) v by Horner's rule, p's 160 coefficients in five words. */
__SIMT_RAND void xorwowJump(unsigned int v[5], const unsigned int *p) {
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; --i) {
    xorwowStep(r);
    if ((p[i >> 5] >> (i & 31)) & 1)
      for (int k = 0; k < 5; ++k)
        r[k] ^= v[k];
  }
  for (int k = 0; k < 5; ++k)
    v[k] = r[k];
}

/* v := T^(n * unit) v, unit the table's (1 or 2^67). Jumps commute. */
__SIMT_RAND void xorwowSkip(unsigned int v[5], unsigned long long n,
                            const unsigned int (*jumps)[15][5]) {
  for (int digit = 0; n; ++digit, n >>= 4)
    if (n & 15)
      xorwowJump(v, jumps[digit][(n & 15) - 1]);
}

__SIMT_RAND float uniform(unsigned int x) { return x * kInv32 + kInv32 / 2.0f; }
__SIMT_RAND double uniformDouble(unsigned int lo, unsigned int hi) {
  unsigned long long z = (unsigned long long)lo ^ ((unsigned long long)hi << 21);
  return z * kInv53 + kInv53 / 2.0;
}
__SIMT_RAND float2 boxMuller(unsigned int x, unsigned int y) {
  float u = x * kInv32 + kInv32 / 2;
  float v = y * kInv32TwoPi + kInv32TwoPi / 2;
  float s = sqrtf(-2.0f * logf(u));
  float2 r;
  sincosf(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}
__SIMT_RAND double2 boxMullerDouble(unsigned int x0, unsigned int x1, unsigned int y0,
                                    unsigned int y1) {
  double u = uniformDouble(x0, x1);
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
  double v = zy * (kInv53 * 2.0) + kInv53;
  double s = sqrt(-2.0 * log(u));
  double2 r;
#ifdef __CUDA_ARCH__
  sincospi(v, &r.x, &r.y);
#else /* libcurand's host generators (runtime/curand) */
  r.x = sin(v * 3.1415926535897932);
  r.y = cos(v * 3.1415926535897932);
#endif
  r.x *= s;
  r.y *= s;
  return r;
}

/* Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as
 * 1, 2, 3", SC11): ten rounds over a 128-bit counter and a 64-bit key. */
__SIMT_RAND uint4 philox(uint4 c, uint2 k) {
  for (int round = 0; round < 10; ++round) {
    unsigned long long p0 = 0xD2511F53ull * c.x, p1 = 0xCD9E8D57ull * c.z;
    c = make_uint4(unsigned(p1 >> 32) ^ c.y ^ k.x, unsigned(p1), unsigned(p0 >> 32) ^ c.w ^ k.y,
                   unsigned(p0));
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return c;
}
/* The counter plus n (words x, y), carried into z and w. */
__SIMT_RAND void philoxAdvance(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  unsigned long long low = (unsigned long long)s->ctr.y << 32 | s->ctr.x;
  unsigned long long sum = low + n;
  s->ctr.x = unsigned(sum);
  s->ctr.y = unsigned(sum >> 32);
  if (sum < low && ++s->ctr.z == 0)
    ++s->ctr.w;
}

/* The normal pairs' cache, shared by both generators. */
template <class State, class Pair>
__SIMT_RAND float keptOrFirst(State *s, int kind, Pair pair) {
  if (s->boxmuller_flag == kind) {
    s->boxmuller_flag = 0;
    return s->boxmuller_extra;
  }
  float2 v = pair();
  s->boxmuller_extra = v.y;
  s->boxmuller_flag = kind;
  return v.x;
}
template <class State, class Pair>
__SIMT_RAND double keptOrFirstDouble(State *s, int kind, Pair pair) {
  if (s->boxmuller_flag_double == kind) {
    s->boxmuller_flag_double = 0;
    return s->boxmuller_extra_double;
  }
  double2 v = pair();
  s->boxmuller_extra_double = v.y;
  s->boxmuller_flag_double = kind;
  return v.x;
}
template <class State> __SIMT_RAND void clearKept(State *s) {
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

/* MRG32k3a's moduli and its output's scale, 1 / (m1 + 1). */
constexpr unsigned long long kMrgM1 = 4294967087ull, kMrgM2 = 4294944443ull;
constexpr double kMrgNorm = 2.328306549295727688e-10;

/* v := M v (mod m) for one component's three values and a 3 x 3 matrix. */
__SIMT_RAND void mrgApply(unsigned int v[3], const unsigned int *M, unsigned long long m) {
  unsigned long long r[3];
  for (int i = 0; i < 3; ++i) {
    unsigned long long acc = 0;
    for (int k = 0; k < 3; ++k)
      acc = (acc + (unsigned long long)M[3 * i + k] * v[k] % m) % m;
    r[i] = acc;
  }
  for (int i = 0; i < 3; ++i)
    v[i] = (unsigned int)r[i];
}
/* Both components skip n units of the table's (1, 2^76 or 2^127 draws). */
__SIMT_RAND void mrgSkip(unsigned int s1[3], unsigned int s2[3], unsigned long long n,
                         const unsigned int (*table)[64][9]) {
  for (int b = 0; n; ++b, n >>= 1)
    if (n & 1) {
      mrgApply(s1, table[0][b], kMrgM1);
      mrgApply(s2, table[1][b], kMrgM2);
    }
}
/* One step: the combined value in [1, m1], over m1 + 1 a double in (0, 1). */
__SIMT_RAND double mrgNext(unsigned int s1[3], unsigned int s2[3]) {
  /* Each product below 2^64, reduced before the sum. */
  unsigned long long p1 =
      (1403580ull * s1[1] % kMrgM1 + (kMrgM1 - 810728ull) * s1[0] % kMrgM1) % kMrgM1;
  unsigned long long p2 =
      (527612ull * s2[2] % kMrgM2 + (kMrgM2 - 1370589ull) * s2[0] % kMrgM2) % kMrgM2;
  s1[0] = s1[1];
  s1[1] = s1[2];
  s1[2] = (unsigned int)p1;
  s2[0] = s2[1];
  s2[1] = s2[2];
  s2[2] = (unsigned int)p2;
  return (p1 > p2 ? double(p1 - p2) : double(p1 + kMrgM1 - p2)) * kMrgNorm;
}

/* A count from Poisson(lambda) out of uniform draws in (0, 1) (`uniform`
 * gives them): below 64, Knuth's product of uniforms; from 64, Hormann's
 * transformed rejection with squeeze ("The transformed rejection method
 * for generating Poisson random variables", 1993), which is exact. */
template <class Uniform> __SIMT_RAND unsigned int poisson(Uniform &&uniform, double lambda) {
  if (!(lambda > 0))
    return 0;
  if (lambda < 64) {
    const double limit = exp(-lambda);
    unsigned int k = 0;
    for (double p = uniform(); p > limit; p *= uniform())
      ++k;
    return k;
  }
  const double root = sqrt(lambda), logLambda = log(lambda);
  const double b = 0.931 + 2.53 * root, a = -0.059 + 0.02483 * b;
  const double invAlpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const double u = uniform() - 0.5, v = uniform(), us = 0.5 - fabs(u);
    const double k = floor((2 * a / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr)
      return (unsigned int)k;
    if (k < 0 || (us < 0.013 && v > us))
      continue;
    if (log(v) + log(invAlpha) - log(a / (us * us) + b) <= -lambda + k * logLambda - lgamma(k + 1))
      return (unsigned int)k;
  }
}

} // namespace __simt_curand

/*===-- XORWOW ------------------------------------------------------------===*/

__SIMT_RAND unsigned int curand(curandStateXORWOW_t *s) {
  __simt_curand::xorwowStep(s->v);
  s->d += 362437;
  return s->v[4] + s->d;
}
__SIMT_RAND void skipahead(unsigned long long n, curandStateXORWOW_t *s) {
  __simt_curand::xorwowSkip(s->v, n, __simt_xorwow_offset_jumps);
  s->d += 362437u * (unsigned int)n;
}
/* 2^67 draws a subsequence: d moves by a multiple of 2^32, not at all. */
__SIMT_RAND void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *s) {
  __simt_curand::xorwowSkip(s->v, n, __simt_xorwow_sequence_jumps);
}
__SIMT_RAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                             unsigned long long offset, curandStateXORWOW_t *s) {
  unsigned int t0 = 1099087573u * ((unsigned int)seed ^ 0xaad26b49u);
  unsigned int t1 = 2591861531u * ((unsigned int)(seed >> 32) ^ 0xf7dcefddu);
  s->d = 6615241u + t1 + t0;
  s->v[0] = 123456789u + t0;
  s->v[1] = 362436069u ^ t0;
  s->v[2] = 521288629u + t1;
  s->v[3] = 88675123u ^ t1;
  s->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
  __simt_curand::clearKept(s);
}

__SIMT_RAND double curand_uniform_double(curandStateXORWOW_t *s) {
  unsigned int x = curand(s), y = curand(s);
  return __simt_curand::uniformDouble(x, y);
}
__SIMT_RAND double2 curand_normal2_double(curandStateXORWOW_t *s) {
  unsigned int x0 = curand(s), x1 = curand(s), y0 = curand(s), y1 = curand(s);
  return __simt_curand::boxMullerDouble(x0, x1, y0, y1);
}

/*===-- Philox4_32_10 -----------------------------------------------------===*/

/* output holds the draws at the counter; STATE is the next one's index. */
__SIMT_RAND unsigned int curand(curandStatePhilox4_32_10_t *s) {
  unsigned int words[4] = {s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int r = words[s->STATE & 3];
  if (++s->STATE == 4) {
    __simt_curand::philoxAdvance(s, 1);
    s->output = __simt_curand::philox(s->ctr, s->key);
    s->STATE = 0;
  }
  return r;
}
/* The next four draws (STATE stays where it was). */
__SIMT_RAND uint4 curand4(curandStatePhilox4_32_10_t *s) {
  uint4 was = s->output;
  __simt_curand::philoxAdvance(s, 1);
  s->output = __simt_curand::philox(s->ctr, s->key);
  unsigned int words[8] = {was.x, was.y, was.z, was.w,
                           s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int at = s->STATE & 3;
  return make_uint4(words[at], words[at + 1], words[at + 2], words[at + 3]);
}
__SIMT_RAND void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *s) {
  s->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (s->STATE > 3) {
    n += 1;
    s->STATE -= 4;
  }
  __simt_curand::philoxAdvance(s, n);
  s->output = __simt_curand::philox(s->ctr, s->key);
}
/* A subsequence is 2^66 draws: the counter's upper 64 bits. */
__SIMT_RAND void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *s) {
  unsigned long long high = ((unsigned long long)s->ctr.w << 32 | s->ctr.z) + n;
  s->ctr.z = unsigned(high);
  s->ctr.w = unsigned(high >> 32);
  s->output = __simt_curand::philox(s->ctr, s->key);
}
__SIMT_RAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                             unsigned long long offset, curandStatePhilox4_32_10_t *s) {
  s->ctr = make_uint4(0, 0, 0, 0);
  s->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  s->STATE = 0;
  __simt_curand::clearKept(s);
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
}
__SIMT_RAND float4 curand_uniform4(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return make_float4(__simt_curand::uniform(x.x), __simt_curand::uniform(x.y),
                     __simt_curand::uniform(x.z), __simt_curand::uniform(x.w));
}
__SIMT_RAND double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return make_double2(__simt_curand::uniformDouble(x.x, x.y),
                      __simt_curand::uniformDouble(x.z, x.w));
}
__SIMT_RAND double4 curand_uniform4_double(curandStatePhilox4_32_10_t *s) {
  double2 a = curand_uniform2_double(s), b = curand_uniform2_double(s);
  return make_double4(a.x, a.y, b.x, b.y);
}
__SIMT_RAND float4 curand_normal4(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  float2 a = __simt_curand::boxMuller(x.x, x.y), b = __simt_curand::boxMuller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
__SIMT_RAND double2 curand_normal2_double(curandStatePhilox4_32_10_t *s) {
  uint4 x = curand4(s);
  return __simt_curand::boxMullerDouble(x.x, x.y, x.z, x.w);
}
__SIMT_RAND double4 curand_normal4_double(curandStatePhilox4_32_10_t *s) {
  double2 a = curand_normal2_double(s), b = curand_normal2_double(s);
  return make_double4(a.x, a.y, b.x, b.y);
}
/* One draw, as cuRAND's: x 2^-32 + 2^-32 (XORWOW's takes two). */
__SIMT_RAND double curand_uniform_double(curandStatePhilox4_32_10_t *s) {
  return curand(s) * __simt_curand::kInv32Double + __simt_curand::kInv32Double;
}
__SIMT_RAND float4 curand_log_normal4(curandStatePhilox4_32_10_t *s, float mean,
                                      float stddev) {
  float4 n = curand_normal4(s);
  return make_float4(expf(mean + stddev * n.x), expf(mean + stddev * n.y),
                     expf(mean + stddev * n.z), expf(mean + stddev * n.w));
}

/*===-- MRG32k3a -----------------------------------------------------------===*/

/* A draw's 32 bits: the (0, 1) value scaled to 2^32. */
__SIMT_RAND unsigned int curand(curandStateMRG32k3a_t *s) {
  return (unsigned int)(__simt_curand::mrgNext(s->s1, s->s2) * 4294967296.0);
}
__SIMT_RAND void skipahead(unsigned long long n, curandStateMRG32k3a_t *s) {
  __simt_curand::mrgSkip(s->s1, s->s2, n, __simt_mrg_offset_jumps);
}
__SIMT_RAND void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *s) {
  __simt_curand::mrgSkip(s->s1, s->s2, n, __simt_mrg_subsequence_jumps);
}
__SIMT_RAND void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *s) {
  __simt_curand::mrgSkip(s->s1, s->s2, n, __simt_mrg_sequence_jumps);
}
/* L'Ecuyer's default seed (12345 throughout) with the 64-bit seed mixed
 * into each value, reduced below its modulus (never all zero: the mixing
 * words are odd multiples of distinct constants). */
__SIMT_RAND void curand_init(unsigned long long seed, unsigned long long subsequence,
                             unsigned long long offset, curandStateMRG32k3a_t *s) {
  const unsigned int lo = (unsigned int)seed, hi = (unsigned int)(seed >> 32);
  const unsigned int mix[6] = {lo ^ 0x55555555u, hi ^ 0xaaaaaaaau, lo * 3u + hi,
                               hi ^ 0x5a5a5a5au, lo ^ 0xa5a5a5a5u, hi * 5u + lo};
  for (int i = 0; i < 3; ++i) {
    s->s1[i] = (unsigned int)((12345ull + 2654435761ull * mix[i]) % __simt_curand::kMrgM1);
    s->s2[i] = (unsigned int)((12345ull + 2246822519ull * mix[3 + i]) % __simt_curand::kMrgM2);
  }
  if (!(s->s1[0] | s->s1[1] | s->s1[2]))
    s->s1[0] = 12345u;
  if (!(s->s2[0] | s->s2[1] | s->s2[2]))
    s->s2[0] = 12345u;
  skipahead_subsequence(subsequence, s);
  skipahead(offset, s);
  __simt_curand::clearKept(s);
}
/* One step gives a double's worth (the combined value is 32 bits). */
__SIMT_RAND double curand_uniform_double(curandStateMRG32k3a_t *s) {
  return __simt_curand::mrgNext(s->s1, s->s2);
}
__SIMT_RAND double2 curand_normal2_double(curandStateMRG32k3a_t *s) {
  unsigned int x0 = curand(s), x1 = curand(s), y0 = curand(s), y1 = curand(s);
  return __simt_curand::boxMullerDouble(x0, x1, y0, y1);
}

/*===-- Every generator ----------------------------------------------------===*/

#define __SIMT_RAND_COMMON(State)                                                             \
  __SIMT_RAND float curand_uniform(State *s) { return __simt_curand::uniform(curand(s)); }   \
  __SIMT_RAND float2 curand_normal2(State *s) {                                               \
    unsigned int x = curand(s), y = curand(s);                                                \
    return __simt_curand::boxMuller(x, y);                                                    \
  }                                                                                           \
  __SIMT_RAND float curand_normal(State *s) {                                                 \
    return __simt_curand::keptOrFirst(s, __simt_curand::kNormalKept,                          \
                                      [s] { return curand_normal2(s); });                     \
  }                                                                                           \
  __SIMT_RAND float curand_log_normal(State *s, float mean, float stddev) {                   \
    return __simt_curand::keptOrFirst(s, __simt_curand::kLogNormalKept, [=] {                 \
      float2 n = curand_normal2(s);                                                           \
      return make_float2(expf(mean + stddev * n.x), expf(mean + stddev * n.y));               \
    });                                                                                       \
  }                                                                                           \
  __SIMT_RAND float2 curand_log_normal2(State *s, float mean, float stddev) {                 \
    float2 n = curand_normal2(s);                                                             \
    return make_float2(expf(mean + stddev * n.x), expf(mean + stddev * n.y));                 \
  }                                                                                           \
  __SIMT_RAND double curand_normal_double(State *s) {                                        \
    return __simt_curand::keptOrFirstDouble(s, __simt_curand::kNormalKept,                    \
                                            [s] { return curand_normal2_double(s); });        \
  }                                                                                           \
  __SIMT_RAND unsigned int curand_poisson(State *s, double lambda) {                         \
    return __simt_curand::poisson([s] { return curand_uniform_double(s); }, lambda);          \
  }                                                                                           \
  __SIMT_RAND double2 curand_log_normal2_double(State *s, double mean, double stddev) {       \
    double2 n = curand_normal2_double(s);                                                     \
    return make_double2(exp(mean + stddev * n.x), exp(mean + stddev * n.y));                  \
  }                                                                                           \
  __SIMT_RAND double curand_log_normal_double(State *s, double mean, double stddev) {         \
    return __simt_curand::keptOrFirstDouble(s, __simt_curand::kLogNormalKept, [=] {           \
      double2 n = curand_normal2_double(s);                                                   \
      return make_double2(exp(mean + stddev * n.x), exp(mean + stddev * n.y));                \
    });                                                                                       \
  }
__SIMT_RAND_COMMON(curandStateXORWOW_t)
__SIMT_RAND_COMMON(curandStatePhilox4_32_10_t)
__SIMT_RAND_COMMON(curandStateMRG32k3a_t)
#undef __SIMT_RAND_COMMON

/*===-- Sobol' (quasi-random) ---------------------------------------------===*/

/* A state starts from direction numbers a program gets from
 * curandGetDirectionVectors32/64 (and a scramble constant from
 * curandGetScrambleConstants32/64 for the scrambled forms) and copies to
 * the device; point i is the XOR of the directions of gray(i)'s bits, the
 * scrambled ones XORed with the constant. curand returns a point and moves
 * to the next, whose direction is that of i's lowest zero bit. The device
 * compilation alone: libcurand's host generators make their own points. */
#if defined(__CUDACC__)
#define __SIMT_SOBOL(State, Word, Bits)                                                       \
  struct State {                                                                              \
    Word i, x, c;                                                                             \
    Word direction_vectors[Bits];                                                             \
  };                                                                                          \
  typedef struct State State##_t;                                                             \
  __SIMT_RAND Word curand(State##_t *s) {                                                     \
    const Word point = s->x;                                                                  \
    /* i's lowest zero bit (the last direction where i's bits are all set) */                \
    const int b = __ffsll((long long)~(unsigned long long)s->i) - 1;                          \
    s->x ^= s->direction_vectors[b < 0 || b >= Bits ? Bits - 1 : b];                          \
    ++s->i;                                                                                   \
    return point;                                                                             \
  }                                                                                           \
  __SIMT_RAND void skipahead(Word n, State##_t *s) {                                          \
    s->i += n;                                                                                \
    const unsigned long long g = (unsigned long long)(s->i ^ (s->i >> 1));                    \
    s->x = s->c;                                                                              \
    for (int b = 0; b < Bits; ++b)                                                            \
      if (g >> b & 1)                                                                         \
        s->x ^= s->direction_vectors[b];                                                      \
  }                                                                                           \
  __SIMT_RAND void __simt_sobol_start(const Word *v, Word scramble, Word offset,              \
                                      State##_t *s) {                                         \
    for (int b = 0; b < Bits; ++b)                                                            \
      s->direction_vectors[b] = v[b];                                                         \
    s->c = scramble;                                                                          \
    s->i = 0;                                                                                 \
    skipahead(offset, s);                                                                     \
  }
__SIMT_SOBOL(curandStateSobol32, unsigned int, 32)
__SIMT_SOBOL(curandStateScrambledSobol32, unsigned int, 32)
__SIMT_SOBOL(curandStateSobol64, unsigned long long, 64)
__SIMT_SOBOL(curandStateScrambledSobol64, unsigned long long, 64)
#undef __SIMT_SOBOL

__SIMT_RAND void curand_init(curandDirectionVectors32_t v, unsigned int offset,
                             curandStateSobol32_t *s) {
  __simt_sobol_start(v, 0u, offset, s);
}
__SIMT_RAND void curand_init(curandDirectionVectors32_t v, unsigned int scramble,
                             unsigned int offset, curandStateScrambledSobol32_t *s) {
  __simt_sobol_start(v, scramble, offset, s);
}
__SIMT_RAND void curand_init(curandDirectionVectors64_t v, unsigned long long offset,
                             curandStateSobol64_t *s) {
  __simt_sobol_start(v, 0ull, offset, s);
}
__SIMT_RAND void curand_init(curandDirectionVectors64_t v, unsigned long long scramble,
                             unsigned long long offset, curandStateScrambledSobol64_t *s) {
  __simt_sobol_start(v, scramble, offset, s);
}

/* A point's uniform (half a step above it, as the host generators' values),
 * and its normal value as cuRAND's device API takes it: the point mirrored
 * into the lower half (so that no uniform rounds to 1), p half a step above
 * it, and -Phi^-1(p), negated again for an upper-half point (a point near
 * 0 gives a large positive value). One point each; a 64-bit point's float
 * comes from its top half. */
#define __SIMT_SOBOL_VALUES(State, Word, Top32, Double)                                       \
  __SIMT_RAND float curand_uniform(State *s) {                                                \
    return __simt_curand::uniform((unsigned int)Top32(curand(s)));                            \
  }                                                                                           \
  __SIMT_RAND double curand_uniform_double(State *s) { return Double(curand(s)); }           \
  __SIMT_RAND float curand_normal(State *s) {                                                 \
    const unsigned int x = (unsigned int)Top32(curand(s));                                    \
    const bool upper = x >> 31;                                                               \
    const float v = normcdfinvf(__simt_curand::uniform(upper ? ~x : x));                      \
    return upper ? v : -v;                                                                    \
  }                                                                                           \
  __SIMT_RAND double curand_normal_double(State *s) {                                         \
    const Word x = curand(s);                                                                 \
    const bool upper = x >> (sizeof(Word) * 8 - 1);                                           \
    const double v = normcdfinv(Double(upper ? (Word)~x : x));                                \
    return upper ? v : -v;                                                                    \
  }                                                                                           \
  __SIMT_RAND float curand_log_normal(State *s, float mean, float stddev) {                   \
    return expf(mean + stddev * curand_normal(s));                                            \
  }                                                                                           \
  __SIMT_RAND double curand_log_normal_double(State *s, double mean, double stddev) {         \
    return exp(mean + stddev * curand_normal_double(s));                                      \
  }                                                                                           \
  __SIMT_RAND unsigned int curand_poisson(State *s, double lambda) {                          \
    return __simt_curand::poisson([s] { return curand_uniform_double(s); }, lambda);          \
  }
#define __SIMT_SOBOL_SAME(x) (x)
#define __SIMT_SOBOL_TOP(x) ((x) >> 32)
#define __SIMT_SOBOL_DOUBLE32(x) ((x) * __simt_curand::kInv32Double + __simt_curand::kInv32Double / 2)
#define __SIMT_SOBOL_DOUBLE64(x) ((double)((x) >> 11) * 0x1p-53 + 0x1p-54)
__SIMT_SOBOL_VALUES(curandStateSobol32_t, unsigned int, __SIMT_SOBOL_SAME, __SIMT_SOBOL_DOUBLE32)
__SIMT_SOBOL_VALUES(curandStateScrambledSobol32_t, unsigned int, __SIMT_SOBOL_SAME,
                    __SIMT_SOBOL_DOUBLE32)
__SIMT_SOBOL_VALUES(curandStateSobol64_t, unsigned long long, __SIMT_SOBOL_TOP,
                    __SIMT_SOBOL_DOUBLE64)
__SIMT_SOBOL_VALUES(curandStateScrambledSobol64_t, unsigned long long, __SIMT_SOBOL_TOP,
                    __SIMT_SOBOL_DOUBLE64)
#undef __SIMT_SOBOL_VALUES
#undef __SIMT_SOBOL_SAME
#undef __SIMT_SOBOL_TOP
#undef __SIMT_SOBOL_DOUBLE32
#undef __SIMT_SOBOL_DOUBLE64
#endif

/*===-- Discrete distributions ---------------------------------------------===*/

namespace __simt_curand {
/* The count whose distribution function first reaches u in (0, 1]: a
 * binary search of the table, or past it the normal approximation. */
__SIMT_RAND unsigned int discrete(double u, curandDiscreteDistribution_t d) {
  if (!d->length) {
#ifdef __CUDA_ARCH__
    const double x = d->lambda + sqrt(d->lambda) * normcdfinv(u);
    return x <= 0 ? 0u : x >= 4294967295.0 ? 4294967295u : (unsigned int)(x + 0.5);
#else
    return (unsigned int)d->lambda;
#endif
  }
  unsigned int lo = 0, hi = d->length - 1;
  while (lo < hi) {
    const unsigned int mid = (lo + hi) / 2;
    if (d->cdf[mid] < u)
      lo = mid + 1;
    else
      hi = mid;
  }
  return d->first + lo;
}
} // namespace __simt_curand

/* curand_discrete: one draw per value, its uniform's inverse through the
 * distribution's table (curandCreatePoissonDistribution). */
#define __SIMT_RAND_DISCRETE(State)                                                           \
  __SIMT_RAND unsigned int curand_discrete(State *s, curandDiscreteDistribution_t d) {        \
    return __simt_curand::discrete((curand(s) + 0.5) * __simt_curand::kInv32Double, d);       \
  }
__SIMT_RAND_DISCRETE(curandStateXORWOW_t)
__SIMT_RAND_DISCRETE(curandStatePhilox4_32_10_t)
__SIMT_RAND_DISCRETE(curandStateMRG32k3a_t)
#undef __SIMT_RAND_DISCRETE
#if defined(__CUDACC__)
#define __SIMT_SOBOL_DISCRETE(State)                                                          \
  __SIMT_RAND unsigned int curand_discrete(State *s, curandDiscreteDistribution_t d) {        \
    return __simt_curand::discrete(curand_uniform_double(s), d);                              \
  }
__SIMT_SOBOL_DISCRETE(curandStateSobol32_t)
__SIMT_SOBOL_DISCRETE(curandStateScrambledSobol32_t)
__SIMT_SOBOL_DISCRETE(curandStateSobol64_t)
__SIMT_SOBOL_DISCRETE(curandStateScrambledSobol64_t)
#undef __SIMT_SOBOL_DISCRETE
#endif
__SIMT_RAND uint4 curand_discrete4(curandStatePhilox4_32_10_t *s, curandDiscreteDistribution_t d) {
  const uint4 x = curand4(s);
  const double k = __simt_curand::kInv32Double;
  return make_uint4(__simt_curand::discrete((x.x + 0.5) * k, d),
                    __simt_curand::discrete((x.y + 0.5) * k, d),
                    __simt_curand::discrete((x.z + 0.5) * k, d),
                    __simt_curand::discrete((x.w + 0.5) * k, d));
}

__SIMT_RAND uint4 curand_poisson4(curandStatePhilox4_32_10_t *s, double lambda) {
  unsigned int a = curand_poisson(s, lambda), b = curand_poisson(s, lambda);
  unsigned int c = curand_poisson(s, lambda), d = curand_poisson(s, lambda);
  return make_uint4(a, b, c, d);
}

#undef __SIMT_RAND
#endif

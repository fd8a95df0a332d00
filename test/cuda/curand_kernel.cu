// cuRAND's device API (cc/headers/curand_kernel.h): XORWOW and Philox4_32_10
// against independent references.
// - XORWOW at offsets: a host xorwow written here from Marsaglia's recurrence
//   and cuRAND's documented seeding, stepped one draw at a time (offsets up
//   to 3,000,017: every base-16 digit of the skip tables is used).
// - XORWOW subsequences (2^67 draws apart, which no host can step): the
//   first two draws of curand_init(1234, q, 0) for seven q up to 2^64 - 2^56,
//   as cuRAND 10 (CUDA 13) gives them, computed outside the tree; and
//   skipahead_sequence(3) after subsequence 2 is subsequence 5.
// - Philox4x32-10: Random123's known answer (counter 0, key 0) and a host
//   Philox written here for draws at seeds, subsequences and offsets, through
//   curand, curand4 and skipahead; the subsequence constants as above.
// - Conversions: uniform floats are draw * 2^-32 + 2^-33 in (0, 1], doubles
//   from two draws (XORWOW) or one (Philox: draw * 2^-32 + 2^-32); normal pairs are the Box-Muller transform of two draws
//   (host libm within 1e-5), the second kept for the next call; a Monte
//   Carlo estimate of pi over 65,536 points is within 0.02.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -O2 -arch=sm_20 %s -o %t20 && %t20 | FileCheck %s
// RUN: simt-nvcc -G %s -o %tg && %tg | FileCheck %s
// CHECK: xorwow offsets: 0 bad of 48
// CHECK-NEXT: xorwow subsequences: 0 bad of 16
// CHECK-NEXT: philox known answer: 6627e8d5 e169c58d bc57ac4c 9b00dbd8
// CHECK-NEXT: philox draws: 0 bad of 96
// CHECK-NEXT: philox subsequences: 0 bad of 14
// CHECK-NEXT: conversions: 0 bad of 7
// CHECK-NEXT: pi: ok
#include <cmath>
#include <cstdio>
#include <curand_kernel.h>

//===-- Host references -----------------------------------------------------===//

struct HostXorwow {
  unsigned d, v[5];
  explicit HostXorwow(unsigned long long seed) {
    unsigned t0 = 1099087573u * (unsigned(seed) ^ 0xaad26b49u);
    unsigned t1 = 2591861531u * (unsigned(seed >> 32) ^ 0xf7dcefddu);
    d = 6615241u + t1 + t0;
    unsigned init[5] = {123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1,
                        5783321u + t0};
    for (int i = 0; i < 5; ++i)
      v[i] = init[i];
  }
  unsigned next() {
    unsigned t = v[0] ^ (v[0] >> 2);
    for (int i = 0; i < 4; ++i)
      v[i] = v[i + 1];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
    d += 362437;
    return v[4] + d;
  }
};

// Philox4x32-10 as Random123 defines it: counter (c0..c3), key (k0, k1).
static void hostPhilox(const unsigned in[4], unsigned k0, unsigned k1, unsigned out[4]) {
  unsigned c[4] = {in[0], in[1], in[2], in[3]};
  for (int r = 0; r < 10; ++r) {
    unsigned long long p0 = 0xD2511F53ull * c[0], p1 = 0xCD9E8D57ull * c[2];
    unsigned n[4] = {unsigned(p1 >> 32) ^ c[1] ^ k0, unsigned(p1), unsigned(p0 >> 32) ^ c[3] ^ k1,
                     unsigned(p0)};
    for (int i = 0; i < 4; ++i)
      c[i] = n[i];
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  for (int i = 0; i < 4; ++i)
    out[i] = c[i];
}
// Draw number `index` of subsequence `seq`: word index % 4 of the block at
// counter (index / 4, seq), the subsequence in the counter's upper half.
static unsigned hostPhiloxDraw(unsigned long long seed, unsigned long long seq,
                               unsigned long long index) {
  unsigned long long block = index / 4;
  unsigned ctr[4] = {unsigned(block), unsigned(block >> 32), unsigned(seq), unsigned(seq >> 32)};
  unsigned out[4];
  hostPhilox(ctr, unsigned(seed), unsigned(seed >> 32), out);
  return out[index % 4];
}

//===-- Kernels -------------------------------------------------------------===//

const int kOffsets = 16;
__constant__ unsigned long long offsets[kOffsets] = {
    0, 1, 2, 15, 16, 17, 255, 256, 4095, 4097, 65535, 65537, 1000003, 1048576, 2000000, 3000017};

// Three draws of XORWOW at each offset (seed 99).
__global__ void xorwowAtOffsets(unsigned *out) {
  int i = threadIdx.x;
  if (i >= kOffsets)
    return;
  curandState s;
  curand_init(99, 0, offsets[i], &s);
  for (int k = 0; k < 3; ++k)
    out[3 * i + k] = curand(&s);
}

const int kSeqs = 7;
__constant__ unsigned long long seqs[kSeqs] = {1,     2,          100, 4096,
                                               65537, 1ull << 40, 0xfedcba9876543210ull};

__global__ void xorwowSubsequences(unsigned *out) {
  int i = threadIdx.x;
  if (i < kSeqs) {
    curandState s;
    curand_init(1234, seqs[i], 0, &s);
    out[2 * i] = curand(&s);
    out[2 * i + 1] = curand(&s);
  } else if (i == kSeqs) {
    curandState a, b;
    curand_init(7, 2, 0, &a);
    skipahead_sequence(3, &a);
    curand_init(7, 5, 0, &b);
    out[2 * i] = curand(&a) == curand(&b);
    out[2 * i + 1] = curand(&a) == curand(&b);
  }
}

// Per thread t: seed 1000 + t, subsequence t * 3, offset t * 5; draws
// through curand, curand4, skipahead(9) and curand again.
__global__ void philoxDraws(unsigned *out, unsigned *known, unsigned *subseqs) {
  int t = threadIdx.x;
  curandStatePhilox4_32_10_t s;
  if (t == 0) {
    curand_init(0, 0, 0, &s);
    uint4 q = curand4(&s);
    known[0] = q.x, known[1] = q.y, known[2] = q.z, known[3] = q.w;
  }
  if (t < kSeqs) {
    curand_init(1234, seqs[t], 10, &s);
    subseqs[2 * t] = curand(&s);
    subseqs[2 * t + 1] = curand(&s);
  }
  curand_init(1000 + t, t * 3, t * 5, &s);
  unsigned *o = out + 6 * t;
  o[0] = curand(&s);
  uint4 q = curand4(&s);
  o[1] = q.x, o[2] = q.w;
  skipahead(9, &s);
  o[3] = curand(&s);
  o[4] = curand(&s);
  o[5] = curand4(&s).y;
}

// The conversions of known draws: each generator twice, side by side
// with a copy of its state that gives the raw draws.
__global__ void conversions(unsigned *raw, float *f, double *d) {
  curandState s, r;
  curand_init(5, 1, 2, &s);
  r = s;
  f[0] = curand_uniform(&s);
  raw[0] = curand(&r);
  d[0] = curand_uniform_double(&s);
  raw[1] = curand(&r), raw[2] = curand(&r);
  float n0 = curand_normal(&s), n1 = curand_normal(&s);
  f[1] = n0, f[2] = n1;
  raw[3] = curand(&r), raw[4] = curand(&r);
  curandStatePhilox4_32_10_t p, pr;
  curand_init(5, 1, 2, &p);
  pr = p;
  float4 u = curand_uniform4(&p);
  f[3] = u.x, f[4] = u.w;
  uint4 q = curand4(&pr);
  raw[5] = q.x, raw[6] = q.w;
  f[5] = curand_uniform(&p);
  raw[7] = curand(&pr);
  d[1] = curand_uniform_double(&p); // Philox's takes one draw
  raw[8] = curand(&pr);
}

__global__ void monteCarloPi(unsigned long long *inside, int perThread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s;
  curand_init(2024, t, 0, &s);
  unsigned count = 0;
  for (int k = 0; k < perThread; ++k) {
    float x = curand_uniform(&s), y = curand_uniform(&s);
    count += x * x + y * y <= 1.0f;
  }
  atomicAdd(inside, (unsigned long long)count);
}

//===-- Checks --------------------------------------------------------------===//

template <class T> static T *deviceArray(int n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemset(p, 0, n * sizeof(T));
  return p;
}
template <class T> static void toHost(T *h, const T *d, int n) {
  cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
}

static float uniformOf(unsigned x) { return float(x) * 0x1p-32f + 0x1p-33f; }

int main() {
  const unsigned long long hostOffsets[kOffsets] = {
      0, 1, 2, 15, 16, 17, 255, 256, 4095, 4097, 65535, 65537, 1000003, 1048576, 2000000, 3000017};
  unsigned *dOut = deviceArray<unsigned>(3 * kOffsets);
  xorwowAtOffsets<<<1, 32>>>(dOut);
  unsigned got[3 * kOffsets];
  toHost(got, dOut, 3 * kOffsets);
  int bad = 0;
  HostXorwow h(99);
  unsigned long long at = 0;
  for (int i = 0; i < kOffsets; ++i) {
    for (; at < hostOffsets[i]; ++at)
      h.next();
    HostXorwow copy = h;
    for (int k = 0; k < 3; ++k)
      bad += copy.next() != got[3 * i + k];
  }
  printf("xorwow offsets: %d bad of %d\n", bad, 3 * kOffsets);

  // cuRAND 10's draws (CUDA 13), outside the tree.
  const unsigned cuRandXorwow[2 * kSeqs] = {3522650202u, 3978931785u, 2363946744u, 3486847504u,
                                            2980364088u, 3164798350u, 1640583481u, 25743930u,
                                            3714550057u, 463360094u,  3198364302u, 1754633269u,
                                            2019826311u, 2594899947u};
  const unsigned cuRandPhilox[2 * kSeqs] = {1723463268u, 2632954224u, 169660287u,  3300436590u,
                                            2198341349u, 725691613u,  219715146u,  1398665404u,
                                            3520182942u, 60762115u,   1096340244u, 4061685028u,
                                            157161927u,  2189341183u};
  unsigned *dSeq = deviceArray<unsigned>(2 * kSeqs + 2);
  xorwowSubsequences<<<1, 32>>>(dSeq);
  unsigned seqGot[2 * kSeqs + 2];
  toHost(seqGot, dSeq, 2 * kSeqs + 2);
  bad = 0;
  for (int i = 0; i < 2 * kSeqs; ++i)
    bad += seqGot[i] != cuRandXorwow[i];
  bad += (seqGot[2 * kSeqs] != 1) + (seqGot[2 * kSeqs + 1] != 1);
  printf("xorwow subsequences: %d bad of %d\n", bad, 2 * kSeqs + 2);

  const int kThreads = 16;
  unsigned *dDraws = deviceArray<unsigned>(6 * kThreads), *dKnown = deviceArray<unsigned>(4),
           *dPhiloxSeq = deviceArray<unsigned>(2 * kSeqs);
  philoxDraws<<<1, kThreads>>>(dDraws, dKnown, dPhiloxSeq);
  unsigned draws[6 * kThreads], known[4], philoxSeq[2 * kSeqs];
  toHost(draws, dDraws, 6 * kThreads);
  toHost(known, dKnown, 4);
  toHost(philoxSeq, dPhiloxSeq, 2 * kSeqs);
  printf("philox known answer: %08x %08x %08x %08x\n", known[0], known[1], known[2], known[3]);
  bad = 0;
  for (int t = 0; t < kThreads; ++t) {
    unsigned long long seed = 1000 + t, seq = t * 3, first = t * 5;
    // curand: first; curand4: first+1..first+4; skipahead(9); curand twice;
    // curand4 from there.
    unsigned long long index[6] = {first,      first + 1,  first + 4,
                                   first + 14, first + 15, first + 17};
    for (int k = 0; k < 6; ++k)
      bad += draws[6 * t + k] != hostPhiloxDraw(seed, seq, index[k]);
  }
  printf("philox draws: %d bad of %d\n", bad, 6 * kThreads);
  bad = 0;
  for (int i = 0; i < 2 * kSeqs; ++i)
    bad += philoxSeq[i] != cuRandPhilox[i];
  printf("philox subsequences: %d bad of %d\n", bad, 2 * kSeqs);

  unsigned *dRaw = deviceArray<unsigned>(9);
  float *dF = deviceArray<float>(6);
  double *dD = deviceArray<double>(2);
  conversions<<<1, 1>>>(dRaw, dF, dD);
  unsigned raw[9];
  float f[6];
  double d[2];
  toHost(raw, dRaw, 9);
  toHost(f, dF, 6);
  toHost(d, dD, 2);
  bad = (f[0] != uniformOf(raw[0])) + (f[3] != uniformOf(raw[5])) +
        (f[4] != uniformOf(raw[6])) + (f[5] != uniformOf(raw[7]));
  unsigned long long z = (unsigned long long)raw[1] ^ ((unsigned long long)raw[2] << 21);
  bad += d[0] != double(z) * 0x1p-53 + 0x1p-54;
  bad += d[1] != double(raw[8]) * 0x1p-32 + 0x1p-32;
  double radius = std::sqrt(-2.0 * std::log(double(uniformOf(raw[3]))));
  double angle = (double(raw[4]) * 0x1p-32 + 0x1p-33) * 2 * M_PI;
  bad += std::fabs(f[1] - radius * std::sin(angle)) > 1e-5 ||
         std::fabs(f[2] - radius * std::cos(angle)) > 1e-5;
  printf("conversions: %d bad of 7\n", bad);

  const int kBlocks = 16, kPerBlock = 64, kPerThread = 64;
  unsigned long long *dInside = deviceArray<unsigned long long>(1), inside = 0;
  monteCarloPi<<<kBlocks, kPerBlock>>>(dInside, kPerThread);
  toHost(&inside, dInside, 1);
  double pi = 4.0 * double(inside) / (kBlocks * kPerBlock * kPerThread);
  printf("pi: %s\n", std::fabs(pi - M_PI) < 0.02 ? "ok" : "off");
  if (std::fabs(pi - M_PI) >= 0.02)
    printf("estimate %f\n", pi);
  return 0;
}

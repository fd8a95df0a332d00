// cuRAND's quasi-random Sobol' generators (libcurand's host API and
// curand_kernel.h's Sobol' states) and the host Poisson counts, against
// properties computed here:
// - Sobol32, one dimension: point i is gray(i) with its bits reversed (van
//   der Corput in Gray code order), the uniforms those over 2^32 plus
//   2^-33; an offset starts later in the same sequence;
// - three dimensions, 1024 points each (the output dimension by dimension):
//   each dimension's top 10 bits take every value once, and dimensions 1
//   and 2 together put one point in each of the 1024 elementary boxes of
//   every shape 2^-a x 2^-(10-a) (a (0, 10, 2)-net); the scrambled form's
//   dimensions too (linear scrambling keeps the nets);
// - Sobol64: the 64-bit points, the double uniforms; curandGenerate on it
//   is CURAND_STATUS_TYPE_ERROR, a count not a multiple of the dimensions
//   CURAND_STATUS_LENGTH_NOT_MULTIPLE;
// - normal values are the inverse normal distribution function of the
//   uniforms (erfc evaluated here gives the uniform back);
// - the device API: 64 threads, thread t dimension t of the direction
//   numbers (plain and scrambled, 32 and 64 bits) and curand_init at offset
//   5, draw what the host generator gives for 64 dimensions from offset 5;
// - the device's Sobol' normals as cuRAND's device API takes them: point x
//   mirrored into the lower half, -Phi^-1 of it (the first point, 0, gives
//   about +6.3), finite for all 4096 points of a dimension, mean near 0;
// - curandGeneratePoisson takes one draw per count: after 100 counts,
//   XORWOW and Philox generators give the uniforms that generators after
//   100 uniforms give.
// RUN: simt-nvcc -O2 %s -o %t -lcurand && %t | FileCheck %s
// CHECK: sobol32 one dimension: ok
// CHECK-NEXT: sobol32 nets: ok
// CHECK-NEXT: scrambled nets: ok
// CHECK-NEXT: sobol64: ok
// CHECK-NEXT: quasi normal: ok
// CHECK-NEXT: device sobol: ok
// CHECK-NEXT: device sobol normal: ok
// CHECK-NEXT: poisson draws: ok
#include <cmath>
#include <cstdio>
#include <curand.h>
#include <curand_kernel.h>
#include <vector>

static unsigned reverse32(unsigned x) {
  unsigned r = 0;
  for (int b = 0; b < 32; ++b)
    r |= ((x >> b) & 1u) << (31 - b);
  return r;
}

template <class T> static std::vector<T> hostGenerate(curandRngType_t rng, unsigned dims, size_t n,
                                                      unsigned long long offset = 0) {
  curandGenerator_t g;
  curandCreateGeneratorHost(&g, rng);
  curandSetQuasiRandomGeneratorDimensions(g, dims);
  curandSetGeneratorOffset(g, offset);
  std::vector<T> out(n);
  if constexpr (sizeof(T) == 8)
    curandGenerateLongLong(g, (unsigned long long *)out.data(), n);
  else
    curandGenerate(g, (unsigned *)out.data(), n);
  curandDestroyGenerator(g);
  return out;
}

// One point in each elementary box 2^-a x 2^-(m-a) of the points (x, y).
static bool isNet(const unsigned *x, const unsigned *y, unsigned m) {
  const size_t n = size_t(1) << m;
  for (unsigned a = 0; a <= m; ++a) {
    std::vector<int> seen(n, 0);
    for (size_t i = 0; i < n; ++i) {
      size_t box = (a ? (x[i] >> (32 - a)) : 0) << (m - a);
      box |= (m - a) ? (y[i] >> (32 - (m - a))) : 0;
      if (seen[box]++)
        return false;
    }
  }
  return true;
}
static bool netsHold(curandRngType_t rng) {
  const unsigned m = 10, n = 1u << m;
  std::vector<unsigned> p = hostGenerate<unsigned>(rng, 3, 3 * n);
  for (unsigned d = 0; d < 3; ++d) {
    std::vector<int> seen(n, 0);
    for (unsigned i = 0; i < n; ++i)
      if (seen[p[d * n + i] >> (32 - m)]++)
        return false;
  }
  return isNet(&p[0], &p[n], m);
}

// Thread t draws `count` points of dimension t from offset 5.
template <class State, class Word>
__global__ void drawSobol(Word *directions, Word *out, int count) {
  const int t = threadIdx.x;
  State s;
  curand_init(directions + t * sizeof(Word) * 8, 5, &s);
  for (int i = 0; i < count; ++i)
    out[t * count + i] = curand(&s);
}
template <class State, class Word>
__global__ void drawScrambled(Word *directions, const Word *scramble, Word *out, int count) {
  const int t = threadIdx.x;
  State s;
  curand_init(directions + t * sizeof(Word) * 8, scramble[t], 5, &s);
  for (int i = 0; i < count; ++i)
    out[t * count + i] = curand(&s);
}

__global__ void sobolNormals(unsigned int *directions, float *out, unsigned int *points, int n) {
  curandStateSobol32_t s, t;
  curand_init(directions, 0, &s);
  curand_init(directions, 0, &t);
  for (int i = 0; i < n; ++i) {
    out[i] = curand_normal(&s);
    points[i] = curand(&t);
  }
}

// Phi(-v) is the point's uniform where the point lies in the lower half,
// Phi(v) its mirror's where in the upper.
static bool normalsHold() {
  const int n = 4096;
  curandDirectionVectors32_t *v;
  curandGetDirectionVectors32(&v, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  unsigned int *dv, *dp;
  float *dout;
  cudaMalloc(&dv, 32 * sizeof(unsigned));
  cudaMemcpy(dv, v[0], 32 * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMalloc(&dout, n * sizeof(float));
  cudaMalloc(&dp, n * sizeof(unsigned));
  sobolNormals<<<1, 1>>>(dv, dout, dp, n);
  std::vector<float> x(n);
  std::vector<unsigned> p(n);
  cudaMemcpy(x.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(p.data(), dp, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  double mean = 0;
  bool ok = x[0] > 6 && x[0] < 7;
  for (int i = 0; i < n; ++i) {
    const bool upper = p[i] >> 31;
    const double u = double(upper ? ~p[i] : p[i]) * 0x1p-32 + 0x1p-33;
    const double back = 0.5 * std::erfc((upper ? -x[i] : x[i]) / std::sqrt(2.0));
    ok = ok && std::isfinite(x[i]) && std::fabs(back - u) <= 1e-6 * u + 1e-9;
    mean += x[i];
  }
  return ok && std::fabs(mean / n) < 0.01;
}

template <class Word> static bool deviceMatches(bool scrambled) {
  const int threads = 64, count = 16;
  const Word *v, *c = nullptr;
  if constexpr (sizeof(Word) == 4) {
    curandDirectionVectors32_t *dv;
    curandGetDirectionVectors32(&dv, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6
                                               : CURAND_DIRECTION_VECTORS_32_JOEKUO6);
    v = (const Word *)dv;
    if (scrambled)
      curandGetScrambleConstants32((unsigned **)&c);
  } else {
    curandDirectionVectors64_t *dv;
    curandGetDirectionVectors64(&dv, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6
                                               : CURAND_DIRECTION_VECTORS_64_JOEKUO6);
    v = (const Word *)dv;
    if (scrambled)
      curandGetScrambleConstants64((unsigned long long **)&c);
  }
  const size_t bits = sizeof(Word) * 8;
  Word *dv, *dc = nullptr, *dout;
  cudaMalloc(&dv, threads * bits * sizeof(Word));
  cudaMemcpy(dv, v, threads * bits * sizeof(Word), cudaMemcpyHostToDevice);
  if (scrambled) {
    cudaMalloc(&dc, threads * sizeof(Word));
    cudaMemcpy(dc, c, threads * sizeof(Word), cudaMemcpyHostToDevice);
  }
  cudaMalloc(&dout, threads * count * sizeof(Word));
  if constexpr (sizeof(Word) == 4) {
    if (scrambled)
      drawScrambled<curandStateScrambledSobol32_t><<<1, threads>>>(dv, dc, dout, count);
    else
      drawSobol<curandStateSobol32_t><<<1, threads>>>(dv, dout, count);
  } else {
    if (scrambled)
      drawScrambled<curandStateScrambledSobol64_t><<<1, threads>>>(dv, dc, dout, count);
    else
      drawSobol<curandStateSobol64_t><<<1, threads>>>(dv, dout, count);
  }
  std::vector<Word> got(threads * count);
  cudaMemcpy(got.data(), dout, got.size() * sizeof(Word), cudaMemcpyDeviceToHost);
  const curandRngType_t rng = sizeof(Word) == 4
                                  ? (scrambled ? CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 : CURAND_RNG_QUASI_SOBOL32)
                                  : (scrambled ? CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 : CURAND_RNG_QUASI_SOBOL64);
  return got == hostGenerate<Word>(rng, threads, got.size(), 5);
}

int main() {
  // One dimension: reversed Gray code, and an offset into it.
  std::vector<unsigned> p = hostGenerate<unsigned>(CURAND_RNG_QUASI_SOBOL32, 1, 64);
  std::vector<unsigned> later = hostGenerate<unsigned>(CURAND_RNG_QUASI_SOBOL32, 1, 8, 40);
  bool ok = true;
  for (unsigned i = 0; i < 64; ++i)
    ok = ok && p[i] == reverse32(i ^ (i >> 1));
  for (unsigned i = 0; i < 8; ++i)
    ok = ok && later[i] == p[40 + i];
  curandGenerator_t g;
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32);
  std::vector<float> u(64);
  curandGenerateUniform(g, u.data(), 64);
  for (unsigned i = 0; i < 64; ++i)
    ok = ok && u[i] == float(double(p[i]) * 0x1p-32 + 0x1p-33);
  curandDestroyGenerator(g);
  printf("sobol32 one dimension: %s\n", ok ? "ok" : "BAD");
  printf("sobol32 nets: %s\n", netsHold(CURAND_RNG_QUASI_SOBOL32) ? "ok" : "BAD");
  printf("scrambled nets: %s\n", netsHold(CURAND_RNG_QUASI_SCRAMBLED_SOBOL32) ? "ok" : "BAD");

  std::vector<unsigned long long> q = hostGenerate<unsigned long long>(CURAND_RNG_QUASI_SOBOL64, 1, 32);
  ok = true;
  for (unsigned i = 0; i < 32; ++i)
    ok = ok && q[i] == (unsigned long long)reverse32(i ^ (i >> 1)) << 32;
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL64);
  std::vector<double> du(32);
  unsigned bits[4];
  curandGenerateUniformDouble(g, du.data(), 32);
  for (unsigned i = 0; i < 32; ++i)
    ok = ok && du[i] == double(q[i] >> 11) * 0x1p-53 + 0x1p-54;
  ok = ok && curandGenerate(g, bits, 4) == CURAND_STATUS_TYPE_ERROR;
  curandSetQuasiRandomGeneratorDimensions(g, 3);
  ok = ok && curandGenerateUniformDouble(g, du.data(), 8) == CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  curandDestroyGenerator(g);
  printf("sobol64: %s\n", ok ? "ok" : "BAD");

  // Normal values: the inverse of the distribution function at the uniforms.
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32);
  curandSetQuasiRandomGeneratorDimensions(g, 2);
  std::vector<double> nv(256), uv(256);
  curandGenerateNormalDouble(g, nv.data(), 256, 0.0, 1.0);
  curandDestroyGenerator(g);
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32);
  curandSetQuasiRandomGeneratorDimensions(g, 2);
  curandGenerateUniformDouble(g, uv.data(), 256);
  curandDestroyGenerator(g);
  ok = true;
  for (int i = 0; i < 256; ++i)
    ok = ok && std::fabs(0.5 * std::erfc(-nv[i] / std::sqrt(2.0)) - uv[i]) <= 1e-12 * (1 + uv[i]);
  printf("quasi normal: %s\n", ok ? "ok" : "BAD");

  ok = deviceMatches<unsigned>(false) && deviceMatches<unsigned>(true) &&
       deviceMatches<unsigned long long>(false) && deviceMatches<unsigned long long>(true);
  printf("device sobol: %s\n", ok ? "ok" : "BAD");
  printf("device sobol normal: %s\n", normalsHold() ? "ok" : "BAD");

  // Poisson counts take one draw each.
  ok = true;
  for (curandRngType_t rng : {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10}) {
    std::vector<float> after[2];
    for (int poisson = 0; poisson < 2; ++poisson) {
      curandCreateGeneratorHost(&g, rng);
      curandSetPseudoRandomGeneratorSeed(g, 99);
      std::vector<unsigned> counts(100);
      std::vector<float> first(100);
      if (poisson)
        curandGeneratePoisson(g, counts.data(), 100, 10.0);
      else
        curandGenerateUniform(g, first.data(), 100);
      after[poisson].resize(8);
      curandGenerateUniform(g, after[poisson].data(), 8);
      curandDestroyGenerator(g);
    }
    ok = ok && after[0] == after[1];
  }
  printf("poisson draws: %s\n", ok ? "ok" : "BAD");
  return 0;
}

// cuRAND's MRG32k3a generator and its Poisson counts (curand_kernel.h,
// libcurand), against references computed here on the host:
// - a kernel's MRG32k3a state, copied back after curand_init, steps as
//   L'Ecuyer's two recurrences (evaluated here with 128-bit products) say:
//   the next 64 curand_uniform_double values are the combined values over
//   m1 + 1;
// - curand_init's offset is that many steps (a state initialised at offset
//   1000 is the one 1000 curand calls reach), and its subsequence and
//   skipahead_sequence are 2^76 and 2^127 steps: the transition matrices
//   raised here by squaring give the state the device arrives at;
// - curand_poisson from XORWOW, Philox and MRG32k3a at lambda 4 (the
//   product method) and 150 (the rejection method): 16384 counts each
//   whose mean and variance lie within 5 standard errors of lambda, and,
//   at lambda 4, whose frequencies of 0..9 lie within 5 binomial standard
//   deviations of the Poisson probabilities;
// - the host API: an MRG32k3a generator's uniforms lie in (0, 1] with mean
//   1/2, the same seed gives the same numbers, and curandGeneratePoisson
//   (XORWOW, Philox, MRG32k3a, lambda 10; XORWOW at 0.1, 2, 64, 200 and
//   10^6) has the right mean and variance;
//   lambda 0 is CURAND_STATUS_OUT_OF_RANGE;
// - curand_discrete and curand_discrete4 over curandCreatePoissonDistribution's
//   tables (lambda 6 and 300): the same checks of the counts.
// RUN: simt-nvcc -O2 %s -o %t -lcurand && %t | FileCheck %s
// CHECK: mrg32k3a steps: ok
// CHECK-NEXT: mrg32k3a skips: ok
// CHECK-NEXT: poisson xorwow lambda 4: ok
// CHECK-NEXT: poisson xorwow lambda 150: ok
// CHECK-NEXT: poisson philox lambda 4: ok
// CHECK-NEXT: poisson philox lambda 150: ok
// CHECK-NEXT: poisson mrg32k3a lambda 4: ok
// CHECK-NEXT: poisson mrg32k3a lambda 150: ok
// CHECK-NEXT: host mrg32k3a: ok
// CHECK-NEXT: host poisson: ok
// CHECK-NEXT: discrete lambda 6: ok
// CHECK-NEXT: discrete lambda 300: ok
#include <cmath>
#include <cstdio>
#include <curand.h>
#include <curand_kernel.h>
#include <vector>

typedef unsigned long long u64;
static const u64 M1 = 4294967087ull, M2 = 4294944443ull;

// L'Ecuyer's recurrences, independently of the header.
struct Mrg {
  u64 a[3], b[3]; // oldest first
  u64 next() { // the combined value, in [1, m1]
    u64 p1 = (u64)(((__int128)1403580 * a[1] - (__int128)810728 * a[0]) % (__int128)M1 + M1) % M1;
    u64 p2 = (u64)(((__int128)527612 * b[2] - (__int128)1370589 * b[0]) % (__int128)M2 + M2) % M2;
    a[0] = a[1], a[1] = a[2], a[2] = p1;
    b[0] = b[1], b[1] = b[2], b[2] = p2;
    return p1 > p2 ? p1 - p2 : p1 + M1 - p2;
  }
};
typedef std::vector<std::vector<u64>> Mat;
static Mat mul(const Mat &x, const Mat &y, u64 m) {
  Mat r(3, std::vector<u64>(3));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      unsigned __int128 s = 0;
      for (int k = 0; k < 3; ++k)
        s += (unsigned __int128)x[i][k] * y[k][j];
      r[i][j] = (u64)(s % m);
    }
  return r;
}
static Mat powTwo(Mat a, int e, u64 m) { // a^(2^e)
  for (int i = 0; i < e; ++i)
    a = mul(a, a, m);
  return a;
}
static void apply(const Mat &x, u64 v[3], u64 m) {
  u64 r[3];
  for (int i = 0; i < 3; ++i) {
    unsigned __int128 s = 0;
    for (int k = 0; k < 3; ++k)
      s += (unsigned __int128)x[i][k] * v[k];
    r[i] = (u64)(s % m);
  }
  for (int i = 0; i < 3; ++i)
    v[i] = r[i];
}

__global__ void initStates(curandStateMRG32k3a_t *out, unsigned long long seed) {
  curand_init(seed, 0, 0, &out[0]);
  curand_init(seed, 0, 1000, &out[1]);
  curand_init(seed, 1, 0, &out[2]);
  curand_init(seed, 0, 0, &out[3]);
  skipahead_sequence(1, &out[3]);
}
__global__ void draws(curandStateMRG32k3a_t *states, double *out, int n) {
  curandStateMRG32k3a_t s = states[0];
  for (int i = 0; i < n; ++i)
    out[i] = curand_uniform_double(&s);
  curandStateMRG32k3a_t t = states[0];
  for (int i = 0; i < 1000; ++i)
    curand(&t);
  states[4] = t;
}

// Half the threads by curand_discrete, half by curand_discrete4.
__global__ void discretes(unsigned int *out, int perThread, curandDiscreteDistribution_t d) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t s;
  curand_init(77, id, 0, &s);
  for (int i = 0; i < perThread; i += 4) {
    uint4 four = id % 2 ? curand_discrete4(&s, d)
                        : make_uint4(curand_discrete(&s, d), curand_discrete(&s, d),
                                     curand_discrete(&s, d), curand_discrete(&s, d));
    out[id * perThread + i] = four.x;
    out[id * perThread + i + 1] = four.y;
    out[id * perThread + i + 2] = four.z;
    out[id * perThread + i + 3] = four.w;
  }
}

template <class State>
__global__ void poissons(unsigned int *out, int perThread, double lambda) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  State s;
  curand_init(2024, id, 0, &s);
  for (int i = 0; i < perThread; ++i)
    out[id * perThread + i] = curand_poisson(&s, lambda);
}

static bool poissonOk(const std::vector<unsigned int> &v, double lambda) {
  const double n = double(v.size());
  double mean = 0, var = 0;
  for (unsigned int c : v)
    mean += c;
  mean /= n;
  for (unsigned int c : v)
    var += (c - mean) * (c - mean);
  var /= n - 1;
  // Standard errors: of the mean sqrt(lambda / n); of the variance about
  // sqrt((mu4 - sigma^4) / n), mu4 = lambda (1 + 3 lambda) for Poisson.
  bool ok = std::fabs(mean - lambda) <= 5 * std::sqrt(lambda / n) &&
            std::fabs(var - lambda) <= 5 * std::sqrt((lambda * (1 + 3 * lambda) - lambda * lambda) / n);
  if (lambda < 10)
    for (int k = 0; k < 10; ++k) {
      double p = std::exp(-lambda + k * std::log(lambda) - std::lgamma(k + 1.0)), count = 0;
      for (unsigned int c : v)
        count += c == unsigned(k);
      ok = ok && std::fabs(count - n * p) <= 5 * std::sqrt(n * p * (1 - p)) + 1;
    }
  if (!ok)
    printf("mean %g variance %g for lambda %g\n", mean, var, lambda);
  return ok;
}

template <class State> static void poissonDevice(const char *name) {
  const int threads = 256, per = 64;
  unsigned int *d;
  cudaMalloc(&d, threads * per * sizeof(unsigned int));
  for (double lambda : {4.0, 150.0}) {
    poissons<State><<<threads / 64, 64>>>(d, per, lambda);
    std::vector<unsigned int> h(threads * per);
    cudaMemcpy(h.data(), d, h.size() * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    printf("poisson %s lambda %g: %s\n", name, lambda, poissonOk(h, lambda) ? "ok" : "BAD");
  }
  cudaFree(d);
}

int main() {
  // Steps and skips of the device's MRG32k3a.
  curandStateMRG32k3a_t *ds;
  double *dv;
  cudaMalloc(&ds, 5 * sizeof(curandStateMRG32k3a_t));
  cudaMalloc(&dv, 64 * sizeof(double));
  initStates<<<1, 1>>>(ds, 0x123456789abcdefull);
  draws<<<1, 1>>>(ds, dv, 64);
  curandStateMRG32k3a_t st[5];
  double got[64];
  cudaMemcpy(st, ds, sizeof st, cudaMemcpyDeviceToHost);
  cudaMemcpy(got, dv, sizeof got, cudaMemcpyDeviceToHost);
  Mrg ref;
  for (int i = 0; i < 3; ++i)
    ref.a[i] = st[0].s1[i], ref.b[i] = st[0].s2[i];
  bool stepsOk = true;
  for (int i = 0; i < 64; ++i)
    stepsOk = stepsOk && (u64)std::llround(got[i] * (M1 + 1.0)) == ref.next();
  printf("mrg32k3a steps: %s\n", stepsOk ? "ok" : "BAD");

  const Mat A1 = {{0, 1, 0}, {0, 0, 1}, {M1 - 810728, 1403580, 0}};
  const Mat A2 = {{0, 1, 0}, {0, 0, 1}, {M2 - 1370589, 0, 527612}};
  bool skipsOk = true;
  for (int i = 0; i < 3; ++i)
    skipsOk = skipsOk && st[1].s1[i] == st[4].s1[i] && st[1].s2[i] == st[4].s2[i];
  for (int which = 2; which <= 3; ++which) {
    const int e = which == 2 ? 76 : 127;
    u64 a[3], b[3];
    for (int i = 0; i < 3; ++i)
      a[i] = st[0].s1[i], b[i] = st[0].s2[i];
    apply(powTwo(A1, e, M1), a, M1);
    apply(powTwo(A2, e, M2), b, M2);
    for (int i = 0; i < 3; ++i)
      skipsOk = skipsOk && st[which].s1[i] == a[i] && st[which].s2[i] == b[i];
  }
  printf("mrg32k3a skips: %s\n", skipsOk ? "ok" : "BAD");

  poissonDevice<curandStateXORWOW_t>("xorwow");
  poissonDevice<curandStatePhilox4_32_10_t>("philox");
  poissonDevice<curandStateMRG32k3a_t>("mrg32k3a");

  // The host API.
  const size_t n = 1 << 14;
  std::vector<float> u(n), u2(n);
  float *du;
  cudaMalloc(&du, n * sizeof(float));
  curandGenerator_t g;
  bool hostOk = curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MRG32K3A) == CURAND_STATUS_SUCCESS;
  curandSetPseudoRandomGeneratorSeed(g, 77);
  curandGenerateUniform(g, du, n);
  cudaMemcpy(u.data(), du, n * sizeof(float), cudaMemcpyDeviceToHost);
  curandSetPseudoRandomGeneratorSeed(g, 77);
  curandGenerateUniform(g, du, n);
  cudaMemcpy(u2.data(), du, n * sizeof(float), cudaMemcpyDeviceToHost);
  double mean = 0;
  for (size_t i = 0; i < n; ++i) {
    hostOk = hostOk && u[i] > 0 && u[i] <= 1 && u[i] == u2[i];
    mean += u[i];
  }
  mean /= n;
  hostOk = hostOk && std::fabs(mean - 0.5) <= 5 * std::sqrt(1.0 / 12 / n);
  curandDestroyGenerator(g);
  printf("host mrg32k3a: %s\n", hostOk ? "ok" : "BAD");

  bool poissonHostOk = true;
  unsigned int *dp;
  cudaMalloc(&dp, n * sizeof(unsigned int));
  for (curandRngType_t rng : {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10,
                              CURAND_RNG_PSEUDO_MRG32K3A}) {
    curandCreateGenerator(&g, rng);
    curandSetPseudoRandomGeneratorSeed(g, 5);
    poissonHostOk = poissonHostOk && curandGeneratePoisson(g, dp, n, 10.0) == CURAND_STATUS_SUCCESS;
    std::vector<unsigned int> h(n);
    cudaMemcpy(h.data(), dp, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    poissonHostOk = poissonHostOk && poissonOk(h, 10.0) &&
                    curandGeneratePoisson(g, dp, n, 0.0) == CURAND_STATUS_OUT_OF_RANGE;
    curandDestroyGenerator(g);
  }
  // Small, large and very large lambdas (the table's bounds and window).
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW);
  for (double lambda : {0.1, 2.0, 64.0, 200.0, 1e6}) {
    std::vector<unsigned int> h(n);
    poissonHostOk = poissonHostOk && curandGeneratePoisson(g, dp, n, lambda) == CURAND_STATUS_SUCCESS;
    cudaMemcpy(h.data(), dp, n * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    poissonHostOk = poissonHostOk && poissonOk(h, lambda);
  }
  curandDestroyGenerator(g);
  printf("host poisson: %s\n", poissonHostOk ? "ok" : "BAD");

  for (double lambda : {6.0, 300.0}) {
    curandDiscreteDistribution_t d;
    bool ok = curandCreatePoissonDistribution(lambda, &d) == CURAND_STATUS_SUCCESS;
    const int threads = 256, per = 64;
    unsigned int *dc;
    cudaMalloc(&dc, threads * per * sizeof(unsigned int));
    discretes<<<threads / 64, 64>>>(dc, per, d);
    std::vector<unsigned int> h(threads * per);
    cudaMemcpy(h.data(), dc, h.size() * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    ok = ok && poissonOk(h, lambda) && curandDestroyDistribution(d) == CURAND_STATUS_SUCCESS;
    printf("discrete lambda %g: %s\n", lambda, ok ? "ok" : "BAD");
    cudaFree(dc);
  }
  return 0;
}

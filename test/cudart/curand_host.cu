// cuRAND's host API (libcurand, -lcurand; runtime/curand): generators that
// fill device memory (curandCreateGenerator) or host memory
// (curandCreateGeneratorHost) with cuRAND's numbers in cuRAND's order.
// - The order: value v of a fresh XORWOW generator is draw v / 4096 of
//   subsequence v mod 4096 (the device API's curand_init(seed, v % 4096, 0)
//   and v / 4096 draws on, computed by a kernel here), and its first four
//   values for seed 1234 are cuRAND 10's.
// - A sequence of calls of every kind, with an offset set in the middle,
//   against what cuRAND 10 (CUDA 13) gives for the same calls, computed
//   outside the tree: FNV-1a hashes of the 32-bit values, floats and
//   doubles, and the first and last normal values (XORWOW and Philox, seed
//   0, the default).
// - Device and host generators give the same numbers; a device generator's
//   numbers feed a kernel (a Monte Carlo estimate of pi).
// - Errors as cuRAND's: an odd count of XORWOW normals (in the sequence), a
//   generator kind not provided (with a note), a device generator given host
//   memory, a null generator; the version is CUDA 13's cuRAND's (10.4.0).
// RUN: simt-nvcc -O2 %s -o %t -lcurand && %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.err
// CHECK: order: 0 bad of 8200; first 624778773 3522650202 2363946744 1266286439
// CHECK-NEXT: xorwow: bits 740546488ff0863d uni cdf6bd4ee20a965a dbl 07d4b155ff600682 nrm 0 -0.526778 -1.784758 nd -0.890648120 -1.399167658 ln 1.09599 lnd 1.079332338 big 144daff0fd135bdb tail 2821362181 odd 105
// CHECK-NEXT: philox: bits 319a848bc97c2698 uni 51f44328bc60a044 dbl 323a3dc540b3d1c7 nrm 0 -1.271191 -0.073690 nd -1.664394250 -0.438990388 ln 1.15635 lnd 0.561804287 big 7e89929eebbde759 tail 3736387731 odd 0
// CHECK-NEXT: device = host: 1 1
// CHECK-NEXT: pi: ok
// CHECK-NEXT: errors: 103 201 101
// CHECK-NEXT: version 10400
// NOTE: simt-curand: generator type 141 is not provided (XORWOW, the default, MRG32K3A, PHILOX4_32_10 and the Sobol' ones are): CURAND_STATUS_TYPE_ERROR
#include <cmath>
#include <cstdio>
#include <curand.h>
#include <curand_kernel.h>
#include <vector>

__global__ void byOrder(unsigned *out, int n, unsigned long long seed) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  curandState s;
  curand_init(seed, v % 4096, 0, &s);
  skipahead((unsigned long long)(v / 4096), &s);
  out[v] = curand(&s);
}

__global__ void countInside(const float *xy, int points, unsigned *inside) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < points && xy[2 * i] * xy[2 * i] + xy[2 * i + 1] * xy[2 * i + 1] <= 1.0f)
    atomicAdd(inside, 1u);
}

static unsigned long long fnv(const void *p, size_t bytes) {
  const unsigned char *c = static_cast<const unsigned char *>(p);
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < bytes; ++i) {
    h ^= c[i];
    h *= 1099511628211ull;
  }
  return h;
}

// Every kind of call on a host generator, as the reference run made them.
static void sequence(const char *name, curandRngType_t type) {
  curandGenerator_t g;
  curandCreateGeneratorHost(&g, type);
  curandSetPseudoRandomGeneratorSeed(g, 0);
  std::vector<unsigned> u(10007), big(300000), tail(9);
  std::vector<float> f(5000), n(4002), ln(1000);
  std::vector<double> d(3001), nd(2000), lnd(1000);
  curandGenerate(g, u.data(), u.size());
  curandGenerateUniform(g, f.data(), f.size());
  curandGenerateUniformDouble(g, d.data(), d.size());
  int sn = curandGenerateNormal(g, n.data(), n.size(), 1.0f, 2.0f);
  curandGenerateNormalDouble(g, nd.data(), nd.size(), -1.0, 0.5);
  curandGenerateLogNormal(g, ln.data(), ln.size(), 0.0f, 0.5f);
  curandGenerateLogNormalDouble(g, lnd.data(), lnd.size(), 0.0, 0.5);
  curandSetGeneratorOffset(g, 777777);
  curandGenerate(g, big.data(), big.size());
  curandGenerate(g, tail.data(), tail.size());
  int odd = curandGenerateNormal(g, n.data(), 3, 0, 1);
  printf("%s: bits %016llx uni %016llx dbl %016llx nrm %d %.6f %.6f nd %.9f %.9f ln %.5f lnd %.9f "
         "big %016llx tail %u odd %d\n",
         name, fnv(u.data(), u.size() * 4), fnv(f.data(), f.size() * 4),
         fnv(d.data(), d.size() * 8), sn, n[0], n[4001], nd[0], nd[1999], ln[999], lnd[999],
         fnv(big.data(), big.size() * 4), tail[8], odd);
  curandDestroyGenerator(g);
}

int main() {
  const int kValues = 8200; // two rounds of the 4096 streams and a few more
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234);
  unsigned *dValues, *dExpected;
  cudaMalloc(&dValues, kValues * sizeof(unsigned));
  cudaMalloc(&dExpected, kValues * sizeof(unsigned));
  curandGenerate(gen, dValues, kValues);
  byOrder<<<(kValues + 255) / 256, 256>>>(dExpected, kValues, 1234);
  std::vector<unsigned> values(kValues), expected(kValues);
  cudaMemcpy(values.data(), dValues, kValues * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(expected.data(), dExpected, kValues * sizeof(unsigned), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < kValues; ++i)
    bad += values[i] != expected[i];
  printf("order: %d bad of %d; first %u %u %u %u\n", bad, kValues, values[0], values[1],
         values[2], values[3]);

  sequence("xorwow", CURAND_RNG_PSEUDO_XORWOW);
  sequence("philox", CURAND_RNG_PSEUDO_PHILOX4_32_10);

  // The same calls on a device and a host generator.
  curandGenerator_t onHost;
  curandCreateGeneratorHost(&onHost, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandGenerator_t onDevice;
  curandCreateGenerator(&onDevice, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  const int kPoints = 20000;
  std::vector<float> hostXy(2 * kPoints), deviceXy(2 * kPoints);
  float *dXy;
  cudaMalloc(&dXy, 2 * kPoints * sizeof(float));
  curandGenerateUniform(onHost, hostXy.data(), 2 * kPoints);
  curandGenerateUniform(onDevice, dXy, 2 * kPoints);
  cudaMemcpy(deviceXy.data(), dXy, 2 * kPoints * sizeof(float), cudaMemcpyDeviceToHost);
  std::vector<double> hostNormal(64), deviceNormal(64);
  double *dNormal;
  cudaMalloc(&dNormal, 64 * sizeof(double));
  curandGenerateNormalDouble(onHost, hostNormal.data(), 64, 0, 1);
  curandGenerateNormalDouble(onDevice, dNormal, 64, 0, 1);
  cudaMemcpy(deviceNormal.data(), dNormal, 64 * sizeof(double), cudaMemcpyDeviceToHost);
  printf("device = host: %d %d\n", hostXy == deviceXy, hostNormal == deviceNormal);

  unsigned *dInside, inside = 0;
  cudaMalloc(&dInside, sizeof(unsigned));
  cudaMemset(dInside, 0, sizeof(unsigned));
  countInside<<<(kPoints + 255) / 256, 256>>>(dXy, kPoints, dInside);
  cudaMemcpy(&inside, dInside, sizeof(unsigned), cudaMemcpyDeviceToHost);
  double pi = 4.0 * inside / kPoints;
  printf("pi: %s\n", std::fabs(pi - M_PI) < 0.05 ? "ok" : "off");

  curandGenerator_t none;
  int kind = curandCreateGenerator(&none, CURAND_RNG_PSEUDO_MTGP32);
  // A host pointer given to a device generator: the copy fails.
  std::vector<float> notDevice(4);
  int copy = curandGenerateUniform(onDevice, notDevice.data(), 4);
  int null = curandGenerate(nullptr, dValues, 4);
  int version = 0;
  curandGetVersion(&version);
  printf("errors: %d %d %d\nversion %d\n", kind, copy, null, version);
  return 0;
}

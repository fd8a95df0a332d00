//===-- Generator.h - cuRAND host generators: state and output order ------===//
//
// A host-API generator (curandGenerator_t) and how it lays out its numbers,
// as cuRAND's default ordering does: the output interleaves many device-API
// streams (subsequences of one seed).
//
//  - XORWOW: 4096 streams, kept between calls. A call's units (a value; a
//    pair for the normals) go to streams in turn from stream position mod
//    4096; each unit takes the next draws of its stream (one for a 32-bit
//    value, two for a double or a float pair, four for a double pair). The
//    position counts units. After a seed or offset is set, stream t starts
//    at its first slot at or after the offset, divided by 4096.
//  - MRG32k3a: as XORWOW, its 4096 streams of its own subsequences (this
//    library's seeding: the numbers are not NVIDIA's).
//  - Sobol32, Sobol64 and their scrambled forms (quasi-random): a call of
//    n values over d dimensions gives each dimension n / d points in turn,
//    points position .. position + n / d of its sequence (Gray code order,
//    Sobol.h's direction numbers); normal values are the inverse normal
//    distribution function of the uniforms.
//  - Poisson counts take one draw each (as NVIDIA's, so that the streams
//    stay where NVIDIA's would): the inverse of the distribution function
//    at that draw's uniform.
//  - Philox4_32_10: 65536 streams, counter-based, so nothing is kept: value
//    v (the position counts values) is one of four that stream
//    (v / 4) mod 65536 makes at once, 4 draws into that stream for every
//    round of 65536 before it.
//
// Measured against cuRAND 10 (CUDA 13) outside the tree; curand_kernel.h
// computes the draws.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CURAND_GENERATOR_H
#define SIMT_RUNTIME_CURAND_GENERATOR_H

#include <cstddef>
#include <curand_kernel.h>
#include <vector>

namespace simt::curand {

/// What a call generates (curandGenerate*).
enum class Kind {
  Bits,
  Uniform,
  UniformDouble,
  Normal,
  NormalDouble,
  LogNormal,
  LogNormalDouble,
  Poisson,
  LongLong ///< the 64-bit quasi-random generators' integers
};

/// The Poisson distribution's function at first, first + 1, ... from and to
/// where its tails no longer show in a double (12 standard deviations and
/// more about lambda), normalised to end at exactly 1; past lambda 10^9, a
/// normal approximation.
struct PoissonTable {
  double lambda = 0;
  unsigned int first = 0;
  std::vector<double> cdf;
  explicit PoissonTable(double lambda);
  /// The count whose distribution function first reaches u, in (0, 1).
  unsigned int at(double u) const;
};

struct Parameters {
  double mean = 0, stddev = 1;        ///< the normal and log-normal distributions'
  const PoissonTable *poisson = nullptr; ///< the Poisson distribution's
};

/// The standard normal distribution's inverse at u in (0, 1).
double normalQuantile(double u);

/// Whether rng is a quasi-random generator, and a 64-bit one.
bool isQuasi(curandRngType_t rng);
bool is64(curandRngType_t rng);

/// A stateful generator's streams as the last call left them.
template <class State> struct Streams {
  std::vector<State> states;
  std::vector<bool> ready; ///< states[t] set up since the last reset
};

/// Whether this library generates rng's numbers.
bool supported(curandRngType_t rng);

} // namespace simt::curand

/// The handle: a generator's settings, position and streams.
struct curandGenerator_st {
  curandRngType_t rng = CURAND_RNG_PSEUDO_DEFAULT;
  bool onHost = false;           ///< curandCreateGeneratorHost: fills host memory
  unsigned long long seed = 0;   ///< cuRAND's default seed
  unsigned long long offset = 0; ///< the offset set last (curandSetGeneratorOffset)
  unsigned long long position = 0;
  cudaStream_t stream = nullptr;
  simt::curand::Streams<curandStateXORWOW_t> xorwow;
  simt::curand::Streams<curandStateMRG32k3a_t> mrg;
  unsigned dimensions = 1; ///< a quasi-random generator's

  /// Back to the seed and offset: the streams start over.
  void reset();
  /// Fills out[0, n) with n values of kind k and moves the position on.
  void fill(simt::curand::Kind k, simt::curand::Parameters p, void *out, size_t n);
};

#endif

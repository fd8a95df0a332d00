//===-- Generator.cpp - cuRAND host generators' output order --------------===//
//
// Each stream is a device-API generator (curand_kernel.h, compiled for the
// host here) at its own subsequence; a unit's values are the device API's
// conversions of the stream's next draws (Generator.h says whose).
//
//===----------------------------------------------------------------------===//
#include "runtime/curand/Generator.h"
#include "runtime/curand/Sobol.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace simt::curand;

namespace {

constexpr unsigned long long kXorwowStreams = 4096, kPhiloxStreams = 65536;

bool isPhilox(curandRngType_t rng) { return rng == CURAND_RNG_PSEUDO_PHILOX4_32_10; }
bool isNormal(Kind k) {
  return k == Kind::Normal || k == Kind::NormalDouble || k == Kind::LogNormal ||
         k == Kind::LogNormalDouble;
}
bool isDouble(Kind k) {
  return k == Kind::UniformDouble || k == Kind::NormalDouble || k == Kind::LogNormalDouble;
}

/// Writes one value, or a normal pair, at values[0..] from draws taken
/// from `draw`: what the device API's conversion of the same draws gives.
template <class T, class Draw> void group(Draw &&draw, Kind k, Parameters p, T *values) {
  using namespace __simt_curand;
  switch (k) {
  case Kind::Bits: {
    unsigned int d = draw();
    std::memcpy(values, &d, sizeof d);
    return;
  }
  case Kind::Poisson: {
    unsigned int c = p.poisson->at((draw() + 0.5) * kInv32Double);
    std::memcpy(values, &c, sizeof c);
    return;
  }
  case Kind::LongLong:
    return; // the quasi-random generators' alone (fillQuasi)
  case Kind::Uniform:
    values[0] = T(uniform(draw()));
    return;
  case Kind::UniformDouble: {
    unsigned int lo = draw(), hi = draw();
    values[0] = T(uniformDouble(lo, hi));
    return;
  }
  case Kind::Normal:
  case Kind::LogNormal: {
    unsigned int x = draw(), y = draw();
    float2 n = boxMuller(x, y);
    float a = float(p.mean) + float(p.stddev) * n.x, b = float(p.mean) + float(p.stddev) * n.y;
    values[0] = T(k == Kind::LogNormal ? expf(a) : a);
    values[1] = T(k == Kind::LogNormal ? expf(b) : b);
    return;
  }
  case Kind::NormalDouble:
  case Kind::LogNormalDouble: {
    unsigned int x0 = draw(), x1 = draw(), y0 = draw(), y1 = draw();
    double2 n = boxMullerDouble(x0, x1, y0, y1);
    double a = p.mean + p.stddev * n.x, b = p.mean + p.stddev * n.y;
    values[0] = T(k == Kind::LogNormalDouble ? exp(a) : a);
    values[1] = T(k == Kind::LogNormalDouble ? exp(b) : b);
    return;
  }
  }
}

/// XORWOW and MRG32k3a: unit j of the call from stream (position + j) mod
/// 4096.
template <class T, class State>
void fillStreams(curandGenerator_st &g, Streams<State> &S, Kind k, Parameters p, T *out,
                 size_t n) {
  if (S.states.empty()) {
    S.states.resize(kXorwowStreams);
    S.ready.assign(kXorwowStreams, false);
  }
  unsigned perUnit = isNormal(k) ? 2 : 1;
  for (size_t j = 0; j * perUnit < n; ++j) {
    unsigned long long t = (g.position + j) % kXorwowStreams;
    State &s = S.states[t];
    if (!S.ready[t]) {
      // The stream's first slot at or after the offset, in rounds.
      unsigned long long first = g.offset + (t + kXorwowStreams - g.offset % kXorwowStreams) %
                                                kXorwowStreams;
      curand_init(g.seed, t, first / kXorwowStreams, &s);
      S.ready[t] = true;
    }
    group([&] { return ::curand(&s); }, k, p, out + j * perUnit);
  }
  g.position += (n + perUnit - 1) / perUnit;
}

/// Philox: the four values of unit u = v / 4 from stream u mod 65536.
template <class T>
void fillPhilox(curandGenerator_st &g, Kind k, Parameters p, T *out, size_t n) {
  unsigned perGroup = isNormal(k) ? 2 : 1;
  unsigned long long start = g.position;
  unsigned long long firstUnit = start / 4, lastUnit = (start + n - 1) / 4;
  T unit[4];
  for (unsigned long long u = firstUnit; u <= lastUnit; ++u) {
    curandStatePhilox4_32_10_t s;
    curand_init(g.seed, u % kPhiloxStreams, 4 * (u / kPhiloxStreams), &s);
    for (unsigned i = 0; i < 4; i += perGroup)
      group([&] { return ::curand(&s); }, k, p, unit + i);
    for (unsigned i = 0; i < 4; ++i)
      if (u * 4 + i >= start && u * 4 + i < start + n)
        out[u * 4 + i - start] = unit[i];
  }
  g.position += n;
}

/// A quasi-random point's value of kind k: x the point's bits (32 or 64).
template <class T> T quasiValue(uint64_t x, bool wide, Kind k, const Parameters &p) {
  // (0, 1]: the point plus half a step, as cuRAND's: a double from all of a
  // 64-bit point, a float from the top 32 bits (and the float's normal
  // values from that float).
  const double single = double(float(double(wide ? x >> 32 : x) * 0x1p-32 + 0x1p-33));
  const double u = wide ? double(x >> 11) * 0x1p-53 + 0x1p-54 : double(x) * 0x1p-32 + 0x1p-33;
  const auto normal = [&](double v) {
    return p.mean + p.stddev * normalQuantile(std::min(v, 1 - 0x1p-53));
  };
  switch (k) {
  case Kind::Bits:
  case Kind::LongLong:
    return T(x);
  case Kind::Uniform:
    return T(single);
  case Kind::UniformDouble:
    return T(u);
  case Kind::Normal:
    return T(normal(single));
  case Kind::NormalDouble:
    return T(normal(u));
  case Kind::LogNormal:
    return T(std::exp(normal(single)));
  case Kind::LogNormalDouble:
    return T(std::exp(normal(u)));
  case Kind::Poisson:
    return T(p.poisson->at(std::min(u, 1 - 0x1p-53)));
  }
  return T(0);
}

/// Sobol': n / d points of each of the d dimensions, dimension by
/// dimension, from the generator's position (Gray code order: point i+1 is
/// point i with the direction number of i's lowest zero bit).
template <class T, class Word>
void fillQuasi(curandGenerator_st &g, Kind k, const Parameters &p, T *out, size_t n,
               const Word *directions, const Word *scramble) {
  constexpr unsigned Bits = sizeof(Word) * 8;
  const size_t per = n / g.dimensions;
  for (unsigned d = 0; d < g.dimensions; ++d) {
    const Word *v = directions + size_t(d) * Bits;
    const unsigned long long first = g.position;
    Word x = scramble ? scramble[d] : 0;
    for (unsigned b = 0; b < 64; ++b) // point `first`: the directions of gray(first)'s bits
      if (((first ^ (first >> 1)) >> b & 1) && b < Bits)
        x ^= v[b];
    for (size_t i = 0; i < per; ++i) {
      out[size_t(d) * per + i] = quasiValue<T>(x, Bits == 64, k, p);
      // The direction of index's lowest zero bit (the last where all are set).
      const unsigned long long index = first + i;
      x ^= v[~index ? std::min<unsigned>(unsigned(__builtin_ctzll(~index)), Bits - 1) : Bits - 1];
    }
  }
  g.position += per;
}

template <class T> void fillAs(curandGenerator_st &g, Kind k, Parameters p, T *out, size_t n) {
  if (isQuasi(g.rng)) {
    const bool scrambled = g.rng == CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 ||
                           g.rng == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
    if (is64(g.rng))
      fillQuasi(g, k, p, out, n, sobolDirections64(scrambled),
                scrambled ? sobolScramble64() : nullptr);
    else
      fillQuasi(g, k, p, out, n, sobolDirections32(scrambled),
                scrambled ? sobolScramble32() : nullptr);
    return;
  }
  if (isPhilox(g.rng))
    fillPhilox(g, k, p, out, n);
  else if (g.rng == CURAND_RNG_PSEUDO_MRG32K3A)
    fillStreams(g, g.mrg, k, p, out, n);
  else
    fillStreams(g, g.xorwow, k, p, out, n);
}

} // namespace

bool simt::curand::supported(curandRngType_t rng) {
  return rng == CURAND_RNG_PSEUDO_DEFAULT || rng == CURAND_RNG_PSEUDO_XORWOW ||
         rng == CURAND_RNG_PSEUDO_PHILOX4_32_10 || rng == CURAND_RNG_PSEUDO_MRG32K3A ||
         isQuasi(rng);
}

bool simt::curand::isQuasi(curandRngType_t rng) {
  return rng == CURAND_RNG_QUASI_DEFAULT || rng == CURAND_RNG_QUASI_SOBOL32 ||
         rng == CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 || rng == CURAND_RNG_QUASI_SOBOL64 ||
         rng == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
}
bool simt::curand::is64(curandRngType_t rng) {
  return rng == CURAND_RNG_QUASI_SOBOL64 || rng == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
}

simt::curand::PoissonTable::PoissonTable(double l) : lambda(l) {
  if (lambda > 1e9)
    return; // the normal approximation (at)
  // The terms from 12 standard deviations (and 40) below lambda to as far
  // above, each from its logarithm; the bounds leave out less than 1e-30.
  const double spread = 12 * std::sqrt(lambda) + 40;
  first = unsigned(std::max(0.0, std::floor(lambda - spread)));
  const unsigned last = unsigned(std::ceil(lambda + spread));
  double sum = 0;
  for (unsigned k = first; k <= last; ++k) {
    sum += std::exp(-lambda + k * std::log(lambda) - std::lgamma(k + 1.0));
    cdf.push_back(sum);
  }
  for (double &c : cdf) // the rounding of the sum leaves it a few ulps off 1
    c /= sum;
  cdf.back() = 1.0;
}

unsigned int simt::curand::PoissonTable::at(double u) const {
  if (cdf.empty()) {
    const double x = std::floor(lambda + std::sqrt(lambda) * normalQuantile(u) + 0.5);
    return unsigned(std::clamp(x, 0.0, 4294967295.0));
  }
  return first + unsigned(std::min<size_t>(
                     std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin(), cdf.size() - 1));
}

/// A rational first guess (Abramowitz and Stegun 26.2.23), then Newton's
/// steps on the distribution function (erfc), to a double's precision.
double simt::curand::normalQuantile(double u) {
  // In the lower tail (q <= 1/2), where erfc keeps its precision; the
  // upper half by symmetry.
  const double q = u < 0.5 ? u : 1 - u;
  if (q == 0.5)
    return 0;
  const double t = std::sqrt(-2 * std::log(q));
  double x = -(t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                       (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
  for (int step = 0; step < 4; ++step) {
    const double err = 0.5 * std::erfc(-x / std::sqrt(2.0)) - q;
    const double density = std::exp(-x * x / 2) / std::sqrt(2 * M_PI);
    if (density == 0)
      break;
    x -= err / density;
  }
  return u < 0.5 ? x : -x;
}

void curandGenerator_st::reset() {
  position = offset;
  xorwow.ready.assign(xorwow.ready.size(), false);
  mrg.ready.assign(mrg.ready.size(), false);
}

void curandGenerator_st::fill(Kind k, Parameters p, void *out, size_t n) {
  if (n == 0)
    return;
  if (k == Kind::LongLong)
    fillAs(*this, k, p, static_cast<unsigned long long *>(out), n);
  else if (k == Kind::Bits || k == Kind::Poisson)
    fillAs(*this, k, p, static_cast<unsigned int *>(out), n);
  else if (isDouble(k))
    fillAs(*this, k, p, static_cast<double *>(out), n);
  else
    fillAs(*this, k, p, static_cast<float *>(out), n);
}

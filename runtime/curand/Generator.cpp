//===-- Generator.cpp - cuRAND host generators' output order --------------===//
//
// Each stream is a device-API generator (curand_kernel.h, compiled for the
// host here) at its own subsequence; a unit's values are the device API's
// conversions of the stream's next draws (Generator.h says whose).
//
//===----------------------------------------------------------------------===//
#include "runtime/curand/Generator.h"

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
    // Uniforms in (0, 1] of one draw each, as the device API's Philox ones.
    unsigned int c = poisson([&] { return draw() * kInv32Double + kInv32Double; }, p.lambda);
    std::memcpy(values, &c, sizeof c);
    return;
  }
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

template <class T> void fillAs(curandGenerator_st &g, Kind k, Parameters p, T *out, size_t n) {
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
         rng == CURAND_RNG_PSEUDO_PHILOX4_32_10 || rng == CURAND_RNG_PSEUDO_MRG32K3A;
}

void curandGenerator_st::reset() {
  position = offset;
  xorwow.ready.assign(xorwow.ready.size(), false);
  mrg.ready.assign(mrg.ready.size(), false);
}

void curandGenerator_st::fill(Kind k, Parameters p, void *out, size_t n) {
  if (n == 0)
    return;
  if (k == Kind::Bits || k == Kind::Poisson)
    fillAs(*this, k, p, static_cast<unsigned int *>(out), n);
  else if (isDouble(k))
    fillAs(*this, k, p, static_cast<double *>(out), n);
  else
    fillAs(*this, k, p, static_cast<float *>(out), n);
}

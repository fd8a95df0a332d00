// The Programming Guide's texture fetching ("Texture Fetching": point and
// linear filtering with 8-bit weights, the four address modes, normalized
// coordinates), computed on the host: the independent reference of the
// texture tests (texture_2d.cu's references, texture_objects.cu's objects),
// with the configurations and coordinates both sample.
#ifndef TEXTURE_REFERENCE_H
#define TEXTURE_REFERENCE_H

#include <cmath>
#include <cstdint>
#include <vector>

static const int THREADS = 64;

struct Config {
  const char *name;
  cudaTextureFilterMode filter;
  cudaTextureAddressMode address[3];
  bool normalized;
};

static const cudaTextureAddressMode CLAMP = cudaAddressModeClamp, BORDER = cudaAddressModeBorder,
                                    WRAP = cudaAddressModeWrap, MIRROR = cudaAddressModeMirror;
static const Config CONFIGS[] = {
    {"point-clamp", cudaFilterModePoint, {CLAMP, CLAMP, CLAMP}, false},
    {"linear-clamp", cudaFilterModeLinear, {CLAMP, CLAMP, CLAMP}, false},
    {"linear-border", cudaFilterModeLinear, {BORDER, BORDER, BORDER}, false},
    {"point-wrap", cudaFilterModePoint, {WRAP, WRAP, WRAP}, true},
    {"linear-mirror", cudaFilterModeLinear, {MIRROR, MIRROR, MIRROR}, true},
    {"linear-mixed", cudaFilterModeLinear, {WRAP, CLAMP, MIRROR}, true},
};

// TOOLS.md's random(SEED): splitmix64.
static std::vector<uint64_t> splitmix64(uint64_t state, int count) {
  std::vector<uint64_t> out;
  for (int k = 0; k < count; ++k) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    out.push_back(z ^ (z >> 31));
  }
  return out;
}

// THREADS coordinates in [-0.5, 1.5) times span, multiples of 1/1024 that are
// not 2 mod 4: no linear filtering weight is a tie of its 8-bit rounding.
static std::vector<float> coordinates(uint64_t seed, float span) {
  std::vector<float> out;
  for (uint64_t v : splitmix64(seed, 4 * THREADS)) {
    const int k = int(v % 2048) - 512;
    if ((k & 3) != 2 && int(out.size()) < THREADS)
      out.push_back(k / 1024.0f * span);
  }
  return out;
}

// A texel index along a dimension of n texels under its address mode; -1 is
// outside a border-addressed texture (texels read as 0). Wrap and mirror
// apply to normalized coordinates only (CUDA clamps otherwise).
static int addressTexel(int i, int n, cudaTextureAddressMode mode, bool normalized) {
  if (mode == cudaAddressModeBorder)
    return i >= 0 && i < n ? i : -1;
  if (mode == cudaAddressModeWrap && normalized)
    return (i % n + n) % n;
  if (mode == cudaAddressModeMirror && normalized) {
    const int m = (i % (2 * n) + 2 * n) % (2 * n);
    return m < n ? m : 2 * n - 1 - m;
  }
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

struct Tap {
  int index;
  double weight;
};

// The texels that coordinate x samples along a dimension of n texels: texel
// floor(x) (point), or texels i = floor(x - 0.5) and i + 1 weighted 1 - a
// and a, a = frac(x - 0.5) in 9-bit fixed point with 8 fractional bits
// (linear); x is first scaled by n if the coordinates are normalized.
static int taps(float coord, int n, int dim, const Config &c, bool linear, Tap out[2]) {
  const double x = c.normalized ? double(coord) * n : double(coord);
  if (!linear) {
    out[0] = {addressTexel(int(std::floor(x)), n, c.address[dim], c.normalized), 1.0};
    return 1;
  }
  const double xb = x - 0.5, i = std::floor(xb);
  const double a = std::nearbyint((xb - i) * 256) / 256; // to nearest, ties to even
  out[0] = {addressTexel(int(i), n, c.address[dim], c.normalized), 1.0 - a};
  out[1] = {addressTexel(int(i) + 1, n, c.address[dim], c.normalized), a};
  return 2;
}

// The filtered value of a texture of `dims` dimensions (sizes[]) at the
// coordinates xyz[]: the weighted sum of its taps' texels, fetch(x, y, z, v)
// writing a texel's `channels` values to v.
template <class Fetch>
static void reference(Fetch fetch, int channels, int dims, const int *sizes, const float *xyz,
                      const Config &c, bool linear, double *total) {
  Tap t[3][2] = {{{0, 1.0}}, {{0, 1.0}}, {{0, 1.0}}};
  int count[3] = {1, 1, 1};
  for (int d = 0; d < dims; ++d)
    count[d] = taps(xyz[d], sizes[d], d, c, linear, t[d]);
  for (int k = 0; k < channels; ++k)
    total[k] = 0;
  for (int a = 0; a < count[0]; ++a)
    for (int b = 0; b < count[1]; ++b)
      for (int g = 0; g < count[2]; ++g) {
        if (t[0][a].index < 0 || t[1][b].index < 0 || t[2][g].index < 0)
          continue; // border
        const double w = t[0][a].weight * t[1][b].weight * t[2][g].weight;
        double v[4];
        fetch(t[0][a].index, t[1][b].index, t[2][g].index, v);
        for (int k = 0; k < channels; ++k)
          total[k] += w * v[k];
      }
}

#endif

// The Programming Guide's texture fetching ("Texture Fetching": point and
// linear filtering with 8-bit weights, the four address modes, normalized
// coordinates), computed on the host: the independent reference of the
// texture tests (texture_2d.cu's references, texture_objects.cu's objects),
// with the configurations and coordinates both sample, and CHECK.
#ifndef TEXTURE_REFERENCE_H
#define TEXTURE_REFERENCE_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

// A runtime call that must succeed: else its error, and exit.
#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      printf("%s: %s\n", #call, cudaGetErrorString(err_));                                 \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

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

// The five textures both tests sample, with splitmix64 texels: t1 (w1
// floats), t2 (w2 x h2 float2s, host rows of pitch2 texels), t3 (w3 x h3 x
// d3 floats), tb (wb x hb uchar4s, read as integers, point-sampled) and tn
// (wn x hn signed bytes, read normalized).
struct SampleSet {
  static const int w1 = 37, w2 = 7, h2 = 5, pitch2 = 9, w3 = 4, h3 = 3, d3 = 3, wb = 5, hb = 4,
                   wn = 5, hn = 7;
  std::vector<float> v1, v2, v3;
  std::vector<unsigned char> vb;
  std::vector<signed char> vn;

  SampleSet() : v1(w1), v2(h2 * pitch2 * 2), v3(w3 * h3 * d3), vb(wb * hb * 4), vn(wn * hn) {
    std::vector<uint64_t> r1 = splitmix64(1, w1), r2 = splitmix64(2, h2 * pitch2 * 2),
                          r3 = splitmix64(3, w3 * h3 * d3), rb = splitmix64(4, wb * hb * 4),
                          rn = splitmix64(5, wn * hn);
    for (int i = 0; i < w1; ++i)
      v1[i] = float(r1[i] % 64) / 8;
    for (size_t i = 0; i < v2.size(); ++i)
      v2[i] = float(r2[i] % 64) / 8;
    for (size_t i = 0; i < v3.size(); ++i)
      v3[i] = float(r3[i] % 64) / 8;
    for (size_t i = 0; i < vb.size(); ++i)
      vb[i] = (unsigned char)(rb[i] % 256);
    for (size_t i = 0; i < vn.size(); ++i)
      vn[i] = (signed char)(int(rn[i] % 256) - 128);
  }

  /// What each texture returns at the coordinates `at` under `c`.
  void expected(const float at[3], const Config &c, double r1[1], double r2[2], double r3[1],
                double rb[4], double rn[1]) const {
    const bool linear = c.filter == cudaFilterModeLinear;
    const int s1[] = {w1}, s2[] = {w2, h2}, s3[] = {w3, h3, d3}, sb[] = {wb, hb}, sn[] = {wn, hn};
    reference([&](int x, int, int, double *v) { v[0] = v1[x]; }, 1, 1, s1, at, c, linear, r1);
    reference(
        [&](int x, int y, int, double *v) {
          for (int k = 0; k < 2; ++k)
            v[k] = v2[(y * pitch2 + x) * 2 + k];
        },
        2, 2, s2, at, c, linear, r2);
    reference([&](int x, int y, int z, double *v) { v[0] = v3[(z * h3 + y) * w3 + x]; }, 1, 3, s3,
              at, c, linear, r3);
    reference(
        [&](int x, int y, int, double *v) {
          for (int k = 0; k < 4; ++k)
            v[k] = vb[(y * wb + x) * 4 + k];
        },
        4, 2, sb, at, c, false, rb);
    reference([&](int x, int y, int, double *v) { v[0] = std::fmax(vn[y * wn + x] / 127.0, -1.0); },
              1, 2, sn, at, c, linear, rn);
  }
};

#endif

//===-- Fft.cpp - Discrete Fourier transforms in double, any length -------===//
#include "runtime/cufft/Fft.h"

#include <cmath>

namespace simt::cufft {
namespace {

bool powerOfTwo(size_t n) { return n && !(n & (n - 1)); }

void radix2(std::vector<Complex> &x, int sign) {
  const size_t n = x.size();
  for (size_t i = 1, j = 0; i < n; ++i) { // bit-reversed order
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j)
      std::swap(x[i], x[j]);
  }
  for (size_t len = 2; len <= n; len <<= 1) {
    const double angle = sign * 2 * M_PI / double(len);
    for (size_t start = 0; start < n; start += len)
      for (size_t k = 0; k < len / 2; ++k) {
        Complex w = std::polar(1.0, angle * double(k));
        Complex a = x[start + k], b = x[start + k + len / 2] * w;
        x[start + k] = a + b;
        x[start + k + len / 2] = a - b;
      }
  }
}

/// Bluestein: jk = (j^2 + k^2 - (k - j)^2) / 2 turns the transform into a
/// convolution with the chirp c_m = e^(s pi i m^2 / n).
void bluestein(std::vector<Complex> &x, int sign) {
  const size_t n = x.size();
  size_t m = 1;
  while (m < 2 * n - 1)
    m <<= 1;
  std::vector<Complex> chirp(n), a(m), b(m);
  for (size_t k = 0; k < n; ++k) {
    // k^2 mod 2n keeps the angle small, so it loses no precision.
    const unsigned long long k2 = (unsigned long long)k * k % (2 * n);
    chirp[k] = std::polar(1.0, sign * M_PI * double(k2) / double(n));
  }
  for (size_t k = 0; k < n; ++k)
    a[k] = x[k] * chirp[k];
  b[0] = std::conj(chirp[0]);
  for (size_t k = 1; k < n; ++k)
    b[k] = b[m - k] = std::conj(chirp[k]);
  radix2(a, -1);
  radix2(b, -1);
  for (size_t i = 0; i < m; ++i)
    a[i] *= b[i];
  radix2(a, +1);
  for (size_t k = 0; k < n; ++k)
    x[k] = chirp[k] * a[k] / double(m);
}

} // namespace

void transform(std::vector<Complex> &x, int sign) {
  if (x.size() <= 1)
    return;
  if (powerOfTwo(x.size()))
    radix2(x, sign);
  else
    bluestein(x, sign);
}

void transformAll(std::vector<Complex> &x, const std::vector<int> &shape, int sign) {
  size_t stride = 1;
  std::vector<Complex> line;
  for (size_t axis = shape.size(); axis-- > 0;) {
    const size_t len = size_t(shape[axis]), block = stride * len;
    line.resize(len);
    for (size_t base = 0; base < x.size(); base += block)
      for (size_t off = 0; off < stride; ++off) {
        for (size_t i = 0; i < len; ++i)
          line[i] = x[base + off + i * stride];
        transform(line, sign);
        for (size_t i = 0; i < len; ++i)
          x[base + off + i * stride] = line[i];
      }
    stride = block;
  }
}

} // namespace simt::cufft

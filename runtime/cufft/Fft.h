//===-- Fft.h - Discrete Fourier transforms in double, any length ---------===//
//
// The transforms libcufft computes with: X_k = sum_j x_j e^(s 2 pi i jk/n),
// s = -1 forward and +1 inverse, unnormalised, as cuFFT defines them. A
// length that is a power of two takes the iterative radix-2 algorithm;
// any other Bluestein's, a convolution of power-of-two length, so every
// length costs O(n log n).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUFFT_FFT_H
#define SIMT_RUNTIME_CUFFT_FFT_H

#include <complex>
#include <vector>

namespace simt::cufft {

using Complex = std::complex<double>;

/// x := its transform, in place; sign -1 (forward) or +1 (inverse).
void transform(std::vector<Complex> &x, int sign);

/// The same along every axis of a row-major array of the given shape (the
/// last axis contiguous).
void transformAll(std::vector<Complex> &x, const std::vector<int> &shape, int sign);

} // namespace simt::cufft

#endif

//===-- Sobol.h - Sobol' sequences: direction numbers and points ----------===//
//
// The quasi-random generators' direction numbers, for up to 20,000
// dimensions in 32 and 64 bits, plain and scrambled, made here: dimension
// 1 is van der Corput's (v_k = 2^(b-k)); dimension d + 1 takes the d-th
// primitive polynomial over GF(2) in order of degree, then of its
// coefficients (Joe and Kuo's order: x + 1, x^2 + x + 1, x^3 + x + 1,
// ...), with initial numbers m_1 = 1 and, from m_2, odd numbers below 2^k
// drawn from a generator seeded by the dimension. Dimensions 1 and 2 are
// therefore Joe and Kuo's (as NVIDIA's); later ones are valid Sobol'
// sequences of this toolchain's own. Scrambling multiplies each direction
// number by a random unit lower-triangular bit matrix and starts the
// sequence at a random constant (Owen's linear scrambling).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CURAND_SOBOL_H
#define SIMT_RUNTIME_CURAND_SOBOL_H

#include <cstdint>

namespace simt::curand {

constexpr unsigned kSobolDimensions = 20000;

/// The direction numbers of every dimension, 32 (or 64) per dimension;
/// computed on first use and kept for the process.
const uint32_t *sobolDirections32(bool scrambled);
const uint64_t *sobolDirections64(bool scrambled);
/// The scrambled sequences' starting constants, one per dimension.
const uint32_t *sobolScramble32();
const uint64_t *sobolScramble64();

} // namespace simt::curand

#endif

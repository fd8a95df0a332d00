//===-- Sobol.cpp - Sobol' sequences: direction numbers -------------------===//
#include "runtime/curand/Sobol.h"

#include <cstddef>
#include <vector>

namespace simt::curand {

namespace {

/// Splitmix64: the fixed random source of the initial numbers and the
/// scrambling, seeded per dimension and purpose.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

/// a * b modulo p (a polynomial over GF(2) of `degree`, bit i the
/// coefficient of x^i).
uint64_t mulmod(uint64_t a, uint64_t b, uint64_t p, unsigned degree) {
  uint64_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1)
      r ^= a;
    a <<= 1;
    if (a >> degree & 1)
      a ^= p;
  }
  return r;
}
uint64_t powmod(uint64_t e, uint64_t p, unsigned degree) {
  uint64_t r = 1, x = 2; // x itself
  for (; e; e >>= 1) {
    if (e & 1)
      r = mulmod(r, x, p, degree);
    x = mulmod(x, x, p, degree);
  }
  return r;
}

/// Whether p (degree >= 1) is primitive: x has order 2^degree - 1.
bool primitive(uint64_t p, unsigned degree) {
  const uint64_t order = (uint64_t{1} << degree) - 1;
  if (powmod(order, p, degree) != 1)
    return false;
  // x^(order / q) is not 1 for each prime q dividing the order.
  uint64_t rest = order;
  for (uint64_t q = 2; q * q <= rest; ++q)
    if (rest % q == 0) {
      if (powmod(order / q, p, degree) == 1)
        return false;
      while (rest % q == 0)
        rest /= q;
    }
  return rest == 1 || powmod(order / rest, p, degree) != 1;
}

/// The primitive polynomials the dimensions after the first take, in order.
std::vector<uint64_t> polynomials() {
  std::vector<uint64_t> out;
  for (unsigned degree = 1; out.size() + 1 < kSobolDimensions; ++degree)
    for (uint64_t p = (uint64_t{1} << degree) | 1;
         p < uint64_t{2} << degree && out.size() + 1 < kSobolDimensions; p += 2)
      if (primitive(p, degree))
        out.push_back(p);
  return out;
}

unsigned degreeOf(uint64_t p) {
  unsigned d = 0;
  while (p >> (d + 1))
    ++d;
  return d;
}

/// Direction numbers v_1..v_Bits of every dimension, Bits = 32 or 64.
template <class Word> std::vector<Word> directions(bool scrambled) {
  constexpr unsigned Bits = sizeof(Word) * 8;
  static const std::vector<uint64_t> polys = polynomials();
  std::vector<Word> all(std::size_t(kSobolDimensions) * Bits);
  for (unsigned dim = 0; dim < kSobolDimensions; ++dim) {
    Word *v = &all[std::size_t(dim) * Bits];
    if (dim == 0) {
      for (unsigned k = 0; k < Bits; ++k)
        v[k] = Word(1) << (Bits - 1 - k);
    } else {
      const uint64_t p = polys[dim - 1];
      const unsigned s = degreeOf(p);
      Random r(0x5eed0000ull + dim);
      for (unsigned k = 1; k <= s && k <= Bits; ++k) {
        const uint64_t m = k == 1 ? 1 : (r.next() % (uint64_t{1} << (k - 1))) * 2 + 1;
        v[k - 1] = Word(m) << (Bits - k);
      }
      for (unsigned k = s + 1; k <= Bits; ++k) {
        Word x = v[k - s - 1] ^ (v[k - s - 1] >> s);
        for (unsigned j = 1; j < s; ++j)
          if (p >> (s - j) & 1)
            x ^= v[k - j - 1];
        v[k - 1] = x;
      }
    }
    if (!scrambled)
      continue;
    // A random unit lower-triangular matrix L (row r: the output bit r from
    // the top, which also takes random bits of those above it) times v.
    Random r(0x5c2a0000ull + dim);
    std::vector<Word> rows(Bits);
    for (unsigned row = 0; row < Bits; ++row) {
      const Word above = row ? Word(~Word(0)) << (Bits - row) : Word(0);
      rows[row] = (Word(r.next()) & above) | (Word(1) << (Bits - 1 - row));
    }
    for (unsigned k = 0; k < Bits; ++k) {
      Word out = 0;
      for (unsigned row = 0; row < Bits; ++row)
        if (__builtin_parityll(uint64_t(rows[row] & v[k])))
          out |= Word(1) << (Bits - 1 - row);
      v[k] = out;
    }
  }
  return all;
}

template <class Word> std::vector<Word> scrambleConstants() {
  std::vector<Word> c(kSobolDimensions);
  for (unsigned dim = 0; dim < kSobolDimensions; ++dim)
    c[dim] = Word(Random(0xc0570000ull + dim).next());
  return c;
}

} // namespace

const uint32_t *sobolDirections32(bool scrambled) {
  if (scrambled) {
    static const std::vector<uint32_t> mixed = directions<uint32_t>(true);
    return mixed.data();
  }
  static const std::vector<uint32_t> plain = directions<uint32_t>(false);
  return plain.data();
}
const uint64_t *sobolDirections64(bool scrambled) {
  if (scrambled) {
    static const std::vector<uint64_t> mixed = directions<uint64_t>(true);
    return mixed.data();
  }
  static const std::vector<uint64_t> plain = directions<uint64_t>(false);
  return plain.data();
}
const uint32_t *sobolScramble32() {
  static const std::vector<uint32_t> c = scrambleConstants<uint32_t>();
  return c.data();
}
const uint64_t *sobolScramble64() {
  static const std::vector<uint64_t> c = scrambleConstants<uint64_t>();
  return c.data();
}

} // namespace simt::curand

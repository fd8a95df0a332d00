//===-- ConstTestKit.h - What the constant store and cache tests share ----===//
//
// A word's little-endian bytes, and splitmix64: a random sequence that is
// the same with every standard library, so a failing seed fails everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_TEST_UNIT_CONSTTESTKIT_H
#define SIMT_TEST_UNIT_CONSTTESTKIT_H

#include <cstdint>
#include <vector>

namespace simt::emu::consttest {

inline std::vector<uint8_t> le32(uint32_t v) {
  return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
}

struct Rng {
  uint64_t x;
  uint64_t next() {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return uint32_t(next() % n); }
};

} // namespace simt::emu::consttest

#endif

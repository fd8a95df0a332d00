//===-- CacheLineAllocator.h - Storage on cache lines of its own ----------===//
//
// Model state that host threads write concurrently, each its own part (the
// L2 slices a parallel epoch's commit replays on several threads), must not
// share a cache line with another part: two cores writing one line take it
// from each other on every write. An allocator whose blocks start on a line
// and fill whole lines keeps a vector's elements off its neighbours' lines.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace simt::emu {

inline constexpr size_t kCacheLine = 64;

template <class T> struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <class U> CacheLineAllocator(const CacheLineAllocator<U> &) {}

  static size_t bytesFor(size_t n) {
    return (n * sizeof(T) + kCacheLine - 1) / kCacheLine * kCacheLine;
  }
  T *allocate(size_t n) {
    return static_cast<T *>(::operator new(bytesFor(n), std::align_val_t{kCacheLine}));
  }
  void deallocate(T *p, size_t n) {
    ::operator delete(p, bytesFor(n), std::align_val_t{kCacheLine});
  }
  template <class U> bool operator==(const CacheLineAllocator<U> &) const { return true; }
};

/// A vector whose elements share no cache line with other objects.
template <class T> using LineVector = std::vector<T, CacheLineAllocator<T>>;

} // namespace simt::emu

/* cuda::aligned_size_t<N>: a byte count that the caller promises is a
 * multiple of N, with pointers aligned to N (memcpy_async's size). */
#pragma once

#include <stddef.h>

namespace cuda {
template <size_t Alignment> struct aligned_size_t {
  static constexpr size_t align = Alignment;
  size_t value;
  __host__ __device__ explicit constexpr aligned_size_t(size_t size) : value(size) {}
  __host__ __device__ constexpr operator size_t() const { return value; }
};
} // namespace cuda

namespace __simt_copy {
/* The bytes of `count`: a size_t, or an aligned_size_t's value. */
__host__ __device__ constexpr size_t bytes(size_t count) { return count; }
template <size_t A> __host__ __device__ constexpr size_t bytes(cuda::aligned_size_t<A> count) {
  return count.value;
}
/* A layout's bytes: a count of elements, plain or aligned (memcpy_async's
 * layout form counts elements either way, where its byte form counts
 * bytes). */
template <class Elem> __host__ __device__ constexpr size_t layoutBytes(size_t elements) {
  return elements * sizeof(Elem);
}
template <class Elem, size_t A>
__host__ __device__ constexpr size_t layoutBytes(cuda::aligned_size_t<A> elements) {
  return elements.value * sizeof(Elem);
}
/* The part of a copy of `count` bytes that thread `rank` of `size` makes,
 * a word at a time where both addresses and the count allow it. Every
 * copy here is complete when it returns: the waits of the asynchronous
 * copy interfaces then have nothing to wait for but the other threads. */
__device__ inline void part(void *dst, const void *src, size_t count, unsigned rank,
                            unsigned size) {
  if ((((size_t)dst | (size_t)src | count) & 3) == 0) {
    unsigned *d = static_cast<unsigned *>(dst);
    const unsigned *s = static_cast<const unsigned *>(src);
    for (size_t i = rank; i < count / 4; i += size)
      d[i] = s[i];
    return;
  }
  char *d = static_cast<char *>(dst);
  const char *s = static_cast<const char *>(src);
  for (size_t i = rank; i < count; i += size)
    d[i] = s[i];
}
} // namespace __simt_copy

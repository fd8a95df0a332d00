/*===-- __simt_device_heap.h - malloc, free, new and delete in kernels ----===*
 *
 * Fermi's device heap (CUDA's cudaLimitMallocHeapSize, 8 MiB by default;
 * -DSIMT_MALLOC_HEAP_BYTES=N sets another size) as device code: a
 * __device__ array, instantiated only in programs that allocate, and a
 * lock-free allocator over it. A block is a power of two of 32 bytes or
 * more, its first 16 bytes a header, so the pointers malloc returns are
 * 16-byte aligned, as CUDA's are. The header's words: the block's state
 * (kLive, kFreed), its size class, the bytes malloc was asked for and, while
 * it is free, the free-list link. Freed blocks go on their class's free
 * list, a Treiber stack whose head keeps a version in its high word (a pop
 * that raced with a pop and a push of the same block fails its CAS instead
 * of corrupting the list); malloc takes a freed block of its class first,
 * else the next bytes of the heap. No lock is held across iterations of a
 * retry loop, so threads of one warp that contend (Fermi runs them in lock
 * step) all finish. Out of heap, malloc returns NULL, as CUDA's does. A
 * free of a pointer malloc did not return, or of a block already freed
 * (its state, swapped atomically, says so), prints what it was and traps.
 * The heap lives as long as the loaded object: blocks survive from one
 * launch to the next until freed. operator new and delete are clang's
 * <new> wrapper over these.
 *
 * The sanitizer's memcheck (docs/sanitizer.md) reads the headers to check
 * every access to the heap against its block, and tells the heap's own
 * accesses (headers, free lists) from the program's by the code of malloc,
 * free and __simt_heap_bad_free: they are never inlined, so that each is a
 * function of its own in the object, named as here. A refused free leaves
 * its pointer and reason in `refused`, by lane, where memcheck reads them
 * at the trap (runtime/sanitizer/HeapCheck.h knows this layout).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_DEVICE_HEAP_H
#define SIMT_DEVICE_HEAP_H

#include "__simt_qualifiers.h"

#ifndef SIMT_MALLOC_HEAP_BYTES
#define SIMT_MALLOC_HEAP_BYTES (8u << 20)
#endif

namespace __simt_heap {
typedef unsigned long long u64;
enum : unsigned {
  kHeader = 16,     /* bytes before each pointer malloc returns */
  kMinShift = 5,    /* the smallest block: 32 bytes */
  kClasses = 27,    /* blocks of 2^5 .. 2^31 bytes */
  /* The header's words. The link, meaningful only while the block is free,
   * is last: a program's p[-1] (the usual underflow) hits it, not the
   * words free needs. */
  kStateWord = 0, kClassWord = 1, kSizeWord = 2, kLinkWord = 3,
  kLive = 0x4c495645u,  /* the state of a block malloc returned ("LIVE") */
  kFreed = 0x46524545u, /* and of one free took back ("FREE"); 0: never handed out */
  kDoubleFree = 1, kInvalidFree = 2, /* __simt_heap_bad_free's reasons */
};
/* A free __simt_heap_bad_free refused, for memcheck's report. */
struct Refused {
  const void *p;
  unsigned why;
};
struct State {
  u64 next;            /* bytes the bump pointer has handed out */
  u64 head[kClasses];  /* (version << 32) | (offset of the first free block + 1); 0: none */
};
/* Variable templates (C++14) are what keeps the heap out of programs that
 * do not allocate; clang takes them in C++11 mode too. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++14-extensions"
template <int = 0> __device__ State state;
template <int = 0> __device__ __attribute__((aligned(16))) unsigned char bytes[SIMT_MALLOC_HEAP_BYTES];
template <int = 0> __device__ Refused refused[32]; /* by lane */
#pragma clang diagnostic pop

static __device__ __forceinline__ unsigned classOf(u64 n) {
  unsigned c = 0;
  while ((u64(1) << (c + kMinShift)) < n + kHeader)
    ++c;
  return c;
}
static __device__ __forceinline__ volatile unsigned *word(u64 offset, unsigned k) {
  return (volatile unsigned *)(bytes<> + offset) + k;
}
/* The block at `offset` is handed out for `n` bytes: its state last, so
 * that a header whose state is set is whole. */
static __device__ __forceinline__ void *handOut(u64 offset, u64 n) {
  *word(offset, kSizeWord) = (unsigned)n;
  *word(offset, kStateWord) = kLive;
  return bytes<> + offset + kHeader;
}
} // namespace __simt_heap

/* A free the heap refuses: CUDA leaves it undefined; here it stops the
 * kernel with the reason (`why`: kDoubleFree, kInvalidFree), as a failed
 * assert does. */
extern "C" __device__ __attribute__((noinline, noreturn)) inline void
__simt_heap_bad_free(const void *p, unsigned why) {
  const unsigned lane =
      (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32;
  __simt_heap::refused<>[lane].p = p;
  __simt_heap::refused<>[lane].why = why;
  printf("free(): %s %p: block: [%u,%u,%u], thread: [%u,%u,%u]\n",
         why == __simt_heap::kDoubleFree ? "double free of" : "invalid pointer", p, blockIdx.x,
         blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);
  __builtin_trap();
}

extern "C" __device__ __attribute__((noinline)) inline void *malloc(__SIZE_TYPE__ n) {
  using namespace __simt_heap;
  if (n > SIMT_MALLOC_HEAP_BYTES)
    return 0;
  const unsigned c = classOf(n);
  u64 *head = &state<>.head[c];
  u64 old = *(volatile u64 *)head, offset;
  for (;;) {
    if ((unsigned)old == 0) { /* no freed block of this class: the next bytes */
      const u64 size = u64(1) << (c + kMinShift);
      offset = atomicAdd(&state<>.next, size);
      if (offset + size > SIMT_MALLOC_HEAP_BYTES)
        return 0;
      *word(offset, kClassWord) = c;
      break;
    }
    offset = (unsigned)old - 1;
    const u64 link = *word(offset, kLinkWord);
    const u64 seen = atomicCAS(head, old, ((old >> 32) + 1) << 32 | link);
    if (seen == old)
      break;
    old = seen;
  }
  /* After the loop, where the lanes that contended (one wins each round)
   * are together again: one store for the warp, not one per lane. */
  return handOut(offset, n);
}

extern "C" __device__ __attribute__((noinline)) inline void free(void *p) {
  using namespace __simt_heap;
  if (!p)
    return;
  const u64 offset = (u64)((unsigned char *)p - bytes<>) - kHeader;
  if ((unsigned char *)p < bytes<> + kHeader || offset >= SIMT_MALLOC_HEAP_BYTES ||
      offset % (1u << kMinShift) != 0)
    __simt_heap_bad_free(p, kInvalidFree); /* not a pointer malloc returned */
  const unsigned c = *word(offset, kClassWord);
  /* Live to freed, atomically: of two frees of a block, one fails. */
  const unsigned was =
      atomicCAS((unsigned *)word(offset, kStateWord), (unsigned)kLive, (unsigned)kFreed);
  if (was != kLive)
    __simt_heap_bad_free(p, was == kFreed ? kDoubleFree : kInvalidFree);
  u64 *head = &state<>.head[c];
  u64 old = *(volatile u64 *)head;
  for (;;) {
    *word(offset, kLinkWord) = (unsigned)old; /* the block that was first */
    __threadfence();
    const u64 seen = atomicCAS(head, old, ((old >> 32) + 1) << 32 | (offset + 1));
    if (seen == old)
      return;
    old = seen;
  }
}

#endif

/*===-- cooperative_groups.h - Cooperative groups of a block and a warp ----===*
 *
 * CUDA's cooperative groups as far as the target's level takes them.
 *
 * Fermi (sm_20, __SIMT_ISA_LEVEL__ undefined or below 35): the thread block
 * (sync is __syncthreads) and tiles of a warp (their threads run in lock
 * step on this target, so a tile's sync is only a compiler barrier; a full
 * warp's any/all/ballot are the votes), both also as a thread_group whose
 * kind is known at run time (tiled_partition(g, n)), and the grid, whose
 * sync needs a cooperative launch (cudaLaunchCooperativeKernel; CUDA has
 * it from sm_60, this device at both levels: it takes nothing but global
 * atomics and CTAs that are all resident). What needs later hardware is
 * declared unavailable with the reason: coalesced groups and tile
 * shuffles (sm_30 shuffles).
 *
 * sm_35 (simt-nvcc -arch=sm_35): the warp level of CUDA 12's cooperative
 * groups on the *_sync warp functions (__simt_warp_functions.h):
 * thread_block_tile<N> with its shuffles, votes and match, sub-tiles of a
 * tile, coalesced_threads() (the lanes active where it is called),
 * binary_partition() and labeled_partition() of a tile or coalesced group,
 * and this_thread(); cg::reduce and the scans are in <cooperative_groups/
 * reduce.h> and <cooperative_groups/scan.h>. A tile's members are its lanes
 * that are active where tiled_partition is called: all of them in a
 * converged warp, the threads that exist in the last, partial warp of a
 * block whose size is not a multiple of 32. Tiles larger than a warp
 * (CUDA's multi-warp tiles) are not provided.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_COOPERATIVE_GROUPS_H
#define SIMT_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
#define __SIMT_CG_WARP_LEVEL 1
#endif

namespace cooperative_groups {

#ifdef __SIMT_CG_WARP_LEVEL
/* What the groups share at sm_35: the lane, and the lanes of a mask by rank. */
namespace __simt_cg {
static __device__ __forceinline__ unsigned lane() { return __nvvm_read_ptx_sreg_laneid(); }
/* The lanes below this one. */
static __device__ __forceinline__ unsigned lanes_below() { return (1u << lane()) - 1; }
/* The lane of the member of rank n (counted from 0, below popc(mask)): the
   largest p with at most n members below it, by binary search. */
static __device__ __forceinline__ unsigned nth_lane(unsigned mask, unsigned n) {
  unsigned p = 0;
#pragma unroll
  for (unsigned step = 16; step != 0; step >>= 1)
    if ((unsigned)__popc(mask & ((1u << (p + step)) - 1)) <= n)
      p += step;
  return p;
}
/* A mask's bits `bits` of its members, packed by rank (bit r: rank r). */
static __device__ __forceinline__ unsigned pack(unsigned mask, unsigned bits) {
  unsigned out = 0, r = 0;
  for (unsigned m = mask; m != 0; m &= m - 1, ++r)
    if (bits & m & (0u - m))
      out |= 1u << r;
  return out;
}

/* A shuffle of any trivially copyable value: one SHFL per 32-bit word. */
enum { kIdx, kUp, kDown, kXor };
template <int Kind>
static __device__ __forceinline__ unsigned shfl_word(unsigned mask, unsigned w, int b, int width) {
  switch (Kind) {
  case kIdx: return ::__shfl_sync(mask, w, b, width);
  case kUp: return ::__shfl_up_sync(mask, w, (unsigned)b, width);
  case kDown: return ::__shfl_down_sync(mask, w, (unsigned)b, width);
  default: return ::__shfl_xor_sync(mask, w, b, width);
  }
}
template <int Kind, class T>
static __device__ __forceinline__ T shfl(unsigned mask, const T &v, int b, int width) {
  static_assert(__is_trivially_copyable(T),
                "a group's shuffle takes a trivially copyable type");
  enum { W = (sizeof(T) + 3) / 4 };
  unsigned words[W];
  words[W - 1] = 0;
  __builtin_memcpy(words, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < W; ++i)
    words[i] = shfl_word<Kind>(mask, words[i], b, width);
  T r = v;
  __builtin_memcpy(&r, words, sizeof(T));
  return r;
}

/* The reduction and scans over the members of any mask, lane by lane in
   ascending order (a partial tile, a coalesced group): one SHFL.IDX per
   member, every member getting the same result. */
template <class R, class T, class Op>
static __device__ __forceinline__ R reduce_lanes(unsigned mask, const T &val, Op &op) {
  const R v = val;
  unsigned m = mask;
  R acc = shfl<kIdx>(mask, v, __ffs(m) - 1, 32);
  for (m &= m - 1; m != 0; m &= m - 1)
    acc = op(acc, shfl<kIdx>(mask, v, __ffs(m) - 1, 32));
  return acc;
}
/* This member's inclusive (Exclusive false) or exclusive scan; the first
   member's exclusive scan is R{} (CUDA's). */
template <bool Exclusive, class R, class T, class Op>
static __device__ __forceinline__ R scan_lanes(unsigned mask, const T &val, Op &op) {
  const R v = val;
  const unsigned me = lane();
  R before = v;
  bool any = false;
  for (unsigned m = mask; m != 0; m &= m - 1) {
    const unsigned l = __ffs(m) - 1;
    R w = shfl<kIdx>(mask, v, l, 32);
    if (l < me) {
      before = any ? op(before, w) : w;
      any = true;
    }
  }
  if (Exclusive)
    return any ? before : R{};
  return any ? op(before, v) : v;
}
} // namespace __simt_cg
#endif

/* Any group, its kind known at run time: the thread block, or a tile of a
   power of two of at most a warp's threads (tiled_partition(g, n)); at
   sm_35 also a coalesced group (its members' mask). */
class thread_group {
protected:
  unsigned __tile; /* 0: the thread block; else the tile's size */
#ifdef __SIMT_CG_WARP_LEVEL
  unsigned __members; /* a coalesced group's lanes; 0: a block or a tile */
  explicit __device__ thread_group(unsigned tile, unsigned members = 0)
      : __tile(tile), __members(members) {}
#else
  explicit __device__ thread_group(unsigned tile) : __tile(tile) {}
#endif
  friend __device__ thread_group tiled_partition(const thread_group &parent, unsigned tilesz);

public:
  /* A tile's threads share a warp, which runs in lock step here; at sm_35
     the tile's lanes still meet at a __syncwarp, as CUDA's tiles do, so
     that racecheck sees their accesses ordered (a WARPSYNC, as
     thread_block_tile<N>::sync). Sm_20 has no warp barrier. */
  __device__ void sync() const {
    if (__tile == 0) {
      __syncthreads();
      return;
    }
#ifdef __SIMT_CG_WARP_LEVEL
    if (__members != 0) {
      __syncwarp(__members);
      return;
    }
    const unsigned lanes =
        __tile >= 32 ? ~0u : ((1u << __tile) - 1) << (__simt_cg::lane() & ~(__tile - 1));
    __syncwarp(lanes & __activemask());
#else
    __asm__ volatile("" ::: "memory");
#endif
  }
  __device__ unsigned thread_rank() const {
#ifdef __SIMT_CG_WARP_LEVEL
    if (__members != 0)
      return __popc(__members & __simt_cg::lanes_below());
#endif
    unsigned r = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    return __tile == 0 ? r : r % __tile;
  }
  __device__ unsigned size() const {
#ifdef __SIMT_CG_WARP_LEVEL
    if (__members != 0)
      return __popc(__members);
#endif
    return __tile == 0 ? blockDim.x * blockDim.y * blockDim.z : __tile;
  }
  __device__ unsigned num_threads() const { return size(); }
};

class thread_block : public thread_group {
public:
  __device__ thread_block() : thread_group(0) {}
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned num_threads() const { return size(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
};

static __device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

#ifdef __SIMT_CG_WARP_LEVEL
/* sm_35: a tile of N (1..32) lanes of a warp. Its members are the tile's
   lanes that were active where it was partitioned (mask); the collectives
   are the *_sync warp functions on that mask, with the tile's width, so a
   shuffle stays within the tile. ParentT is the group it was partitioned
   from (void: forgotten), as CUDA's. */
template <unsigned Size, class ParentT = void> class thread_block_tile : public thread_group {
  static_assert(Size == 1 || Size == 2 || Size == 4 || Size == 8 || Size == 16 || Size == 32,
                "a tile is a power of two of at most a warp (tiles of more than 32 "
                "threads are not provided)");
  unsigned __mask, __meta_rank, __meta_size;

  /* The tile's bits of a warp-wide mask, shifted to bit 0. */
  static __device__ unsigned __own(unsigned bits) {
    return Size == 32 ? bits : (bits >> (__simt_cg::lane() & ~(Size - 1))) & ((1u << Size) - 1);
  }

public:
  /* The lanes of this thread's tile. */
  static __device__ unsigned __tile_lanes() {
    return Size == 32 ? ~0u : ((1u << Size) - 1) << (__simt_cg::lane() & ~(Size - 1));
  }
  __device__ thread_block_tile(unsigned mask, unsigned meta_rank, unsigned meta_size)
      : thread_group(Size), __mask(mask), __meta_rank(meta_rank), __meta_size(meta_size) {}
  /* A tile of the thread block. */
  __device__ thread_block_tile()
      : thread_block_tile(__tile_lanes() & __activemask(), this_thread_block().thread_rank() / Size,
                          (this_thread_block().size() + Size - 1) / Size) {}
  /* The same tile with its parent forgotten (or named). */
  template <class OtherParentT>
  __device__ thread_block_tile(const thread_block_tile<Size, OtherParentT> &t)
      : thread_block_tile(t.__simt_mask(), t.meta_group_rank(), t.meta_group_size()) {}

  /* The members' lanes in the warp. */
  __device__ unsigned __simt_mask() const { return __mask; }

  __device__ void sync() const { __syncwarp(__mask); }
  static __device__ unsigned thread_rank() { return __simt_cg::lane() & (Size - 1); }
  static constexpr __device__ unsigned size() { return Size; }
  static constexpr __device__ unsigned num_threads() { return Size; }
  __device__ unsigned meta_group_rank() const { return __meta_rank; }
  __device__ unsigned meta_group_size() const { return __meta_size; }

  template <class T> __device__ T shfl(T var, int srcRank) const {
    return __simt_cg::shfl<__simt_cg::kIdx>(__mask, var, srcRank, Size);
  }
  template <class T> __device__ T shfl_up(T var, unsigned delta) const {
    return __simt_cg::shfl<__simt_cg::kUp>(__mask, var, (int)delta, Size);
  }
  template <class T> __device__ T shfl_down(T var, unsigned delta) const {
    return __simt_cg::shfl<__simt_cg::kDown>(__mask, var, (int)delta, Size);
  }
  template <class T> __device__ T shfl_xor(T var, unsigned laneMask) const {
    return __simt_cg::shfl<__simt_cg::kXor>(__mask, var, (int)laneMask, Size);
  }

  /* The votes: bit r of ballot is the member of rank r. */
  __device__ unsigned ballot(int predicate) const {
    return __own(__ballot_sync(__mask, predicate) & __mask);
  }
  __device__ int any(int predicate) const {
    return (__ballot_sync(__mask, predicate) & __mask) != 0;
  }
  __device__ int all(int predicate) const {
    return (__ballot_sync(__mask, predicate) & __mask) == __mask;
  }
  template <class T> __device__ unsigned match_any(T val) const {
    return __own(__match_any_sync(__mask, val) & __mask);
  }
  template <class T> __device__ unsigned match_all(T val, int &pred) const {
    return __own(__match_all_sync(__mask, val, &pred));
  }
};

/* A tile of the thread block, or of a larger tile. */
template <unsigned Size>
static __device__ __forceinline__ thread_block_tile<Size, thread_block>
tiled_partition(const thread_block &g) {
  return thread_block_tile<Size, thread_block>(
      thread_block_tile<Size>::__tile_lanes() & __activemask(), g.thread_rank() / Size,
      (g.size() + Size - 1) / Size);
}
template <unsigned Size, unsigned ParentSize, class GrandParentT>
static __device__ __forceinline__ thread_block_tile<Size, thread_block_tile<ParentSize, GrandParentT>>
tiled_partition(const thread_block_tile<ParentSize, GrandParentT> &g) {
  static_assert(Size <= ParentSize, "a tile is no larger than the tile it partitions");
  return thread_block_tile<Size, thread_block_tile<ParentSize, GrandParentT>>(
      thread_block_tile<Size>::__tile_lanes() & g.__simt_mask(), g.thread_rank() / Size,
      ParentSize / Size);
}

/* This thread as a group of one. */
static __device__ __forceinline__ thread_block_tile<1> this_thread() {
  thread_block b;
  return thread_block_tile<1>(1u << __simt_cg::lane(), b.thread_rank(), b.size());
}

/* The lanes of a warp that are active where coalesced_threads() is called,
   ranked in lane order. Shuffles take a rank; a source rank of size() or
   more is undefined, as in CUDA. */
class coalesced_group : public thread_group {
  unsigned __meta_rank, __meta_size;

public:
  explicit __device__ coalesced_group(unsigned mask, unsigned meta_rank = 0,
                                      unsigned meta_size = 1)
      : thread_group(32, mask), __meta_rank(meta_rank), __meta_size(meta_size) {}

  /* The members' lanes in the warp. */
  __device__ unsigned __simt_mask() const { return __members; }

  __device__ void sync() const { __syncwarp(__members); }
  __device__ unsigned thread_rank() const { return __popc(__members & __simt_cg::lanes_below()); }
  __device__ unsigned size() const { return __popc(__members); }
  __device__ unsigned num_threads() const { return size(); }
  __device__ unsigned meta_group_rank() const { return __meta_rank; }
  __device__ unsigned meta_group_size() const { return __meta_size; }

  template <class T> __device__ T shfl(T var, unsigned srcRank) const {
    return __simt_cg::shfl<__simt_cg::kIdx>(__members, var,
                                            __simt_cg::nth_lane(__members, srcRank), 32);
  }
  /* The member delta ranks below (above); this thread's own value where
     there is none, as the warp's shuffles. */
  template <class T> __device__ T shfl_up(T var, unsigned delta) const {
    const unsigned r = thread_rank();
    const unsigned src = r >= delta ? __simt_cg::nth_lane(__members, r - delta) : __simt_cg::lane();
    return __simt_cg::shfl<__simt_cg::kIdx>(__members, var, src, 32);
  }
  template <class T> __device__ T shfl_down(T var, unsigned delta) const {
    const unsigned r = thread_rank();
    const unsigned src =
        r + delta < size() ? __simt_cg::nth_lane(__members, r + delta) : __simt_cg::lane();
    return __simt_cg::shfl<__simt_cg::kIdx>(__members, var, src, 32);
  }

  /* The votes: bit r of ballot and match is the member of rank r. */
  __device__ unsigned ballot(int predicate) const {
    return __simt_cg::pack(__members, __ballot_sync(__members, predicate));
  }
  __device__ int any(int predicate) const {
    return (__ballot_sync(__members, predicate) & __members) != 0;
  }
  __device__ int all(int predicate) const {
    return (__ballot_sync(__members, predicate) & __members) == __members;
  }
  template <class T> __device__ unsigned match_any(T val) const {
    return __simt_cg::pack(__members, __match_any_sync(__members, val));
  }
  template <class T> __device__ unsigned match_all(T val, int &pred) const {
    return __simt_cg::pack(__members, __match_all_sync(__members, val, &pred));
  }
};

static __device__ __forceinline__ coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/* CUDA 11's binary partition of a tile or coalesced group: the members
   whose predicate is the caller's, as a coalesced group. */
template <class Group>
static __device__ __forceinline__ coalesced_group binary_partition(const Group &parent, bool pred) {
  const unsigned members = parent.__simt_mask();
  const unsigned ones = __ballot_sync(members, pred) & members;
  return coalesced_group(pred ? ones : members & ~ones);
}

/* The threads of the parent whose label is the caller's, as a coalesced
   group (CUDA 11, sm_70 on): a match of the labels among its members. */
template <class Group, class Label>
static __device__ __forceinline__ coalesced_group labeled_partition(const Group &parent,
                                                                    Label label) {
  const unsigned members = parent.__simt_mask();
  return coalesced_group(__match_any_sync(members, label) & members);
}

/* A coalesced group's tiles: its members by rank, tilesz (a power of two
   of at most 32) to a tile. */
static __device__ __forceinline__ unsigned __simt_coalesced_tile(unsigned members, unsigned tilesz) {
  const unsigned first = __popc(members & __simt_cg::lanes_below()) / tilesz * tilesz;
  const unsigned lo = __simt_cg::nth_lane(members, first);
  const unsigned end = first + tilesz;
  const unsigned below =
      end >= (unsigned)__popc(members) ? ~0u : (1u << __simt_cg::nth_lane(members, end)) - 1;
  return members & below & ~((1u << lo) - 1);
}
static __device__ __forceinline__ coalesced_group tiled_partition(const coalesced_group &parent,
                                                                  unsigned tilesz)
    __attribute__((diagnose_if(tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0,
                               "a tile is a power of two of at most a warp (32 threads)",
                               "error"))) {
  if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0)
    __trap();
  return coalesced_group(__simt_coalesced_tile(parent.__simt_mask(), tilesz),
                         parent.thread_rank() / tilesz, (parent.size() + tilesz - 1) / tilesz);
}
#else
#define __SIMT_NO_SHFL_TILE                                                         \
  __attribute__((unavailable("tile shuffles need sm_30's warp shuffles; this target " \
                             "is Fermi (sm_20): exchange values through __shared__ memory, " \
                             "or build with -arch=sm_35")))

template <unsigned Size> class thread_block_tile : public thread_group {
  static_assert(Size == 1 || Size == 2 || Size == 4 || Size == 8 || Size == 16 || Size == 32,
                "a tile is a power of two of at most a warp");

public:
  __device__ thread_block_tile() : thread_group(Size) {}
  /* A warp's threads run in lock step here: nothing to wait for. */
  __device__ void sync() const { __asm__ volatile("" ::: "memory"); }
  __device__ unsigned thread_rank() const { return this_thread_block().thread_rank() % Size; }
  __device__ unsigned size() const { return Size; }
  __device__ unsigned num_threads() const { return Size; }
  __device__ unsigned meta_group_rank() const { return this_thread_block().thread_rank() / Size; }
  __device__ unsigned meta_group_size() const {
    return (this_thread_block().size() + Size - 1) / Size;
  }
  /* The tile's bits of the warp's ballot. */
  __device__ unsigned ballot(int p) const {
    unsigned all = __ballot(p);
    return Size == 32 ? all : (all >> ((this_thread_block().thread_rank() % 32) / Size * Size)) &
                                  ((1u << Size) - 1);
  }
  __device__ int any(int p) const { return ballot(p) != 0; }
  __device__ int all(int p) const {
    return ballot(p) == (Size == 32 ? ~0u : (1u << Size) - 1);
  }
  template <class... T> __device__ int shfl(T...) const __SIMT_NO_SHFL_TILE;
  template <class... T> __device__ int shfl_up(T...) const __SIMT_NO_SHFL_TILE;
  template <class... T> __device__ int shfl_down(T...) const __SIMT_NO_SHFL_TILE;
  template <class... T> __device__ int shfl_xor(T...) const __SIMT_NO_SHFL_TILE;
};
#undef __SIMT_NO_SHFL_TILE

template <unsigned Size>
static __device__ __forceinline__ thread_block_tile<Size> tiled_partition(const thread_block &) {
  return thread_block_tile<Size>();
}
#endif

/* A tile of a block or of a larger tile, of a size known at run time. A
   size that is not a power of two of at most a warp (32) is an error when
   it is a constant and a trap when it is not, as is a tile larger than its
   parent tile. At sm_35 a tile of a coalesced group (as a thread_group) is
   the coalesced group's tile. */
__device__ __forceinline__ thread_group tiled_partition(const thread_group &parent, unsigned tilesz)
    __attribute__((diagnose_if(tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0,
#ifdef __SIMT_CG_WARP_LEVEL
                               "a tile is a power of two of at most a warp (32 threads)",
#else
                               "a tile is a power of two of at most a warp (32 threads) on "
                               "Fermi (sm_20)",
#endif
                               "error"))) {
  if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0 ||
      (parent.__tile != 0 && tilesz > parent.__tile))
    __trap();
#ifdef __SIMT_CG_WARP_LEVEL
  if (parent.__members != 0)
    return thread_group(32, __simt_coalesced_tile(parent.__members, tilesz));
#endif
  return thread_group(tilesz);
}

template <class Group> static __device__ __forceinline__ void sync(const Group &g) { g.sync(); }

/* The operations of cg::reduce and the scans (<cooperative_groups/reduce.h>,
   <cooperative_groups/scan.h>): less and greater are the minimum and the
   maximum. */
template <class T> struct plus {
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
  __device__ __forceinline__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T> struct greater {
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __device__ __forceinline__ T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
  __device__ __forceinline__ T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
  __device__ __forceinline__ T operator()(T a, T b) const { return a ^ b; }
};
/* CUDA's free forms of a group's rank and size. */
template <class Group>
static __device__ __forceinline__ unsigned long long thread_rank(const Group &g) {
  return g.thread_rank();
}
template <class Group>
static __device__ __forceinline__ unsigned long long group_size(const Group &g) {
  return g.num_threads();
}

/* A cooperative launch's grid workspace, where NVIDIA's runtime passes it
   (%envreg1 its high word, %envreg2 its low word: isa/SIMTLimits.h), 8
   zeroed bytes of its own whose second word is the grid barrier's; null in
   any other launch. */
static __device__ __forceinline__ unsigned *__simt_grid_barrier(void) {
  unsigned lo, hi;
  __asm__("mov.u32 %0, %%envreg2;" : "=r"(lo));
  __asm__("mov.u32 %0, %%envreg1;" : "=r"(hi));
  unsigned long long ws = ((unsigned long long)hi << 32) | lo;
  return ws ? (unsigned *)(ws + 4) : (unsigned *)0;
}
/* The grid's threads as a group: its ranks and sizes serve grid-stride
   loops in any launch, as CUDA's do. sync() waits for every thread of the
   grid, which only a cooperative launch (cudaLaunchCooperativeKernel) can
   promise, as all its CTAs are resident at once; is_valid() says whether
   this is one, and sync() in any other launch stops the kernel (__trap),
   as CUDA's does. */
class grid_group {
public:
  __device__ unsigned long long block_rank() const {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * (blockDim.x * blockDim.y * blockDim.z) +
           (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned long long num_threads() const {
    return num_blocks() * (blockDim.x * blockDim.y * blockDim.z);
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 group_dim() const { return dim_blocks(); }
  __device__ bool is_valid() const { return __simt_grid_barrier() != 0; }
  /* Each CTA's first thread adds to the word once its CTA has arrived:
     block 0 adds 2^31 - (blocks - 1), the others 1 each, so bit 31 flips
     when the last CTA arrives and the low bits are 0 again, ready for the
     next sync; each waits for the flip from the value it saw. */
  __device__ void sync() const {
    unsigned *word = __simt_grid_barrier();
    if (!word)
      __trap();
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
      const unsigned others = (unsigned)num_blocks() - 1;
      const unsigned add = block_rank() == 0 ? 0x80000000u - others : 1u;
      __threadfence();
      const unsigned seen = atomicAdd(word, add);
      while (((seen ^ *(volatile unsigned *)word) & 0x80000000u) == 0)
        ;
      __threadfence();
    }
    __syncthreads();
  }
};
static __device__ __forceinline__ grid_group this_grid() { return grid_group(); }
#ifndef __SIMT_CG_WARP_LEVEL
#define __SIMT_NO_COALESCED                                                         \
  __attribute__((unavailable("coalesced groups need sm_30's warp functions; this target " \
                             "is Fermi (sm_20): build with -arch=sm_35")))
class coalesced_group {
public:
  __device__ void sync() const __SIMT_NO_COALESCED;
};
__device__ coalesced_group coalesced_threads() __SIMT_NO_COALESCED;
#undef __SIMT_NO_COALESCED
#endif

} // namespace cooperative_groups

#endif

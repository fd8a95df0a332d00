/*===-- cooperative_groups.h - The thread-block subset of cooperative groups -===*
 *
 * CUDA's cooperative groups as far as Fermi (sm_20) can take them: the
 * thread block (sync is __syncthreads) and tiles of a warp (their threads
 * run in lock step on this target, so a tile's sync is only a compiler
 * barrier; a full warp's any/all/ballot are the votes), both also as a
 * thread_group whose kind is known at run time (tiled_partition(g, n)). What needs later
 * hardware is declared unavailable with the reason: the grid group (a
 * cooperative launch, sm_60), coalesced groups and tile shuffles (sm_30
 * shuffles).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_COOPERATIVE_GROUPS_H
#define SIMT_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

namespace cooperative_groups {

/* Any group, its kind known at run time: the thread block, or a tile of a
   power of two of at most a warp's threads (tiled_partition(g, n)). */
class thread_group {
protected:
  unsigned __tile; /* 0: the thread block; else the tile's size */
  explicit __device__ thread_group(unsigned tile) : __tile(tile) {}
  friend __device__ thread_group tiled_partition(const thread_group &parent, unsigned tilesz);

public:
  /* A tile's threads share a warp, which runs in lock step here. */
  __device__ void sync() const {
    if (__tile == 0)
      __syncthreads();
    else
      __asm__ volatile("" ::: "memory");
  }
  __device__ unsigned thread_rank() const {
    unsigned r = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    return __tile == 0 ? r : r % __tile;
  }
  __device__ unsigned size() const {
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

#define __SIMT_NO_SHFL_TILE                                                         \
  __attribute__((unavailable("tile shuffles need sm_30's warp shuffles; this target " \
                             "is Fermi (sm_20): exchange values through __shared__ memory")))

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

/* A tile of a block or of a larger tile, of a size known at run time. A
   size that is not a power of two of at most a warp (32) is an error when
   it is a constant and a trap when it is not, as is a tile larger than its
   parent tile. */
__device__ __forceinline__ thread_group tiled_partition(const thread_group &parent, unsigned tilesz)
    __attribute__((diagnose_if(tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0,
                               "a tile is a power of two of at most a warp (32 threads) on "
                               "Fermi (sm_20)",
                               "error"))) {
  if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0 ||
      (parent.__tile != 0 && tilesz > parent.__tile))
    __trap();
  return thread_group(tilesz);
}

template <class Group> static __device__ __forceinline__ void sync(const Group &g) { g.sync(); }

#define __SIMT_NO_GRID                                                              \
  __attribute__((unavailable("the grid group needs a cooperative launch (sm_60) to "    \
                             "synchronise the whole grid; on Fermi (sm_20) split the "  \
                             "kernel at the grid-wide barrier")))
class grid_group {
public:
  __device__ void sync() const __SIMT_NO_GRID;
};
__device__ grid_group this_grid() __SIMT_NO_GRID;
#undef __SIMT_NO_GRID
#define __SIMT_NO_COALESCED                                                         \
  __attribute__((unavailable("coalesced groups need sm_70's independent thread scheduling")))
class coalesced_group {
public:
  __device__ void sync() const __SIMT_NO_COALESCED;
};
__device__ coalesced_group coalesced_threads() __SIMT_NO_COALESCED;
#undef __SIMT_NO_COALESCED

} // namespace cooperative_groups

#endif

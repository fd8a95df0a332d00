/*===-- cooperative_groups/scan.h - Scans over a tile or a group ----------===*
 *
 * cg::inclusive_scan(group, value[, op]) and cg::exclusive_scan at sm_35:
 * the member of rank r gets op folded over the values of ranks 0..r
 * (inclusive) or 0..r-1 (exclusive; rank 0 gets a value-initialised T, as
 * CUDA's), op cg::plus when not given. A whole tile scans with log2(N)
 * SHFL.UP steps (Hillis-Steele); a partial tile or a coalesced group that
 * is not the whole warp member by member (one SHFL.IDX each). On Fermi
 * (sm_20) the scans are an error at the call: they need shuffles.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_COOPERATIVE_GROUPS_SCAN_H
#define SIMT_COOPERATIVE_GROUPS_SCAN_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

#ifdef __SIMT_CG_WARP_LEVEL
namespace __simt_cg {
/* A whole tile of Size lanes. */
template <bool Exclusive, unsigned Size, class R, class Op>
static __device__ __forceinline__ R scan_tile(unsigned mask, R acc, Op &op) {
  const unsigned rank = lane() & (Size - 1);
#pragma unroll
  for (unsigned o = 1; o < Size; o <<= 1) {
    R below = shfl<kUp>(mask, acc, (int)o, Size);
    if (rank >= o)
      acc = op(below, acc);
  }
  if (!Exclusive)
    return acc;
  R before = shfl<kUp>(mask, acc, 1, Size);
  return rank == 0 ? R{} : before;
}

template <bool Exclusive, unsigned Size, class ParentT, class T, class Op>
static __device__ __forceinline__ auto scan(const thread_block_tile<Size, ParentT> &group,
                                            const T &val, Op &op)
    -> __remove_cvref(decltype(op(val, val))) {
  typedef __remove_cvref(decltype(op(val, val))) R;
  const unsigned mask = group.__simt_mask();
  if (mask != thread_block_tile<Size>::__tile_lanes())
    return scan_lanes<Exclusive, R>(mask, val, op);
  return scan_tile<Exclusive, Size, R>(mask, R(val), op);
}
template <bool Exclusive, class T, class Op>
static __device__ __forceinline__ auto scan(const coalesced_group &group, const T &val, Op &op)
    -> __remove_cvref(decltype(op(val, val))) {
  typedef __remove_cvref(decltype(op(val, val))) R;
  const unsigned mask = group.__simt_mask();
  if (mask == ~0u)
    return scan_tile<Exclusive, 32, R>(mask, R(val), op);
  return scan_lanes<Exclusive, R>(mask, val, op);
}
} // namespace __simt_cg

template <class Group, class T, class Op>
static __device__ __forceinline__ auto inclusive_scan(const Group &group, const T &val, Op &&op)
    -> __remove_cvref(decltype(op(val, val))) {
  return __simt_cg::scan<false>(group, val, op);
}
template <class Group, class T>
static __device__ __forceinline__ T inclusive_scan(const Group &group, const T &val) {
  plus<T> op;
  return __simt_cg::scan<false>(group, val, op);
}
template <class Group, class T, class Op>
static __device__ __forceinline__ auto exclusive_scan(const Group &group, const T &val, Op &&op)
    -> __remove_cvref(decltype(op(val, val))) {
  return __simt_cg::scan<true>(group, val, op);
}
template <class Group, class T>
static __device__ __forceinline__ T exclusive_scan(const Group &group, const T &val) {
  plus<T> op;
  return __simt_cg::scan<true>(group, val, op);
}
#else
#define __SIMT_NO_SCAN                                                               \
  __attribute__((unavailable("the group scans need sm_30's warp shuffles; this target is " \
                             "Fermi (sm_20): scan through __shared__ memory, or build "  \
                             "with -arch=sm_35")))
template <class... T> __device__ int inclusive_scan(T...) __SIMT_NO_SCAN;
template <class... T> __device__ int exclusive_scan(T...) __SIMT_NO_SCAN;
#undef __SIMT_NO_SCAN
#endif

} // namespace cooperative_groups

#endif

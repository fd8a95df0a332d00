/*===-- cooperative_groups/reduce.h - cg::reduce over a tile or a group ---===*
 *
 * cg::reduce(group, value, op) at sm_35: every member of a
 * thread_block_tile or a coalesced_group gets op folded over the members'
 * values in rank order (op associative: cg::plus, cg::less, cg::greater,
 * cg::bit_and, cg::bit_or, cg::bit_xor, or a function object of the
 * program's). A whole tile folds with log2(N) SHFL.BFLY steps, the lower
 * half of each pair on the left, so that every member computes the same
 * tree; a partial tile or a coalesced group that is not the whole warp folds
 * member by member (one SHFL.IDX each). On Fermi (sm_20) reduce is an error
 * at the call: it needs shuffles.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_COOPERATIVE_GROUPS_REDUCE_H
#define SIMT_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

#ifdef __SIMT_CG_WARP_LEVEL
namespace __simt_cg {
/* A whole tile of Size lanes: the butterfly, from neighbours up, so that
   each step joins two runs of ranks that are next to each other. */
template <unsigned Size, class R, class Op>
static __device__ __forceinline__ R reduce_tile(unsigned mask, R acc, Op &op) {
  const unsigned me = lane();
#pragma unroll
  for (unsigned o = 1; o < Size; o <<= 1) {
    R other = shfl<kXor>(mask, acc, (int)o, Size);
    acc = (me & o) ? op(other, acc) : op(acc, other);
  }
  return acc;
}
} // namespace __simt_cg

template <unsigned Size, class ParentT, class T, class Op>
static __device__ __forceinline__ auto reduce(const thread_block_tile<Size, ParentT> &group,
                                              const T &val, Op &&op)
    -> __remove_cvref(decltype(op(val, val))) {
  typedef __remove_cvref(decltype(op(val, val))) R;
  const unsigned mask = group.__simt_mask();
  if (mask != thread_block_tile<Size>::__tile_lanes())
    return __simt_cg::reduce_lanes<R>(mask, val, op);
  return __simt_cg::reduce_tile<Size, R>(mask, R(val), op);
}

template <class T, class Op>
static __device__ __forceinline__ auto reduce(const coalesced_group &group, const T &val, Op &&op)
    -> __remove_cvref(decltype(op(val, val))) {
  typedef __remove_cvref(decltype(op(val, val))) R;
  const unsigned mask = group.__simt_mask();
  if (mask == ~0u)
    return __simt_cg::reduce_tile<32, R>(mask, R(val), op);
  return __simt_cg::reduce_lanes<R>(mask, val, op);
}
#else
template <class... T>
__device__ int reduce(T...)
    __attribute__((unavailable("cg::reduce needs sm_30's warp shuffles; this target is Fermi "
                               "(sm_20): reduce through __shared__ memory, or build with "
                               "-arch=sm_35")));
#endif

} // namespace cooperative_groups

#endif

/* cooperative_groups::memcpy_async, wait and wait_prior (CUDA 11): a
 * group's threads copy a block of bytes between global and shared memory
 * together, each its share, and the wait synchronises the group, after
 * which every thread sees the whole block. The copies are complete when
 * memcpy_async returns (cuda_pipeline_primitives.h). */
#pragma once

#include "../cooperative_groups.h"
#include <cuda/__simt_aligned_size.h>

namespace cooperative_groups {

template <class Group, class Elem, class Count>
__device__ void memcpy_async(const Group &group, Elem *__restrict__ dst,
                             const Elem *__restrict__ src, const Count &count) {
  __simt_copy::part(dst, src, __simt_copy::bytes(count), group.thread_rank(), group.size());
}
/* The layout form: the two ends' sizes; the smaller is copied. */
template <class Group, class Elem, class DstLayout, class SrcLayout>
__device__ void memcpy_async(const Group &group, Elem *__restrict__ dst, const DstLayout &dstLayout,
                             const Elem *__restrict__ src, const SrcLayout &srcLayout) {
  const size_t dstBytes = __simt_copy::layoutBytes<Elem>(dstLayout),
               srcBytes = __simt_copy::layoutBytes<Elem>(srcLayout);
  __simt_copy::part(dst, src, dstBytes < srcBytes ? dstBytes : srcBytes, group.thread_rank(),
                    group.size());
}

template <class Group> __device__ void wait(const Group &group) { group.sync(); }
template <unsigned Stage, class Group> __device__ void wait_prior(const Group &group) {
  group.sync();
}

} // namespace cooperative_groups

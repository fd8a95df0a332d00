/* sm_80's asynchronous copy primitives (cuda_pipeline_primitives.h): a
 * copy of 4, 8 or 16 bytes from global to shared memory, the last `zfill`
 * of them zeros. The copy is complete when the call returns, so commit and
 * wait have nothing to do (nvcc's PTX for these, cp.async, is translated
 * the same way: docs/cuda.md). */
#pragma once

#include <cuda/__simt_aligned_size.h>

static __device__ inline void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                      const void *__restrict__ src_global,
                                                      size_t size_and_align, size_t zfill = 0) {
  char *d = static_cast<char *>(dst_shared);
  const char *s = static_cast<const char *>(src_global);
  const size_t copied = zfill < size_and_align ? size_and_align - zfill : 0;
  if (zfill == 0 && size_and_align % 4 == 0) {
    __simt_copy::part(d, s, size_and_align, 0, 1);
    return;
  }
  for (size_t i = 0; i < size_and_align; ++i)
    d[i] = i < copied ? s[i] : 0;
}
static __device__ inline void __pipeline_commit() {}
static __device__ inline void __pipeline_wait_prior(size_t) {}

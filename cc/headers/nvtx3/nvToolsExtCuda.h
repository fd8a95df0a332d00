/*===-- nvtx3/nvToolsExtCuda.h - NVTX: naming CUDA driver objects ---------===*
 *
 * Names for devices, contexts, streams and events (no-ops without an
 * injected tool, as nvtx3/nvToolsExt.h says).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_NVTOOLSEXT_CUDA_V3_H
#define SIMT_NVTOOLSEXT_CUDA_V3_H

#include "cuda.h"
#include "nvToolsExt.h"

static inline void nvtxNameCuDeviceA(CUdevice d, const char *n) { (void)d; (void)n; }
static inline void nvtxNameCuContextA(CUcontext c, const char *n) { (void)c; (void)n; }
static inline void nvtxNameCuStreamA(CUstream s, const char *n) { (void)s; (void)n; }
static inline void nvtxNameCuEventA(CUevent e, const char *n) { (void)e; (void)n; }

#endif

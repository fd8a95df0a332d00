/*===-- nvtx3/nvToolsExtCudaRt.h - NVTX: naming CUDA runtime objects ------===*
 *
 * Names for devices, streams and events of the runtime API (no-ops without
 * an injected tool, as nvtx3/nvToolsExt.h says).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_NVTOOLSEXT_CUDART_V3_H
#define SIMT_NVTOOLSEXT_CUDART_V3_H

#include "cuda_runtime_api.h"
#include "nvToolsExt.h"

static inline void nvtxNameCudaDeviceA(int d, const char *n) { (void)d; (void)n; }
static inline void nvtxNameCudaStreamA(cudaStream_t s, const char *n) { (void)s; (void)n; }
static inline void nvtxNameCudaEventA(cudaEvent_t e, const char *n) { (void)e; (void)n; }

#endif

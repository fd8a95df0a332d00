/*===-- cuda_profiler_api.h - The profiler's start and stop (simt-cc) -----===*
 *
 * Host code brackets the region to profile with these; they are declared
 * with the rest of the runtime API (host code is not translated).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_PROFILER_API_H
#define SIMT_CUDA_PROFILER_API_H
#include "cuda_runtime_api.h"
#endif

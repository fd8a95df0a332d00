/*===-- device_launch_parameters.h - threadIdx, blockIdx, ... (simt-cc) --===*
 *
 * The built-in variables are clang's (its CUDA builtin-variable header maps
 * each field to the PTX special register); this file adds the conversions
 * to uint3 and dim3 that header leaves to the CUDA headers.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_DEVICE_LAUNCH_PARAMETERS_H
#define SIMT_DEVICE_LAUNCH_PARAMETERS_H

#include "vector_types.h"
#include <__clang_cuda_builtin_vars.h>

#define __SIMT_BUILTIN_CONVERSIONS(T) \
  __device__ inline T::operator uint3() const { return uint3{x, y, z}; } \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }
__SIMT_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
__SIMT_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
__SIMT_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
__SIMT_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef __SIMT_BUILTIN_CONVERSIONS

#endif

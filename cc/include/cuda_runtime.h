/*===-- cuda_runtime.h - What a CUDA program sees (simt-cc) --------------===*
 *
 * simt-cc includes this before every .cu file, as nvcc does: qualifiers,
 * vector types, the built-in variables, device functions and the runtime
 * API declarations.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_RUNTIME_H
#define SIMT_CUDA_RUNTIME_H

#include "__simt_qualifiers.h"
#include "vector_types.h"
#include "device_launch_parameters.h"
#include "__simt_device_functions.h"
#include "cuda_runtime_api.h"

#endif

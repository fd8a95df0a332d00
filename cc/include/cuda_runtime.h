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
/* The host's math declarations, as NVIDIA's header provides them through
 * math_functions.h: host code calls ceil/sqrt/... without including <math.h>
 * (PolyBench's grid sizes). After the device functions, which they overload
 * by target. Only when the host's libc headers are there for the host
 * target (-m32 makes it i386, whose headers Debian installs separately). */
#if __has_include(<bits/libc-header-start.h>)
#include <math.h>
#endif

#endif

/*===-- builtin_types.h - CUDA's built-in types (simt-cc) ----------------===*
 *
 * What NVIDIA's header of this name gathers (driver API programs include
 * it): the vector types and the runtime's types.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_BUILTIN_TYPES_H
#define SIMT_BUILTIN_TYPES_H
#include "vector_types.h"
#include "cuda_runtime_api.h"
#endif

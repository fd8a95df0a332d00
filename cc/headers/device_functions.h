/*===-- device_functions.h - an NVIDIA header's name -----------------------===*
 *
 * What NVIDIA's toolkit declares under this name is part of this
 * toolchain's cuda_runtime.h, which every .cu file already has (simt-cc
 * includes it first, as nvcc does); a program may still name the header.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_COMPAT_DEVICE_FUNCTIONS_H
#define SIMT_COMPAT_DEVICE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif

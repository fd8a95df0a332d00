/*===-- library_types.h - The data types CUDA's libraries name ------------===*
 *
 * cudaDataType (CUDA_R_32F, CUDA_C_64F, ...) and libraryPropertyType, as
 * programs written for cuBLAS, cuFFT and cuSPARSE declare their buffers.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_LIBRARY_TYPES_H
#define SIMT_LIBRARY_TYPES_H

typedef enum cudaDataType_t {
  CUDA_R_32F = 0,
  CUDA_R_64F = 1,
  CUDA_R_16F = 2,
  CUDA_R_8I = 3,
  CUDA_C_32F = 4,
  CUDA_C_64F = 5,
  CUDA_C_16F = 6,
  CUDA_C_8I = 7,
  CUDA_R_8U = 8,
  CUDA_C_8U = 9,
  CUDA_R_32I = 10,
  CUDA_C_32I = 11,
  CUDA_R_32U = 12,
  CUDA_C_32U = 13,
  CUDA_R_16BF = 14,
  CUDA_C_16BF = 15
} cudaDataType;

/* CUDA 13's floating-point emulation controls (NVIDIA's values). No
 * library here emulates; the types let programs that name them compile
 * (the cuBLAS samples' cublas_utils.h sizes an emulation workspace). */
typedef enum cudaEmulationStrategy_t {
  CUDA_EMULATION_STRATEGY_DEFAULT = 0,
  CUDA_EMULATION_STRATEGY_PERFORMANT = 1,
  CUDA_EMULATION_STRATEGY_EAGER = 2
} cudaEmulationStrategy;

typedef enum cudaEmulationMantissaControl_t {
  CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC = 0,
  CUDA_EMULATION_MANTISSA_CONTROL_FIXED = 1
} cudaEmulationMantissaControl;

typedef enum cudaEmulationSpecialValuesSupport_t {
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT = 0xFFFF,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE = 0,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_INFINITY = 1,
  CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN = 2
} cudaEmulationSpecialValuesSupport;

typedef enum libraryPropertyType_t {
  MAJOR_VERSION,
  MINOR_VERSION,
  PATCH_LEVEL
} libraryPropertyType;

#endif

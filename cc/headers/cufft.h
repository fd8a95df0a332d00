/*===-- cufft.h - cuFFT's plans and transforms ----------------------------===*
 *
 * What libcufft (runtime/cufft, -lcufft) provides of cuFFT: plans of rank
 * 1 to 3 (cufftPlan1d/2d/3d, cufftPlanMany with its advanced layouts, and
 * the cufftCreate + cufftMakePlan* forms), streams, and the six
 * transforms (C2C, R2C, C2R and their double forms). The transforms are
 * computed on the host over the data's bytes (docs/cuda.md).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUFFT_H
#define SIMT_CUFFT_H
#define _CUFFT_H_ /* NVIDIA's guard */

#include "cuComplex.h"
#include "cuda_runtime_api.h"
#include "library_types.h"

#define CUFFT_VER_MAJOR 12
#define CUFFT_VER_MINOR 0
#define CUFFT_VER_PATCH 0
#define CUFFT_VER_BUILD 61
#define CUFFT_VERSION 12000

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0x0,
  CUFFT_INVALID_PLAN = 0x1,
  CUFFT_ALLOC_FAILED = 0x2,
  CUFFT_INVALID_TYPE = 0x3,
  CUFFT_INVALID_VALUE = 0x4,
  CUFFT_INTERNAL_ERROR = 0x5,
  CUFFT_EXEC_FAILED = 0x6,
  CUFFT_SETUP_FAILED = 0x7,
  CUFFT_INVALID_SIZE = 0x8,
  CUFFT_UNALIGNED_DATA = 0x9,
  CUFFT_INVALID_DEVICE = 0xB,
  CUFFT_NO_WORKSPACE = 0xD,
  CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_NOT_SUPPORTED = 0x10,
  CUFFT_MISSING_DEPENDENCY = 0x11,
  CUFFT_NVRTC_FAILURE = 0x12,
  CUFFT_NVJITLINK_FAILURE = 0x13,
  CUFFT_NVSHMEM_FAILURE = 0x14
} cufftResult;

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftType_t {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

typedef enum cufftCompatibility_t {
  CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01
} cufftCompatibility;
#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;
typedef int cufftHandle;

#ifdef __cplusplus
extern "C" {
#endif
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                          int idist, int *onembed, int ostride, int odist, cufftType type,
                          int batch);
cufftResult cufftCreate(cufftHandle *handle);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch,
                            size_t *workSize);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize);
cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
cufftResult cufftGetSize(cufftHandle handle, size_t *workSize);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftGetVersion(int *version);
cufftResult cufftGetProperty(libraryPropertyType type, int *value);
cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata,
                         int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);
#ifdef __cplusplus
}
#endif

#endif

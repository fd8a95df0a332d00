/*===-- cufftXt.h - cuFFT's extensions: the 64-bit, typed plan ---------------===*
 *
 * Of cuFFT's Xt API, cufftXtMakePlanMany: the plan's sizes in long long and
 * its types as cudaDataType (CUDA_R_32F, CUDA_C_32F, CUDA_R_64F,
 * CUDA_C_64F), made by cufftMakePlanMany when the sizes fit an int. The
 * multi-GPU and callback parts are not here.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUFFTXT_H
#define SIMT_CUFFTXT_H
#define _CUFFTXT_H_ /* NVIDIA's guard */

#include "cufft.h"
#include "library_types.h"
#include <limits.h>

static inline cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n,
                                              long long int *inembed, long long int istride,
                                              long long int idist, cudaDataType inputtype,
                                              long long int *onembed, long long int ostride,
                                              long long int odist, cudaDataType outputtype,
                                              long long int batch, size_t *workSize,
                                              cudaDataType executiontype) {
  cufftType type;
  if (inputtype == CUDA_C_32F && outputtype == CUDA_C_32F && executiontype == CUDA_C_32F)
    type = CUFFT_C2C;
  else if (inputtype == CUDA_R_32F && outputtype == CUDA_C_32F && executiontype == CUDA_C_32F)
    type = CUFFT_R2C;
  else if (inputtype == CUDA_C_32F && outputtype == CUDA_R_32F && executiontype == CUDA_C_32F)
    type = CUFFT_C2R;
  else if (inputtype == CUDA_C_64F && outputtype == CUDA_C_64F && executiontype == CUDA_C_64F)
    type = CUFFT_Z2Z;
  else if (inputtype == CUDA_R_64F && outputtype == CUDA_C_64F && executiontype == CUDA_C_64F)
    type = CUFFT_D2Z;
  else if (inputtype == CUDA_C_64F && outputtype == CUDA_R_64F && executiontype == CUDA_C_64F)
    type = CUFFT_Z2D;
  else
    return CUFFT_INVALID_TYPE;
  if (rank < 1 || rank > 3)
    return CUFFT_INVALID_SIZE;
  int n32[3], in32[3], on32[3];
  for (int i = 0; i < rank; ++i) {
    if (n[i] <= 0 || n[i] > INT_MAX || (inembed && inembed[i] > INT_MAX) ||
        (onembed && onembed[i] > INT_MAX))
      return CUFFT_INVALID_SIZE;
    n32[i] = (int)n[i];
    in32[i] = inembed ? (int)inembed[i] : 0;
    on32[i] = onembed ? (int)onembed[i] : 0;
  }
  if (istride > INT_MAX || idist > INT_MAX || ostride > INT_MAX || odist > INT_MAX ||
      batch > INT_MAX)
    return CUFFT_INVALID_SIZE;
  return cufftMakePlanMany(plan, rank, n32, inembed ? in32 : 0, (int)istride, (int)idist,
                           onembed ? on32 : 0, (int)ostride, (int)odist, type, (int)batch,
                           workSize);
}

#endif

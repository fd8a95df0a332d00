//===-- CudaErrors.h - CUDA's errors: names, texts, driver results --------===//
//
// What the runtime API, the driver API and the sanitizer's reports say of
// an error, all read from the one table of CudaErrors.def.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_CUDAERRORS_H
#define SIMT_RUNTIME_CUDART_CUDAERRORS_H

#include "runtime/sanitizer/Sanitizer.h"

#include <cuda.h>

#include <string>

namespace simt::cudart {

/// An error's name and text.
struct ErrorWords {
  const char *name = nullptr;
  const char *text = nullptr;
};

/// cudaGetErrorName's and cudaGetErrorString's words for `e`: for a code
/// not in the table, NVIDIA's runtime's "unrecognized error code" for both.
ErrorWords runtimeError(cudaError_t e);
/// cuGetErrorName's and cuGetErrorString's words for `e`; both null for a
/// code not in the table.
ErrorWords driverError(CUresult e);
/// What a driver call returns when a runtime call it goes through fails
/// with `e`.
CUresult driverResult(cudaError_t e);
/// `call` failing with `e`, as the sanitizer reports it.
rt::sanitizer::ApiError apiError(cudaError_t e, std::string call);

} // namespace simt::cudart

#endif // SIMT_RUNTIME_CUDART_CUDAERRORS_H

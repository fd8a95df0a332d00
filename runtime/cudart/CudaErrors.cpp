//===-- CudaErrors.cpp - CUDA's errors: names, texts, driver results ------===//
//
// Each lookup is a switch made from CudaErrors.def's rows, so that a code in
// two rows does not compile.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/CudaErrors.h"

namespace simt::cudart {

ErrorWords runtimeError(cudaError_t e) {
  switch (e) {
#define CUDA_ERROR_TEXTS(RUNTIME, DRIVER, RUNTIME_TEXT, DRIVER_TEXT)                               \
  case RUNTIME: return {#RUNTIME, RUNTIME_TEXT};
#define CUDA_RUNTIME_ERROR(RUNTIME, AS_DRIVER, TEXT)                                               \
  case RUNTIME: return {#RUNTIME, TEXT};
#include "runtime/cudart/CudaErrors.def"
  default: return {"unrecognized error code", "unrecognized error code"};
  }
}

ErrorWords driverError(CUresult e) {
  switch (e) {
#define CUDA_ERROR_TEXTS(RUNTIME, DRIVER, RUNTIME_TEXT, DRIVER_TEXT)                               \
  case DRIVER: return {#DRIVER, DRIVER_TEXT};
#define CUDA_DRIVER_ERROR(DRIVER, TEXT)                                                            \
  case DRIVER: return {#DRIVER, TEXT};
#include "runtime/cudart/CudaErrors.def"
  default: return {};
  }
}

CUresult driverResult(cudaError_t e) {
  switch (e) {
#define CUDA_ERROR_TEXTS(RUNTIME, DRIVER, RUNTIME_TEXT, DRIVER_TEXT)                               \
  case RUNTIME: return DRIVER;
#define CUDA_RUNTIME_ERROR(RUNTIME, AS_DRIVER, TEXT)                                               \
  case RUNTIME: return AS_DRIVER;
#include "runtime/cudart/CudaErrors.def"
  default: return CUDA_ERROR_UNKNOWN;
  }
}

rt::sanitizer::ApiError apiError(cudaError_t e, std::string call) {
  const ErrorWords words = runtimeError(e);
  return {std::move(call), words.name, int(e), words.text};
}

} // namespace simt::cudart

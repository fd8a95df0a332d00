//===-- DriverEntry.h - How a driver API call starts and ends -------------===//
//
// The driver API's calls (DriverApi.cpp, DriverTextures.cpp) go through the
// runtime's; these are their entry and exit, which differ from the runtime
// API's in what they check first and in leaving the last error alone.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/cudart/CudaErrors.h"
#include "runtime/cudart/Runtime.h"

/// Every call but cuInit, cuDriverGetVersion and the error strings needs
/// cuInit first; none sets the runtime's last error (NVIDIA's driver does
/// not), though it goes through the runtime's calls.
#define SIMT_DRIVER_ENTRY                                                                          \
  SIMT_CUDART_ENTRY;                                                                               \
  ::simt::cudart::Runtime::KeepLastError KeptLastError;                                            \
  if (!RT.driver().initialized)                                                                    \
  return CUDA_ERROR_NOT_INITIALIZED
/// A call that works in the current context needs one.
#define SIMT_DRIVER_CONTEXT_ENTRY                                                                  \
  SIMT_DRIVER_ENTRY;                                                                               \
  if (!::simt::cudart::Runtime::contextCurrent())                                                  \
  return CUDA_ERROR_INVALID_CONTEXT
/// SIMT_CUDART_CATCH for the driver API.
#define SIMT_DRIVER_CATCH                                                                          \
  catch (...) {                                                                                    \
    return ::simt::cudart::driverResult(::simt::cudart::Runtime::get().caught(__func__));          \
  }

// CUDA's errors by number, as CUDA 10.1 to 13 number them (a fault is 700,
// not CUDA 8's 77): each runtime code's name and text, the driver API's
// result of the same number, and the versions the headers and the calls
// agree on. The numbers and names are CUDA 13's driver_types.h and cuda.h
// enumerators; the texts are what its cudaGetErrorString answers.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: 1 cudaErrorInvalidValue "invalid argument" CUDA_ERROR_INVALID_VALUE
// CHECK-NEXT: 2 cudaErrorMemoryAllocation "out of memory" CUDA_ERROR_OUT_OF_MEMORY
// CHECK-NEXT: 3 cudaErrorInitializationError "initialization error" CUDA_ERROR_NOT_INITIALIZED
// CHECK-NEXT: 4 cudaErrorCudartUnloading "driver shutting down" CUDA_ERROR_DEINITIALIZED
// CHECK-NEXT: 9 cudaErrorInvalidConfiguration "invalid configuration argument" -
// CHECK-NEXT: 17 cudaErrorInvalidDevicePointer "invalid device pointer" -
// CHECK-NEXT: 21 cudaErrorInvalidMemcpyDirection "invalid copy direction for memcpy" -
// CHECK-NEXT: 46 cudaErrorDevicesUnavailable "CUDA-capable device(s) is/are busy or unavailable" CUDA_ERROR_DEVICE_UNAVAILABLE
// CHECK-NEXT: 52 cudaErrorMissingConfiguration "__global__ function call is not configured" -
// CHECK-NEXT: 98 cudaErrorInvalidDeviceFunction "invalid device function" -
// CHECK-NEXT: 101 cudaErrorInvalidDevice "invalid device ordinal" CUDA_ERROR_INVALID_DEVICE
// CHECK-NEXT: 200 cudaErrorInvalidKernelImage "device kernel image is invalid" CUDA_ERROR_INVALID_IMAGE
// CHECK-NEXT: 201 cudaErrorDeviceUninitialized "invalid device context" CUDA_ERROR_INVALID_CONTEXT
// CHECK-NEXT: 209 cudaErrorNoKernelImageForDevice "no kernel image is available for execution on the device" CUDA_ERROR_NO_BINARY_FOR_GPU
// CHECK-NEXT: 225 cudaErrorUnsupportedDevSideSync "the provided PTX contains unsupported call to cudaDeviceSynchronize" CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC
// CHECK-NEXT: 400 cudaErrorInvalidResourceHandle "invalid resource handle" CUDA_ERROR_INVALID_HANDLE
// CHECK-NEXT: 402 cudaErrorLossyQuery "attempted introspection would be semantically lossy" CUDA_ERROR_LOSSY_QUERY
// CHECK-NEXT: 500 cudaErrorSymbolNotFound "named symbol not found" CUDA_ERROR_NOT_FOUND
// CHECK-NEXT: 600 cudaErrorNotReady "device not ready" CUDA_ERROR_NOT_READY
// CHECK-NEXT: 700 cudaErrorIllegalAddress "an illegal memory access was encountered" CUDA_ERROR_ILLEGAL_ADDRESS
// CHECK-NEXT: 701 cudaErrorLaunchOutOfResources "too many resources requested for launch" CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
// CHECK-NEXT: 702 cudaErrorLaunchTimeout "the launch timed out and was terminated" CUDA_ERROR_LAUNCH_TIMEOUT
// CHECK-NEXT: 710 cudaErrorAssert "device-side assert triggered" CUDA_ERROR_ASSERT
// CHECK-NEXT: 714 cudaErrorHardwareStackError "hardware stack error" CUDA_ERROR_HARDWARE_STACK_ERROR
// CHECK-NEXT: 715 cudaErrorIllegalInstruction "an illegal instruction was encountered" CUDA_ERROR_ILLEGAL_INSTRUCTION
// CHECK-NEXT: 716 cudaErrorMisalignedAddress "misaligned address" CUDA_ERROR_MISALIGNED_ADDRESS
// CHECK-NEXT: 719 cudaErrorLaunchFailure "unspecified launch failure" CUDA_ERROR_LAUNCH_FAILED
// CHECK-NEXT: 721 cudaErrorTensorMemoryLeak "tensor memory not completely freed" CUDA_ERROR_TENSOR_MEMORY_LEAK
// CHECK-NEXT: 800 cudaErrorNotPermitted "operation not permitted" CUDA_ERROR_NOT_PERMITTED
// CHECK-NEXT: 801 cudaErrorNotSupported "operation not supported" CUDA_ERROR_NOT_SUPPORTED
// CHECK-NEXT: 812 cudaErrorCdpVersionMismatch "unsupported interaction between different versions of CUDA Dynamic Parallelism" CUDA_ERROR_CDP_VERSION_MISMATCH
// CHECK-NEXT: 915 cudaErrorInvalidResourceConfiguration "one or more resources are insufficient or non-applicable for the operation" CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION
// CHECK-NEXT: 999 cudaErrorUnknown "unknown error" CUDA_ERROR_UNKNOWN
// The numbers CUDA 8 used for some of these name nothing in CUDA 13.
// CHECK-NEXT: 74 unrecognized error code "unrecognized error code" -
// CHECK-NEXT: 77 unrecognized error code "unrecognized error code" -
// CHECK-NEXT: enumerators: 700 716 719 1 2 3 17 9 701 209 400
// CHECK-NEXT: CUDART_VERSION 12050, CUDA_VERSION 12050, runtime 12050, driver 12050, cuDriverGetVersion 12050
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  const int codes[] = {1,   2,   3,   4,   9,   17,  21,  46,  52,  98,  101, 200,
                       201, 209, 225, 400, 402, 500, 600, 700, 701, 702, 710, 714,
                       715, 716, 719, 721, 800, 801, 812, 915, 999, 74,  77};
  for (int n : codes) {
    const char *driverName = nullptr;
    if (cuGetErrorName(CUresult(n), &driverName) != CUDA_SUCCESS)
      driverName = "-";
    printf("%d %s \"%s\" %s\n", n, cudaGetErrorName(cudaError_t(n)),
           cudaGetErrorString(cudaError_t(n)), driverName);
  }
  printf("enumerators: %d %d %d %d %d %d %d %d %d %d %d\n", int(cudaErrorIllegalAddress),
         int(cudaErrorMisalignedAddress), int(cudaErrorLaunchFailure), int(cudaErrorInvalidValue),
         int(cudaErrorMemoryAllocation), int(cudaErrorInitializationError),
         int(cudaErrorInvalidDevicePointer), int(cudaErrorInvalidConfiguration),
         int(cudaErrorLaunchOutOfResources), int(cudaErrorNoKernelImageForDevice),
         int(cudaErrorInvalidResourceHandle));
  int runtime = 0, driver = 0, cuDriver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  cuDriverGetVersion(&cuDriver);
  printf("CUDART_VERSION %d, CUDA_VERSION %d, runtime %d, driver %d, cuDriverGetVersion %d\n",
         CUDART_VERSION, CUDA_VERSION, runtime, driver, cuDriver);
  return 0;
}

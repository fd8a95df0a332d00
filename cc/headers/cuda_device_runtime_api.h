/*===-- cuda_device_runtime_api.h - The device runtime's declarations ----===*
 *
 * The device side of CUDA's runtime (dynamic parallelism, compute
 * capability 3.5 with -rdc): declared, as NVIDIA's header of this name
 * declares them, so that libraries whose __device__ code names them (Thrust's
 * launch of a kernel from a kernel, under __CUDACC_RDC__) parse. This device
 * launches no kernel from a kernel: the translator reports a call to one as
 * an undefined function.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CUDA_DEVICE_RUNTIME_API_H
#define SIMT_CUDA_DEVICE_RUNTIME_API_H

#include "__simt_qualifiers.h"
#include "cuda_runtime_api.h"

extern "C" {
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize,
                                        cudaStream_t stream);
}

/* CUDA 11.6's name for cudaDeviceSynchronize in device code, which CUB
 * (with __CUDACC_VER_MAJOR__ 12) names in functions clang compiles on both
 * sides: on the host it is the runtime's; on this device, which has no
 * device runtime, it answers cudaErrorNotSupported. */
static __host__ __device__ inline cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void) {
#ifdef __CUDA_ARCH__
  return cudaErrorNotSupported;
#else
  return cudaDeviceSynchronize();
#endif
}

#endif

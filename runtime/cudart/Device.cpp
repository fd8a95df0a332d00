//===-- Device.cpp - The modeled device, errors, versions and limits ------===//
//
// One device: compute capability 2.0 (Fermi), the configured SM count
// (SIMT_EMU_FLAGS --sms), 32-lane warps, 1024 threads per block, 48 KiB of
// shared memory, 32768 registers per SM, 64 KiB of constants, 1 GiB of
// global memory and the modeled clock (kClockKHz).
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/CudaErrors.h"
#include "runtime/cudart/Runtime.h"
#include "isa/SIMTLevel.h"

#include <cstdio>
#include <cstring>

using simt::cudart::Runtime;

namespace {
/// Attribute `a` of the device as it runs (Runtime::deviceConfig): its
/// level is its compute capability times ten (20 or 35).
int attribute(const simt::emu::DeviceConfig &device, cudaDeviceAttr a) {
  const unsigned level = device.level;
  switch (a) {
  case cudaDevAttrMaxThreadsPerBlock: return simt::limits::kMaxCtaThreads;
  case cudaDevAttrMaxBlockDimX: return simt::limits::kMaxBlockX;
  case cudaDevAttrMaxBlockDimY: return simt::limits::kMaxBlockY;
  case cudaDevAttrMaxBlockDimZ: return simt::limits::kMaxBlockZ;
  case cudaDevAttrMaxGridDimX: return int(simt::levels::bySm(level).maxGridX);
  case cudaDevAttrMaxGridDimY: case cudaDevAttrMaxGridDimZ: return 65535;
  case cudaDevAttrMaxSharedMemoryPerBlock: return simt::limits::kMaxSharedBytes;
  case cudaDevAttrTotalConstantMemory: return simt::limits::kConstBankBytes; // a file's bank
  case cudaDevAttrWarpSize: return simt::limits::kWarpSize;
  case cudaDevAttrMaxPitch: return 2147483647;
  case cudaDevAttrMaxRegistersPerBlock: return int(device.regsPerSm);
  case cudaDevAttrClockRate: return simt::cudart::kClockKHz;
  case cudaDevAttrTextureAlignment: return 512;
  case cudaDevAttrGpuOverlap: return 1;
  case cudaDevAttrMultiProcessorCount: return int(device.sms);
  case cudaDevAttrCanMapHostMemory: return 1;
  case cudaDevAttrComputeMode: return cudaComputeModeDefault;
  case cudaDevAttrMaxTexture1DWidth: return 65536;
  case cudaDevAttrMaxTexture2DWidth: return 65536;
  case cudaDevAttrMaxTexture2DHeight: return 65535;
  case cudaDevAttrMaxTexture3DWidth: case cudaDevAttrMaxTexture3DHeight:
  case cudaDevAttrMaxTexture3DDepth: return 2048;
  case cudaDevAttrSurfaceAlignment: return 512;
  case cudaDevAttrConcurrentKernels: return 1;
  // cudaLaunchCooperativeKernel (CUDA's from sm_60; here at every level).
  case cudaDevAttrCooperativeLaunch: return 1;
  // The memory the profiler's copy times model (its DeviceModel.h).
  case cudaDevAttrMemoryClockRate: return simt::prof::kMemoryClockKHz;
  case cudaDevAttrGlobalMemoryBusWidth: return simt::prof::kMemoryBusBits;
  case cudaDevAttrL2CacheSize:
    return int(uint64_t(device.l2.sliceBytes) * device.l2.partitions);
  case cudaDevAttrMaxThreadsPerMultiProcessor: return int(device.warpsPerSm * simt::limits::kWarpSize);
  case cudaDevAttrAsyncEngineCount: return 1;
  case cudaDevAttrUnifiedAddressing: return 1;
  // cudaMallocManaged works (host-visible memory, Memory.cpp); the host may
  // not touch it while kernels run, as on Kepler (no concurrent access).
  case cudaDevAttrManagedMemory: return 1;
  case cudaDevAttrMemoryPoolsSupported: return 1;
  case cudaDevAttrMemoryPoolSupportedHandleTypes: return 0;
  case cudaDevAttrComputeCapabilityMajor: return int(level / 10);
  case cudaDevAttrComputeCapabilityMinor: return int(level % 10);
  case cudaDevAttrGlobalL1CacheSupported: case cudaDevAttrLocalL1CacheSupported: return 1;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return int(device.sharedPerSm);
  case cudaDevAttrMaxRegistersPerMultiprocessor: return int(device.regsPerSm);
  case cudaDevAttrSingleToDoublePrecisionPerfRatio: return 2;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: return simt::limits::kMaxSharedBytes;
  default: return 0; // features Fermi lacks (managed memory, ...)
  }
}
} // namespace

extern "C" {

cudaError_t cudaGetLastError(void) try {
  SIMT_CUDART_ENTRY;
  return RT.lastError(true);
} SIMT_CUDART_CATCH
cudaError_t cudaPeekAtLastError(void) try {
  SIMT_CUDART_ENTRY;
  return RT.lastError(false);
} SIMT_CUDART_CATCH
const char *cudaGetErrorString(cudaError_t error) {
  return simt::cudart::runtimeError(error).text;
}
const char *cudaGetErrorName(cudaError_t error) {
  return simt::cudart::runtimeError(error).name;
}

cudaError_t cudaGetDeviceCount(int *count) try {
  SIMT_CUDART_ENTRY;
  if (!count)
    return RT.result(cudaErrorInvalidValue);
  *count = RT.session() ? 1 : 0; // a wrong SIMT_EMU_FLAGS: no usable device
  return *count ? cudaSuccess : RT.result(cudaErrorInitializationError);
} SIMT_CUDART_CATCH
cudaError_t cudaGetDevice(int *device) try {
  SIMT_CUDART_ENTRY;
  if (!device)
    return RT.result(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaSetDevice(int device) try {
  SIMT_CUDART_ENTRY;
  if (device != 0)
    return RT.result(cudaErrorInvalidDevice);
  return RT.session() ? cudaSuccess : RT.result(cudaErrorInitializationError);
} SIMT_CUDART_CATCH
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) try {
  SIMT_CUDART_ENTRY;
  if (!device || !prop)
    return RT.result(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaSetDeviceFlags(unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  return flags > 0x1f ? RT.result(cudaErrorInvalidValue) : cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaGetDeviceFlags(unsigned int *flags) try {
  SIMT_CUDART_ENTRY;
  if (!flags)
    return RT.result(cudaErrorInvalidValue);
  *flags = cudaDeviceMapHost;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) try {
  SIMT_CUDART_ENTRY;
  if (!value)
    return RT.result(cudaErrorInvalidValue);
  if (device != 0)
    return RT.result(cudaErrorInvalidDevice);
  if (!RT.session())
    return RT.result(cudaErrorInitializationError);
  // CUDA 13's attributes are numbered from 1 to below 150; another number
  // is no attribute (what this device lacks of CUDA's reads 0).
  if (int(attr) < 1 || int(attr) >= 150)
    return RT.result(cudaErrorInvalidValue);
  *value = attribute(RT.deviceConfig(), attr);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device) try {
  SIMT_CUDART_ENTRY;
  if (!p)
    return RT.result(cudaErrorInvalidValue);
  if (device != 0)
    return RT.result(cudaErrorInvalidDevice);
  if (!RT.session())
    return RT.result(cudaErrorInitializationError);
  const simt::emu::DeviceConfig config = RT.deviceConfig();
  const unsigned level = config.level;
  auto at = [&](cudaDeviceAttr a) { return attribute(config, a); };
  std::memset(p, 0, sizeof *p);
  // The name the profiler's tables show too.
  std::snprintf(p->name, sizeof p->name, "%s", simt::prof::deviceName(level).c_str());
  p->totalGlobalMem = RT.globalBytes();
  p->sharedMemPerBlock = size_t(at(cudaDevAttrMaxSharedMemoryPerBlock));
  p->regsPerBlock = at(cudaDevAttrMaxRegistersPerBlock);
  p->warpSize = at(cudaDevAttrWarpSize);
  p->memPitch = size_t(at(cudaDevAttrMaxPitch));
  p->maxThreadsPerBlock = at(cudaDevAttrMaxThreadsPerBlock);
  p->maxThreadsDim[0] = at(cudaDevAttrMaxBlockDimX);
  p->maxThreadsDim[1] = at(cudaDevAttrMaxBlockDimY);
  p->maxThreadsDim[2] = at(cudaDevAttrMaxBlockDimZ);
  p->maxGridSize[0] = at(cudaDevAttrMaxGridDimX);
  p->maxGridSize[1] = at(cudaDevAttrMaxGridDimY);
  p->maxGridSize[2] = at(cudaDevAttrMaxGridDimZ);
  p->clockRate = simt::cudart::kClockKHz;
  p->totalConstMem = size_t(at(cudaDevAttrTotalConstantMemory));
  p->major = at(cudaDevAttrComputeCapabilityMajor);
  p->minor = at(cudaDevAttrComputeCapabilityMinor);
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->surfaceAlignment = 512;
  p->maxTexture1DLinear = 1 << 27;
  p->maxTexture2DLinear[0] = p->maxTexture2DLinear[1] = 65000;
  p->maxTexture2DLinear[2] = 1 << 20;
  p->deviceOverlap = 1;
  p->multiProcessorCount = int(config.sms);
  p->canMapHostMemory = 1;
  p->computeMode = cudaComputeModeDefault;
  p->concurrentKernels = 1;
  p->cooperativeLaunch = at(cudaDevAttrCooperativeLaunch);
  p->maxThreadsPerMultiProcessor = at(cudaDevAttrMaxThreadsPerMultiProcessor);
  p->maxTexture1D = at(cudaDevAttrMaxTexture1DWidth);
  p->maxTexture2D[0] = at(cudaDevAttrMaxTexture2DWidth);
  p->maxTexture2D[1] = at(cudaDevAttrMaxTexture2DHeight);
  p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 2048;
  p->memoryClockRate = at(cudaDevAttrMemoryClockRate);
  p->memoryBusWidth = at(cudaDevAttrGlobalMemoryBusWidth);
  p->l2CacheSize = at(cudaDevAttrL2CacheSize);
  p->asyncEngineCount = 1;
  p->unifiedAddressing = 1;
  p->managedMemory = 1;
  p->sharedMemPerMultiprocessor = config.sharedPerSm;
  p->sharedMemPerBlockOptin = size_t(at(cudaDevAttrMaxSharedMemoryPerBlockOptin));
  p->globalL1CacheSupported = p->localL1CacheSupported = 1;
  p->singleToDoublePrecisionPerfRatio = 2;
  p->maxBlocksPerMultiProcessor = int(config.maxCtasPerSm);
  p->regsPerMultiprocessor = at(cudaDevAttrMaxRegistersPerMultiprocessor);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaDriverGetVersion(int *version) {
  if (!version)
    return cudaErrorInvalidValue;
  *version = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int *version) { return cudaDriverGetVersion(version); }

cudaError_t cudaDeviceReset(void) try {
  SIMT_CUDART_ENTRY;
  RT.reset();
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

// The heap and stack sizes are the program's at compile time
// (SIMT_MALLOC_HEAP_BYTES, simt-cc --stack-size): setting them again to
// what they are is fine; what the printf buffer holds is --printf-buffer.
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) try {
  SIMT_CUDART_ENTRY;
  if (!value)
    return RT.result(cudaErrorInvalidValue);
  switch (limit) {
  case cudaLimitStackSize: *value = 1024; return cudaSuccess;
  case cudaLimitPrintfFifoSize: *value = RT.config().printfBufferBytes; return cudaSuccess;
  case cudaLimitMallocHeapSize:
    *value = RT.deviceHeapBytes().value_or(size_t(8) << 20); // CUDA's default when none
    return cudaSuccess;
  case cudaLimitPersistingL2CacheSize: *value = 0; return cudaSuccess; // none persists
  default: return RT.result(cudaErrorUnsupportedLimit);
  }
} SIMT_CUDART_CATCH
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) try {
  SIMT_CUDART_ENTRY;
  switch (limit) {
  case cudaLimitStackSize:
  case cudaLimitPrintfFifoSize:
  case cudaLimitMallocHeapSize: {
    size_t now = 0;
    cudaDeviceGetLimit(&now, limit);
    if (value <= now)
      return cudaSuccess;
    // More stack than a thread's local memory can hold: no device has it.
    if (limit == cudaLimitStackSize && value > simt::limits::kMaxLocalBytes)
      return RT.result(cudaErrorInvalidValue);
    const char *how = limit == cudaLimitStackSize ? "simt-cc --stack-size when compiling"
                      : limit == cudaLimitPrintfFifoSize
                          ? "SIMT_EMU_FLAGS=--printf-buffer=BYTES"
                          : "-DSIMT_MALLOC_HEAP_BYTES=N when compiling";
    std::cerr << "simt-cudart: cudaDeviceSetLimit: note: " << value
              << " bytes asked; the limit is " << now << " (set it with " << how << ")\n";
    return cudaSuccess;
  }
  case cudaLimitPersistingL2CacheSize: // persistingL2CacheMaxSize is 0
    return value == 0 ? cudaSuccess : RT.result(cudaErrorUnsupportedLimit);
  default:
    return RT.result(cudaErrorUnsupportedLimit);
  }
} SIMT_CUDART_CATCH
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}
cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit) {
  return cudaDeviceGetLimit(value, limit);
}

// One device: no peers.
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer)
    return cudaErrorInvalidValue;
  if (device != 0 || peerDevice != 0)
    return cudaErrorInvalidDevice;
  *canAccessPeer = 0;
  return cudaSuccess;
}
// A pair of devices: there is no second one, and a device is not its own peer.
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int, int) try {
  SIMT_CUDART_ENTRY;
  if (!value || attr < cudaDevP2PAttrPerformanceRank ||
      attr > cudaDevP2PAttrCudaArrayAccessSupported)
    return RT.result(cudaErrorInvalidValue);
  return RT.result(cudaErrorInvalidDevice);
} SIMT_CUDART_CATCH
cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int) { return cudaErrorInvalidDevice; }
cudaError_t cudaDeviceDisablePeerAccess(int) { return cudaErrorInvalidDevice; }

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *, void *) try {
  SIMT_CUDART_ENTRY;
  return RT.unsupported("cudaIpcGetMemHandle", "the emulated device lives in one process");
} SIMT_CUDART_CATCH
cudaError_t cudaIpcOpenMemHandle(void **, cudaIpcMemHandle_t, unsigned int) try {
  SIMT_CUDART_ENTRY;
  return RT.unsupported("cudaIpcOpenMemHandle", "the emulated device lives in one process");
} SIMT_CUDART_CATCH
cudaError_t cudaIpcCloseMemHandle(void *) try {
  SIMT_CUDART_ENTRY;
  return RT.unsupported("cudaIpcCloseMemHandle", "the emulated device lives in one process");
} SIMT_CUDART_CATCH
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *, cudaEvent_t) try {
  SIMT_CUDART_ENTRY;
  return RT.unsupported("cudaIpcGetEventHandle", "the emulated device lives in one process");
} SIMT_CUDART_CATCH
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *, cudaIpcEventHandle_t) try {
  SIMT_CUDART_ENTRY;
  return RT.unsupported("cudaIpcOpenEventHandle", "the emulated device lives in one process");
} SIMT_CUDART_CATCH

// The profiler's range markers: the statistics always count.
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }

} // extern "C"

//===-- Launch.cpp - <<<...>>>, cudaLaunchKernel and kernel attributes ----===//
//
// Both launch ABIs clang emits: CUDA 9.2's (__cudaPushCallConfiguration in
// the caller, then the stub's __cudaPopCallConfiguration and
// cudaLaunchKernel), which simt-nvcc compiles for as CUDA 10 to 13 do, and
// CUDA 8's (cudaConfigureCall, one cudaSetupArgument per argument,
// cudaLaunch), kept for objects compiled for it. Either way the arguments
// are placed at the kernel's declared parameter offsets (Runtime::launch).
// The push and the pop are the compiler's, not calls of the API: like
// NVIDIA's runtime, the profiler's API table and the sanitizer do not see
// them (a launch is its cudaLaunchKernel).
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

#include <algorithm>

using simt::cudart::LaunchConfig;
using simt::cudart::Runtime;

namespace {
/// The kernel of host stub `func` and its arguments' bytes (`args`: one
/// pointer per parameter, as cudaLaunchKernel takes them).
cudaError_t kernelArguments(Runtime &RT, const void *func, void **args, const char *call,
                            const simt::rt::LoadedCode **code,
                            std::vector<std::span<const uint8_t>> *spans) {
  if (cudaError_t e = RT.kernel(func, code, call))
    return e;
  if (!simt::cudart::argumentSpans((*code)->kernel.info.params, args, spans))
    return RT.result(cudaErrorInvalidValue);
  return cudaSuccess;
}
} // namespace

extern "C" {

cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                              cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  RT.configStack().push_back(LaunchConfig{gridDim, blockDim, sharedMem, stream, {}});
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset) try {
  SIMT_CUDART_ENTRY;
  if (RT.configStack().empty())
    return RT.result(cudaErrorMissingConfiguration);
  // Arguments live in constant bank 0 after the launch block: no argument
  // can lie past its end.
  constexpr size_t kParamBytes = simt::limits::kConstBankBytes - simt::limits::kFirstParamOffset;
  if ((!arg && size) || size > kParamBytes || offset > kParamBytes - size)
    return RT.result(cudaErrorInvalidValue);
  const auto *p = static_cast<const uint8_t *>(arg);
  RT.configStack().back().args.emplace_back(offset, std::vector<uint8_t>(p, p + size));
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaLaunch(const void *func) try {
  SIMT_CUDART_ENTRY;
  if (RT.configStack().empty())
    return RT.result(cudaErrorMissingConfiguration);
  LaunchConfig c = std::move(RT.configStack().back());
  RT.configStack().pop_back();
  std::vector<std::span<const uint8_t>> args;
  for (auto &[offset, bytes] : c.args)
    args.emplace_back(bytes);
  return RT.launch(func, c.grid, c.block, c.shared, c.stream, args, "cudaLaunch");
} SIMT_CUDART_CATCH

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                     cudaStream_t stream) try {
  Runtime &RT = Runtime::get();
  std::lock_guard<std::recursive_mutex> Lock(RT.mutex);
  RT.configStack().push_back(LaunchConfig{gridDim, blockDim, sharedMem, stream, {}});
  return 0;
} SIMT_CUDART_CATCH

unsigned __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                    void *stream) try {
  Runtime &RT = Runtime::get();
  std::lock_guard<std::recursive_mutex> Lock(RT.mutex);
  if (RT.configStack().empty())
    return unsigned(RT.result(cudaErrorMissingConfiguration));
  LaunchConfig c = std::move(RT.configStack().back());
  RT.configStack().pop_back();
  *gridDim = c.grid;
  *blockDim = c.block;
  *sharedMem = c.shared;
  *static_cast<cudaStream_t *>(stream) = c.stream;
  return 0;
} SIMT_CUDART_CATCH

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  std::vector<std::span<const uint8_t>> spans;
  if (cudaError_t e = kernelArguments(RT, func, args, "cudaLaunchKernel", &code, &spans))
    return e;
  return RT.launch(*code, gridDim, blockDim, sharedMem, stream, spans, "cudaLaunchKernel");
} SIMT_CUDART_CATCH

cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  std::vector<std::span<const uint8_t>> spans;
  if (cudaError_t e =
          kernelArguments(RT, func, args, "cudaLaunchCooperativeKernel", &code, &spans))
    return e;
  return RT.launch(*code, gridDim, blockDim, sharedMem, stream, spans,
                   "cudaLaunchCooperativeKernel", /*cooperative=*/true);
} SIMT_CUDART_CATCH

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func,
                                void **args) try {
  SIMT_CUDART_ENTRY;
  if (!config || (config->numAttrs && !config->attrs))
    return RT.result(cudaErrorInvalidValue);
  bool cooperative = false;
  std::vector<cudaEvent_t> completionEvents;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute &a = config->attrs[i];
    switch (a.id) {
    case cudaLaunchAttributeCooperative:
      cooperative = a.val.cooperative != 0;
      break;
    case cudaLaunchAttributeClusterDimension:
    case cudaLaunchAttributePreferredClusterDimension: {
      // Thread block clusters are sm_90's: a cluster of one block is a
      // plain launch; more need distributed shared memory this device lacks.
      const auto &d = a.val.clusterDim;
      const uint64_t blocks = uint64_t(d.x) * d.y * d.z;
      if (blocks == 0)
        return RT.result(cudaErrorInvalidValue);
      if (blocks > 1)
        return RT.result(cudaErrorNotSupported);
      break;
    }
    case cudaLaunchAttributeProgrammaticEvent:
      completionEvents.push_back(a.val.programmaticEvent.event);
      break;
    case cudaLaunchAttributeLaunchCompletionEvent:
      completionEvents.push_back(a.val.launchCompletionEvent.event);
      break;
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
      break; // hints: grids run in stream order here whatever they say
    default:
      return RT.result(cudaErrorInvalidValue);
    }
  }
  const simt::rt::LoadedCode *code = nullptr;
  std::vector<std::span<const uint8_t>> spans;
  if (cudaError_t e = kernelArguments(RT, func, args, "cudaLaunchKernelEx", &code, &spans))
    return e;
  if (cudaError_t e = RT.launch(*code, config->gridDim, config->blockDim,
                                config->dynamicSmemBytes, config->stream, spans,
                                "cudaLaunchKernelEx", cooperative))
    return e;
  // The grid's end is both events' moment: the grid triggers its dependents
  // when it finishes, since nothing runs beside it.
  for (cudaEvent_t e : completionEvents)
    if (cudaError_t r = cudaEventRecord(e, config->stream))
      return r;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  if (!attr)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.kernel(func, &code, "cudaFuncGetAttributes"))
    return e;
  const simt::rt::KernelInfo &k = code->kernel.info;
  *attr = {};
  attr->sharedSizeBytes = k.shared;
  attr->localSizeBytes = k.local;
  attr->numRegs = int(k.regs);
  // The largest block whose registers fit an SM, in whole warps.
  int maxThreads = simt::limits::kMaxCtaThreads;
  while (maxThreads > 32 && RT.ctasPerSm(k, maxThreads, 0) == 0)
    maxThreads -= 32;
  attr->maxThreadsPerBlock = maxThreads;
  // The level its object is built for (20, 35): libraries pick the tuning
  // their device code was compiled with by it (Thrust, CUB).
  attr->ptxVersion = int(code->kernel.target);
  attr->binaryVersion = int(code->kernel.target);
  attr->maxDynamicSharedSizeBytes =
      int(simt::limits::kMaxSharedBytes - std::min<uint64_t>(k.shared, simt::limits::kMaxSharedBytes));
  attr->preferredShmemCarveout = -1;
  return cudaSuccess;
} SIMT_CUDART_CATCH

// Fermi's L1/shared split and the bank width do not change what a kernel
// computes; the emulator models 48 KiB of shared memory per SM.
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  return RT.kernel(func, &code, "cudaFuncSetCacheConfig");
} SIMT_CUDART_CATCH
// The opt-in to more dynamic shared memory than 48 KiB, and the carveout:
// checked, as CUDA checks them; this device has 48 KiB for a block
// (sharedMemPerBlockOptin), so a launch asking more still fails.
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  if (cudaError_t e = RT.kernel(func, &code, "cudaFuncSetAttribute"))
    return e;
  switch (attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    if (value < 0 || uint64_t(value) + code->kernel.info.shared > simt::limits::kMaxSharedBytes)
      return RT.result(cudaErrorInvalidValue);
    return cudaSuccess;
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    return value >= -1 && value <= 100 ? cudaSuccess : RT.result(cudaErrorInvalidValue);
  default:
    return RT.result(cudaErrorInvalidValue);
  }
} SIMT_CUDART_CATCH
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache) { return cudaSuccess; }
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache) { return cudaSuccess; }
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig) { return cudaSuccess; }

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  if (!numBlocks || blockSize <= 0)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.kernel(func, &code, "cudaOccupancyMaxActiveBlocksPerMultiprocessor"))
    return e;
  *numBlocks = int(RT.ctasPerSm(code->kernel.info, blockSize, dynamicSMemSize));
  return cudaSuccess;
} SIMT_CUDART_CATCH

// The flags choose how caching is counted (cudaOccupancyDisableCachingOverride):
// no cache here changes what fits.
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags) {
  if (flags > 1)
    return cudaErrorInvalidValue;
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize,
                                                       dynamicSMemSize);
}

cudaError_t cudaOccupancyMaxPotentialBlockSizeImpl(int *minGridSize, int *blockSize,
                                                    const void *func, size_t dynamicSMemSize,
                                                    int blockSizeLimit) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::LoadedCode *code = nullptr;
  if (!minGridSize || !blockSize)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.kernel(func, &code, "cudaOccupancyMaxPotentialBlockSize"))
    return e;
  const auto [best, grid] =
      RT.bestBlockSize(code->kernel.info, blockSizeLimit, [&](int) { return dynamicSMemSize; });
  if (!best)
    return RT.result(cudaErrorInvalidConfiguration);
  *blockSize = best;
  *minGridSize = grid;
  return cudaSuccess;
} SIMT_CUDART_CATCH

} // extern "C"

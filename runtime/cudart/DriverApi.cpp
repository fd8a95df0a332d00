//===-- DriverApi.cpp - The CUDA driver API on the runtime's device -------===//
//
// cuda.h's calls over the same Runtime as the runtime API: one device, one
// context (the runtime's primary one), modules loaded from this ISA's
// objects or from PTX (translated in process), launches with
// `kernelParams` or a packed `extra` buffer.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/CudaErrors.h"
#include "runtime/cudart/DriverEntry.h"
#include "runtime/cudart/Runtime.h"

#include "support/InputFile.h"

#include <cuda.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <elf.h>

using simt::cudart::driverResult;
using simt::cudart::Runtime;

namespace {
/// Whether a refused image was PTX (CUDA_ERROR_INVALID_PTX: text that
/// declares a .version, as PTX begins) rather than no image at all
/// (CUDA_ERROR_INVALID_IMAGE: empty, random bytes), as NVIDIA's driver tells.
bool isPtxText(const std::vector<uint8_t> &bytes) {
  const std::string_view text(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return text.find(".version") != std::string_view::npos &&
         std::all_of(bytes.begin(), bytes.end(),
                     [](uint8_t c) { return c >= 0x20 || c == '\t' || c == '\n' || c == '\r'; });
}

CUresult loadModule(Runtime &RT, CUmodule *module, std::vector<uint8_t> bytes, std::string name,
                    const char *call) {
  if (!module)
    return CUDA_ERROR_INVALID_VALUE;
  const bool ptx = isPtxText(bytes);
  std::string error;
  simt::cudart::Module *m = RT.loadDriverModule(std::move(bytes), std::move(name), &error);
  if (!m) {
    RT.fail(cudaErrorInvalidKernelImage, call, error);
    return ptx ? CUDA_ERROR_INVALID_PTX : CUDA_ERROR_INVALID_IMAGE;
  }
  *module = reinterpret_cast<CUmodule>(m);
  return CUDA_SUCCESS;
}

/// PTX text or an object in memory: an object is sized by its header
/// (elfObjectBytes checks it), PTX by its terminating NUL.
simt::Expected<std::vector<uint8_t>> imageBytes(const void *image) {
  const auto *text = static_cast<const char *>(image);
  // strncmp, not memcmp: PTX shorter than the magic ends at its NUL.
  if (std::strncmp(text, ELFMAG, SELFMAG) != 0)
    return std::vector<uint8_t>(text, text + std::strlen(text));
  auto object = simt::cudart::elfObjectBytes(image);
  if (!object)
    return simt::makeError(object.message());
  return std::vector<uint8_t>(object->begin(), object->end());
}

/// A module file's bytes (cuModuleLoad, cuLinkAddFile), read as the tools
/// read objects: a directory is an error, and the read is bounded (by
/// kMaxObjectBytes), so that /dev/zero ends. CUDA documents
/// CUDA_ERROR_FILE_NOT_FOUND, "the file specified was not found", for a file
/// it cannot read; a directory, an unreadable file and one larger than any
/// module are not one it can load either, and the message says which.
CUresult readModuleFile(Runtime &RT, const char *path, const char *call,
                        std::vector<uint8_t> *bytes) {
  if (!path)
    return CUDA_ERROR_INVALID_VALUE;
  simt::Expected<std::string> data = simt::readInputFile(path, simt::InputKind::Object);
  if (!data) {
    RT.fail(cudaErrorInvalidValue, call, data.message());
    return CUDA_ERROR_FILE_NOT_FOUND;
  }
  bytes->assign(data->begin(), data->end());
  return CUDA_SUCCESS;
}

/// cuGetErrorName's or cuGetErrorString's answer: `word` of `error`'s
/// words, CUDA_ERROR_INVALID_VALUE (and null) for a code it does not know.
CUresult errorWord(CUresult error, const char *simt::cudart::ErrorWords::*word, const char **str) {
  if (!str)
    return CUDA_ERROR_INVALID_VALUE;
  *str = simt::cudart::driverError(error).*word;
  return *str ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
} // namespace

extern "C" {

CUresult cuInit(unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!RT.session())
    return CUDA_ERROR_NOT_INITIALIZED;
  RT.driver().initialized = true;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuDriverGetVersion(int *version) {
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **str) {
  return errorWord(error, &simt::cudart::ErrorWords::name, str);
}
CUresult cuGetErrorString(CUresult error, const char **str) {
  return errorWord(error, &simt::cudart::ErrorWords::text, str);
}

CUresult cuDeviceGetCount(int *count) try {
  SIMT_DRIVER_ENTRY;
  return driverResult(cudaGetDeviceCount(count));
} SIMT_DRIVER_CATCH
CUresult cuDeviceGet(CUdevice *device, int ordinal) try {
  SIMT_DRIVER_ENTRY;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuDeviceGetName(char *name, int len, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  cudaDeviceProp p;
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = driverResult(cudaGetDeviceProperties(&p, dev)))
    return r;
  std::strncpy(name, p.name, size_t(len) - 1);
  name[len - 1] = 0;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *major = 2;
  *minor = 0;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attrib, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  return driverResult(cudaDeviceGetAttribute(value, cudaDeviceAttr(attrib), dev));
} SIMT_DRIVER_CATCH
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  size_t freeBytes;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  return driverResult(cudaMemGetInfo(&freeBytes, bytes));
} SIMT_DRIVER_CATCH

CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  if (!prop)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  cudaDeviceProp p;
  if (cudaError_t e = cudaGetDeviceProperties(&p, dev))
    return driverResult(e);
  prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    prop->maxThreadsDim[i] = p.maxThreadsDim[i];
    prop->maxGridSize[i] = p.maxGridSize[i];
  }
  prop->sharedMemPerBlock = int(p.sharedMemPerBlock);
  prop->totalConstantMemory = int(p.totalConstMem);
  prop->SIMDWidth = p.warpSize;
  prop->memPitch = int(std::min<size_t>(p.memPitch, INT_MAX));
  prop->regsPerBlock = p.regsPerBlock;
  prop->clockRate = p.clockRate;
  prop->textureAlign = int(p.textureAlignment);
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

// One context, the runtime's (the device's primary context): creating,
// pushing and retaining it give the same handle. cuCtxCreate makes it
// current; a created one may be destroyed (the device stays as it is), the
// primary one only released.
CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *ctx = &RT.driver().context;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuCtxCreate(CUcontext *ctx, unsigned int, CUdevice dev) try {
  SIMT_DRIVER_ENTRY;
  if (CUresult r = cuDevicePrimaryCtxRetain(ctx, dev))
    return r;
  ++RT.driver().createdContexts;
  Runtime::contextCurrent() = true;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuCtxCreate_v4(CUcontext *ctx, CUctxCreateParams *, unsigned int flags, CUdevice dev) {
  return cuCtxCreate(ctx, flags, dev);
}
CUresult cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult cuCtxDestroy(CUcontext ctx) try {
  SIMT_DRIVER_ENTRY;
  simt::cudart::DriverState &D = RT.driver();
  if (ctx != &D.context || D.createdContexts == 0) // the primary context (NVIDIA's answer)
    return CUDA_ERROR_INVALID_CONTEXT;
  --D.createdContexts;
  Runtime::contextCurrent() = false;
  return driverResult(RT.synchronize());
} SIMT_DRIVER_CATCH
CUresult cuCtxSynchronize(void) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(RT.synchronize());
} SIMT_DRIVER_CATCH
CUresult cuCtxGetCurrent(CUcontext *ctx) try {
  SIMT_DRIVER_ENTRY;
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  *ctx = Runtime::contextCurrent() ? &RT.driver().context : nullptr;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuCtxSetCurrent(CUcontext ctx) try {
  SIMT_DRIVER_ENTRY;
  if (ctx && ctx != &RT.driver().context)
    return CUDA_ERROR_INVALID_CONTEXT;
  Runtime::contextCurrent() = ctx != nullptr;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuCtxPushCurrent(CUcontext ctx) {
  return ctx ? cuCtxSetCurrent(ctx) : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuCtxPopCurrent(CUcontext *ctx) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (ctx)
    *ctx = &RT.driver().context;
  Runtime::contextCurrent() = false;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
CUresult cuCtxGetDevice(CUdevice *device) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuModuleLoad(CUmodule *module, const char *fname) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  std::vector<uint8_t> bytes;
  if (CUresult r = readModuleFile(RT, fname, "cuModuleLoad", &bytes))
    return r;
  return loadModule(RT, module, std::move(bytes), fname, "cuModuleLoad");
} SIMT_DRIVER_CATCH
CUresult cuModuleLoadData(CUmodule *module, const void *image) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  simt::Expected<std::vector<uint8_t>> bytes = imageBytes(image);
  if (!bytes) {
    RT.fail(cudaErrorInvalidKernelImage, "cuModuleLoadData", "the image: " + bytes.message());
    return CUDA_ERROR_INVALID_IMAGE;
  }
  return loadModule(RT, module, std::move(*bytes), "cuModuleLoadData image", "cuModuleLoadData");
} SIMT_DRIVER_CATCH
// The JIT options (log buffers, optimisation level) change nothing here.
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions,
                            CUjit_option *options, void **optionValues) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (numOptions && (!options || !optionValues))
    return CUDA_ERROR_INVALID_VALUE;
  return cuModuleLoadData(module, image);
} SIMT_DRIVER_CATCH

CUresult cuLinkCreate(unsigned int, CUjit_option *, void **, CUlinkState *stateOut) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!stateOut)
    return CUDA_ERROR_INVALID_VALUE;
  auto &links = RT.driver().links;
  links.push_back(std::make_unique<CUlinkState_st>());
  *stateOut = links.back().get();
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size,
                       const char *name, unsigned int, CUjit_option *, void **) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!state || !data)
    return CUDA_ERROR_INVALID_VALUE;
  const char *refusal = type != CU_JIT_INPUT_PTX && type != CU_JIT_INPUT_CUBIN
                            ? "inputs are PTX or this ISA's objects"
                        : !state->input.empty()
                            ? "one input per link (device code is not linked across PTX modules)"
                            : nullptr;
  if (refusal) {
    RT.fail(cudaErrorNotSupported, "cuLinkAddData", refusal);
    return CUDA_ERROR_NOT_SUPPORTED;
  }
  const auto *p = static_cast<const uint8_t *>(data);
  state->input.assign(p, p + size);
  state->ptx = type == CU_JIT_INPUT_PTX;
  state->name = name ? name : "cuLinkAddData input";
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path,
                       unsigned int numOptions, CUjit_option *options, void **values) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  std::vector<uint8_t> bytes;
  if (CUresult r = readModuleFile(RT, path, "cuLinkAddFile", &bytes))
    return r;
  return cuLinkAddData(state, type, bytes.data(), bytes.size(), path, numOptions, options,
                       values);
} SIMT_DRIVER_CATCH

CUresult cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!state || !cubinOut || state->input.empty())
    return CUDA_ERROR_INVALID_VALUE;
  if (state->ptx) {
    std::string error;
    if (!RT.translatePtx(std::string(state->input.begin(), state->input.end()), state->name,
                         &state->output, &error)) {
      RT.fail(cudaErrorInvalidKernelImage, "cuLinkComplete", error);
      return CUDA_ERROR_INVALID_PTX;
    }
  } else {
    state->output = state->input;
  }
  *cubinOut = state->output.data();
  if (sizeOut)
    *sizeOut = state->output.size();
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuLinkDestroy(CUlinkState state) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  auto &links = RT.driver().links;
  for (auto it = links.begin(); it != links.end(); ++it)
    if (it->get() == state) {
      links.erase(it);
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_HANDLE;
} SIMT_DRIVER_CATCH
CUresult cuModuleUnload(CUmodule module) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  auto *m = reinterpret_cast<simt::cudart::Module *>(module);
  if (!m || !RT.unloadDriverModule(*m))
    return CUDA_ERROR_INVALID_HANDLE;
  for (auto &f : RT.driver().functions)
    if (f->module == m)
      f->module = nullptr;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuModuleGetFunction(CUfunction *func, CUmodule mod, const char *name) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  auto *m = reinterpret_cast<simt::cudart::Module *>(mod);
  if (!func || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!m || !m->loaded)
    return CUDA_ERROR_INVALID_HANDLE;
  const simt::rt::LoadedCode *code = RT.session()->kernelIn(*m->loaded, name);
  if (!code)
    return CUDA_ERROR_NOT_FOUND;
  auto &functions = RT.driver().functions;
  functions.push_back(std::make_unique<CUfunc_st>(CUfunc_st{code, m}));
  *func = functions.back().get();
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule mod, const char *name) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  auto *m = reinterpret_cast<simt::cudart::Module *>(mod);
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!m || !m->loaded)
    return CUDA_ERROR_INVALID_HANDLE;
  const simt::rt::VarInfo *v = RT.session()->variableIn(*m->loaded, name);
  // A file-static variable (`static __constant__ T name;`) is _ZL<length>name
  // in clang's code; NVIDIA's objects keep the name programs ask for.
  if (!v)
    v = RT.session()->variableIn(*m->loaded, "_ZL" + std::to_string(std::strlen(name)) + name);
  if (!v || v->isTexture)
    return CUDA_ERROR_NOT_FOUND;
  if (dptr)
    *dptr = v->isConst ? simt::cudart::constantWindowAddress(*m->loaded, v->bank,
                                                            uint32_t(v->offset))
                       : v->offset;
  if (bytes)
    *bytes = v->size;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attrib, CUfunction func) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!value || !func)
    return CUDA_ERROR_INVALID_VALUE;
  const simt::rt::KernelInfo &k = func->code->kernel.info;
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = simt::limits::kMaxCtaThreads; break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = int(k.shared); break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = 0; break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = int(k.local); break;
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *value = int(k.regs); break;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *value = 20; break;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func,
                                                     int blockSize, size_t dynamicSMemSize) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!numBlocks || !func || blockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  *numBlocks = int(RT.ctasPerSm(func->code->kernel.info, uint64_t(blockSize), dynamicSMemSize));
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH
// The dynamic shared memory of a block size from the program's callback,
// where it gives one, else the fixed amount.
CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, CUfunction func,
                                          CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                          size_t dynamicSMemSize, int blockSizeLimit) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!minGridSize || !blockSize || !func)
    return CUDA_ERROR_INVALID_VALUE;
  const auto [best, grid] = RT.bestBlockSize(func->code->kernel.info, blockSizeLimit, [&](int b) {
    return blockSizeToDynamicSMemSize ? blockSizeToDynamicSMemSize(b) : dynamicSMemSize;
  });
  if (!best)
    return CUDA_ERROR_INVALID_VALUE;
  *blockSize = best;
  *minGridSize = grid;
  return CUDA_SUCCESS;
} SIMT_DRIVER_CATCH

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  void *p = nullptr;
  if (!dptr || !bytesize)
    return CUDA_ERROR_INVALID_VALUE;
  CUresult r = driverResult(cudaMalloc(&p, bytesize));
  *dptr = reinterpret_cast<uintptr_t>(p);
  return r;
} SIMT_DRIVER_CATCH
CUresult cuMemFree(CUdeviceptr dptr) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaFree(reinterpret_cast<void *>(uintptr_t(dptr))));
} SIMT_DRIVER_CATCH
CUresult cuMemGetInfo(size_t *freeBytes, size_t *total) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaMemGetInfo(freeBytes, total));
} SIMT_DRIVER_CATCH
CUresult cuMemAllocHost(void **pp, size_t bytesize) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaMallocHost(pp, bytesize));
} SIMT_DRIVER_CATCH
CUresult cuMemFreeHost(void *p) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaFreeHost(p));
} SIMT_DRIVER_CATCH

static void *devicePointer(CUdeviceptr p) { return reinterpret_cast<void *>(uintptr_t(p)); }

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaMemcpy(devicePointer(dst), src, bytes, cudaMemcpyHostToDevice));
} SIMT_DRIVER_CATCH
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaMemcpy(dst, devicePointer(src), bytes, cudaMemcpyDeviceToHost));
} SIMT_DRIVER_CATCH
CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(
      cudaMemcpy(devicePointer(dst), devicePointer(src), bytes, cudaMemcpyDeviceToDevice));
} SIMT_DRIVER_CATCH
CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(
      cudaMemcpyAsync(devicePointer(dst), src, bytes, cudaMemcpyHostToDevice, stream));
} SIMT_DRIVER_CATCH
CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes, CUstream stream) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(
      cudaMemcpyAsync(dst, devicePointer(src), bytes, cudaMemcpyDeviceToHost, stream));
} SIMT_DRIVER_CATCH
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaMemset(devicePointer(dst), value, count));
} SIMT_DRIVER_CATCH
CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t count) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  // The destination first: a count past its allocation is CUDA's
  // CUDA_ERROR_INVALID_VALUE, not a pattern built on the host to be refused.
  const simt::emu::MemRange *a =
      RT.session() ? RT.session()->memory().findAllocation(dst) : nullptr;
  if (!a || count > (a->base + a->size - dst) / 4)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<unsigned> words(count, value);
  return driverResult(
      cudaMemcpy(devicePointer(dst), words.data(), count * 4, cudaMemcpyHostToDevice));
} SIMT_DRIVER_CATCH

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned shared, CUstream stream,
                        void **params, void **extra) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!f || !f->module)
    return CUDA_ERROR_INVALID_HANDLE;
  const auto &decl = f->code->kernel.info.params;
  std::vector<std::span<const uint8_t>> args;
  if (params && extra) // one way to pass the arguments, not two
    return CUDA_ERROR_INVALID_VALUE;
  if (params) {
    if (!simt::cudart::argumentSpans(decl, params, &args))
      return CUDA_ERROR_INVALID_VALUE;
  } else if (extra) {
    // {CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, END}
    const uint8_t *buffer = nullptr;
    size_t size = 0;
    for (void **e = extra; *e != CU_LAUNCH_PARAM_END; e += 2) {
      if (e[0] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        buffer = static_cast<const uint8_t *>(e[1]);
      else if (e[0] == CU_LAUNCH_PARAM_BUFFER_SIZE)
        size = *static_cast<size_t *>(e[1]);
      else
        return CUDA_ERROR_INVALID_VALUE;
    }
    for (const simt::rt::ParamInfo &p : decl) {
      if (!buffer || p.offset - simt::limits::kFirstParamOffset + p.size > size)
        return CUDA_ERROR_INVALID_VALUE;
      args.emplace_back(buffer + (p.offset - simt::limits::kFirstParamOffset), p.size);
    }
  } else if (!decl.empty()) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  return driverResult(RT.launch(*f->code, dim3(gx, gy, gz), dim3(bx, by, bz), shared, stream,
                                args, "cuLaunchKernel"));
} SIMT_DRIVER_CATCH

CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                   unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                   CUstream stream, void **params) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  if (!f || !f->module)
    return CUDA_ERROR_INVALID_HANDLE;
  std::vector<std::span<const uint8_t>> args;
  if (!simt::cudart::argumentSpans(f->code->kernel.info.params, params, &args))
    return CUDA_ERROR_INVALID_VALUE;
  return driverResult(RT.launch(*f->code, dim3(gx, gy, gz), dim3(bx, by, bz), shared, stream,
                                args, "cuLaunchCooperativeKernel", /*cooperative=*/true));
} SIMT_DRIVER_CATCH

CUresult cuStreamCreate(CUstream *stream, unsigned int flags) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaStreamCreateWithFlags(stream, flags));
} SIMT_DRIVER_CATCH
CUresult cuStreamSynchronize(CUstream stream) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaStreamSynchronize(stream));
} SIMT_DRIVER_CATCH
CUresult cuStreamDestroy(CUstream stream) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaStreamDestroy(stream));
} SIMT_DRIVER_CATCH
CUresult cuEventCreate(CUevent *event, unsigned int flags) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaEventCreateWithFlags(event, flags));
} SIMT_DRIVER_CATCH
CUresult cuEventRecord(CUevent event, CUstream stream) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaEventRecord(event, stream));
} SIMT_DRIVER_CATCH
CUresult cuEventSynchronize(CUevent event) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaEventSynchronize(event));
} SIMT_DRIVER_CATCH
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaEventElapsedTime(ms, start, end));
} SIMT_DRIVER_CATCH
CUresult cuEventDestroy(CUevent event) try {
  SIMT_DRIVER_CONTEXT_ENTRY;
  return driverResult(cudaEventDestroy(event));
} SIMT_DRIVER_CATCH

} // extern "C"
